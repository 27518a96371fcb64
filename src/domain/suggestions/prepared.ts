import { type BetTerms, RESULTS, type Result, resultShares } from '../bet'
import { buildGrid, type OutcomeGrid } from '../outcome-grid'
import { type ScoreDistribution, width } from '../probability/distribution'
import {
  AXES,
  type Axis,
  axisRange,
  axisValue,
  type BetLine,
  type Matchup,
  perAxis,
  resultOnLine,
  settlementFor,
} from '../settlement'
import type { SuggestionContext } from './types'
import { lineOf, matchupOf, userGrid } from './user-grid'

/**
 * What every rule reads from one context, computed once: the distribution folded onto each axis (a single
 * bet's chances and expected profit only need its own axis, so they cost the axis' length, not the
 * grid's), the user's profit per cell of the distribution (for the chance of profit after a bet), and
 * the grid the user sees (for floors). Kept per context object, so the rules of one call share it.
 */
export interface AxisPmf {
  min: number
  p: Float64Array
}

/** The cells with mass, as parallel arrays: their index in distribution.p, offset on each axis, mass. */
export interface MassCells {
  index: Int32Array
  offsets: Record<Axis, Int32Array>
  p: Float64Array
}

/** The distribution folded onto each axis of the final score (settlement.ts, AXES), and its cells with mass. */
export type AxisPmfs = Record<Axis, AxisPmf> & { cells: MassCells }

export interface Prepared extends AxisPmfs {
  matchup: Matchup
  /** The user's bets over the distribution's own axes: profit per cell, laid out like distribution.p. */
  distGrid: OutcomeGrid
  /** The user's bets over the Grid's axes (scoreRanges). */
  userGrid: OutcomeGrid
}

const cache = new WeakMap<SuggestionContext, Prepared>()
const pmfCache = new WeakMap<ScoreDistribution, AxisPmfs>()

export function prepared(context: SuggestionContext): Prepared {
  const hit = cache.get(context)
  if (hit) return hit
  const dist = context.distribution
  const matchup = matchupOf(context.game)
  const out = {
    matchup,
    ...axisPmfs(dist),
    distGrid: buildGrid({
      matchup,
      bets: context.bets,
      tickets: context.tickets,
      home: dist.home,
      away: dist.away,
    }),
    userGrid: userGrid(context, context.bets),
  }
  cache.set(context, out)
  return out
}

/** The distribution of each axis' value (the margin, the total, each team's score), from one pass over the cells. */
export function axisPmfs(dist: ScoreDistribution): AxisPmfs {
  const hit = pmfCache.get(dist)
  if (hit) return hit
  const { home, away } = dist
  const pmfs = perAxis((axis) => {
    const { min, max } = axisRange(axis, home, away)
    return { min, p: new Float64Array(max - min + 1) }
  })
  const count = dist.p.reduce((n, p) => (p > 0 ? n + 1 : n), 0)
  const cells: MassCells = {
    index: new Int32Array(count),
    offsets: perAxis(() => new Int32Array(count)),
    p: new Float64Array(count),
  }
  const w = width(dist)
  let k = 0
  for (let i = 0; i < dist.p.length; i++) {
    const p = dist.p[i] ?? 0
    if (p === 0) continue
    const score = { home: home.min + Math.floor(i / w), away: away.min + (i % w) }
    for (const axis of AXES) {
      const offset = axisValue(axis, score) - pmfs[axis].min
      pmfs[axis].p[offset] = (pmfs[axis].p[offset] ?? 0) + p
      cells.offsets[axis][k] = offset
    }
    cells.index[k] = i
    cells.p[k] = p
    k++
  }
  const out = { ...pmfs, cells }
  pmfCache.set(dist, out)
  return out
}

export function pmfOf(pmfs: AxisPmfs, axis: Axis): AxisPmf {
  return pmfs[axis]
}

/** A line's result (RESULT_CODE) at every value of its axis, indexed like the axis' pmf. */
export function resultsOnAxis(pmfs: AxisPmfs, line: BetLine): Uint8Array {
  const pmf = pmfOf(pmfs, line.axis)
  const out = new Uint8Array(pmf.p.length)
  for (let i = 0; i < out.length; i++) out[i] = RESULT_CODE[resultOnLine(line, pmf.min + i)]
  return out
}

/** A result's code: its index in RESULTS (won, lost, push, half won, half lost). */
export const RESULT_CODE = Object.fromEntries(RESULTS.map((result, code) => [result, code])) as Record<
  Result,
  number
>

/** Each cell with mass's offset on the line's axis. */
export function cellAxis(pmfs: AxisPmfs, line: BetLine): Int32Array {
  return pmfs.cells.offsets[line.axis]
}

export interface Chances {
  win: number
  push: number
  loss: number
}

/** A line's chances of winning, pushing and losing, read off its axis. */
export function lineChances(pmfs: AxisPmfs, line: BetLine): Chances {
  const pmf = pmfOf(pmfs, line.axis)
  const out = { win: 0, push: 0, loss: 0 }
  for (let i = 0; i < pmf.p.length; i++) {
    const p = pmf.p[i] ?? 0
    if (p === 0) continue
    const shares = resultShares(resultOnLine(line, pmf.min + i))
    out.win += p * shares.won
    out.push += p * shares.push
    out.loss += p * shares.lost
  }
  return out
}

/** A bet's chances under the context's distribution (or another one, the distribution at the bet). */
export function chancesOf(
  context: SuggestionContext,
  bet: Omit<BetTerms, 'amount'>,
  dist: ScoreDistribution = context.distribution,
): Chances {
  return lineChances(axisPmfs(dist), lineOf(bet, matchupOf(context.game)))
}

/** The chance that the axis value falls in [from, to]. */
export function axisProbability(prep: AxisPmfs, axis: Axis, from: number, to: number): number {
  const pmf = pmfOf(prep, axis)
  let total = 0
  for (let v = Math.max(from, pmf.min); v <= Math.min(to, pmf.min + pmf.p.length - 1); v++)
    total += pmf.p[v - pmf.min] ?? 0
  return total
}

/** The bet's expected profit in cents: its settlement (decision 002) on each result, weighed by the axis. */
export function expectedProfit(prep: AxisPmfs, line: BetLine, amount: number, odds: number): number {
  const c = lineChances(prep, line)
  return (
    c.win * settlementFor('won', amount, { odds }).net + c.loss * settlementFor('lost', amount, { odds }).net
  )
}

/** The chance the user's bets end in profit with one more bet, cell by cell over the distribution. */
export interface AddedBet {
  line: BetLine
  amount: number
  odds: number
}

export function profitProbabilityWith(context: SuggestionContext, added: AddedBet | null): number {
  const prep = prepared(context)
  const { cells } = prep
  // Net of the added bet per result code (RESULT_CODE); all zero without one.
  const nets = RESULTS.map((result) => (added ? settlementFor(result, added.amount, added).net : 0))
  const results = added ? resultsOnAxis(prep, added.line) : null
  const axis = added ? cellAxis(prep, added.line) : null
  let total = 0
  for (let k = 0; k < cells.p.length; k++) {
    const code = results && axis ? (results[axis[k] ?? 0] ?? 0) : RESULT_CODE.push
    const profit = (prep.distGrid.profit[cells.index[k] ?? 0] ?? 0) + (nets[code] ?? 0)
    if (profit > 0) total += cells.p[k] ?? 0
  }
  return total
}
