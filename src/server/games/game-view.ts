import type { BetView } from '../../contract/bets'
import type { GameFields } from '../../contract/games'
import { displayGameStatus } from '../../domain/game-status'
import type { GameRow } from '../db/games-schema'

/** The spec's Game entity with the user's own bets on it (the games list). */
export function gameView(game: GameRow, bets: BetView[]) {
  return { ...gameFields(game), bets }
}

/**
 * The spec's Game entity: `sport` is the league code, `gameStatus` is 'live', 'final' or the uppercase
 * status. Bets lists embed it as `game`.
 */
export function gameFields(game: GameRow): GameFields {
  const display = displayGameStatus(game.status)
  return {
    id: game.id,
    sport: game.league,
    league: game.league,
    leagueAlias: game.leagueAlias,
    provider: game.provider,
    status: game.status,
    statusDetail: game.statusDetail,
    gameStatus: display === 'LIVE' ? 'live' : display === 'FINAL' ? 'final' : game.status.toUpperCase(),
    isLive: display === 'LIVE',
    gameTime: game.gameTime,
    period: game.period,
    startTime: game.startTime.toISOString(),
    createdAt: game.createdAt.toISOString(),
    homeTeam: game.homeTeam,
    awayTeam: game.awayTeam,
    homeAbbreviation: game.homeAbbreviation,
    awayAbbreviation: game.awayAbbreviation,
    homeScore: game.homeScore,
    awayScore: game.awayScore,
    periods: game.periods,
    baseball: game.baseball,
    footballDetails: game.football,
    lines: game.lines,
    version: game.version,
  }
}
