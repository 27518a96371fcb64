import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { liveProbability, probabilityParams } from '../../contract/probability'
import { signedInUser } from '../auth/session.plugin'
import { cachedGameAnswer } from '../game-answers/cached-answer'
import { refusals, sendCached } from '../http/contract'
import { conflict, notFound } from '../http/errors'
import { requirePlan } from '../http/guards'
import { memoryRateLimiter } from '../http/rate-limit'
import { noDistribution } from './game-distributions'
import { liveProbabilityView, MIN_LISTED_PROBABILITY } from './probability-view'

/**
 * GET /api/live-probability/{gameId}, polled every 30 s by the Probability Analysis panel. The
 * distribution is computed once per game state for everyone (game-distributions.ts); the answer priced by
 * the user's bets is cached like the grid's (game-answers/cached-answer.ts).
 */
export async function liveProbabilityRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const limit = memoryRateLimiter(app.clock)

  const schema = {
    summary: 'How likely each final score is, and what it means for the user’s position',
    description: `For a scheduled or live game: every final score at least ${MIN_LISTED_PROBABILITY} likely with its probability (0-1, decision 023) and the user's profit and ROI there, the win/draw/win chances, the position's expected profit and chances of profit, push and loss, and the model with the lines it used (docs/probability.md). 409 for a final or canceled game. Computed once per game state, cached per bets version.`,
    params: probabilityParams,
    response: { 200: liveProbability, ...refusals(400, 403, 404, 409, 429) },
  }
  app.get('/api/live-probability/:gameId', { schema }, async (request, reply) => {
    const user = signedInUser(request)
    requirePlan(request)
    limit(`probability:${user.id}`, app.policies.rateLimits.liveProbabilityPerUser)
    const game = await app.repos.games.recentById(request.params.gameId)
    // An unlinked bet's placeholder event (docs/import.md) is off the grid.
    if (!game || game.provider === 'unlinked') throw notFound('Game not found')
    const shared = app.distributions.forGame(game)
    if (!shared) throw conflict(noDistribution(game))
    const body = await cachedGameAnswer(app, 'probability', user, game, (position) =>
      liveProbabilityView(game, shared, position, app.distributions),
    )
    return sendCached(reply, body)
  })
}
