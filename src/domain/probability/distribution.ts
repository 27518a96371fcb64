import type { BetTerms } from '../bet'
import { buildGrid, type OutcomeGrid, type ScoreRange } from '../outcome-grid'
import type { Matchup } from '../settlement'
import type { GridTicket } from '../ticket-grid'

/**
 * A joint distribution of final scores, P(home final = h, away final = a), laid out like the outcome grid
 * (row = home score - home.min, column = away score - away.min) so the user's profit per cell comes from
 * the grid itself (one money rule, decision 005) and the two can be zipped cell by cell.
 */
export interface ScoreDistribution {
  home: ScoreRange
  away: ScoreRange
  /** Row-major probabilities; they sum to 1. */
  p: Float64Array
}

export interface ThreeWay {
  homeWin: number
  draw: number
  awayWin: number
}

export interface GridExpectation {
  expectedProfit: number
  profitProbability: number
  pushProbability: number
  lossProbability: number
}

export function emptyDistribution(home: ScoreRange, away: ScoreRange): ScoreDistribution {
  return { home, away, p: new Float64Array((home.max - home.min + 1) * (away.max - away.min + 1)) }
}

export function width(dist: ScoreDistribution): number {
  return dist.away.max - dist.away.min + 1
}

export function probabilityAt(dist: ScoreDistribution, home: number, away: number): number {
  if (home < dist.home.min || home > dist.home.max || away < dist.away.min || away > dist.away.max) return 0
  return dist.p[(home - dist.home.min) * width(dist) + away - dist.away.min] ?? 0
}

export function addAt(dist: ScoreDistribution, home: number, away: number, mass: number): void {
  const i = (home - dist.home.min) * width(dist) + away - dist.away.min
  dist.p[i] = (dist.p[i] ?? 0) + mass
}

export function totalMass(dist: ScoreDistribution): number {
  let total = 0
  for (const v of dist.p) total += v
  return total
}

/** Scales to a sum of 1; a model that lost mass off its grid edges hands it back pro rata. */
export function normalize(dist: ScoreDistribution): ScoreDistribution {
  const total = totalMass(dist)
  if (!(total > 0)) throw new RangeError('A score distribution needs some mass')
  for (let i = 0; i < dist.p.length; i++) dist.p[i] = (dist.p[i] ?? 0) / total
  return dist
}

/** Calls back every cell with mass, in grid order, with its index (the same cell of a grid on this range). */
export function forEachCell(
  dist: ScoreDistribution,
  visit: (home: number, away: number, p: number, index: number) => void,
): void {
  const w = width(dist)
  for (let i = 0; i < dist.p.length; i++) {
    const p = dist.p[i] ?? 0
    if (p > 0) visit(dist.home.min + Math.floor(i / w), dist.away.min + (i % w), p, i)
  }
}

export function marginals(dist: ScoreDistribution): { home: Float64Array; away: Float64Array } {
  const home = new Float64Array(dist.home.max - dist.home.min + 1)
  const away = new Float64Array(width(dist))
  forEachCell(dist, (h, a, p) => {
    home[h - dist.home.min] = (home[h - dist.home.min] ?? 0) + p
    away[a - dist.away.min] = (away[a - dist.away.min] ?? 0) + p
  })
  return { home, away }
}

export function threeWay(dist: ScoreDistribution): ThreeWay {
  const out = { homeWin: 0, draw: 0, awayWin: 0 }
  forEachCell(dist, (h, a, p) => {
    if (h > a) out.homeWin += p
    else if (h < a) out.awayWin += p
    else out.draw += p
  })
  return out
}

/** P(home + away > line) and P(home - away > line), the over and the home side of a spread. */
export function probabilityAbove(dist: ScoreDistribution, axis: 'sum' | 'margin', line: number): number {
  let above = 0
  forEachCell(dist, (h, a, p) => {
    if ((axis === 'sum' ? h + a : h - a) > line) above += p
  })
  return above
}

/**
 * The grid's expected profit and its chances, from the grid's profit per cell over the distribution's
 * own range, so every final score with mass is priced by the same settlement rule as the grid (decision 005).
 * expectedProfit is in cents, like the grid.
 */
export function summary(
  dist: ScoreDistribution,
  matchup: Matchup,
  bets: readonly BetTerms[],
): GridExpectation {
  return summaryOnGrid(dist, gridOnDistribution(dist, matchup, bets))
}

/** A final score's share of the expected profit: its chance times the profit there (cents). */
export function expectedCents(probability: number, profitCents: number): number {
  return probability * profitCents
}

/** The user's grid over the distribution's range, cell for cell with it. */
export function gridOnDistribution(
  dist: ScoreDistribution,
  matchup: Matchup,
  bets: readonly BetTerms[],
  tickets: readonly GridTicket[] = [],
): OutcomeGrid {
  return buildGrid({ matchup, bets, tickets, home: dist.home, away: dist.away })
}

/** summary() for a grid already built with gridOnDistribution (the caller also reads its cells). */
export function summaryOnGrid(dist: ScoreDistribution, grid: OutcomeGrid): GridExpectation {
  const out = { expectedProfit: 0, profitProbability: 0, pushProbability: 0, lossProbability: 0 }
  for (let i = 0; i < dist.p.length; i++) {
    const p = dist.p[i] ?? 0
    const profit = grid.profit[i] ?? 0
    out.expectedProfit += expectedCents(p, profit)
    if (profit > 0) out.profitProbability += p
    else if (profit < 0) out.lossProbability += p
    else out.pushProbability += p
  }
  return out
}

/** The likeliest final score (the first in grid order on a tie). */
export function mostLikely(dist: ScoreDistribution): { home: number; away: number } {
  let best = -1
  let at = { home: dist.home.min, away: dist.away.min }
  forEachCell(dist, (home, away, p) => {
    if (p > best) {
      best = p
      at = { home, away }
    }
  })
  return at
}

/** The distribution of the sum of two independent counts, each a pmf on 0, 1, 2... */
export function convolve(a: Float64Array, b: Float64Array): Float64Array {
  const out = new Float64Array(a.length + b.length - 1)
  for (let i = 0; i < a.length; i++) {
    const p = a[i] ?? 0
    for (let j = 0; j < b.length; j++) out[i + j] = (out[i + j] ?? 0) + p * (b[j] ?? 0)
  }
  return out
}

/** Cuts the rows and columns at the edges that hold less than 1e-15, so ranges say where the mass is. */
export function trim(dist: ScoreDistribution): ScoreDistribution {
  const { home, away } = marginals(dist)
  const first = (m: Float64Array) => m.findIndex((v) => v > 1e-15)
  const last = (m: Float64Array) => m.length - 1 - [...m].reverse().findIndex((v) => v > 1e-15)
  const rows = { min: dist.home.min + first(home), max: dist.home.min + last(home) }
  const cols = { min: dist.away.min + first(away), max: dist.away.min + last(away) }
  const out = emptyDistribution(rows, cols)
  forEachCell(dist, (h, a, p) => {
    if (h >= rows.min && h <= rows.max && a >= cols.min && a <= cols.max) addAt(out, h, a, p)
  })
  return normalize(out)
}

/**
 * The likely region: the smallest probability a cell may have and still belong to the most likely cells
 * that together hold `mass` of the distribution (a highest-density region). The grid shades the cells at
 * or above it so the eye finds where the game is headed.
 */
export function likelyThreshold(dist: ScoreDistribution, mass: number): number {
  const sorted = Float64Array.from(dist.p).sort().reverse()
  let held = 0
  for (const p of sorted) {
    held += p
    if (held >= mass) return p
  }
  return sorted.at(-1) ?? 0
}
