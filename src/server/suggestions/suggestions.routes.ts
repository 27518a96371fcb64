import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { gameSuggestions, suggestionParams, userSuggestions } from '../../contract/suggestions'
import { leagueInfo } from '../../domain/leagues'
import { centsToDollars } from '../../domain/money'
import { DEFAULT_SUGGESTION_OPTIONS, exposureOf, suggestionsFor } from '../../domain/suggestions/index'
import { signedInUser } from '../auth/session.plugin'
import { betTerms } from '../bets/bet-rows'
import type { GameRow } from '../db/games-schema'
import type { UserRow } from '../db/schema'
import { cachedGameAnswer } from '../game-answers/cached-answer'
import { type Position, recentGames } from '../game-answers/position'
import { refusals, sendCached } from '../http/contract'
import { notFound } from '../http/errors'
import { requirePlan } from '../http/guards'
import { memoryRateLimiter } from '../http/rate-limit'
import { positionTickets } from '../probability/position-tickets'
import { insightWriter } from './insight-writer'
import { suggestionContext } from './suggestion-context'
import { gameSuggestionsView, noSuggestionsView } from './suggestions-view'

/**
 * The price ages in an answer are true to this many seconds: the cache stamp moves on with them, as well
 * as with the game's state (score, clock, lines) and the user's bets.
 */
const AGE_BUCKET_MS = 30_000

type GameAnswer = ReturnType<typeof gameSuggestionsView>

/**
 * GET /api/suggestions/game/{gameId} and GET /api/suggestions/user (docs/spec/product-spec.md §7): the rules of
 * src/domain/suggestions on the game's distribution (computed once per game state), its current lines
 * and their age, its score history and the user's open bets; cached like the grid
 * (game-answers/cached-answer.ts).
 */
export async function suggestionsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const limit = memoryRateLimiter(app.clock)
  const writeInsight = insightWriter(app.config.llm, app.log)

  const build = async (
    game: GameRow,
    position: Position,
  ): Promise<GameAnswer | ReturnType<typeof noSuggestionsView>> => {
    const now = app.clock()
    const { bets } = position
    const open = bets.filter((bet) => bet.result === null)
    const shared = app.distributions.forGame(game)
    if (!shared) {
      const exposure = open.length === 0 ? 0 : centsToDollars(exposureOf(open.map(betTerms)))
      return noSuggestionsView(game.id, nothingToSuggest(game), open.length, exposure, now)
    }
    const context = suggestionContext({
      game,
      distribution: shared.result.distribution,
      bets,
      tickets: positionTickets(position, game, app.distributions, 'expected').lastLeg,
      states: await app.repos.games.states(game.id),
      now,
      maxPriceAgeSeconds: DEFAULT_SUGGESTION_OPTIONS.maxPriceAgeSeconds,
    })
    const view = gameSuggestionsView(game.id, context, suggestionsFor(context), now)
    // Decision 024: only the insight's words may be rewritten, never its numbers (insight-writer.ts checks).
    for (const s of view.suggestions)
      if (s.type === 'insight') s.description = await writeInsight(s.description)
    return view
  }

  const answerFor = (user: UserRow, game: GameRow) =>
    cachedGameAnswer(
      app,
      'suggestions',
      user,
      game,
      (position) => build(game, position),
      ageBucket(app.clock()),
    )

  const gameSchema = {
    summary: 'What to do next on the user’s position in one game',
    description: `Hedge, middle, value, arbitrage, cross-correlation, trend, momentum and the AI insight (docs/suggestions.md), each with its amount (never above the sensible one, decision 024), expected value, chance of profit, the age and source of its price (\`priceSource\` \`model\` when the feed’s price is too old or the pregame line of a live game: \`suggestedOdds\` is then the model’s break-even price and \`fairOdds\` its fair price, decision 029) and a before/after mini grid; \`notes\` say what a rule saw and did not suggest. Cached per game state, bets and ${AGE_BUCKET_MS / 1000} s of price age.`,
    params: suggestionParams,
    response: { 200: gameSuggestions, ...refusals(400, 403, 404, 429) },
  }
  app.get('/api/suggestions/game/:gameId', { schema: gameSchema }, async (request, reply) => {
    const user = signedInUser(request)
    requirePlan(request)
    limit(`suggestions:${user.id}`, app.policies.rateLimits.suggestionsPerUser)
    const game = await app.repos.games.recentById(request.params.gameId)
    // An unlinked bet's placeholder event (docs/import.md) is off the grid.
    if (!game || game.provider === 'unlinked') throw notFound('Game not found')
    return sendCached(reply, await answerFor(user, game))
  })

  const userSchema = {
    summary: 'Suggestions across the user’s open games, best expected value first',
    response: { 200: userSuggestions, ...refusals(403, 429) },
  }
  app.get('/api/suggestions/user', { schema: userSchema }, async (request) => {
    const user = signedInUser(request)
    requirePlan(request)
    limit(`suggestions:${user.id}`, app.policies.rateLimits.suggestionsPerUser)
    const open = await app.repos.bets.list(user.id, { active: true })
    const games = new Map(open.map(({ game }) => [game.id, game]))
    // A ticket's other legs' games too: its last leg may be on any of them (decision 067).
    const legs = await app.repos.bets.legsOf(open.map(({ bet }) => bet))
    const others = [...legs.values()].flat().flatMap(({ game }) => (games.has(game.id) ? [] : [game.id]))
    for (const game of await recentGames(app, [...new Set(others)]))
      if (game.provider !== 'unlinked') games.set(game.id, game)
    const answers: GameAnswer[] = []
    for (const game of games.values()) answers.push(JSON.parse((await answerFor(user, game)).toString()))
    const suggestions = answers.flatMap((answer) => answer.suggestions)
    suggestions.sort((a, b) => b.expectedValue - a.expectedValue)
    return { suggestions, generatedAt: app.clock().toISOString() }
  })
}

function ageBucket(now: Date): string {
  return String(Math.floor(now.getTime() / AGE_BUCKET_MS))
}

function nothingToSuggest(game: GameRow): string {
  if (game.status === 'final') return 'The game is over: there is nothing left to suggest.'
  if (game.status === 'canceled') return 'The game was canceled: its bets are void.'
  return `Grid has no score model for ${leagueInfo(game.league)?.label ?? game.league} games, so no suggestions.`
}
