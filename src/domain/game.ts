import type { LeagueCode } from './leagues'
import type { PeriodScore } from './periods'

/**
 * A game as Grid stores and serves it, whatever feed it came from (ESPN or the simulator). Statuses are
 * normalised here; the display mapping (SCHEDULED, LIVE, FINAL, PENDING) is game-status.ts.
 */
export type GameStatus = 'scheduled' | 'in_progress' | 'final' | 'postponed' | 'canceled' | 'delayed'

export type FeedProvider = 'espn' | 'simulated'

/** Where a stored game came from: a feed, or an imported bet's event that matched no feed game. */
export type GameProvider = FeedProvider | 'unlinked'

export interface BaseballSituation {
  inning: number
  inningHalf: 'top' | 'bottom'
  outs: number
  balls: number
  strikes: number
  bases: { first: boolean; second: boolean; third: boolean }
}

export interface FootballSituation {
  down: number | null
  distance: number | null
  /** Yards from the possessing team's own goal line (0-100). ESPN counts from the home goal line; its parser converts. */
  yardLine: number | null
  /** The abbreviation of the team with the ball. */
  possession: string | null
  redZone: boolean
  timeouts: { home: number | null; away: number | null }
  /** '3rd & 4 at DET 34' when the feed gives it. */
  downDistanceText: string | null
}

/** Market lines when the feed carries them; spread is the home team's (negative when favoured). */
export interface MarketLines {
  provider: string | null
  homeSpread: number | null
  total: number | null
  homeMoneyline: number | null
  awayMoneyline: number | null
  drawMoneyline: number | null
}

export interface FeedGame {
  provider: FeedProvider
  /** The provider's own id, unique per provider. */
  providerId: string
  /** The display group (MLB, EPL...) and the feed's own code ('eng.1'), which the group folds. */
  league: LeagueCode
  leagueAlias: string
  status: GameStatus
  /** The provider's status text for anything the normalised status loses ('Final/OT', 'Halftime'). */
  statusDetail: string | null
  /** The clock text the game card shows: 'Top 9th', '8:41 - 4th', "58'". Null before the start. */
  gameTime: string | null
  period: number | null
  startTime: Date
  homeTeam: string
  awayTeam: string
  homeAbbreviation: string | null
  awayAbbreviation: string | null
  /** Null before the game has a score. */
  homeScore: number | null
  awayScore: number | null
  /** The score by period so far (decision 070); empty before the start and where the feed gives none. */
  periods: PeriodScore[]
  baseball: BaseballSituation | null
  football: FootballSituation | null
  lines: MarketLines | null
}
