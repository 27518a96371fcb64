import { emptyDistribution, forEachCell, normalize, type ScoreDistribution, trim } from './distribution'
import type { MarketView } from './inputs'
import { resolveTies, type TieBreak } from './overtime'
import { bisect, normalCdf } from './solve'

/**
 * American football and basketball: the final margin and total as discrete distributions around the
 * market. What is left of the game moves the margin like Stern's (1994) Brownian motion: drift = the
 * market's expected margin times the share of the game left, spread = the sport's full-game spread times
 * (share left)^decay (1/2 is Brownian). Football margins pile up on 3, 7, 10, 6, 14...: a weight per
 * final margin, fitted on real finals, multiplies the normal's mass.
 */
export interface PointsParams {
  marginSd: number
  totalSd: number
  decay: number
  /**
   * Live, the part of the current margin the market did not expect comes partly back: the expected rest
   * of the game moves by -scale x left^power x (margin - the margin expected by now). Fitted on the NBA
   * quarter breaks (a lead built against the line shrinks); 0 where no in-game scores exist to fit it.
   */
  leadReversion: { scale: number; power: number }
  /** Weight per |final margin| (index 0, 1, 2...); margins past the list weigh 1. Empty for basketball. */
  keyWeights: readonly number[]
  averageMargin: number
  averageTotal: number
  overtime: PointsOvertime
}

/**
 * Basketball plays overtime periods on the same model until someone leads ('replay', length as a share
 * of the game). Football's overtime ends on a field goal or touchdown or (NFL) a tie ('branches'); the
 * fitted key weights already hold the overtime finals, so the branch only takes over as time runs out.
 */
export type PointsOvertime =
  | { kind: 'replay'; length: number }
  | { kind: 'branches'; margins: readonly { points: number; p: number }[]; tie: number }

export interface PointsCenter {
  margin: number
  total: number
}

/** A distribution of the final margin (home - away) on integers from min. */
export interface MarginPmf {
  min: number
  p: Float64Array
}

/**
 * The market's center: the margin from the de-vigged moneyline when there is one (so the model's win
 * chance is the market's), else the spread; the total from its line, moved by the over price.
 */
export function solveCenter(
  market: MarketView,
  params: PointsParams,
): { center: PointsCenter; fromLeagueAverages: boolean } {
  const total =
    market.total === null ? params.averageTotal : market.total + params.totalSd * probit(market.over)
  const fromLeagueAverages = market.total === null
  let margin = params.averageMargin
  if (market.homeWin !== null && market.awayWin !== null) {
    const target = market.homeWin / (market.homeWin + market.awayWin)
    margin = bisect(-60, 60, (m) => winShare(finalMargin({ margin: m, total }, params, 1, 0)) - target)
  } else if (market.homeSpread !== null) margin = -market.homeSpread
  else return { center: { margin, total }, fromLeagueAverages: true }
  return { center: matchOver({ margin, total }, market, params), fromLeagueAverages }
}

/**
 * The joint distribution moves the total a little off its center: scores cannot go below a margin's
 * size, and basketball overtime adds points (the over came out 1.5 to 3 points too likely in the NFL and
 * NBA scoring). One step on the normal scale puts the over back at the market's price.
 */
function matchOver(center: PointsCenter, market: MarketView, params: PointsParams): PointsCenter {
  const line = market.total
  if (line === null) return center
  let over = 0
  let under = 0
  forEachCell(pointsDistribution(center, params, 1), (h, a, p) => {
    if (h + a > line) over += p
    else if (h + a < line) under += p
  })
  const shift = params.totalSd * (probit(market.over) - probit(over / (over + under)))
  return { ...center, total: center.total + shift }
}

/** The final margin's distribution, before overtime, from the current margin with `left` of the game to go. */
export function finalMargin(
  center: PointsCenter,
  params: PointsParams,
  left: number,
  current: number,
): MarginPmf {
  const surprise = current - center.margin * (1 - left)
  const mean =
    center.margin * left - params.leadReversion.scale * left ** params.leadReversion.power * surprise
  const sd = params.marginSd * left ** params.decay
  const lo = Math.floor(mean - 8 * sd) - 1
  const hi = Math.ceil(mean + 8 * sd) + 1
  const p = new Float64Array(hi - lo + 1)
  for (let m = lo; m <= hi; m++) {
    const mass =
      sd > 1e-9 ? normalCdf((m + 0.5 - mean) / sd) - normalCdf((m - 0.5 - mean) / sd) : m === 0 ? 1 : 0
    const weight = params.keyWeights[Math.abs(current + m)] ?? 1
    p[m - lo] = mass * weight ** left
  }
  return { min: current + lo, p: scale(p) }
}

/** The joint final-score distribution: margin from finalMargin, the total around its center with parity. */
export function pointsDistribution(
  center: PointsCenter,
  params: PointsParams,
  left: number,
  score: { home: number; away: number } = { home: 0, away: 0 },
): ScoreDistribution {
  const margins = finalMargin(center, params, left, score.home - score.away)
  const regulation = jointWithTotal(
    margins,
    center.total * left,
    params.totalSd * left ** params.decay,
    score,
  )
  return overtime(regulation, center, params, left)
}

function jointWithTotal(
  margins: MarginPmf,
  meanAdded: number,
  sd: number,
  score: { home: number; away: number },
): ScoreDistribution {
  const current = score.home - score.away
  const widest = Math.max(Math.abs(margins.min - current), Math.abs(margins.min + margins.p.length - current))
  const maxAdded = Math.max(Math.ceil(meanAdded + 8 * sd), widest) + 2
  const added = new Float64Array(maxAdded + 1)
  for (let s = 0; s <= maxAdded; s++) {
    added[s] =
      sd > 1e-9
        ? normalCdf((s + 0.5 - meanAdded) / sd) - normalCdf((s - 0.5 - meanAdded) / sd)
        : s === 0
          ? 1
          : 0
  }
  const reach = Math.ceil((maxAdded + widest) / 2) + 1
  const dist = emptyDistribution(
    { min: score.home, max: score.home + reach },
    { min: score.away, max: score.away + reach },
  )
  const w = reach + 1
  margins.p.forEach((pm, i) => {
    if (pm === 0) return
    const m = margins.min + i - current
    // Points still to come split into the two sides' shares: total added s needs s >= |m| and s = m mod 2.
    let z = 0
    for (let s = Math.abs(m); s <= maxAdded; s += 2) z += added[s] ?? 0
    for (let s = Math.abs(m); s <= maxAdded; s += 2) {
      const ps = z > 0 ? (added[s] ?? 0) / z : s === Math.abs(m) ? 1 : 0
      if (ps > 0)
        dist.p[((s + m) / 2) * w + (s - m) / 2] = (dist.p[((s + m) / 2) * w + (s - m) / 2] ?? 0) + pm * ps
    }
  })
  return trim(normalize(dist))
}

/** An overtime period played on its own: nothing more happens on a tie (the caller replays it). */
const NO_OVERTIME: PointsOvertime = { kind: 'branches', margins: [], tie: 1 }

function overtime(
  dist: ScoreDistribution,
  center: PointsCenter,
  params: PointsParams,
  left: number,
): ScoreDistribution {
  const rule = params.overtime
  if (rule.kind === 'branches') {
    // Where a tie can stand (NFL), the fitted weights already hold the overtime finals before kick-off and
    // the branch takes over as the clock runs out; where it cannot (college), every tie plays overtime.
    return footballOvertime(dist, center, params, rule.tie > 0 ? 1 - left : 1)
  }
  const replay = pointsDistribution(center, { ...params, overtime: NO_OVERTIME, keyWeights: [] }, rule.length)
  const branches: TieBreak[] = []
  let decided = 0
  forEachCell(replay, (h, a, p) => {
    // Branches below 1e-7 would multiply the work for nothing the grid can show.
    if (h === a || p < 1e-7) return
    branches.push({ home: h, away: a, p })
    decided += p
  })
  for (const b of branches) b.p /= decided
  return resolveTies(dist, branches)
}

/**
 * Football's overtime on `share` of every tied cell: a field goal or touchdown for the side the market
 * favours by its pregame margin, or (NFL) a tie that stands.
 */
export function footballOvertime(
  dist: ScoreDistribution,
  center: PointsCenter,
  params: PointsParams,
  share: number,
): ScoreDistribution {
  const rule = params.overtime
  if (rule.kind !== 'branches') throw new RangeError('Football overtime needs branches')
  const homeShare = normalCdf(center.margin / params.marginSd)
  const branches: TieBreak[] = rule.margins.flatMap(({ points, p }) => [
    { home: points, away: 0, p: p * (1 - rule.tie) * homeShare },
    { home: 0, away: points, p: p * (1 - rule.tie) * (1 - homeShare) },
  ])
  branches.push({ home: 0, away: 0, p: rule.tie })
  return resolveTies(dist, branches, share)
}

/** P(home wins | not a tie) on a margin distribution: what a two-way moneyline prices. */
export function winShare(margins: MarginPmf): number {
  let win = 0
  let lose = 0
  margins.p.forEach((p, i) => {
    if (margins.min + i > 0) win += p
    else if (margins.min + i < 0) lose += p
  })
  return win / (win + lose)
}

function probit(p: number): number {
  return bisect(-8, 8, (z) => normalCdf(z) - p)
}

function scale(p: Float64Array): Float64Array {
  let total = 0
  for (const v of p) total += v
  for (let i = 0; i < p.length; i++) p[i] = (p[i] ?? 0) / total
  return p
}
