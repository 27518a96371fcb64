import type { PointsParams } from './points'

/**
 * Fitted on the NFL seasons 1979 to 2012 (spreadspoke closing spreads and totals; bench/calibration.ts
 * scores them on 2013 to 2017): the spreads of margin and total around the closing lines, and a weight per
 * final margin (real share / the normal's share). The overtime branch is not fitted (the history does not
 * flag overtime games): a field goal ends a little over half of them, a touchdown most of the rest, and
 * about one in fifteen ends tied under the ten-minute rule.
 */
export const NFL_POINTS: PointsParams = {
  marginSd: 13.5,
  totalSd: 10,
  decay: 0.5,
  keyWeights: [],
  averageMargin: 2.5,
  averageTotal: 43,
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
 * College football has no history here: it borrows the NFL's key weights and time decay, with a wider
 * spread of margins (college spreads run larger), and college overtime (possessions from the 25) ends on
 * a field goal or a touchdown, never tied.
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
 * Fitted on the NBA seasons 2008 to 2014 (closing spreads, totals and quarter scores; scored on 2015 to
 * 2017): the spreads of margin and total, and the decay of the margin's spread with the time left from
 * the quarter scores. A regulation tie plays five-minute overtimes until someone leads.
 */
export const NBA_POINTS: PointsParams = {
  marginSd: 12,
  totalSd: 18,
  decay: 0.5,
  keyWeights: [],
  averageMargin: 3,
  averageTotal: 200,
  overtime: { kind: 'replay', length: 5 / 48 },
}

/** College basketball has no history here: the NBA's fit over a 40-minute game, five-minute overtimes. */
export const NCAAB_POINTS: PointsParams = {
  ...NBA_POINTS,
  marginSd: 11,
  totalSd: 16,
  averageMargin: 3.5,
  averageTotal: 140,
  overtime: { kind: 'replay', length: 5 / 40 },
}
