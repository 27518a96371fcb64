import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { statsParams, userStats } from '../../contract/stats'
import { BET_TYPE_LABELS, BET_TYPES } from '../../domain/bet'
import { leagueLabel, leagueRank } from '../../domain/leagues'
import { formatCents } from '../../domain/money'
import { type BetSummary, summarizeBets, summarizeBy } from '../../domain/statistics'
import { signedInUser } from '../auth/session.plugin'
import { recordedBet } from '../bets/bet-rows'
import { users } from '../db/schema'
import { refusals } from '../http/contract'
import { notFound } from '../http/errors'

/**
 * GET /api/stats/user[/{userId}] (shape not in the spec): the history summary (D7: only committed,
 * settled bets count in P&L) and the same summary per sport and per bet type, all from statistics.ts.
 * Another user's stats are for admins only; anyone else gets the 404 of D10.
 */
export async function statsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const statsOf = async (userId: number) => {
    const rows = await app.repos.bets.list(userId)
    const bets = rows.map(({ bet, game }) => ({ ...recordedBet(bet), sport: game.league }))
    const bySport = [...summarizeBy(bets, (b) => b.sport)].sort(([a], [b]) => leagueRank(a) - leagueRank(b))
    return {
      userId,
      ...summaryView(summarizeBets(bets)),
      bySport: bySport.map(([sport, summary]) => ({
        sport,
        label: leagueLabel(sport),
        ...summaryView(summary),
      })),
      byBetType: [...summarizeBy(bets, (b) => b.betType)]
        .sort(([a], [b]) => BET_TYPES.indexOf(a) - BET_TYPES.indexOf(b))
        .map(([betType, summary]) => ({
          betType,
          label: BET_TYPE_LABELS[betType],
          ...summaryView(summary),
        })),
    }
  }

  app.get('/api/stats/user', { schema: { response: { 200: userStats } } }, async (request) =>
    statsOf(signedInUser(request).id),
  )

  const otherSchema = { params: statsParams, response: { 200: userStats, ...refusals(400, 404) } }
  app.get('/api/stats/user/:userId', { schema: otherSchema }, async (request) => {
    const user = signedInUser(request)
    const { userId } = request.params
    if (userId === user.id) return statsOf(userId)
    if (user.role !== 'admin') throw notFound('User not found')
    const [exists] = await app.db.select({ id: users.id }).from(users).where(eq(users.id, userId))
    if (!exists) throw notFound('User not found')
    return statsOf(userId)
  })
}

/** Money as decimal strings (exact to the cent), win rate as a fraction, ROI in percent. */
function summaryView(summary: BetSummary) {
  const { wagered, net, ...counts } = summary
  return { ...counts, totalWagered: formatCents(wagered), netProfit: formatCents(net) }
}
