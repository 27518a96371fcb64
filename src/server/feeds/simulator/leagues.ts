import type { LeagueCode } from '../../../domain/leagues'

/**
 * The leagues the simulator plays (every followed league but tennis and the AFC Champions League), the
 * ESPN slug each is filed under, and the scoring each sport model is calibrated to.
 */
export const SIMULATED_LEAGUES = [
  'MLB',
  'NFL',
  'NBA',
  'NHL',
  'NCAAF',
  'NCAAB',
  'MLS',
  'EPL',
  'LALIGA',
  'BUNDESLIGA',
  'SERIEA',
  'LIGUE1',
  'UCL',
  'UEL',
] as const satisfies readonly LeagueCode[]
export type SimulatedLeague = (typeof SIMULATED_LEAGUES)[number]

/** The ESPN slug of each league, as the ESPN feed's `leagueAlias` would carry it. */
export const LEAGUE_ALIASES: Readonly<Record<SimulatedLeague, string>> = {
  MLB: 'mlb',
  NFL: 'nfl',
  NBA: 'nba',
  NHL: 'nhl',
  NCAAF: 'college-football',
  NCAAB: 'mens-college-basketball',
  MLS: 'usa.1',
  EPL: 'eng.1',
  LALIGA: 'esp.1',
  BUNDESLIGA: 'ger.1',
  SERIEA: 'ita.1',
  LIGUE1: 'fra.1',
  UCL: 'uefa.champions',
  UEL: 'uefa.europa',
}

export interface ScoringAverage {
  /** Mean final score of one team, as the scoreboard reports it (overtime and shootout included). */
  points: number
  /** Soccer only: the share of games drawn. */
  drawRate?: number
}

/**
 * What the sport models aim at, per team per game; docs/simulator.md gives the sources. MLB is the 2018
 * season from shared/fixtures/baseball/team_game_runs_distribution_2018_retrosheet_gamelogs.csv
 * (4.45); the rest are recent-season league figures, rounded. The soccer draw rates are what two Poisson
 * scorers at these means give once team strengths differ (measured), within a few points of the leagues'
 * own (20-30%).
 */
export const SIMULATED_AVERAGES: Readonly<Record<SimulatedLeague, ScoringAverage>> = {
  MLB: { points: 4.45 },
  NFL: { points: 22.5 },
  NBA: { points: 114 },
  NHL: { points: 3.1 },
  NCAAF: { points: 28 },
  NCAAB: { points: 72 },
  MLS: { points: 1.5, drawRate: 0.23 },
  EPL: { points: 1.45, drawRate: 0.24 },
  LALIGA: { points: 1.3, drawRate: 0.25 },
  BUNDESLIGA: { points: 1.6, drawRate: 0.22 },
  SERIEA: { points: 1.3, drawRate: 0.25 },
  LIGUE1: { points: 1.4, drawRate: 0.24 },
  UCL: { points: 1.5, drawRate: 0.23 },
  UEL: { points: 1.4, drawRate: 0.24 },
}
