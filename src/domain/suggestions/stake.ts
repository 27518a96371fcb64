import type { BetTerms } from '../bet'
import { potentialWin } from '../odds'
import type { OutcomeGrid } from '../outcome-grid'
import { AXES, type Axis, axisRange, axisValue, type Matchup, perAxis, resultOnLine } from '../settlement'
import { forEachFinal, lineOf } from './user-grid'

/**
 * The stake on one side that raises the grid's worst outcome the most: the equalising stake of a hedge
 * (decision 024: anything above it over-hedges). Adding x on a side at odds o moves every cell the side wins by
 * +potentialWin(x, o), every cell it loses by -x, and leaves its pushes. So the new floor is
 * min(minWon + win(x), minLost - x, minPush): rising, falling and flat, and its peak is where the first two
 * meet, x* = (minLost - minWon) / (1 + b) with b the side's win per unit staked, unless the pushes cap it
 * first. The peak is found exactly in cents by trying the cents around the real-valued answer.
 */
export interface FloorStake {
  /** The stake that maximises the floor, nearest the real-valued equalising stake. */
  stake: number
  /** The grid's worst outcome at that stake. */
  floor: number
  floorBefore: number
  /** The smallest stake at which every final score is a profit; null when none is. */
  lockFrom: number | null
}

interface Extremes {
  won: number
  lost: number
  push: number
}

export function floorStake(
  grid: OutcomeGrid,
  matchup: Matchup,
  side: Omit<BetTerms, 'amount'>,
): FloorStake | null {
  const ext = extremes(grid, matchup, side)
  const floorBefore = Math.min(ext.won, ext.lost, ext.push)
  // A side that never loses or never wins on the grid is no hedge; one whose winning cells are not the
  // grid's worst cannot lift the floor.
  if (!Number.isFinite(ext.won) || !Number.isFinite(ext.lost) || ext.won >= Math.min(ext.lost, ext.push)) {
    return null
  }
  const odds = side.odds
  const [num, den] = odds > 0 ? [odds, 100] : [100, -odds]
  const crossing = ((ext.lost - ext.won) * den) / (den + num)
  const pushReach = Number.isFinite(ext.push) ? ((ext.push - ext.won) * den) / num : Number.POSITIVE_INFINITY
  const target = Math.min(crossing, pushReach)
  const floorAt = (x: number) => Math.min(ext.won + potentialWin(x, odds), ext.lost - x, ext.push)
  let best = { stake: 0, floor: floorBefore }
  for (let x = Math.floor(target) - 2; x <= Math.ceil(target) + 2; x++) {
    if (x <= 0) continue
    const floor = floorAt(x)
    const closer = Math.abs(x - target) < Math.abs(best.stake - target)
    if (floor > best.floor || (floor === best.floor && closer)) best = { stake: x, floor }
  }
  if (best.stake === 0 || best.floor <= floorBefore) return null
  return { ...best, floorBefore, lockFrom: best.floor > 0 ? lockFrom(ext, odds, num, den) : null }
}

/** The smallest stake whose winning cells all end in profit (the losing cells are then in profit too). */
function lockFrom(ext: Extremes, odds: number, num: number, den: number): number {
  let x = Math.max(1, Math.floor(((1 - ext.won) * den) / num) - 2)
  while (ext.won + potentialWin(x, odds) < 1) x++
  return x
}

/** The grid's worst profit at each value of each axis, over the cells that can be final scores. */
type AxisFloors = Record<Axis, { min: number; values: Float64Array }>

const floorsCache = new WeakMap<OutcomeGrid, AxisFloors>()

function axisFloors(grid: OutcomeGrid): AxisFloors {
  const hit = floorsCache.get(grid)
  if (hit) return hit
  const out = perAxis((axis) => {
    const { min, max } = axisRange(axis, grid.home, grid.away)
    return { min, values: new Float64Array(max - min + 1).fill(Number.POSITIVE_INFINITY) }
  })
  forEachFinal(grid, (home, away, profit) => {
    for (const axis of AXES) {
      const floor = out[axis]
      const i = axisValue(axis, { home, away }) - floor.min
      floor.values[i] = Math.min(floor.values[i] ?? profit, profit)
    }
  })
  floorsCache.set(grid, out)
  return out
}

/** A side's result depends on its axis only, so its worst cells are found among the axis' worst. */
function extremes(grid: OutcomeGrid, matchup: Matchup, side: Omit<BetTerms, 'amount'>): Extremes {
  const line = lineOf(side, matchup)
  const floors = axisFloors(grid)[line.axis]
  const out = {
    won: Number.POSITIVE_INFINITY,
    lost: Number.POSITIVE_INFINITY,
    push: Number.POSITIVE_INFINITY,
  }
  floors.values.forEach((floor, i) => {
    const result = resultOnLine(line, floors.min + i)
    const key = result === 'won' ? 'won' : result === 'lost' ? 'lost' : 'push'
    out[key] = Math.min(out[key], floor)
  })
  return out
}
