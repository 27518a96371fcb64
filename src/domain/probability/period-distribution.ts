import { type LeagueCode, leagueInfo } from '../leagues'
import type { ScoreRange } from '../outcome-grid'
import { type BetPeriod, type PeriodScore, periodScore, periodsOffered } from '../periods'
import { FRESH_INNING, runsFrom, tilt, tiltFor } from './base-out'
import { CLOCKS, type ClockLayout, fractionLeft } from './clock'
import {
  addAt,
  convolve,
  emptyDistribution,
  forEachCell,
  marginals,
  normalize,
  type ScoreDistribution,
} from './distribution'
import { goalDistribution, HOCKEY_GOALS, remainingShare, SOCCER_GOALS, solveGoalRates } from './goals'
import {
  halfInning,
  type ProbabilityGame,
  type ProbabilityModel,
  type ProbabilityResult,
  scoreDistribution,
} from './index'
import { type LiveState, type MarketView, readMarket } from './inputs'
import {
  type PointsCenter,
  type PointsOvertime,
  type PointsParams,
  pointsDistribution,
  solveCenter,
} from './points'
import {
  NBA_PERIODS,
  NBA_POINTS,
  NCAAB_PERIODS,
  NCAAB_POINTS,
  NCAAF_POINTS,
  NFL_PERIODS,
  NFL_POINTS,
  type PeriodShares,
} from './points-params'
import { solveRunRates } from './runs'
import { bisect } from './solve'

/**
 * The final score of one period of a game (decision 073's bet periods), as scoreDistribution gives the
 * whole game's: the same market lines, read the same way, on each family's own model of the period.
 * Live, the period's score so far (its line-score periods, periodScore) plus what is left of it on the
 * clock. Null where the league does not offer the period, for tennis and unknown leagues, and once the
 * period is over (the caller says so). A period ends when its clock does: no overtime branch, so a
 * period can end level; only the American second half, which its bets settle with overtime, follows the
 * full game (and its overtime) from half time on.
 */
export function periodDistribution(
  game: ProbabilityGame,
  period: Exclude<BetPeriod, 'FT'>,
  periods: readonly PeriodScore[],
): ProbabilityResult | null {
  const info = leagueInfo(game.league)
  if (!info || !periodsOffered(info.code).includes(period)) return null
  switch (info.sport) {
    case 'soccer':
    case 'hockey':
      return goalsPeriod(game, info.code, info.sport, period, periods)
    case 'football':
    case 'basketball':
      return pointsPeriod(game, info.code, period, periods)
    case 'baseball':
      return firstFive(game, periods)
    default:
      return null
  }
}

type Period = Exclude<BetPeriod, 'FT'>
type Score = { home: number; away: number }

const NONE: Score = { home: 0, away: 0 }

/** The clock's periods (1 for the first) a bet period runs over. */
interface Span {
  first: number
  last: number
}

function spanOf(period: Period, layout: ClockLayout): Span {
  const halves = layout.periods === 2
  switch (period) {
    case '1H':
      return halves ? { first: 1, last: 1 } : { first: 1, last: 2 }
    case '2H':
      return halves ? { first: 2, last: 2 } : { first: 3, last: 4 }
    case 'Q1':
    case 'P1':
      return { first: 1, last: 1 }
    case 'Q2':
    case 'P2':
      return { first: 2, last: 2 }
    case 'Q3':
    case 'P3':
      return { first: 3, last: 3 }
    case 'Q4':
      return { first: 4, last: 4 }
    case 'F5':
      throw new RangeError('The first five innings have no clock')
  }
}

/**
 * The share of the period's time still to play, read off clock.ts's share of regulation left: 1 before
 * it starts, 0 at its end; null once the game is in a later period.
 */
function periodLeft(layout: ClockLayout, span: Span, live: LiveState | null): number | null {
  if (!live) return 1
  if (live.period > span.last) return null
  const end = span.last / layout.periods
  const length = (span.last - span.first + 1) / layout.periods
  return clamp01((fractionLeft(layout, live) - (1 - end)) / length)
}

/** The period's score so far from the line score; before the start nothing has been scored in it. */
function scoreSoFar(
  game: ProbabilityGame,
  league: LeagueCode,
  period: Period,
  periods: readonly PeriodScore[],
) {
  return game.live ? (periodScore(league, period, periods, false) ?? NONE) : NONE
}

function model(
  market: MarketView,
  name: string,
  timeLeft: number,
  fromLeagueAverages: boolean,
): ProbabilityModel {
  return { name, devig: market.devig, linesUsed: market.linesUsed, timeLeft, fromLeagueAverages }
}

/**
 * Within a half, rho is 0 (independent Poisson goals): fitted by likelihood on the half-time and
 * second-half scores of 2005-06 to 2012-13 (bench/calibration/periods.ts), the first half's best rho
 * (-0.04) beats 0 by under one unit of log-likelihood on 4,868 games and the second half's is +0.01; the
 * match's -0.08 describes the whole match's low scores, not each half's.
 */
const SOCCER_HALF_RHO = 0

/**
 * Soccer halves (fitted) and hockey periods (assumed): the full match's rates solved from the lines as
 * for the full game, times the part of the scoring intensity that falls in what is left of the period
 * (soccer's rises through the match, lateSlope; hockey's is even). Poisson goals on those rates, no
 * overtime or shootout.
 */
function goalsPeriod(
  game: ProbabilityGame,
  league: LeagueCode,
  sport: 'soccer' | 'hockey',
  period: Period,
  periods: readonly PeriodScore[],
): ProbabilityResult | null {
  const soccer = sport === 'soccer'
  const params = soccer ? SOCCER_GOALS : HOCKEY_GOALS
  const layout = soccer ? CLOCKS.soccer : CLOCKS.hockey
  const span = spanOf(period, layout)
  const left = periodLeft(layout, span, game.live)
  if (left === null) return null
  const market = readMarket(game.lines, soccer)
  const { rates, fromLeagueAverages } = solveGoalRates(market, params)
  const end = span.last / layout.periods
  const now = end - (left * (span.last - span.first + 1)) / layout.periods
  const share = remainingShare(1 - now, params.lateSlope) - remainingShare(1 - end, params.lateSlope)
  const rest = { home: rates.home * share, away: rates.away * share }
  const flat = { ...params, rho: soccer ? SOCCER_HALF_RHO : params.rho, lateSlope: 0, overtime: null }
  const distribution = clip(goalDistribution(rest, flat, 1, scoreSoFar(game, league, period, periods)))
  const name = soccer
    ? `Soccer ${PERIOD_NAMES[period]}: Poisson goals at the half’s share of the match’s rising scoring rate (fitted)`
    : `NHL ${PERIOD_NAMES[period]}: Poisson goals at a third of the regulation rates, no overtime (assumption)`
  return { distribution, model: model(market, name, left, fromLeagueAverages) }
}

/** A period can end level: nothing is played after it (overtime belongs to the full game). */
const LEVEL: PointsOvertime = { kind: 'branches', margins: [], tie: 1 }

interface PointsFamily {
  params: PointsParams
  clock: ClockLayout
  shares: PeriodShares
  label: string
  /** How the name says where the shares come from. */
  source: string
  assumed: boolean
}

const POINTS: Partial<Record<LeagueCode, PointsFamily>> = {
  NFL: {
    params: NFL_POINTS,
    clock: CLOCKS.football,
    shares: NFL_PERIODS,
    label: 'NFL',
    source: 'the full-game margin model scaled to the period’s share of points (assumption)',
    assumed: true,
  },
  NCAAF: {
    params: NCAAF_POINTS,
    clock: CLOCKS.football,
    shares: NFL_PERIODS,
    label: 'NCAAF',
    source: 'the full-game margin model scaled to the NFL’s share of points (assumption)',
    assumed: true,
  },
  NBA: {
    params: NBA_POINTS,
    clock: CLOCKS.nba,
    shares: NBA_PERIODS,
    label: 'NBA',
    source: 'the margin model on the period’s fitted share of the game (fitted)',
    assumed: false,
  },
  NCAAB: {
    params: NCAAB_POINTS,
    clock: CLOCKS.ncaab,
    shares: NCAAB_PERIODS,
    label: 'NCAAB',
    source:
      'the margin model on the NBA’s fitted half shares (college spreads assumed, as for the full game)',
    assumed: false,
  },
}

/**
 * Football and basketball: the game's center solved from the lines as for the full game, the period's
 * share of it (points-params.ts: NBA fitted, football assumed) as a game of its own (Brownian margin and
 * total, no key numbers, no overtime). Live, what is left: the clock periods still to come at their
 * shares, the one being played at its share times its clock; the spreads shrink with the period's time
 * left at the sport's decay. The second half from half time on is the full game's own distribution less
 * the first half: its bets count overtime, and the in-play models (possessions, the NBA's lead reversion)
 * know the first half.
 */
function pointsPeriod(
  game: ProbabilityGame,
  league: LeagueCode,
  period: Period,
  periods: readonly PeriodScore[],
): ProbabilityResult | null {
  const family = POINTS[league]
  const share = family?.shares[period]
  if (!family || !share) return null
  if (period === '2H' && game.live && fractionLeft(family.clock, game.live) <= 0.5)
    return secondHalfInPlay(game, league, family, periods)
  const span = spanOf(period, family.clock)
  const left = periodLeft(family.clock, span, game.live)
  if (left === null) return null
  const market = readMarket(game.lines, false)
  const { center, fromLeagueAverages } = solveCenter(market, family.params)
  const rest = restShare(family, span, game.live)
  const params: PointsParams = {
    ...family.params,
    marginSd: family.params.marginSd * Math.sqrt(share.marginVariance) * left ** family.params.decay,
    totalSd: family.params.totalSd * Math.sqrt(share.totalVariance) * left ** family.params.decay,
    leadReversion: { scale: 0, power: 1 },
    keyWeights: [],
    overtime: LEVEL,
  }
  const distribution = clip(
    restOfPeriod(
      { margin: center.margin * rest.margin, total: center.total * rest.total },
      params,
      scoreSoFar(game, league, period, periods),
    ),
  )
  const name = `${family.label} ${PERIOD_NAMES[period]}: ${family.source}`
  return { distribution, model: model(market, name, left, fromLeagueAverages) }
}

/**
 * What is left of the period, played as a whole game of its own (left 1) on the period's spreads. Scores
 * cannot fall below the margin's size, so where the total is small beside the spreads (football) the
 * joint distribution's mean total rises above its center (an NFL first half's by 1.7 points): the center's
 * total is then moved down until the mean is the period's share of the game's.
 */
function restOfPeriod(rest: PointsCenter, params: PointsParams, score: Score): ScoreDistribution {
  const build = (total: number) => pointsDistribution({ margin: rest.margin, total }, params, 1, score)
  const added = (dist: ScoreDistribution) => expectedTotal(dist) - score.home - score.away
  const centered = build(rest.total)
  // A hundredth of a point cannot move a price; basketball's periods are never pushed that far.
  if (Math.abs(added(centered) - rest.total) < 0.01) return centered
  const low = rest.total - 8 * params.totalSd - 1
  return build(bisect(low, rest.total, (total) => added(build(total)) - rest.total, 20))
}

function expectedTotal(dist: ScoreDistribution): number {
  let total = 0
  forEachCell(dist, (h, a, p) => {
    total += (h + a) * p
  })
  return total
}

/** The shares of the center still to come in the period: each clock period's share times its part left. */
function restShare(
  family: PointsFamily,
  span: Span,
  live: LiveState | null,
): { margin: number; total: number } {
  const layout = family.clock
  const gameLeft = fractionLeft(layout, live)
  const out = { margin: 0, total: 0 }
  for (let k = span.first; k <= span.last; k++) {
    const part = family.shares[clockPeriod(layout, k)]
    const partLeft = clamp01((gameLeft - (1 - k / layout.periods)) * layout.periods)
    out.margin += (part?.margin ?? 0) * partLeft
    out.total += (part?.total ?? 0) * partLeft
  }
  return out
}

/** A clock period as a bet period: the quarters, or college basketball's halves. */
function clockPeriod(layout: ClockLayout, k: number): Period {
  if (layout.periods === 2) return k === 1 ? '1H' : '2H'
  return (['Q1', 'Q2', 'Q3', 'Q4'] as const)[k - 1] ?? 'Q4'
}

/** The second half from half time on: the full game's final scores less what was scored before it. */
function secondHalfInPlay(
  game: ProbabilityGame,
  league: LeagueCode,
  family: PointsFamily,
  periods: readonly PeriodScore[],
): ProbabilityResult | null {
  const full = scoreDistribution(game)
  const live = game.live
  if (!full || !live) return null
  const sofar = periodScore(league, '2H', periods, false) ?? NONE
  const before = { home: live.homeScore - sofar.home, away: live.awayScore - sofar.away }
  const shifted = full.distribution
  const distribution = clip({
    home: { min: shifted.home.min - before.home, max: shifted.home.max - before.home },
    away: { min: shifted.away.min - before.away, max: shifted.away.max - before.away },
    p: shifted.p,
  })
  const name = `${family.label} second half in play: the full game’s model (${full.model.name}) less the first half, overtime included${family.assumed ? ' (assumption)' : ''}`
  return { distribution, model: { ...full.model, name, timeLeft: Math.min(1, 2 * full.model.timeLeft) } }
}

const PERIOD_NAMES: Record<Period, string> = {
  '1H': 'first half',
  '2H': 'second half',
  Q1: 'first quarter',
  Q2: 'second quarter',
  Q3: 'third quarter',
  Q4: 'fourth quarter',
  P1: 'first period',
  P2: 'second period',
  P3: 'third period',
  F5: 'first five innings',
}

const F5_INNINGS = 5

/**
 * Baseball's first five innings (an assumption on the run model): the full game's half-inning rates
 * solved from the lines (runs.ts), the half-inning being played from its base-out state, every other
 * half-inning to the end of the fifth from the fresh-inning distribution. No half-inning ends the first
 * five early (the bottom of the fifth is played whatever the score), so each side's runs are a sum of its
 * own half-innings and the two are independent: a tie after five is a tie.
 */
function firstFive(game: ProbabilityGame, periods: readonly PeriodScore[]): ProbabilityResult | null {
  const state = halfInning(game.live)
  if (state.inning > F5_INNINGS) return null
  const market = readMarket(game.lines, false)
  const { rates, fromLeagueAverages } = solveRunRates(market)
  const phi = { home: tiltFor(FRESH_INNING, rates.home), away: tiltFor(FRESH_INNING, rates.away) }
  let home: Float64Array = Float64Array.of(1)
  let away: Float64Array = Float64Array.of(1)
  for (let inning = state.inning; inning <= F5_INNINGS; inning++) {
    for (const half of ['top', 'bottom'] as const) {
      if (inning === state.inning && half === 'top' && state.half === 'bottom') continue
      const now = inning === state.inning && half === state.half
      const runs = tilt(now ? runsFrom(state) : FRESH_INNING, half === 'top' ? phi.away : phi.home)
      if (half === 'top') away = convolve(away, runs)
      else home = convolve(home, runs)
    }
  }
  const score = scoreSoFar(game, 'MLB', 'F5', periods)
  const distribution = emptyDistribution(
    { min: score.home, max: score.home + home.length - 1 },
    { min: score.away, max: score.away + away.length - 1 },
  )
  home.forEach((ph, h) => {
    away.forEach((pa, a) => {
      distribution.p[h * away.length + a] = ph * pa
    })
  })
  const halvesPlayed = (state.inning - 1) * 2 + (state.half === 'bottom' ? 1 : 0)
  const left = 1 - (halvesPlayed * 3 + Math.min(state.outs, 3)) / (F5_INNINGS * 6)
  const name =
    'MLB first five innings: the half-inning run model stopped after the fifth (assumption: every inning scores at the game’s rate)'
  return { distribution: clip(distribution), model: model(market, name, left, fromLeagueAverages) }
}

/**
 * Each side's scores in the tails of its marginal that hold under this much are cut from the ranges: a
 * period's grid stays near its likely scores (an NBA half is about 90 scores wide, not 120), and what is
 * cut, under 1e-9 in all, cannot move a price.
 */
const TAIL = 1e-10

function clip(dist: ScoreDistribution): ScoreDistribution {
  const { home, away } = marginals(dist)
  const rows = within(home, dist.home.min)
  const cols = within(away, dist.away.min)
  const out = emptyDistribution(rows, cols)
  forEachCell(dist, (h, a, p) => {
    if (h >= rows.min && h <= rows.max && a >= cols.min && a <= cols.max) addAt(out, h, a, p)
  })
  return normalize(out)
}

/** The range of scores left once the tails under TAIL are cut from both ends of a marginal from `min`. */
function within(marginal: Float64Array, min: number): ScoreRange {
  let lo = 0
  let cut = 0
  while (lo < marginal.length - 1 && cut + (marginal[lo] ?? 0) < TAIL) cut += marginal[lo++] ?? 0
  let hi = marginal.length - 1
  cut = 0
  while (hi > lo && cut + (marginal[hi] ?? 0) < TAIL) cut += marginal[hi--] ?? 0
  return { min: min + lo, max: min + hi }
}

function clamp01(x: number): number {
  return Math.min(1, Math.max(0, x))
}
