import type { FastifyInstance } from 'fastify'
import type { MarketBetRow } from '../db/bets-schema'
import type { GameRow } from '../db/games-schema'
import type { UserRow } from '../db/schema'

/**
 * The serialized answer about a user's bets on a game (the grid, the live probability, the suggestions),
 * from the instance's byte-bounded cache (answer-cache.ts). An entry is stamped with the game version and
 * the user's bets version, so a poll between changes costs the session lookup (which carries the bets
 * version), a shared game read and cached bytes. Only users with bets on a game get an entry of their own:
 * without bets the answer is the same for everyone watching that game, so they share one, and asking
 * about many games without betting on them fills nothing.
 */
export async function cachedGameAnswer(
  app: FastifyInstance,
  kind: 'grid' | 'probability' | 'suggestions',
  user: UserRow,
  game: GameRow,
  build: (bets: readonly MarketBetRow[]) => unknown,
  /** More that the answer depends on (the suggestions' price age: a time bucket). */
  also = '',
): Promise<Buffer> {
  const cache = app.gameAnswers
  const key = `${kind}:${user.id}:${game.id}`
  const stamp = `${game.version}:${user.betsVersion}:${also}`
  const held = cache.get(key, stamp)
  if (held) return held
  // Bets read after the stamp are at least as new as it: at worst the next poll rebuilds once more.
  const bets = await app.repos.bets.forGame(user.id, game.id)
  const sharedKey = `${kind}:game:${game.id}`
  const sharedStamp = `${game.version}:${also}`
  const shared = bets.length === 0 ? cache.get(sharedKey, sharedStamp) : null
  if (shared) return shared
  const body = Buffer.from(JSON.stringify(await build(bets)))
  if (bets.length === 0) cache.set(sharedKey, sharedStamp, body)
  else cache.set(key, stamp, body)
  return body
}
