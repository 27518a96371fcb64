import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { listedGames } from '../../contract/bets'
import { noBody } from '../../contract/common'
import { feedAnswer, syncAnswer, syncParams } from '../../contract/games'
import { addDays, calendarDay, startOfDay } from '../../domain/calendar'
import { signedInUser } from '../auth/session.plugin'
import { betView } from '../bets/bet-view'
import { refusals } from '../http/contract'
import { notFound } from '../http/errors'
import { perWindow } from '../http/rate-limit'
import { gameView } from './game-view'

const DAY_MS = 86_400_000

/** Signed-in routes (http/guards.ts). */
export async function gamesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  /**
   * The games to show: live ones, the user's today (their time zone), and every game they have bets on
   * that started less than a day ago. Each carries the user's own bets, nothing of anyone else's.
   */
  app.get(
    '/api/games/live',
    {
      schema: {
        summary: 'The games to show, with the user’s own bets',
        description:
          'Live games, the user’s today in their time zone, and every game they bet on that started less than a day ago, by start time. Header `x-grid-feed` names the feed.',
        response: { 200: listedGames },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request)
      const now = app.clock()
      const today = calendarDay(now, user.timezone)
      const rows = await app.repos.games.forList({
        provider: app.feed.provider,
        from: startOfDay(today, user.timezone),
        to: startOfDay(addDays(today, 1), user.timezone),
        userId: user.id,
        betsSince: new Date(now.getTime() - DAY_MS),
      })
      const mine = await app.repos.bets.forGames(
        user.id,
        rows.map((g) => g.id),
      )
      reply.header('cache-control', 'no-store')
      reply.header('x-grid-feed', app.feed.provider)
      const legs = await app.repos.bets.legsOf(mine.map(({ bet }) => bet))
      return rows.map((game) =>
        gameView(
          game,
          mine.filter((row) => row.game.id === game.id).map(({ bet }) => betView(bet, legs.get(bet.id))),
        ),
      )
    },
  )

  /** Decision 018: which feed is in use and how the last sync went; the UI says which. */
  app.get(
    '/api/games/feed',
    {
      schema: {
        summary: 'Which feed serves the games and when it last synced (decision 018)',
        response: { 200: feedAnswer },
      },
    },
    async () => {
      return { source: app.feed.provider, lastSync: await app.lastSync() }
    },
  )

  /** On-demand sync (spec: the last segment names the provider). */
  const syncSchema = {
    summary: 'Sync the scoreboard now (provider `espn`)',
    description: `Answers with a sync in flight on any instance when it finishes first; 409 when another sync holds the lock too long. ${perWindow(app.policies.rateLimits.syncPerAccount, 'user')}.`,
    params: syncParams,
    body: noBody,
    response: { 200: syncAnswer, ...refusals(404, 409, 429) },
  }
  app.post('/api/games/sync-:provider', { schema: syncSchema }, async (request) => {
    const user = signedInUser(request)
    if (request.params.provider !== 'espn') throw notFound('Unknown sports-data provider')
    await app.rateLimit(`sync:user:${user.id}`, app.policies.rateLimits.syncPerAccount)
    const result = await app.syncNow()
    return { betOutcomesUpdated: result.betOutcomesUpdated, source: result.source, games: result.games }
  })
}
