import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { statsParams, statsQuery, userStats } from '../../contract/stats'
import { WIRE_BET_TYPES } from '../../domain/bet'
import type { ProfitPoint } from '../../domain/bet-breakdowns'
import { formatCents } from '../../domain/money'
import { signedInUser } from '../auth/session.plugin'
import { historyRange } from '../bets/history-range'
import { refusals } from '../http/contract'
import { notFound } from '../http/errors'
import { breakdownStats } from './breakdown-stats'
import { summaryView } from './summary-view'

/**
 * GET /api/stats/user[/{userId}] (shape ours, docs/stats.md): over the history's range, the summary (decision 007:
 * only committed, settled bets count in P&L), the cumulative profit by day and the breakdowns, all from
 * bet-breakdowns.ts over statistics.ts, applied to the bets grouped by SQL (one query, sums only). Another user's
 * stats are for admins only; anyone else gets the 404 of decision 010.
 */
export async function statsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  const statsOf = async (userId: number, timeZone: string, query: z.infer<typeof statsQuery>) => {
    const placed = historyRange(query, timeZone, app.clock())
    const { summary, profitByDay, breakdowns } = breakdownStats(
      await app.repos.bets.breakdownGroups(userId, placed),
      timeZone,
    )
    return {
      userId,
      timezone: timeZone,
      ...summaryView(summary),
      bySport: breakdowns.league.map(({ key, ...row }) => ({ sport: key, ...summaryView(row) })),
      byBetType: breakdowns.betType.flatMap(({ key, ...row }) => {
        const betType = WIRE_BET_TYPES.find((type) => type === key)
        return betType ? [{ betType, ...summaryView(row) }] : []
      }),
      profitByDay: profitByDay.map(pointView),
      breakdowns: {
        league: breakdowns.league.map(summaryView),
        betType: breakdowns.betType.map(summaryView),
        sportsbook: breakdowns.sportsbook.map(summaryView),
        oddsRange: breakdowns.oddsRange.map(summaryView),
      },
    }
  }

  const ownSchema = {
    summary: 'The user’s profit and loss (decision 007: settled confirmed bets only)',
    description:
      'Over the history’s range (same query as GET /api/bets/history, `alltime` by default): the summary, the cumulative profit by settlement day in the user’s zone, and breakdowns by league, bet type, sportsbook and odds range (docs/stats.md).',
    querystring: statsQuery,
    response: { 200: userStats, ...refusals(400) },
  }
  app.get('/api/stats/user', { schema: ownSchema }, async (request) => {
    const user = signedInUser(request)
    return statsOf(user.id, user.timezone, request.query)
  })

  const otherSchema = {
    summary: 'Another user’s profit and loss (admins; others get 404)',
    description: 'The same range query and shape as GET /api/stats/user; days in that user’s zone.',
    params: statsParams,
    querystring: statsQuery,
    response: { 200: userStats, ...refusals(400, 404) },
  }
  app.get('/api/stats/user/:userId', { schema: otherSchema }, async (request) => {
    const user = signedInUser(request)
    const { userId } = request.params
    if (userId === user.id) return statsOf(userId, user.timezone, request.query)
    if (user.role !== 'admin') throw notFound('User not found')
    // Days in the bettor's own zone: the same figures the bettor sees.
    const owner = await app.repos.users.byId(userId)
    if (!owner) throw notFound('User not found')
    return statsOf(userId, owner.timezone, request.query)
  })
}

function pointView(point: ProfitPoint) {
  return { ...point, net: formatCents(point.net), cumulative: formatCents(point.cumulative) }
}
