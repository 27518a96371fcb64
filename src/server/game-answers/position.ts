import type { FastifyInstance } from 'fastify'
import { FULL_GAME } from '../../domain/periods'
import type { LegWithGame } from '../bets/bet-view'
import type { BetRow, MarketBetRow } from '../db/bets-schema'
import type { GameRow } from '../db/games-schema'

/** A stored ticket of several legs with its legs and their games. */
export interface OpenTicket {
  bet: BetRow
  legs: readonly LegWithGame[]
}

/**
 * What a user holds on one game: the singles on its markets, and the open tickets with a leg on it
 * (decision 067), with every game those tickets' legs are on, read whole (their distributions price the
 * legs still to play there).
 */
export interface Position {
  /** The singles on the full game: what the grid, the chances and the suggestions read off the final score. */
  bets: readonly MarketBetRow[]
  /** The singles on part of the game (decision 073): each period's grid reads its own. */
  periodBets: readonly MarketBetRow[]
  tickets: readonly OpenTicket[]
  games: ReadonlyMap<number, GameRow>
}

export async function positionOn(app: FastifyInstance, userId: number, game: GameRow): Promise<Position> {
  const [singles, tickets] = await Promise.all([
    app.repos.bets.forGame(userId, game.id),
    app.repos.bets.openTicketsOn(userId, game.id),
  ])
  const games = new Map<number, GameRow>([[game.id, game]])
  for (const other of await recentGames(app, relatedGameIds(tickets, game.id))) games.set(other.id, other)
  const bets = singles.filter((bet) => bet.period === FULL_GAME)
  const periodBets = singles.filter((bet) => bet.period !== FULL_GAME)
  return { bets, periodBets, tickets, games }
}

/** The other games the tickets have legs on, in id order: their changes change this game's answers. */
export function relatedGameIds(tickets: readonly OpenTicket[], gameId: number): number[] {
  const ids = new Set<number>()
  for (const { legs } of tickets) for (const { leg } of legs) if (leg.gameId !== gameId) ids.add(leg.gameId)
  return [...ids].sort((a, b) => a - b)
}

/** The games as read at most a second ago (games.repository.ts recentByIds), shared by every poll. */
export function recentGames(app: FastifyInstance, ids: readonly number[]): Promise<GameRow[]> {
  return ids.length === 0 ? Promise.resolve([]) : app.repos.games.recentByIds(ids)
}

/**
 * The stamp of a user's answers on a game: the game's version and the bets version, and where the user's
 * open tickets there have legs on other games, the sum of those games' versions (each only grows, so any
 * change moves the sum). The grid's cache entries and the live `position` events carry the same one.
 */
export function positionStamp(gameVersion: number, betsVersion: number, related: readonly number[]): string {
  const base = `${gameVersion}:${betsVersion}`
  return related.length === 0 ? base : `${base}:${related.reduce((sum, version) => sum + version, 0)}`
}
