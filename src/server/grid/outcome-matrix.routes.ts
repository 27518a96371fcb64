import type { FastifyInstance } from 'fastify'
import { requireUser } from '../auth/session.plugin'
import { notFound, pathId } from '../http/errors'
import { MatrixCache } from './matrix-cache'
import { outcomeMatrixView } from './outcome-matrix.view'

/**
 * The grid is polled every 3 s per live game by every bettor watching it (spec section 7), so a poll
 * between changes costs the session lookup (which carries the bets version), a game read shared by every
 * poller for a second, and cached bytes. The ETag lets a browser revalidate with a 304.
 */
export async function outcomeMatrixRoutes(app: FastifyInstance) {
  const cache = new MatrixCache()

  app.get<{ Params: { gameId: string } }>('/api/outcome-matrix/:gameId', async (request, reply) => {
    const user = requireUser(request)
    const game = await app.repos.games.recentById(pathId(request.params.gameId, 'gameId'))
    if (!game) throw notFound('Game not found')
    const key = `${user.id}:${game.id}`
    const stamp = `${game.version}:${user.betsVersion}`
    const etag = `W/"${key}:${stamp}"`
    reply.header('cache-control', 'private, no-cache').header('etag', etag)
    if (request.headers['if-none-match'] === etag) return reply.code(304).send()
    let body = cache.get(key, stamp)
    if (body === null) {
      // Bets read after the stamp are at least as new as it: at worst the next poll rebuilds once more.
      body = JSON.stringify(outcomeMatrixView(game, await app.repos.bets.forGame(user.id, game.id)))
      cache.set(key, stamp, body)
    }
    return reply.type('application/json; charset=utf-8').send(body)
  })
}
