import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { gameGrid, gridParams, gridQuery } from '../../contract/grid'
import { readPeriod } from '../../domain/bet-form'
import { hasPlanFeatures } from '../../domain/subscription'
import { signedInUser } from '../auth/session.plugin'
import { cachedGameAnswer } from '../game-answers/cached-answer'
import { refusals, sendCached } from '../http/contract'
import { badRequest, notFound } from '../http/errors'
import { memoryRateLimiter } from '../http/rate-limit'
import { gridView } from './grid.view'

/**
 * The grid is polled every 3 s per live game by every bettor watching it (docs/spec/product-spec.md §7), so its answer
 * is cached per game state and bets version (game-answers/cached-answer.ts), and the poll is rate limited
 * per user in memory.
 */
export async function gridRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const limit = memoryRateLimiter(app.clock)

  const schema = {
    summary: 'The outcome grid: the user’s profit for every final score',
    description:
      "Cells by home and away score with profit in dollars and ROI in percent of the stake (one decimal, rounded once); ties that cannot be final are marked (decision 006). Where the game has a score distribution each cell carries its probability (0-1, decision 023) and `probability` the model, the position's expected profit and chances, and the likely region. Open tickets of several legs whose worth depends on this game's score are counted in the cells (decision 067): exact where their other legs are decided, else their legs on other games at their chances now (`rest=expected`, cells marked `estimate`) or as won (`rest=if_rest_win`); `tickets` lists them with their chances. An ETag answers a matching If-None-Match with 304.",
    params: gridParams,
    querystring: gridQuery,
    response: { 200: gameGrid, ...refusals(400, 404, 429) },
  }
  app.get('/api/outcome-matrix/:gameId', { schema }, async (request, reply) => {
    const user = signedInUser(request)
    limit(`grid:${user.id}`, app.policies.rateLimits.gridPerUser)
    const game = await app.repos.games.recentById(request.params.gameId)
    // An unlinked bet's placeholder event (docs/import.md) is off the grid.
    if (!game || game.provider === 'unlinked') throw notFound('Game not found')
    // Decision 016: the grid of one's own bets is always there; its probabilities need a trial or a plan.
    const withProbability = hasPlanFeatures(user.subscriptionTier)
    const { rest } = request.query
    const offered = readPeriod(request.query.period, game)
    if ('message' in offered) throw badRequest(offered.message, offered.field)
    const { period } = offered
    const body = await cachedGameAnswer(
      app,
      'grid',
      user,
      game,
      (position) => gridView(game, position, withProbability ? app.distributions : null, rest, period),
      withProbability ? '' : 'no plan',
      `${rest}:${period}`,
    )
    return sendCached(reply, body)
  })
}
