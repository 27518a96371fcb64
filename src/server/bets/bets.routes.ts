import { Readable } from 'node:stream'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  type BetListQuery,
  betListQuery,
  betParams,
  betStatusBody,
  betView as betViewSchema,
  betWithGame,
  createBetBody,
  deletedAnswer,
  editBetBody,
  historyPage,
  historyPageQuery,
  historyQuery,
  liveStanding,
  resolveConflictBody,
} from '../../contract/bets'
import { BET_LIST_LIMIT, type BetTerms, DEFAULT_SPORTSBOOK, NEXT_CURSOR_HEADER } from '../../domain/bet'
import { validateBetForm } from '../../domain/bet-form'
import { calendarDay } from '../../domain/calendar'
import { csvFileName } from '../../domain/csv'
import type { Matchup } from '../../domain/settlement'
import { signedInUser } from '../auth/session.plugin'
import { refusals, sendStream } from '../http/contract'
import { badRequest, conflict, notFound } from '../http/errors'
import { requirePlan } from '../http/guards'
import { memoryRateLimiter } from '../http/rate-limit'
import { summaryView } from '../stats/summary-view'
import { csvText } from './bet-csv'
import { betView, betWithGameView } from './bet-view'
import { historyRange } from './history-range'
import { historySummary, openConflicts } from './history-summary'
import { liveStatus } from './live-status'

const BET_NOT_FOUND = 'Bet not found'
const COMMITTED_EDIT = 'Committed bets cannot be edited. Only tentative bets can be edited.'

const betList = {
  querystring: betListQuery,
  response: { 200: z.array(betWithGame), ...refusals(400, 429) },
}
const historySchema = { querystring: historyPageQuery, response: { 200: historyPage, ...refusals(400) } }
/** A history page: a screenful of game cards and about 500 bets (a game is never split across pages). */
const HISTORY_PAGE_GAMES = 20
const HISTORY_PAGE_BETS = 500

/**
 * The bets API (spec section 7), in the signed-in subtree (http/guards.ts). The owner is always the
 * signed-in user (decision 010); the body never says.
 */
export async function betsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  const createSchema = {
    body: createBetBody,
    response: { 201: betViewSchema, ...refusals(400, 403, 404, 409, 429) },
  }
  app.post('/api/bets', { schema: createSchema }, async (request, reply) => {
    const user = signedInUser(request)
    requirePlan(request)
    await app.rateLimit(`bets:user:${user.id}`, app.config.rateLimits.betsPerUser)
    const { body } = request
    const game = await app.repos.games.byId(body.gameId)
    // An unlinked bet's placeholder event takes no new bets (docs/import.md).
    if (!game || game.provider === 'unlinked') throw notFound('Game not found')
    const { maxBetsPerUser } = app.config
    const bet = await app.repos.bets.create(user.id, game.id, betEntry(body, game), app.clock(), {
      maxBets: maxBetsPerUser,
      log: request.log,
    })
    if (bet === 'too_many_bets')
      throw conflict(
        `An account can hold at most ${maxBetsPerUser.toLocaleString('en-US')} bets, and this one is full. Delete tentative bets you no longer need to make room.`,
      )
    return reply.code(201).send(betView(bet))
  })

  /**
   * Decision 043: the two lists are bounded (an account may hold 50,000 bets: one answer of them all was
   * 39 MB and stalled every other request). A page is the spec's bare list; the next page's cursor, when
   * there is one, goes in a header. Counted per user in memory, like the other hot reads.
   */
  const limitLists = memoryRateLimiter(app.clock)
  async function listPage(
    request: FastifyRequest,
    query: BetListQuery,
    reply: FastifyReply,
    active: boolean,
  ) {
    const user = signedInUser(request)
    limitLists(`bet-lists:${user.id}`, app.config.rateLimits.betListsPerUser)
    const { cursor, limit } = query
    const page = await app.repos.bets.listPage(user.id, {
      active,
      before: cursor ? Number(cursor) : null,
      size: limit ? Number(limit) : BET_LIST_LIMIT,
    })
    const last = page.rows.at(-1)
    if (page.more && last) reply.header(NEXT_CURSOR_HEADER, String(last.bet.id))
    return page.rows.map(betWithGameView)
  }

  app.get('/api/bets', { schema: betList }, (request, reply) =>
    listPage(request, request.query, reply, false),
  )

  /** Unsettled bets, tentative and committed, each with its game (the active bets panel). */
  app.get('/api/bets/active', { schema: betList }, (request, reply) =>
    listPage(request, request.query, reply, true),
  )

  /** How each unsettled bet on a live game stands at the current score. */
  app.get(
    '/api/bets/live-status',
    { schema: { response: { 200: z.array(liveStanding) } } },
    async (request) => {
      const user = signedInUser(request)
      return liveStatus(await app.repos.bets.list(user.id, { active: true }))
    },
  )

  /** The summary of the whole range from one aggregate, and one page of its games. */
  app.get('/api/bets/history', { schema: historySchema }, async (request) => {
    const user = signedInUser(request)
    const { cursor, limit, ...range } = request.query
    const placed = historyRange(range, user.timezone, app.clock())
    const [groups, page] = await Promise.all([
      app.repos.bets.summaryGroups(user.id, placed),
      app.repos.bets.historyPage(user.id, placed, cursor ? Number(cursor) : null, {
        games: limit ? Number(limit) : HISTORY_PAGE_GAMES,
        bets: HISTORY_PAGE_BETS,
      }),
    ])
    return {
      summary: { ...summaryView(historySummary(groups)), openConflicts: openConflicts(groups) },
      bets: page.rows.map(betWithGameView),
      nextCursor: page.more && page.lastGame !== null ? String(page.lastGame) : null,
    }
  })

  /**
   * The history as CSV, streamed as the client reads it (a Readable over the batches, piped to the
   * response, so a slow reader holds one batch): memory stays flat whatever the number of bets.
   */
  const csvSchema = {
    querystring: historyQuery,
    response: { 200: { content: { 'text/csv': { schema: z.string() } } }, ...refusals(400) },
  }
  app.get('/api/bets/export/csv', { schema: csvSchema }, async (request, reply) => {
    const user = signedInUser(request)
    const now = app.clock()
    const placed = historyRange(request.query, user.timezone, now)
    const batches = app.repos.bets.csvBatches(user.id, placed)
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${csvFileName(calendarDay(now, user.timezone))}"`)
      .header('cache-control', 'no-store')
    return sendStream(reply, Readable.from(csvText(batches, user.timezone)))
  })

  const confirmSchema = {
    params: betParams,
    body: betStatusBody,
    response: { 200: betViewSchema, ...refusals(400, 404, 409) },
  }
  app.patch('/api/bets/:id/status', { schema: confirmSchema }, async (request) => {
    const user = signedInUser(request)
    const confirmed = await app.repos.bets.confirm(user.id, request.params.id, app.clock(), request.log)
    if (confirmed === 'not_found') throw notFound(BET_NOT_FOUND)
    if (confirmed === 'committed') throw conflict('This bet is already committed')
    return betView(confirmed)
  })

  const editSchema = {
    params: betParams,
    body: editBetBody,
    response: { 200: betViewSchema, ...refusals(400, 403, 404, 409, 429) },
  }
  /** Decision 008: a tentative bet's terms, checked as a new bet's are (validateBetForm against its own game). */
  app.patch('/api/bets/:id', { schema: editSchema }, async (request) => {
    const user = signedInUser(request)
    requirePlan(request)
    await app.rateLimit(`bets:user:${user.id}`, app.config.rateLimits.betsPerUser)
    const owned = await app.repos.bets.owned(user.id, request.params.id)
    if (!owned) throw notFound(BET_NOT_FOUND)
    if (owned.bet.betStatus === 'committed') throw conflict(COMMITTED_EDIT)
    const edited = await app.repos.bets.edit(
      user.id,
      owned.bet.id,
      betEntry(request.body, owned.game),
      app.clock(),
    )
    if (edited === 'not_found') throw notFound(BET_NOT_FOUND)
    if (edited === 'committed') throw conflict(COMMITTED_EDIT)
    return betView(edited)
  })

  const resolveSchema = {
    params: betParams,
    body: resolveConflictBody,
    response: { 200: betViewSchema, ...refusals(400, 404, 409) },
  }
  app.post('/api/bets/:id/resolve-conflict', { schema: resolveSchema }, async (request) => {
    const user = signedInUser(request)
    const { id } = request.params
    const resolved = await app.repos.bets.resolveConflict(user.id, id, request.body.result, app.clock())
    if (resolved === 'not_found') throw notFound(BET_NOT_FOUND)
    if (resolved === 'no_conflict')
      throw conflict('This bet has no open conflict between its file and the score')
    return betView(resolved)
  })

  const deleteSchema = { params: betParams, response: { 200: deletedAnswer, ...refusals(400, 404, 409) } }
  app.delete('/api/bets/:id', { schema: deleteSchema }, async (request) => {
    const user = signedInUser(request)
    const removed = await app.repos.bets.remove(user.id, request.params.id)
    if (removed === 'not_found') throw notFound(BET_NOT_FOUND)
    if (removed === 'committed')
      throw conflict('Committed bets cannot be deleted. Only pending bets can be deleted.')
    return { message: 'Bet deleted successfully', id: removed.id }
  })
}

/** The entry's checks (spec section 5, decision 009), the same for a new bet and an edit: 400 naming the field. */
function betEntry(body: z.infer<typeof editBetBody>, game: Matchup): { terms: BetTerms; sportsbook: string } {
  const form = validateBetForm(body, game)
  if (!form.ok) throw badRequest(form.message, form.field)
  return { terms: form.terms, sportsbook: body.sportsbook || DEFAULT_SPORTSBOOK }
}
