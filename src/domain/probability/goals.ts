import { emptyDistribution, normalize, type ScoreDistribution } from './distribution'
import type { MarketView } from './inputs'
import { resolveTies } from './overtime'
import { poissonPmf, poissonReach } from './poisson'
import { bisect, minimize } from './solve'

/**
 * Soccer and hockey: each side's goals are a Poisson process, with Dixon and Coles' (1997) correction of
 * the four low scores, whose rho moves mass between draws and one-goal games while keeping both sides'
 * goal counts and the chance of three or more goals unchanged. The rates are solved from the de-vigged
 * 1X2 (or moneyline) and the total's prices; live, only the goals still to come are random and they come
 * at a rate that rises through the match (late goals: the half-time share in the history is about 44%).
 */
export interface GoalParams {
  rho: number
  /** Scoring intensity at the final whistle relative to kick-off is 1 + lateSlope (linear in between). */
  lateSlope: number
  /** League averages that stand in when a line is missing. */
  averageGoals: number
  averageHomeShare: number
  /** Hockey: a regulation tie goes to overtime, then a shootout; null for soccer, which keeps the draw. */
  overtime: { decidedInOvertime: number } | null
}

/**
 * Fitted on Football-Data.co.uk's big five leagues' seasons 2005-06 to 2012-13 (bench/calibration.ts
 * scores them on 2013-14 to 2017-18): rho by the likelihood of the final scores, over rates solved with
 * rho 0 from each game's win prices and over (not the draw, which rho shapes); lateSlope from the
 * half-time share of goals (43.9%); the averages from the same games.
 */
export const SOCCER_GOALS: GoalParams = {
  rho: -0.08,
  lateSlope: 0.64,
  averageGoals: 2.62,
  averageHomeShare: 0.577,
  overtime: null,
}

/**
 * From the NHL regular seasons 2008-09 to 2012-13 (oddsportal average moneylines): the average regulation
 * goals (the finals' 5.58 less the overtime goal) and the home share that gives the home win rate. The
 * history has no regulation scores, so rho cannot be told apart from the overtime branch: its likelihood
 * on the finals runs to the edge of the valid range, and no correction is applied (rho 0). Nor are there
 * period scores, so hockey scores evenly through regulation (lateSlope 0; empty-net goals are not seen).
 * Since 2015 three-on-three overtime settles a little over half of the ties before the shootout, which
 * is close to a coin toss.
 */
export const HOCKEY_GOALS: GoalParams = {
  rho: 0,
  lateSlope: 0,
  averageGoals: 5.41,
  averageHomeShare: 0.527,
  overtime: { decidedInOvertime: 0.55 },
}

export interface GoalRates {
  home: number
  away: number
}

export interface GoalOutcome {
  homeWin: number
  draw: number
  awayWin: number
  /** P(final total > line) and P(final total < line), overtime goal included for hockey. */
  over: number
  under: number
}

/** Whole-match outcome probabilities for these rates, after the overtime branch where there is one. */
export function matchOutcome(rates: GoalRates, params: GoalParams, line: number | null): GoalOutcome {
  // A shorter reach than the distribution's: what it leaves out (under 1e-7) cannot move a price.
  const home = poissonPmf(rates.home, Math.ceil(rates.home + 6 * Math.sqrt(rates.home) + 6))
  const away = poissonPmf(rates.away, Math.ceil(rates.away + 6 * Math.sqrt(rates.away) + 6))
  const out = { homeWin: 0, draw: 0, awayWin: 0, over: 0, under: 0 }
  const otHome = params.overtime ? overtimeHomeShare(rates, params.overtime.decidedInOvertime) : 0
  for (let h = 0; h < home.length; h++) {
    for (let a = 0; a < away.length; a++) {
      const p = (home[h] ?? 0) * (away[a] ?? 0) * dixonColes(h, a, rates, params.rho)
      const total = h + a + (h === a && params.overtime ? 1 : 0)
      if (h > a) out.homeWin += p
      else if (h < a) out.awayWin += p
      else if (params.overtime) {
        out.homeWin += p * otHome
        out.awayWin += p * (1 - otHome)
      } else out.draw += p
      if (line !== null && total > line) out.over += p
      else if (line !== null && total < line) out.under += p
    }
  }
  return out
}

/**
 * The full-match rates behind the market: the win prices fix their split (goalLevel their sum). The win
 * condition is monotone in the home share, so a bisection inside each trial sum finds it.
 */
export function solveGoalRates(
  market: MarketView,
  params: GoalParams,
): { rates: GoalRates; fromLeagueAverages: boolean } {
  const hasWin = market.homeWin !== null && market.awayWin !== null
  const splitFor = (sum: number): number => {
    if (!hasWin) return params.averageHomeShare
    const target = params.overtime
      ? (market.homeWin ?? 0)
      : (market.homeWin ?? 0) / ((market.homeWin ?? 0) + (market.awayWin ?? 1))
    // 22 halvings leave the share within 3e-7, far below what a price can tell.
    return bisect(
      0.01,
      0.99,
      (share) => {
        const o = matchOutcome(split(sum, share), params, null)
        return (params.overtime ? o.homeWin : o.homeWin / (o.homeWin + o.awayWin)) - target
      },
      22,
    )
  }
  const level = goalLevel(market, params, (s) => matchOutcome(split(s, splitFor(s)), params, market.total))
  const sum = level ?? params.averageGoals
  return { rates: split(sum, splitFor(sum)), fromLeagueAverages: !hasWin || level === null }
}

/**
 * The match's expected goals (the rates' sum). Two prices speak to it: the draw (more draws, fewer goals)
 * and the total's over. With both, the sum that misses the two by the least squares (the model ties the
 * draw to the goals, so both cannot always be met); with one, the sum that meets it; with neither, null
 * (the league's average stands in). A total without its prices (its over at evens: the line read as the
 * median) reaches here only where no draw price can set the sum instead: hockey, or soccer without its
 * 1X2 (readMarket).
 */
function goalLevel(
  market: MarketView,
  params: GoalParams,
  outcome: (sum: number) => GoalOutcome,
): number | null {
  const draw = params.overtime ? null : market.draw
  const overMiss = (o: GoalOutcome) => o.over / (o.over + o.under) - market.over
  if (market.total !== null && draw !== null) {
    return minimize(0.2, 12, (s) => {
      const o = outcome(s)
      return (o.draw - draw) ** 2 + overMiss(o) ** 2
    })
  }
  if (market.total !== null) return bisect(0.2, 12, (s) => overMiss(outcome(s)), 22)
  if (draw !== null) return bisect(0.2, 12, (s) => draw - outcome(s).draw, 22)
  return null
}

/**
 * The final-score distribution from the current score: the goals still to come at the remaining share of
 * the match's rates, corrected by Dixon-Coles, then hockey's overtime branch for a regulation tie.
 */
export function goalDistribution(
  rates: GoalRates,
  params: GoalParams,
  left: number,
  score: { home: number; away: number } = { home: 0, away: 0 },
): ScoreDistribution {
  const share = remainingShare(left, params.lateSlope)
  const rest = { home: rates.home * share, away: rates.away * share }
  const home = poissonPmf(rest.home, poissonReach(rates.home))
  const away = poissonPmf(rest.away, poissonReach(rates.away))
  const dist = emptyDistribution(
    { min: score.home, max: score.home + home.length - 1 },
    { min: score.away, max: score.away + away.length - 1 },
  )
  for (let h = 0; h < home.length; h++) {
    for (let a = 0; a < away.length; a++) {
      dist.p[h * away.length + a] = (home[h] ?? 0) * (away[a] ?? 0) * dixonColes(h, a, rest, params.rho)
    }
  }
  normalize(dist)
  if (!params.overtime) return dist
  const otHome = overtimeHomeShare(rates, params.overtime.decidedInOvertime)
  return resolveTies(dist, [
    { home: 1, away: 0, p: otHome },
    { home: 0, away: 1, p: 1 - otHome },
  ])
}

/** The share of a match's expected goals still to come when `left` of it is left, intensity 1 + slope x. */
export function remainingShare(left: number, slope: number): number {
  const played = 1 - left
  return 1 - (played + (slope * played * played) / 2) / (1 + slope / 2)
}

/** Overtime goes with the stronger side in proportion to the rates; a shootout is a coin toss. */
function overtimeHomeShare(rates: GoalRates, decided: number): number {
  return decided * (rates.home / (rates.home + rates.away)) + (1 - decided) * 0.5
}

function dixonColes(h: number, a: number, rates: GoalRates, rho: number): number {
  if (h > 1 || a > 1) return 1
  const factor =
    h === 0 && a === 0
      ? 1 - rates.home * rates.away * rho
      : h === 0
        ? 1 + rates.home * rho
        : a === 0
          ? 1 + rates.away * rho
          : 1 - rho
  return Math.max(factor, 0)
}

function split(sum: number, homeShare: number): GoalRates {
  return { home: sum * homeShare, away: sum * (1 - homeShare) }
}

/** The model's probability of one score for these rates (no overtime): what a likelihood fit needs. */
export function scoreProbability(home: number, away: number, rates: GoalRates, rho: number): number {
  const ph = poissonPmf(rates.home, home)[home] ?? 0
  const pa = poissonPmf(rates.away, away)[away] ?? 0
  return ph * pa * dixonColes(home, away, rates, rho)
}
