import { SIMULATED_AVERAGES, type SimulatedLeague } from './leagues'
import { createRng } from './random'
import type { Team } from './teams'

/**
 * Who plays whom and what each side is expected to score. Every team has one rating per seed and league
 * (not per day), so a strong team stays strong all season; the models scale their event rates by
 * `factor` and the market lines are priced from `expected`, so the favourite the lines name is the side
 * the simulation favours.
 */
export interface MatchupSide extends Team {
  /** Expected points of this side in this game. */
  expected: number
  /** expected / the league's average: how much more (or less) often this side scores than an average team. */
  factor: number
}

export interface Matchup {
  league: SimulatedLeague
  home: MatchupSide
  away: MatchupSide
}

interface StrengthSpread {
  /** Share of the league average one rating point of difference moves each side's expected score. */
  perRating: number
  /** Share of the league average the home side gains (and the away side loses). */
  homeEdge: number
}

// Tuned so that the expected margins (2 x average x share) spread like the leagues' closing lines: NFL
// favourites by ~6 points on average with 1.75 for home field, NBA ~6.5 and 2.5, NCAAB ~9 and 3.5, NCAAF
// ~12 and 2.5, MLB and NHL ~0.7 runs/goals, soccer ~0.6 goals with ~0.3 for home.
const SPREADS: Readonly<Record<SimulatedLeague, StrengthSpread>> = {
  MLB: { perRating: 0.11, homeEdge: 0.02 },
  NFL: { perRating: 0.19, homeEdge: 0.04 },
  NBA: { perRating: 0.04, homeEdge: 0.011 },
  NHL: { perRating: 0.11, homeEdge: 0.025 },
  NCAAF: { perRating: 0.3, homeEdge: 0.045 },
  NCAAB: { perRating: 0.085, homeEdge: 0.024 },
  MLS: { perRating: 0.25, homeEdge: 0.12 },
  EPL: { perRating: 0.3, homeEdge: 0.1 },
  LALIGA: { perRating: 0.3, homeEdge: 0.1 },
  BUNDESLIGA: { perRating: 0.3, homeEdge: 0.1 },
  SERIEA: { perRating: 0.28, homeEdge: 0.1 },
  LIGUE1: { perRating: 0.3, homeEdge: 0.1 },
  UCL: { perRating: 0.35, homeEdge: 0.1 },
  UEL: { perRating: 0.3, homeEdge: 0.1 },
}

/** Ratings are standard normal, cut at 2.5 so that no pairing leaves a side with almost nothing. */
function teamRating(seed: number, league: SimulatedLeague, team: Team): number {
  const rating = createRng(seed).fork('ratings').fork(league).fork(team.abbreviation).normal()
  return Math.max(-2.5, Math.min(2.5, rating))
}

export function matchup(seed: number, league: SimulatedLeague, home: Team, away: Team): Matchup {
  const { perRating, homeEdge } = SPREADS[league]
  const edge = (perRating * (teamRating(seed, league, home) - teamRating(seed, league, away))) / 2 + homeEdge
  // Symmetric shares keep the league's mean exact: what one side gains the other loses.
  const share = Math.max(-0.7, Math.min(0.7, edge))
  const average = SIMULATED_AVERAGES[league].points
  const side = (team: Team, factor: number): MatchupSide => ({ ...team, factor, expected: average * factor })
  return { league, home: side(home, 1 + share), away: side(away, 1 - share) }
}
