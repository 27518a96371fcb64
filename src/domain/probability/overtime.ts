import { addAt, emptyDistribution, forEachCell, type ScoreDistribution } from './distribution'

/** One way a tie can be broken: the points each side adds, and how likely that is. */
export interface TieBreak {
  home: number
  away: number
  p: number
}

/**
 * Moves `share` of every tied cell's mass to the scores the overtime (or shootout, or extra innings)
 * adds; the branches' probabilities must sum to 1. With share 1 and no tied branch, no mass is left on a
 * tie, which is decision 006 for the leagues that cannot end level.
 */
export function resolveTies(
  dist: ScoreDistribution,
  branches: readonly TieBreak[],
  share = 1,
): ScoreDistribution {
  const reachHome = Math.max(0, ...branches.map((b) => b.home))
  const reachAway = Math.max(0, ...branches.map((b) => b.away))
  const out = emptyDistribution(
    { min: dist.home.min, max: dist.home.max + reachHome },
    { min: dist.away.min, max: dist.away.max + reachAway },
  )
  forEachCell(dist, (h, a, p) => {
    if (h !== a || share === 0) {
      addAt(out, h, a, p)
      return
    }
    if (share < 1) addAt(out, h, a, p * (1 - share))
    for (const b of branches) addAt(out, h + b.home, a + b.away, p * share * b.p)
  })
  return out
}
