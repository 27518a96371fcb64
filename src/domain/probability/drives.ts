import { convolve, emptyDistribution, type ScoreDistribution, trim } from './distribution'
import { footballOvertime, type PointsCenter, type PointsParams } from './points'
import { bisect } from './solve'

/**
 * American football in play: what is left of the game is possessions, and each ends in no score, a field
 * goal (3), a touchdown with its try (6, 7 or 8) or, rarely, a safety (2 to the defence). Points come in
 * those steps only, so a side that is 1 point from a score cannot reach it, and with a few possessions
 * left "no more points" is a real chance: (1 - chance of scoring per possession)^possessions.
 *
 * The market conditions it as before kick-off: each side's expected points over the rest of the game are
 * its share of the pregame center (total and margin) times the share of the game left, and its chances
 * per possession are solved so that its possessions give exactly that.
 */
export interface DriveParams {
  /** Possessions per team in a regulation game: the league's pace. */
  perTeam: number
  /** The league's average chance of a possession ending in a touchdown, and in a field goal. */
  touchdown: number
  fieldGoal: number
  /** A possession's chance of ending in a safety, 2 points to the defence. */
  safety: number
  /** After a touchdown, the try's chances of adding 0, 1 and 2 points (they sum to 1). */
  tryPoints: readonly [number, number, number]
}

/** One side's chances per possession; the rest is no score (a safety is counted on the other side). */
export interface DriveChances {
  touchdown: number
  fieldGoal: number
}

/** The possessions left to each side, with the chance of that split. */
export interface PossessionSplit {
  home: number
  away: number
  p: number
}

/** The distribution of the final score before overtime: the current score plus each side's possessions. */
export function drivesRegulation(
  center: PointsCenter,
  drives: DriveParams,
  left: number,
  score: { home: number; away: number },
): ScoreDistribution {
  const splits = possessionsLeft(drives.perTeam, left)
  const most = Math.max(...splits.map((s) => Math.max(s.home, s.away)))
  const home = powers(drivePoints(sideChances((center.total + center.margin) / 2, drives), drives), most)
  const away = powers(drivePoints(sideChances((center.total - center.margin) / 2, drives), drives), most)
  const safeties = powers(Float64Array.of(1 - drives.safety, 0, drives.safety), most)
  const sides = splits.map((s) => ({
    p: s.p,
    // A side scores on its own possessions, and 2 on each safety it forces on the other side's (taken as
    // independent of what that possession scores: at 3 in 1,000 the overlap is negligible).
    home: convolve(at(home, s.home), at(safeties, s.away)),
    away: convolve(at(away, s.away), at(safeties, s.home)),
  }))
  const reach = Math.max(...sides.map((s) => Math.max(s.home.length, s.away.length))) - 1
  const dist = emptyDistribution(
    { min: score.home, max: score.home + reach },
    { min: score.away, max: score.away + reach },
  )
  const w = reach + 1
  for (const side of sides) {
    side.home.forEach((ph, h) => {
      side.away.forEach((pa, a) => {
        dist.p[h * w + a] = (dist.p[h * w + a] ?? 0) + side.p * ph * pa
      })
    })
  }
  return trim(dist)
}

/**
 * The live football distribution: regulation from the possessions left, then overtime on every tie (the
 * drives carry no fitted overtime finals, unlike the pregame key weights).
 */
export function drivesDistribution(
  center: PointsCenter,
  params: PointsParams,
  drives: DriveParams,
  left: number,
  score: { home: number; away: number },
): ScoreDistribution {
  return footballOvertime(drivesRegulation(center, drives, left, score), center, params, 1)
}

/**
 * The game has 2 x perTeam x left possessions to go: the whole numbers either side, weighted so the mean
 * is exact. An odd count gives the extra possession to either side evenly (the state does not say who
 * has the ball), so both sides expect perTeam x left.
 */
export function possessionsLeft(perTeam: number, left: number): PossessionSplit[] {
  const total = 2 * perTeam * left
  const fewer = Math.floor(total)
  const splits: PossessionSplit[] = []
  for (const [count, p] of [
    [fewer, 1 - (total - fewer)],
    [fewer + 1, total - fewer],
  ] as const) {
    if (p <= 0) continue
    const half = Math.floor(count / 2)
    if (count % 2 === 0) splits.push({ home: half, away: half, p })
    else splits.push({ home: half + 1, away: half, p: p / 2 }, { home: half, away: half + 1, p: p / 2 })
  }
  return splits
}

/**
 * A side's chances per possession for its points per game over the league's pace: what its possessions
 * must give once the safeties it forces (2 x safety per opposing possession) are counted.
 */
export function sideChances(pointsPerGame: number, drives: DriveParams): DriveChances {
  return driveChances(pointsPerGame / drives.perTeam - 2 * drives.safety, drives)
}

/**
 * The chances per possession that give `points` on average. A better offence turns more of its field
 * goals into touchdowns: touchdown odds move twice as fast as field goal odds against no score
 * (odds x e^(2s) and x e^s), so from the league's average both the scoring share and the touchdown
 * share rise with s (the better NFL offences differ from the rest mostly in touchdowns). Below 0 (a side the market gives nothing) the
 * chances go to 0.
 */
export function driveChances(points: number, drives: DriveParams): DriveChances {
  const none = 1 - drives.touchdown - drives.fieldGoal
  const at = (s: number): DriveChances => {
    const td = drives.touchdown * Math.exp(2 * s)
    const fg = drives.fieldGoal * Math.exp(s)
    return { touchdown: td / (td + fg + none), fieldGoal: fg / (td + fg + none) }
  }
  return at(bisect(-10, 10, (s) => expectedPoints(at(s), drives) - points, 40))
}

/** A possession's expected points for the side that has the ball. */
function expectedPoints(chances: DriveChances, drives: DriveParams): number {
  const [, one, two] = drives.tryPoints
  return chances.touchdown * (6 + one + 2 * two) + chances.fieldGoal * 3
}

/** One possession's points for the side that has the ball: 0, 3, or 6, 7, 8 as the try goes. */
function drivePoints(chances: DriveChances, drives: DriveParams): Float64Array {
  const [none, one, two] = drives.tryPoints
  const p = new Float64Array(9)
  p[0] = 1 - chances.touchdown - chances.fieldGoal
  p[3] = chances.fieldGoal
  p[6] = chances.touchdown * none
  p[7] = chances.touchdown * one
  p[8] = chances.touchdown * two
  return p
}

/** The distribution of the sum of 0..most possessions, each like `one`. */
function powers(one: Float64Array, most: number): Float64Array[] {
  const out: Float64Array[] = [Float64Array.of(1)]
  for (let k = 1; k <= most; k++) out.push(convolve(at(out, k - 1), one))
  return out
}

function at(list: readonly Float64Array[], k: number): Float64Array {
  const pmf = list[k]
  if (!pmf) throw new RangeError(`No distribution for ${k} possessions`)
  return pmf
}
