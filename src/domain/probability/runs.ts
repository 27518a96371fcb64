import type { BaseballSituation } from '../game'
import { EXTRA_INNING_START, FRESH_INNING, runsFrom, tilt, tiltFor } from './base-out'
import {
  convolve,
  emptyDistribution,
  forEachCell,
  normalize,
  type ScoreDistribution,
  trim,
} from './distribution'
import { MAX_RUNS, playOut } from './innings'
import type { MarketView } from './inputs'
import { bisect } from './solve'

/**
 * Baseball, half-inning by half-inning: the current half-inning from its base-out state, every later one
 * from the fresh-inning distribution, each tilted to its team's scoring rate; extra innings start with a
 * runner on second. The bottom of the 9th (or later) ends when the home team leads: the winning run ends
 * the game (a walk-off home run's extra runs are not counted), and it is not played when the home team
 * already leads. Ties go on to the next inning, so none is final.
 */
export interface RunRates {
  /** Mean runs in a full half-inning, for each side. */
  home: number
  away: number
}

/**
 * League averages, from the 2018 MLB game logs' innings 1 to 8 (the home side scores more: home advantage).
 * Baseball history with lines covers 2019 only, so nothing here was fitted on it.
 */
export const MLB_AVERAGE_RATES: RunRates = { home: 0.5275, away: 0.4776 }

/** Where the game stands: the half-inning being played and its base-out state. */
export interface HalfInningState {
  inning: number
  half: 'top' | 'bottom'
  outs: number
  bases: BaseballSituation['bases']
}

const PREGAME: HalfInningState = {
  inning: 1,
  half: 'top',
  outs: 0,
  bases: { first: false, second: false, third: false },
}

export function runsDistribution(
  rates: RunRates,
  state: HalfInningState = PREGAME,
  score: { home: number; away: number } = { home: 0, away: 0 },
): ScoreDistribution {
  const dist = emptyDistribution(
    { min: score.home, max: score.home + MAX_RUNS },
    { min: score.away, max: score.away + MAX_RUNS },
  )
  playOut(rates, state, score.home - score.away, dist)
  // Runs past the grid's edge pile on its last row and column, which can meet on the diagonal: a few
  // 1e-17 of a tie that cannot be final (decision 006).
  for (let h = dist.home.min; h <= dist.home.max; h++) {
    if (h >= dist.away.min && h <= dist.away.max)
      dist.p[(h - dist.home.min) * (MAX_RUNS + 1) + h - dist.away.min] = 0
  }
  return trim(normalize(dist))
}

/**
 * The rates behind the market: their split from the de-vigged moneyline, their sum from the total (taken
 * as the median when it has no prices). The win condition is exact; the total's uses 9 innings for the
 * visitors and 8 plus the bottom of the 9th when it is played, ignoring walk-offs, which is close enough
 * to place the line and keeps the solve fast.
 */
export function solveRunRates(market: MarketView): { rates: RunRates; fromLeagueAverages: boolean } {
  const average = MLB_AVERAGE_RATES.home + MLB_AVERAGE_RATES.away
  const averageShare = MLB_AVERAGE_RATES.home / average
  let sum = average
  let share = averageShare
  const hasWin = market.homeWin !== null && market.awayWin !== null
  const target = hasWin ? (market.homeWin ?? 0) / ((market.homeWin ?? 0) + (market.awayWin ?? 0)) : null
  const line = market.total
  // The win chance hardly moves with the sum, nor the over chance with the split: two passes settle both.
  // The fast over chance misses the walk-offs' lost runs; the exact game's gap to it, measured once,
  // moves its target (it made the over 2 points too likely on the 2019 season).
  let overTarget = market.over
  for (let pass = 0; pass < 3; pass++) {
    const { bottomNinth } = homeWinChance(split(sum, share))
    if (line !== null) {
      if (pass === 2)
        overTarget -= exactOver(split(sum, share), line) - overChance(split(sum, share), line, bottomNinth)
      sum = bisect(0.2, 3, (s) => overChance(split(s, share), line, bottomNinth) - overTarget, 20)
    }
    if (target !== null) share = bisect(0.2, 0.8, (s) => homeWinChance(split(sum, s)).win - target, 20)
    if (line === null) break
  }
  return { rates: split(sum, share), fromLeagueAverages: !hasWin || line === null }
}

function split(sum: number, share: number): RunRates {
  return { home: sum * share, away: sum * (1 - share) }
}

/** P(home win) from the margin alone, and P(the bottom of the 9th is played), pregame. */
export function homeWinChance(rates: RunRates): { win: number; bottomNinth: number } {
  const phi = { home: tiltFor(FRESH_INNING, rates.home), away: tiltFor(FRESH_INNING, rates.away) }
  const home = tilt(FRESH_INNING, phi.home)
  const away = tilt(FRESH_INNING, phi.away)
  const homeExtra = tilt(EXTRA_RUNS, phi.home)
  const awayExtra = tilt(EXTRA_RUNS, phi.away)
  let margin: Float64Array = new Float64Array(2 * SOLVE_MARGIN + 1)
  margin[SOLVE_MARGIN] = 1
  let win = 0
  let bottomNinth = 0
  for (let inning = 1; inning <= SOLVE_INNINGS; inning++) {
    const extra = inning > 9
    margin = shift(margin, extra ? awayExtra : away, -1)
    if (inning >= 9) win += settle(margin, true)
    if (inning === 9) bottomNinth = margin.reduce((s, p) => s + p, 0)
    margin = shift(margin, extra ? homeExtra : home, 1)
    if (inning >= 9) win += settle(margin, false)
  }
  return { win: win + (margin[SOLVE_MARGIN] ?? 0) / 2, bottomNinth }
}

/** The solve's own bounds: margins past 25 runs and games past 15 innings cannot move a price. */
const SOLVE_MARGIN = 25
const SOLVE_INNINGS = 15
const EXTRA_RUNS = runsFrom(EXTRA_INNING_START)

/** Ends the games a home lead (after a top half) or any lead (after a bottom half) ends; home wins out. */
function settle(margin: Float64Array, afterTop: boolean): number {
  let win = 0
  for (let m = 0; m < margin.length; m++) {
    if (m > SOLVE_MARGIN) win += margin[m] ?? 0
    if (m > SOLVE_MARGIN || (!afterTop && m < SOLVE_MARGIN)) margin[m] = 0
  }
  return win
}

function shift(margin: Float64Array, runs: Float64Array, sign: 1 | -1): Float64Array {
  const out = new Float64Array(margin.length)
  const last = margin.length - 1
  for (let m = 0; m <= last; m++) {
    const p = margin[m] ?? 0
    if (p === 0) continue
    for (let k = 0; k < runs.length; k++) {
      const to = Math.min(last, Math.max(0, m + sign * k))
      out[to] = (out[to] ?? 0) + p * (runs[k] ?? 0)
    }
  }
  return out
}

function overChance(rates: RunRates, line: number, bottomNinth: number): number {
  const home = tilt(FRESH_INNING, tiltFor(FRESH_INNING, rates.home))
  const away = tilt(FRESH_INNING, tiltFor(FRESH_INNING, rates.away))
  let total: Float64Array = Float64Array.of(1)
  for (let i = 0; i < 9; i++) total = convolve(total, away)
  for (let i = 0; i < 8; i++) total = convolve(total, home)
  const ninth = home.map((p, k) => p * bottomNinth + (k === 0 ? 1 - bottomNinth : 0))
  total = convolve(total, ninth)
  let over = 0
  let under = 0
  total.forEach((p, t) => {
    if (t > line) over += p
    else if (t < line) under += p
  })
  return over / (over + under)
}

/** P(total > line | no push) on the whole game, walk-offs and extra innings included. */
function exactOver(rates: RunRates, line: number): number {
  let over = 0
  let under = 0
  forEachCell(runsDistribution(rates), (h, a, p) => {
    if (h + a > line) over += p
    else if (h + a < line) under += p
  })
  return over / (over + under)
}
