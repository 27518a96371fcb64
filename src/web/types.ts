import type { BaseballSituation, FootballSituation as FootballDetails, MarketLines } from '../domain/game'

/** The API's shapes as the web app reads them (docs/API.md). Money is a decimal string, as sent. */
export interface User {
  id: number
  username: string
  email: string
  emailVerified: boolean
  cellPhone: string | null
  role: string
  isAdmin: boolean
  subscriptionTier: string
  timezone: string
  twoFactorEnabled: boolean
  twoFactorMethod: string | null
}

/** Live situations are the domain's own shapes, served as stored (docs/feeds.md). */
export type { BaseballSituation, FootballDetails }

export interface Bet {
  id: number
  userId: number
  gameId: number
  betType: 'spread' | 'total' | 'moneyline'
  selection: string
  odds: number
  amount: string
  potentialWin: string
  payout: string | null
  sportsbook: string
  spreadTeam: string | null
  spreadPoints: number | null
  totalPoints: number | null
  overUnder: 'over' | 'under' | null
  betStatus: 'tentative' | 'committed'
  result: 'won' | 'lost' | 'push' | null
  placedAt: string
  settledAt: string | null
}

export interface Game {
  id: number
  sport: string
  league: string
  leagueAlias: string
  status: string
  statusDetail: string | null
  gameStatus: string
  isLive: boolean
  gameTime: string | null
  period: number | null
  startTime: string
  createdAt: string
  homeTeam: string
  awayTeam: string
  homeAbbreviation: string | null
  awayAbbreviation: string | null
  homeScore: number | null
  awayScore: number | null
  baseball: BaseballSituation | null
  footballDetails: FootballDetails | null
  lines: MarketLines | null
  version: number
}

/** A game of the games list, with the user's own bets on it. */
export interface ListedGame extends Game {
  bets: Bet[]
}

/** A bet of the active, history and all-bets lists, with its game. */
export interface BetWithGame extends Bet {
  game: Game
}

export interface OutcomeCell {
  awayScore: number
  profit: number
  roi: number
  impossible?: true
}

export interface OutcomeMatrix {
  gameId: number
  sport: string
  status: string
  homeTeam: string
  awayTeam: string
  homeScore: number | null
  awayScore: number | null
  gameVersion: number
  betCount: number
  totalStake: number
  tiesImpossible: boolean
  homeRange: { min: number; max: number }
  awayRange: { min: number; max: number }
  outcomes: { homeScore: number; outcomes: OutcomeCell[] }[]
}
