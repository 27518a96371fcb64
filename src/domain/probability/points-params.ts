import type { BetPeriod } from '../periods'
import type { DriveParams } from './drives'
import type { PointsParams } from './points'

/**
 * Fitted on the NFL seasons 1979 to 2012 (spreadspoke closing spreads and totals; bench/calibration.ts
 * scores them on 2013 to 2017): the spreads of margin and total around the closing lines, and a weight per
 * final margin (real share / the normal's share). The overtime branch is not fitted (the history does not
 * flag overtime games): a field goal ends a little over half of them, a touchdown most of the rest, and
 * about one in fifteen ends tied under the ten-minute rule.
 */
export const NFL_POINTS: PointsParams = {
  marginSd: 13.57,
  totalSd: 13.74,
  // No quarter scores in the NFL history: Stern's Brownian square root.
  decay: 0.5,
  leadReversion: { scale: 0, power: 1 },
  keyWeights: [
    0.066, 0.763, 0.681, 2.832, 1.028, 0.6, 1.117, 1.642, 0.567, 0.373, 1.354, 0.732, 0.399, 0.823, 1.338,
    0.498, 0.649, 1.301, 0.782, 0.478, 1.057, 1.344, 0.486, 0.679, 1.444, 0.7, 0.46, 1.476, 1.668, 0.495,
    0.725,
  ],
  // The averages of the seasons 2008-2012, today's scoring level.
  averageMargin: 2.47,
  averageTotal: 44.35,
  overtime: {
    kind: 'branches',
    margins: [
      { points: 3, p: 0.55 },
      { points: 6, p: 0.45 },
    ],
    tie: 0.07,
  },
}

/**
 * College football has no history here, so nothing below is fitted: it borrows the NFL's key weights and
 * time decay; the wider spreads of margin and total, the average total and the overtime shares are
 * assumptions to replace when college history is added. College overtime (possessions from the 25) ends
 * on a field goal or a touchdown, never tied.
 */
export const NCAAF_POINTS: PointsParams = {
  ...NFL_POINTS,
  marginSd: 16,
  totalSd: 13,
  averageTotal: 55,
  overtime: {
    kind: 'branches',
    margins: [
      { points: 3, p: 0.4 },
      { points: 7, p: 0.45 },
      { points: 8, p: 0.15 },
    ],
    tie: 0,
  },
}

/**
 * NFL in play (drives.ts), not fitted (the history has no drives): rounded league-wide figures of the
 * 2010s, from Pro-Football-Reference's team drive averages. About 11.3 possessions per team per game
 * (kneel-downs and end-of-half possessions included); about 21% of them end in a touchdown and 14% in a
 * field goal, so 35% score, about 1.9 points each (the average side's 22 points solve to 36% and 22%);
 * about 3 in 1,000 end in a safety (15 to 20 a season). The try since 2015's longer extra point: about
 * 91% of tries are kicks that go in 94% of the time, 9% two-point tries that succeed about 48% of the
 * time. With these, the whole game from kick-off spreads the margin by 13.2 to 13.8 points, as the
 * closing lines' residuals do (13.57), so the pace is consistent with the fitted spread.
 */
export const NFL_DRIVES: DriveParams = {
  perTeam: 11.3,
  touchdown: 0.21,
  fieldGoal: 0.14,
  safety: 0.003,
  tryPoints: [1 - 0.91 * 0.94 - 0.09 * 0.48, 0.91 * 0.94, 0.09 * 0.48],
}

/**
 * College football in play, as assumed as its pregame figures: a faster game (the clock stopped on every
 * first down until 2023, and tempo offences), about 13 possessions per team; more of them end in
 * touchdowns (the 55-point average total over 13 possessions is 2.1 points each), and the extra point
 * from the 3-yard line is almost sure.
 */
export const NCAAF_DRIVES: DriveParams = {
  perTeam: 13,
  touchdown: 0.25,
  fieldGoal: 0.12,
  safety: 0.003,
  tryPoints: [1 - 0.94 * 0.97 - 0.06 * 0.45, 0.94 * 0.97, 0.06 * 0.45],
}

/**
 * Fitted on the NBA seasons 2008 to 2014 (closing spreads, totals and quarter scores; scored on 2015 to
 * 2017): the spreads of the regulation margin and total around the lines; from the three quarter breaks,
 * the lead reversion (a lead built against the line shrinks: the rest of the game gives back 38%, 27% and
 * 18% of it after the first, second and third quarters) and the decay of what is left of the spread once
 * that is taken out. A regulation tie plays five-minute overtimes until someone leads.
 */
export const NBA_POINTS: PointsParams = {
  marginSd: 11.64,
  totalSd: 16.4,
  // What is left of the margin spreads more late than the square root says (6.9 points after the third
  // quarter where 5.8 were due): 0.36 is the least-squares exponent over the three breaks.
  decay: 0.36,
  leadReversion: { scale: 0.457, power: 0.7 },
  keyWeights: [],
  averageMargin: 3.14,
  averageTotal: 198.3,
  overtime: { kind: 'replay', length: 5 / 48 },
}

/**
 * College basketball has no history here: the NBA's decay and lead reversion over a 40-minute game with
 * five-minute overtimes; the spreads and averages are assumptions to replace when college history is added.
 */
export const NCAAB_POINTS: PointsParams = {
  ...NBA_POINTS,
  marginSd: 11,
  totalSd: 16,
  averageMargin: 3.5,
  averageTotal: 140,
  overtime: { kind: 'replay', length: 5 / 40 },
}

/**
 * What one period of a game holds of its regulation center (solveCenter's margin and total: the period's
 * expected margin and total are these shares of them) and of its spreads (the period's variance of margin
 * and of total around that, as shares of the game's marginSd² and totalSd²). period-distribution.ts.
 */
export interface PeriodShare {
  margin: number
  total: number
  marginVariance: number
  totalVariance: number
}

export type PeriodShares = Readonly<Partial<Record<Exclude<BetPeriod, 'FT'>, PeriodShare>>>

/**
 * Fitted on the NBA seasons 2008 to 2014 (the quarter scores; bench/calibration/periods.ts scores them on
 * 2015 to 2017): each period's margin and total regressed through the origin on the game's center, and
 * the spreads of what is left, as shares of NBA_POINTS' regulation spreads. The points come evenly (the
 * totals' shares add up to 0.996), the favourite's edge does not: a third of it in the first quarter,
 * 0.13 in the fourth (benches and fouling), and all four add up to 0.875 of the moneyline's center, which
 * runs a little wider than the finals. Quarters spread far more than a quarter of the game's variance (0.38
 * to 0.42 of it, 0.68 for a half): a lead is given back in the quarters after (NBA_POINTS' reversion), so
 * the quarters of a game cancel out part of each other's spread. The second half's totals leave out
 * overtime, which its bets count: the regulation model has no overtime branch.
 */
export const NBA_PERIODS: PeriodShares = {
  Q1: { margin: 0.2956, total: 0.2529, marginVariance: 0.3934, totalVariance: 0.2067 },
  Q2: { margin: 0.2114, total: 0.252, marginVariance: 0.3949, totalVariance: 0.2124 },
  Q3: { margin: 0.2334, total: 0.2459, marginVariance: 0.4234, totalVariance: 0.2068 },
  Q4: { margin: 0.1348, total: 0.2454, marginVariance: 0.3818, totalVariance: 0.2599 },
  '1H': { margin: 0.507, total: 0.5049, marginVariance: 0.681, totalVariance: 0.4492 },
  '2H': { margin: 0.3682, total: 0.4913, marginVariance: 0.6835, totalVariance: 0.4979 },
}

/** College basketball has no history here: its two halves borrow the NBA's fitted half shares. */
export const NCAAB_PERIODS: PeriodShares = { '1H': NBA_PERIODS['1H'], '2H': NBA_PERIODS['2H'] }

/**
 * An assumption, not fitted: the NFL history in bench/data has no quarter scores. The shares of the
 * points are rounded league-wide scoring by quarter (about 20/30/20/30%: the second and fourth quarters,
 * with their two-minute drills, score about half as much again as the first and third), the favourite's
 * edge taken in the same shares; the spreads are Brownian (the variance in proportion to the time: a
 * quarter 0.25 of the game's, a half 0.5). No key numbers in a period: nothing here says where they fall.
 * College football borrows them.
 */
export const NFL_PERIODS: PeriodShares = {
  Q1: { margin: 0.2, total: 0.2, marginVariance: 0.25, totalVariance: 0.25 },
  Q2: { margin: 0.3, total: 0.3, marginVariance: 0.25, totalVariance: 0.25 },
  Q3: { margin: 0.2, total: 0.2, marginVariance: 0.25, totalVariance: 0.25 },
  Q4: { margin: 0.3, total: 0.3, marginVariance: 0.25, totalVariance: 0.25 },
  '1H': { margin: 0.5, total: 0.5, marginVariance: 0.5, totalVariance: 0.5 },
  '2H': { margin: 0.5, total: 0.5, marginVariance: 0.5, totalVariance: 0.5 },
}
