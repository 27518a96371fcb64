import type { BetTerms } from './bet'
import { leagueInfo } from './leagues'
import { type Cents, roiPercent } from './money'
import { type BetLine, betLine, type Matchup, type Score, settlementFor } from './settlement'

/**
 * The outcome grid (the Grid): for every final score in range, the user's profit over all their bets on
 * the game (decision 005). A spread or moneyline bet depends only on the margin and a total only on the sum, and
 * each is a step function with at most three levels (settlement.ts). So every bet is added to two
 * difference arrays in O(1), one prefix sum turns them into profit per margin and per sum, and each cell
 * is two lookups. Building is O(bets + range) instead of O(bets x cells).
 *
 * Code and docs call it the grid. The wire keeps the spec's older names for it: the URL
 * /api/outcome-matrix, the `OutcomeMatrix` schema, the live `position` event and its `matrixVersion`.
 */
export interface ScoreRange {
  min: number
  max: number
}

export interface GridInput {
  matchup: Matchup
  bets: readonly BetTerms[]
  home: ScoreRange
  away: ScoreRange
}

export interface OutcomeGrid {
  home: ScoreRange
  away: ScoreRange
  /** Profit in cents, row-major: row = home score - home.min, column = away score - away.min. */
  profit: Float64Array
  /** Decision 005: tentative and committed bets alike; the ROI base of every cell. */
  totalStake: Cents
  /** Decision 006: the diagonal holds scores that cannot be final in this league. */
  tiesImpossible: boolean
}

/**
 * The grid's cells as the API sends them (the spec's `outcomes`); profit in dollars, roi in percent
 * (roiPercent: 1 decimal).
 */
export interface OutcomeCell {
  awayScore: number
  profit: number
  roi: number
  /** Present and true on a tie that cannot be a final score (decision 006): the grid shows 'N/A'. */
  impossible?: true
  /** The chance of this final score (0-1, decision 023), where the game has a distribution (probability/). */
  probability?: number
}

export interface OutcomeRow {
  homeScore: number
  outcomes: OutcomeCell[]
}

export interface GridOutcomes {
  outcomes: OutcomeRow[]
}

export function buildGrid(input: GridInput): OutcomeGrid {
  const { home, away } = input
  const margins = new AxisProfit(home.min - away.max, home.max - away.min)
  const sums = new AxisProfit(home.min + away.min, home.max + away.max)
  let totalStake = 0
  for (const bet of input.bets) {
    const line = betLine(bet, input.matchup)
    ;(line.axis === 'margin' ? margins : sums).add(line, bet.amount, bet.odds)
    totalStake += bet.amount
  }
  const marginProfit = margins.values()
  const sumProfit = sums.values()
  const width = away.max - away.min + 1
  const profit = new Float64Array((home.max - home.min + 1) * width)
  for (let h = home.min; h <= home.max; h++) {
    const row = (h - home.min) * width
    for (let a = away.min; a <= away.max; a++) {
      profit[row + a - away.min] =
        (marginProfit[h - a - margins.min] ?? 0) + (sumProfit[h + a - sums.min] ?? 0)
    }
  }
  return { home, away, profit, totalStake, tiesImpossible: tiesImpossible(input.matchup.league) }
}

export function profitAt(grid: OutcomeGrid, score: Score): Cents | null {
  const { home, away } = grid
  if (score.home < home.min || score.home > home.max || score.away < away.min || score.away > away.max) {
    return null
  }
  return grid.profit[(score.home - home.min) * (away.max - away.min + 1) + score.away - away.min] ?? null
}

export function toGridOutcomes(grid: OutcomeGrid): GridOutcomes {
  const outcomes: OutcomeRow[] = []
  const width = grid.away.max - grid.away.min + 1
  for (let h = grid.home.min; h <= grid.home.max; h++) {
    const row: OutcomeCell[] = new Array(width)
    const offset = (h - grid.home.min) * width
    for (let a = grid.away.min; a <= grid.away.max; a++) {
      row[a - grid.away.min] = outcomeCell(h, a, grid.profit[offset + a - grid.away.min] ?? 0, grid)
    }
    outcomes.push({ homeScore: h, outcomes: row })
  }
  return { outcomes }
}

export function outcomeCell(
  homeScore: number,
  awayScore: number,
  cents: Cents,
  grid: OutcomeGrid,
): OutcomeCell {
  const profit = cents / 100
  const roi = roiPercent(cents, grid.totalStake)
  // One literal per variant keeps the cells monomorphic: the grid holds up to 40,000 of them.
  return grid.tiesImpossible && homeScore === awayScore
    ? { awayScore, profit, roi, impossible: true }
    : { awayScore, profit, roi }
}

export function tiesImpossible(league: string): boolean {
  return leagueInfo(league)?.tiesImpossible ?? false
}

const UNKNOWN_LEAGUE_RANGE: ScoreRange = { min: 0, max: 30 }

/**
 * The axes for a game: the league's plausible final scores (docs/ARCHITECTURE.md, Score ranges), never
 * starting below the current score (a final score cannot be lower), and stretched past a runaway score so
 * the current cell and some headroom stay on the grid.
 */
export function scoreRanges(league: string, current: Score | null): { home: ScoreRange; away: ScoreRange } {
  const base = leagueInfo(league)?.scoreRange ?? UNKNOWN_LEAGUE_RANGE
  return { home: axisRange(base, current?.home ?? 0), away: axisRange(base, current?.away ?? 0) }
}

function axisRange(base: ScoreRange, current: number): ScoreRange {
  const headroom = Math.ceil((base.max - base.min) / 4)
  const min = Math.max(base.min, current)
  return { min, max: Math.max(base.max, current + headroom) }
}

/** Profit per value of one axis, accumulated as a difference array and read after one prefix sum. */
class AxisProfit {
  private readonly diff: Float64Array
  constructor(
    readonly min: number,
    readonly max: number,
  ) {
    this.diff = new Float64Array(max - min + 2)
  }

  add(line: BetLine, amount: Cents, odds: number): void {
    const { threshold: t } = line
    this.addRange(this.min, Math.ceil(t) - 1, settlementFor(line.below, amount, odds).net)
    if (Number.isInteger(t)) this.addRange(t, t, settlementFor(line.at, amount, odds).net)
    this.addRange(Math.floor(t) + 1, this.max, settlementFor(line.above, amount, odds).net)
  }

  values(): Float64Array {
    const out = new Float64Array(this.max - this.min + 1)
    let running = 0
    for (let i = 0; i < out.length; i++) {
      running += this.diff[i] ?? 0
      out[i] = running
    }
    return out
  }

  private addRange(from: number, to: number, net: Cents): void {
    const lo = Math.max(from, this.min) - this.min
    const hi = Math.min(to, this.max) - this.min
    if (lo > hi || net === 0) return
    this.diff[lo] = (this.diff[lo] ?? 0) + net
    this.diff[hi + 1] = (this.diff[hi + 1] ?? 0) - net
  }
}
