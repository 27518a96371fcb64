import type { BetTerms, Result } from './bet'
import { leagueInfo } from './leagues'
import { type Cents, roiPercent } from './money'
import { type BetPeriod, FULL_GAME, periodShare } from './periods'
import { type Priced, toWinAt } from './price'
import { isCellMarket } from './selection'
import {
  AXES,
  AXIS_WEIGHTS,
  type Axis,
  axisRange,
  type BetLine,
  betRule,
  type MarketRule,
  type Matchup,
  marketLine,
  marketRule,
  payoutFor,
  perAxis,
  ruleResult,
  type Score,
} from './settlement'
import type { LegResult } from './ticket'
import type { GridTicket, RestView, TicketWorth } from './ticket-grid'

/**
 * The outcome grid (the Grid): for every final score in range, the user's profit over all their bets on
 * the game (decision 005). A spread or moneyline bet depends only on the margin, a total only on the sum and
 * a team total only on its team's score, and each is a step function with at most three levels
 * (settlement.ts). So every bet is added to its axis' difference array in O(1), one prefix sum turns each
 * into profit per value, and each cell is a lookup per axis with bets. Building is O(bets + range) instead
 * of O(bets x cells).
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
  /** Tickets of several legs with legs still to play here (decision 067), in the view they were made for. */
  tickets?: readonly GridTicket[]
  home: ScoreRange
  away: ScoreRange
  /**
   * The part of the game whose score the axes are (decision 073): the bets are that period's. A period can
   * end level in every league, so only the full game's grid marks ties impossible.
   */
  period?: BetPeriod
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
  /**
   * Decision 067, cell for cell with `profit`, null without tickets: 1 where a ticket's worth counts legs still
   * to play elsewhere (in the view `estimate` names), 2 where part of it is a payout only the book knows, 3 both.
   */
  marks: Uint8Array | null
  estimate: RestView | null
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
  /** Decision 067: the profit counts a ticket's legs on other games at their chances, or as won. */
  estimate?: RestView
  /** Decision 067: a ticket's payout here is the book's to say (decision 060): counted as its stake back. */
  needsReview?: true
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
  const axes = perAxis((axis) => {
    const { min, max } = axisRange(axis, home, away)
    return new AxisProfit(min, max)
  })
  let totalStake = 0
  const byCell: { rule: MarketRule; bet: BetTerms }[] = []
  for (const bet of input.bets) {
    const rule = betRule(bet, input.matchup)
    if (rule.kind === 'line') axes[rule.line.axis].add(rule.line, bet.amount, bet)
    else byCell.push({ rule, bet })
    totalStake += bet.amount
  }
  const tickets = input.tickets ?? []
  const marks = tickets.length > 0 ? new AxisMarks(axes) : null
  const manyHere: GridTicket[] = []
  for (const ticket of tickets) {
    totalStake += ticket.amount
    const [market, ...more] = ticket.markets
    if (market === undefined) continue
    if (more.length > 0 || isCellMarket(market)) {
      manyHere.push(ticket)
      continue
    }
    // One leg here on a line: the ticket is a step function of that leg's line, like a single.
    const line = marketLine(market, input.matchup)
    const worth = (result: LegResult) => ticket.worth([result])
    const steps = { below: worth(line.below), at: worth(line.at), above: worth(line.above) }
    axes[line.axis].addSteps(
      line.threshold,
      stepsOf(steps, (w) => w.profit),
    )
    marks?.add(line.axis, line.threshold, steps)
  }
  const profit = sumOverAxes(axes, home, away)
  for (const { rule, bet } of byCell) addBetByCell(rule, bet, input, profit)
  const cellMarks = marks?.cells(home, away) ?? null
  for (const ticket of manyHere) addCellByCell(ticket, input, profit, cellMarks)
  const estimate = cellMarks?.some((mark) => (mark & MARK_ESTIMATE) !== 0) ? (tickets[0]?.view ?? null) : null
  return {
    home,
    away,
    profit,
    totalStake,
    tiesImpossible: (input.period ?? FULL_GAME) === FULL_GAME && tiesImpossible(input.matchup.league),
    marks: cellMarks,
    estimate,
  }
}

/**
 * Each cell's sum of its axes' values: its margin's, its total's, its home score's and its away score's. An
 * axis without a bet is skipped (the team totals' axes mostly are).
 */
function sumOverAxes(axes: Record<Axis, AxisProfit>, home: ScoreRange, away: ScoreRange): Float64Array {
  const width = away.max - away.min + 1
  const out = new Float64Array((home.max - home.min + 1) * width)
  for (const axis of AXES) {
    if (axes[axis].isEmpty()) continue
    const values = axes[axis].values()
    const weights = AXIS_WEIGHTS[axis]
    for (let h = home.min; h <= home.max; h++) {
      const row = (h - home.min) * width - away.min
      const base = weights.home * h - axes[axis].min
      for (let a = away.min; a <= away.max; a++)
        out[row + a] = (out[row + a] ?? 0) + (values[base + weights.away * a] ?? 0)
    }
  }
  return out
}

const MARK_ESTIMATE = 1
const MARK_REVIEW = 2

function markOf(worth: TicketWorth): number {
  return (worth.basis === 'exact' ? 0 : MARK_ESTIMATE) | (worth.review ? MARK_REVIEW : 0)
}

/**
 * A single on a market read cell by cell (decision 074: both teams to score, a correct score): each cell
 * settles it by its rule, at decision 002's payout of that result.
 */
function addBetByCell(rule: MarketRule, bet: BetTerms, input: GridInput, profit: Float64Array): void {
  const toWin = toWinAt(bet.amount, bet)
  const { home, away } = input
  const width = away.max - away.min + 1
  for (let h = home.min; h <= home.max; h++)
    for (let a = away.min; a <= away.max; a++) {
      const i = (h - home.min) * width + a - away.min
      const result = ruleResult(rule, { home: h, away: a })
      profit[i] = (profit[i] ?? 0) + payoutFor(result, bet.amount, toWin) - bet.amount
    }
}

/**
 * A ticket with several legs here (a same-game parlay, a teaser's legs on one game), or one on a market
 * read cell by cell: each cell settles every leg, and the ticket's worth is looked up by the joint result
 * (computed once per joint result).
 */
function addCellByCell(
  ticket: GridTicket,
  input: GridInput,
  profit: Float64Array,
  marks: Uint8Array | null,
): void {
  const rules = ticket.markets.map((market) => marketRule(market, input.matchup))
  const worths = new Map<string, TicketWorth>()
  const { home, away } = input
  const width = away.max - away.min + 1
  for (let h = home.min; h <= home.max; h++) {
    for (let a = away.min; a <= away.max; a++) {
      const results = rules.map((rule) => ruleResult(rule, { home: h, away: a }))
      const key = results.join()
      let worth = worths.get(key)
      if (worth === undefined) {
        worth = ticket.worth(results)
        worths.set(key, worth)
      }
      const i = (h - home.min) * width + a - away.min
      profit[i] = (profit[i] ?? 0) + worth.profit
      if (marks) marks[i] = (marks[i] ?? 0) | markOf(worth)
    }
  }
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
      const i = offset + a - grid.away.min
      row[a - grid.away.min] = outcomeCell(h, a, grid.profit[i] ?? 0, grid, grid.marks?.[i])
    }
    outcomes.push({ homeScore: h, outcomes: row })
  }
  return { outcomes }
}

/** A cell as the wire carries it, with its marks (decision 067) where the grid has tickets. */
export function outcomeCell(
  homeScore: number,
  awayScore: number,
  cents: Cents,
  grid: OutcomeGrid,
  mark = 0,
): OutcomeCell {
  // A ticket's expected worth (decision 067) is fractional: the cell shows it to the cent, rounded once here.
  const whole = Math.round(cents)
  const profit = whole / 100
  const roi = roiPercent(whole, grid.totalStake)
  // One literal per variant keeps the cells monomorphic: the grid holds up to 40,000 of them.
  const cell: OutcomeCell =
    grid.tiesImpossible && homeScore === awayScore
      ? { awayScore, profit, roi, impossible: true }
      : { awayScore, profit, roi }
  if (mark & MARK_ESTIMATE && grid.estimate) cell.estimate = grid.estimate
  if (mark & MARK_REVIEW) cell.needsReview = true
  return cell
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
export function scoreRanges(
  league: string,
  current: Score | null,
  period: BetPeriod = FULL_GAME,
): { home: ScoreRange; away: ScoreRange } {
  const full = leagueInfo(league)?.scoreRange ?? UNKNOWN_LEAGUE_RANGE
  const base = period === FULL_GAME ? full : periodRange(full, periodShare(period))
  return { home: teamRange(base, current?.home ?? 0), away: teamRange(base, current?.away ?? 0) }
}

/**
 * A period's plausible scores from the full game's, by its share of the game: a quarter's are about a fourth
 * of a game's, with room on both sides for a period that runs hot or cold.
 */
function periodRange(full: ScoreRange, share: number): ScoreRange {
  return {
    min: Math.floor(full.min * share * 0.6),
    max: Math.min(full.max, Math.ceil(full.max * share * 1.3)),
  }
}

function teamRange(base: ScoreRange, current: number): ScoreRange {
  const headroom = Math.ceil((base.max - base.min) / 4)
  const min = Math.max(base.min, current)
  return { min, max: Math.max(base.max, current + headroom) }
}

/** Profit per value of one axis, accumulated as a difference array and read after one prefix sum. */
class AxisProfit {
  private readonly diff: Float64Array
  private empty = true
  constructor(
    readonly min: number,
    readonly max: number,
  ) {
    this.diff = new Float64Array(max - min + 2)
  }

  /** Nothing was added: every value is 0. */
  isEmpty(): boolean {
    return this.empty
  }

  add(line: BetLine, amount: Cents, price: Priced): void {
    const { threshold: t } = line
    // The bet's To Win once, then decision 002's payout of each step's result.
    const toWin = toWinAt(amount, price)
    const net = (result: Result) => payoutFor(result, amount, toWin) - amount
    this.addRange(this.min, Math.ceil(t) - 1, net(line.below))
    if (Number.isInteger(t)) this.addRange(t, t, net(line.at))
    this.addRange(Math.floor(t) + 1, this.max, net(line.above))
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

  /** A step function given by its value below, at and above the threshold (a ticket's worth, decision 067). */
  addSteps(threshold: number, steps: Steps<number>): void {
    this.addRange(this.min, Math.ceil(threshold) - 1, steps.below)
    if (Number.isInteger(threshold)) this.addRange(threshold, threshold, steps.at)
    this.addRange(Math.floor(threshold) + 1, this.max, steps.above)
  }

  private addRange(from: number, to: number, net: Cents): void {
    const lo = Math.max(from, this.min) - this.min
    const hi = Math.min(to, this.max) - this.min
    if (lo > hi || net === 0) return
    this.empty = false
    this.diff[lo] = (this.diff[lo] ?? 0) + net
    this.diff[hi + 1] = (this.diff[hi + 1] ?? 0) - net
  }
}

/** A step function's values below, at and above its threshold. */
interface Steps<T> {
  below: T
  at: T
  above: T
}

function stepsOf<T>(steps: Steps<TicketWorth>, value: (worth: TicketWorth) => T): Steps<T> {
  return { below: value(steps.below), at: value(steps.at), above: value(steps.above) }
}

/** Decision 067's marks of one-leg-here tickets, as step functions of each axis (one per kind of mark). */
class AxisMarks {
  private readonly axes: Record<Axis, { estimate: AxisProfit; review: AxisProfit }>

  constructor(profits: Record<Axis, AxisProfit>) {
    this.axes = perAxis((axis) => ({
      estimate: new AxisProfit(profits[axis].min, profits[axis].max),
      review: new AxisProfit(profits[axis].min, profits[axis].max),
    }))
  }

  add(axis: Axis, threshold: number, steps: Steps<TicketWorth>): void {
    const own = this.axes[axis]
    own.estimate.addSteps(
      threshold,
      stepsOf(steps, (worth) => (worth.basis === 'exact' ? 0 : 1)),
    )
    own.review.addSteps(
      threshold,
      stepsOf(steps, (worth) => (worth.review ? 1 : 0)),
    )
  }

  cells(home: ScoreRange, away: ScoreRange): Uint8Array {
    const estimate = sumOverAxes(
      perAxis((axis) => this.axes[axis].estimate),
      home,
      away,
    )
    const review = sumOverAxes(
      perAxis((axis) => this.axes[axis].review),
      home,
      away,
    )
    return Uint8Array.from(
      estimate,
      (value, i) => (value > 0 ? MARK_ESTIMATE : 0) | ((review[i] ?? 0) > 0 ? MARK_REVIEW : 0),
    )
  }
}
