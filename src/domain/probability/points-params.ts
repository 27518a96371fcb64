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
