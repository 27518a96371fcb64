import type { FastifyInstance } from 'fastify'
import type { GameRow } from '../db/games-schema'
import type { UserRow } from '../db/schema'
import { type Position, positionOn, positionStamp, recentGames, relatedGameIds } from './position'

/**
 * The serialized answer about a user's position on a game (the grid, the live probability, the
 * suggestions), from the instance's byte-bounded cache (answer-cache.ts). An entry is stamped with the game
 * version, the user's bets version and the versions of the other games the user's open tickets here have
 * legs on (decision 067: a score there moves what a ticket is worth here), so a poll between changes costs
 * the session lookup (which carries the bets version), shared game reads and cached bytes. Only users with
 * bets on a game get an entry of their own: without bets the answer is the same for everyone watching that
 * game, so they share one, and asking about many games without betting on them fills nothing.
 */
export async function cachedGameAnswer(
  app: FastifyInstance,
  kind: 'grid' | 'probability' | 'suggestions',
  user: UserRow,
  game: GameRow,
  build: (position: Position) => unknown,
  /** More that the answer depends on (the suggestions' price age: a time bucket). */
  also = '',
  /** Which of the answer's forms this is, each cached on its own (the grid's view of tickets). */
  variant = '',
): Promise<Buffer> {
  const cache = app.gameAnswers
  const key = `${kind}${variant}:${user.id}:${game.id}`
  const stampOf = (related: readonly GameRow[]) =>
    `${positionStamp(
      game.version,
      user.betsVersion,
      related.map((other) => other.version),
    )}:${also}`
  const held = cache.get(key)
  if (held && held.stamp === stampOf(await recentGames(app, held.related))) return held.body
  // Bets read after the stamp are at least as new as it: at worst the next poll rebuilds once more.
  const position = await positionOn(app, user.id, game)
  const sharedKey = `${kind}${variant}:game:${game.id}`
  const sharedStamp = `${game.version}:${also}`
  const bare = position.bets.length === 0 && position.periodBets.length === 0 && position.tickets.length === 0
  const shared = bare ? cache.get(sharedKey) : undefined
  if (shared?.stamp === sharedStamp) return shared.body
  const body = Buffer.from(JSON.stringify(await build(position)))
  if (bare) cache.set(sharedKey, { stamp: sharedStamp, body, related: [] })
  else {
    const related = relatedGameIds(position.tickets, game.id)
    const relatedGames = related.flatMap((id) => position.games.get(id) ?? [])
    cache.set(key, { stamp: stampOf(relatedGames), body, related })
  }
  return body
}
