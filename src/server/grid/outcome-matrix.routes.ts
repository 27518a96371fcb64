import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { gridParams, outcomeMatrix } from '../../contract/grid'
import { signedInUser } from '../auth/session.plugin'
import { refusals, sendCached } from '../http/contract'
import { notFound } from '../http/errors'
import { memoryRateLimiter } from '../http/rate-limit'
import { outcomeMatrixView } from './outcome-matrix.view'

/**
 * The grid is polled every 3 s per live game by every bettor watching it (spec section 7), so a poll
 * between changes costs the session lookup (which carries the bets version), a game read shared by every
 * poller for a second, and cached bytes. Only users with bets on a game get an entry of their own: a
 * grid without bets is the same for everyone watching that game, so they share one, and asking for the
 * grids of many games without betting on them fills nothing (issue 11). The poll is rate limited per user
 * in memory.
 */
export async function outcomeMatrixRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const cache = app.matrixCache
  const limit = memoryRateLimiter(app.clock)

  const schema = { params: gridParams, response: { 200: outcomeMatrix, ...refusals(400, 404, 429) } }
  app.get('/api/outcome-matrix/:gameId', { schema }, async (request, reply) => {
    const user = signedInUser(request)
    limit(`matrix:${user.id}`, app.config.rateLimits.outcomeMatrixPerUser)
    const game = await app.repos.games.recentById(request.params.gameId)
    if (!game) throw notFound('Game not found')
    const key = `${user.id}:${game.id}`
    const stamp = `${game.version}:${user.betsVersion}`
    let body = cache.get(key, stamp)
    if (body === null) {
      // Bets read after the stamp are at least as new as it: at worst the next poll rebuilds once more.
      const bets = await app.repos.bets.forGame(user.id, game.id)
      const sharedKey = `game:${game.id}`
      body = bets.length === 0 ? cache.get(sharedKey, String(game.version)) : null
      if (body === null) {
        body = Buffer.from(JSON.stringify(outcomeMatrixView(game, bets)))
        if (bets.length === 0) cache.set(sharedKey, String(game.version), body)
        else cache.set(key, stamp, body)
      }
    }
    return sendCached(reply, body)
  })
}
