import { hasScoreModel, type LeagueCode, leagueInfo } from '../leagues'
import { CLOCKS, type ClockLayout, fractionLeft } from './clock'
import type { ScoreDistribution } from './distribution'
import { type DriveParams, drivesDistribution } from './drives'
import { goalDistribution, HOCKEY_GOALS, SOCCER_GOALS, solveGoalRates } from './goals'
import { type LiveState, type ProbabilityLines, readMarket } from './inputs'
import { type PointsParams, pointsDistribution, solveCenter } from './points'
import { NBA_POINTS, NCAAB_POINTS, NCAAF_DRIVES, NCAAF_POINTS, NFL_DRIVES, NFL_POINTS } from './points-params'
import { type HalfInningState, runsDistribution, solveRunRates } from './runs'

export type { ScoreDistribution } from './distribution'
export type { LiveState, ProbabilityLines } from './inputs'

/**
 * One entry point: the final-score distribution of a game from its league, its market lines and its live
 * state, with the model's name and inputs, which every answer shows (decision 023). Tennis has no score model
 * (its grid counts sets), so it, and an unknown league, answer null.
 */
export interface ProbabilityGame {
  league: string
  lines: ProbabilityLines | null
  live: LiveState | null
}

export interface ProbabilityModel {
  name: string
  /** How the prices were de-vigged ('moneyline shin', '1X2 shin, total shin'); null without prices. */
  devig: string | null
  linesUsed: string[]
  /** The share of regulation still to play, 1 before the start. */
  timeLeft: number
  /** A missing line was replaced by the league's average from the history fixtures. */
  fromLeagueAverages: boolean
}

export interface ProbabilityResult {
  distribution: ScoreDistribution
  model: ProbabilityModel
}

export function scoreDistribution(game: ProbabilityGame): ProbabilityResult | null {
  const info = leagueInfo(game.league)
  if (!info) return null
  const { sport } = info
  if (!hasScoreModel(sport)) return null
  switch (sport) {
    case 'soccer':
    case 'hockey':
      return goals(game, sport)
    case 'football':
    case 'basketball':
      return points(game, info.code)
    case 'baseball':
      return baseball(game)
  }
}

function goals(game: ProbabilityGame, sport: 'soccer' | 'hockey'): ProbabilityResult {
  const params = sport === 'soccer' ? SOCCER_GOALS : HOCKEY_GOALS
  const market = readMarket(game.lines, sport === 'soccer')
  const { rates, fromLeagueAverages } = solveGoalRates(market, params)
  const left = fractionLeft(sport === 'soccer' ? CLOCKS.soccer : CLOCKS.hockey, game.live)
  const distribution = goalDistribution(rates, params, left, scoreOf(game.live))
  const name =
    sport === 'soccer' ? 'Dixon-Coles Poisson goals' : 'Dixon-Coles Poisson goals with overtime and shootout'
  return {
    distribution,
    model: { name, devig: market.devig, linesUsed: market.linesUsed, timeLeft: left, fromLeagueAverages },
  }
}

/** Football in play plays out its possessions (drives.ts); before kick-off, and basketball, the margin model. */
const POINTS: Partial<
  Record<LeagueCode, { params: PointsParams; clock: ClockLayout; drives?: DriveParams }>
> = {
  NFL: { params: NFL_POINTS, clock: CLOCKS.football, drives: NFL_DRIVES },
  NCAAF: { params: NCAAF_POINTS, clock: CLOCKS.football, drives: NCAAF_DRIVES },
  NBA: { params: NBA_POINTS, clock: CLOCKS.nba },
  NCAAB: { params: NCAAB_POINTS, clock: CLOCKS.ncaab },
}

function points(game: ProbabilityGame, league: LeagueCode): ProbabilityResult | null {
  const family = POINTS[league]
  if (!family) return null
  const market = readMarket(game.lines, false)
  const { center, fromLeagueAverages } = solveCenter(market, family.params)
  const left = fractionLeft(family.clock, game.live)
  const drives = game.live ? family.drives : undefined
  const distribution = drives
    ? drivesDistribution(center, family.params, drives, left, scoreOf(game.live))
    : pointsDistribution(center, family.params, left, scoreOf(game.live))
  const name = drives
    ? 'Possessions and scoring plays'
    : family.params.keyWeights.length > 0
      ? 'Brownian margin with key numbers'
      : 'Brownian margin'
  return {
    distribution,
    model: { name, devig: market.devig, linesUsed: market.linesUsed, timeLeft: left, fromLeagueAverages },
  }
}

function baseball(game: ProbabilityGame): ProbabilityResult {
  const market = readMarket(game.lines, false)
  const { rates, fromLeagueAverages } = solveRunRates(market)
  const state = halfInning(game.live)
  const distribution = runsDistribution(rates, state, scoreOf(game.live))
  const outsPlayed = ((state.inning - 1) * 2 + (state.half === 'bottom' ? 1 : 0)) * 3 + state.outs
  return {
    distribution,
    model: {
      name: 'Half-inning runs with the base-out state',
      devig: market.devig,
      linesUsed: market.linesUsed,
      timeLeft: Math.max(0, 1 - outsPlayed / 54),
      fromLeagueAverages,
    },
  }
}

/** The half-inning a live baseball game is in (its situation, else its inning's top); the first before it starts. */
export function halfInning(live: LiveState | null): HalfInningState {
  const b = live?.baseball
  if (b) return { inning: Math.max(1, b.inning), half: b.inningHalf, outs: b.outs, bases: b.bases }
  return {
    inning: Math.max(1, live?.period ?? 1),
    half: 'top',
    outs: 0,
    bases: { first: false, second: false, third: false },
  }
}

function scoreOf(live: LiveState | null): { home: number; away: number } {
  return { home: live?.homeScore ?? 0, away: live?.awayScore ?? 0 }
}
