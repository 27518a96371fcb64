import { and, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { addDays, calendarDay, startOfDay } from '../../domain/calendar'
import { requireUser } from '../auth/session.plugin'
import { betView } from '../bets/bet-view'
import { bets } from '../db/games-schema'
import { notFound } from '../http/errors'
import { gameView } from './game-view'

const DAY_MS = 86_400_000

export async function gamesRoutes(app: FastifyInstance) {
  /**
   * The games to show: live ones, the user's today (their time zone), and every game they have bets on
   * that started less than a day ago. Each carries the user's own bets, nothing of anyone else's.
   */
  app.get('/api/games/live', async (request, reply) => {
    const user = requireUser(request)
    const now = app.clock()
    const today = calendarDay(now, user.timezone)
    const rows = await app.repos.games.forList({
      provider: app.feed.provider,
      from: startOfDay(today, user.timezone),
      to: startOfDay(addDays(today, 1), user.timezone),
      userId: user.id,
      betsSince: new Date(now.getTime() - DAY_MS),
    })
    const ids = rows.map((g) => g.id)
    const mine = ids.length
      ? await app.db
          .select()
          .from(bets)
          .where(and(eq(bets.userId, user.id), inArray(bets.gameId, ids)))
          .orderBy(bets.id)
      : []
    reply.header('cache-control', 'no-store')
    reply.header('x-grid-feed', app.feed.provider)
    return rows.map((game) => gameView(game, mine.filter((b) => b.gameId === game.id).map(betView)))
  })

  /** D18: which feed is in use and how the last sync went; the UI says which. */
  app.get('/api/games/feed', async (request) => {
    requireUser(request)
    return { source: app.feed.provider, lastSync: await app.lastSync() }
  })

  /** On-demand sync (spec: the last segment names the provider). */
  app.post<{ Params: { provider: string } }>('/api/games/sync-:provider', async (request) => {
    const user = requireUser(request)
    if (request.params.provider !== 'espn') throw notFound('Unknown sports-data provider')
    await app.rateLimit(`sync:user:${user.id}`, app.config.rateLimits.syncPerAccount)
    const result = await app.syncNow()
    return { betOutcomesUpdated: result.betOutcomesUpdated, source: result.source, games: result.games }
  })
}
