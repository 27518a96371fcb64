import { EXTRA_INNING_START, FRESH_INNING, runsFrom, tilt, tiltFor } from './base-out'
import type { ScoreDistribution } from './distribution'
import type { HalfInningState, RunRates } from './runs'

/** Extra innings are played out to this one; what is still tied then is split by one run either way. */
export const LAST_INNING = 20
/** Runs still to come per side that the grid holds; more is vanishingly rare and piles on the edge. */
export const MAX_RUNS = 30

/**
 * Plays the rest of a baseball game over the joint runs still to come (home, away), adding each final
 * score's chance to `out`. `open` holds the games still going; a cell leaves it when the game ends.
 */
export function playOut(
  rates: RunRates,
  state: HalfInningState,
  leadAtStart: number,
  out: ScoreDistribution,
): void {
  const n = MAX_RUNS + 1
  const open = new Float64Array(n * n)
  open[0] = 1
  const phi = { home: tiltFor(FRESH_INNING, rates.home), away: tiltFor(FRESH_INNING, rates.away) }
  const runsFor = (inning: number, half: 'top' | 'bottom', first: boolean) =>
    tilt(
      first ? runsFrom(state) : inning > 9 ? runsFrom(EXTRA_INNING_START) : FRESH_INNING,
      half === 'top' ? phi.away : phi.home,
    )
  const finish = (h: number, a: number, p: number) => {
    const i = h * (out.away.max - out.away.min + 1) + a
    out.p[i] = (out.p[i] ?? 0) + p
  }
  let first = true
  for (let inning = state.inning; inning <= LAST_INNING; inning++) {
    for (const half of ['top', 'bottom'] as const) {
      if (inning === state.inning && half === 'top' && state.half === 'bottom') continue
      playHalf(open, n, leadAtStart, inning, half, runsFor(inning, half, first), finish)
      first = false
    }
  }
  // What is still level after the last inning played is split by one run either way (decision 006: no ties).
  for (let h = 0; h < n; h++) {
    const a = h + leadAtStart
    const p = a >= 0 && a < n ? (open[h * n + a] ?? 0) : 0
    if (p > 0) {
      finish(Math.min(h + 1, n - 1), a, p / 2)
      finish(h, Math.min(a + 1, n - 1), p / 2)
    }
  }
}

function playHalf(
  open: Float64Array,
  n: number,
  lead: number,
  inning: number,
  half: 'top' | 'bottom',
  runs: Float64Array,
  finish: (h: number, a: number, p: number) => void,
): void {
  const late = inning >= 9
  const next = new Float64Array(open.length)
  for (let h = 0; h < n; h++) {
    for (let a = 0; a < n; a++) {
      const p = open[h * n + a] ?? 0
      if (p === 0) continue
      const margin = lead + h - a
      // The home side leading at the bottom of the 9th or later has won: that half is not played.
      if (late && half === 'bottom' && margin > 0) {
        finish(h, a, p)
        continue
      }
      for (let k = 0; k < runs.length; k++) {
        const q = runs[k] ?? 0
        if (q === 0) continue
        if (half === 'top') {
          const to = h * n + Math.min(a + k, n - 1)
          next[to] = (next[to] ?? 0) + p * q
        } else if (!late) {
          const to = Math.min(h + k, n - 1) * n + a
          next[to] = (next[to] ?? 0) + p * q
        } else if (k > -margin) finish(Math.min(h - margin + 1, n - 1), a, p * q)
        else if (k === -margin) next[(h + k) * n + a] = (next[(h + k) * n + a] ?? 0) + p * q
        else finish(h + k, a, p * q)
      }
    }
  }
  if (late && half === 'top') {
    // After the top of the 9th or later, a home lead ends the game without its bottom half.
    for (let h = 0; h < n; h++) {
      for (let a = 0; a < n; a++) {
        if (lead + h - a > 0 && (next[h * n + a] ?? 0) > 0) {
          finish(h, a, next[h * n + a] ?? 0)
          next[h * n + a] = 0
        }
      }
    }
  }
  open.set(next)
}
