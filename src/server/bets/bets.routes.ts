import { Readable } from 'node:stream'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  type BetListQuery,
  betListQuery,
  betParams,
  betStatusBody,
  betsWithGames,
  betView as betViewSchema,
  type CreateBetBody,
  createBetBody,
  deletedAnswer,
  editBetBody,
  handResultBody,
  historyPage,
  historyPageQuery,
  historyQuery,
  liveStandings,
  resolveConflictBody,
} from '../../contract/bets'
import { ticketPrice, ticketTracker } from '../../contract/probability'
import {
  BET_LIST_LIMIT,
  BET_TYPES,
  type BetTerms,
  DEFAULT_SPORTSBOOK,
  isTicketType,
  NEXT_CURSOR_HEADER,
  OTHER_MARKET,
} from '../../domain/bet'
import { validateBetForm } from '../../domain/bet-form'
import { sameGameParlayVoidRule } from '../../domain/book-rules'
import { calendarDay } from '../../domain/calendar'
import { csvFileName } from '../../domain/csv'
import { parseCents } from '../../domain/money'
import type { Matchup } from '../../domain/settlement'
import { checkOffFeedSingle, checkTicket, TICKET_ENTRY_MESSAGES } from '../../domain/ticket-entry'
import { signedInUser } from '../auth/session.plugin'
import type { BetRow } from '../db/bets-schema'
import { recentGames } from '../game-answers/position'
import { refusals, sendStream } from '../http/contract'
import { badRequest, conflict, notFound } from '../http/errors'
import { requirePlan } from '../http/guards'
import { memoryRateLimiter, perWindow } from '../http/rate-limit'
import { priceTicket, singleToPrice, ticketPriceView, ticketToPrice } from '../probability/ticket-price'
import { ticketTrackerView } from '../probability/ticket-tracker'
import { summaryView } from '../stats/summary-view'
import { csvText } from './bet-csv'
import { betView, betWithGameView } from './bet-view'
import type { BetWithGame, RefusedChange } from './bets.repository'
import { historyRange } from './history-range'
import { historySummary, openConflicts } from './history-summary'
import { liveStatus } from './live-status'

const BET_NOT_FOUND = 'Bet not found'
const BET_LIST_LIMIT_TEXT = BET_LIST_LIMIT.toLocaleString('en-US')
const COMMITTED_EDIT = 'Committed bets cannot be edited. Only tentative bets can be edited.'
const TICKET_EDIT = 'A ticket or a bet off the feed is edited through PUT /api/bets/{id}/ticket'

/** A ticket of several legs, or a single off the feed (on its placeholder game, decision 063). */
function isTicketRow(owned: { bet: { ticketKind: string }; game: { provider: string } }): boolean {
  return owned.bet.ticketKind !== 'single' || owned.game.provider === 'unlinked'
}

const betList = {
  querystring: betListQuery,
  response: { 200: betsWithGames, ...refusals(400, 429) },
}
/** A history page: a screenful of game cards and about 500 bets (a game is never split across pages). */
const HISTORY_PAGE_GAMES = 20
const HISTORY_PAGE_BETS = 500
const historySchema = {
  summary: 'Bets placed in a date range of the user’s time zone, a page of games at a time',
  description: `\`alltime\` by default; \`custom\` needs both dates. The summary covers the whole range (one SQL aggregate, the money rule of domain/statistics.ts); \`bets\` holds the bets of the page’s games, newest game first (start time, then id), at most \`limit\` games (${HISTORY_PAGE_GAMES}) and about ${HISTORY_PAGE_BETS} bets, never splitting a game. Pass \`nextCursor\` as \`cursor\` for the next page; null on the last.`,
  querystring: historyPageQuery,
  response: { 200: historyPage, ...refusals(400) },
}

/**
 * The bets API (docs/spec/product-spec.md §7), in the signed-in subtree (http/guards.ts). The owner is always the
 * signed-in user (decision 010); the body never says.
 */
export async function betsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  const createSchema = {
    summary: 'Record a bet placed at a sportsbook',
    description:
      'The bet starts tentative (decision 008); the server composes the selection and computes To Win (decision 001). Amounts are dollars with at most 2 decimals, at most 1,000,000.00. On a game that is already final the bet is recorded as placed (committed) and settled at once: the answer carries its result and payout.',
    body: createBetBody,
    response: { 201: betViewSchema, ...refusals(400, 403, 404, 409, 429) },
  }
  app.post('/api/bets', { schema: createSchema }, async (request, reply) => {
    const user = signedInUser(request)
    requirePlan(request)
    await app.rateLimit(`bets:user:${user.id}`, app.policies.rateLimits.betsPerUser)
    const { body } = request
    const { maxBetsPerUser } = app.config.limits
    const limits = { maxBets: maxBetsPerUser, log: request.log }
    const entry = await newEntry(body)
    const bet =
      entry.kind === 'feed_single'
        ? await app.repos.bets.create(user.id, entry.game.id, entry.terms, app.clock(), limits)
        : await app.repos.bets.createTicket(user.id, entry.ticket, sportsbookOf(body), app.clock(), limits)
    if (bet === 'too_many_bets')
      throw conflict(
        `An account can hold at most ${maxBetsPerUser.toLocaleString('en-US')} bets, and this one is full. Delete tentative bets you no longer need to make room.`,
      )
    return reply.code(201).send(await viewOf(bet))
  })

  const limitPrices = memoryRateLimiter(app.clock)
  const priceSchema = {
    summary: 'The chances and fair price of a bet or ticket, before it is placed',
    description: `The body is POST /api/bets's, checked the same way (400 naming the field); nothing is stored. The chances to win, push and lose now, and the expected value and the book's margin at the slip's price (decision 066, docs/probability.md): legs on different games independent, legs on one game read together from its distribution of final scores, a leg on a final game by its score. 409 with the reason when a leg cannot be priced (off the feed, a canceled game, a league without a score model). ${perWindow(app.policies.rateLimits.liveProbabilityPerUser)} per user, as the Probability Analysis panel's reads are.`,
    body: createBetBody,
    response: { 200: ticketPrice, ...refusals(400, 403, 404, 409, 429) },
  }
  app.post('/api/bets/price', { schema: priceSchema }, async (request) => {
    const user = signedInUser(request)
    requirePlan(request)
    limitPrices(`price:${user.id}`, app.policies.rateLimits.liveProbabilityPerUser)
    const entry = await newEntry(request.body)
    const ticket =
      entry.kind === 'feed_single'
        ? singleToPrice(entry.game.id, entry.terms.terms)
        : ticketToPrice(entry.ticket)
    const gameIds = ticket.legs.flatMap((leg) => (leg.gameId === null ? [] : [leg.gameId]))
    const games = new Map((await app.repos.games.byIds(gameIds)).map((game) => [game.id, game]))
    const price = priceTicket(ticket, games, app.distributions)
    if (!price.ok) throw conflict(price.reason)
    return ticketPriceView(price.chances)
  })

  /**
   * Which entry the body is (decision 063): the spec's single on a feed game, a single off the feed
   * (`event`), or a ticket of legs; each checked by the domain's rules, 400 naming the field.
   */
  async function newEntry(body: CreateBetBody) {
    if (isTicketType(body.betType)) {
      if (!body.legs) throw badRequest('A ticket lists its legs', 'legs')
      const gameIds = body.legs.flatMap((leg) => (leg.gameId ? [leg.gameId] : []))
      const found = await app.repos.games.byIds(gameIds)
      const games = new Map(
        found.filter((game) => game.provider !== 'unlinked').map((game) => [game.id, game]),
      )
      const checked = checkTicket(
        { ...body, betType: body.betType, legs: body.legs },
        (id) => games.get(id) ?? null,
        sameGameParlayVoidRule(body.sportsbook),
      )
      if (!checked.ok)
        throw checked.message === 'Game not found'
          ? notFound(checked.message)
          : badRequest(checked.message, checked.field)
      return { kind: 'ticket' as const, ticket: checked.value }
    }
    if (body.legs) throw badRequest('Only a parlay, same-game parlay, teaser or round robin has legs', 'legs')
    if (body.event) {
      if (body.gameId) throw badRequest(TICKET_ENTRY_MESSAGES.oneEvent, 'gameId')
      const checked = checkOffFeedSingle({ ...body, betType: body.betType })
      if (!checked.ok) throw badRequest(checked.message, checked.field)
      return { kind: 'ticket' as const, ticket: checked.value }
    }
    if (!body.gameId) throw badRequest('Choose a game', 'gameId')
    const game = await app.repos.games.byId(body.gameId)
    // An event off the feed takes a bet through `event`, not its placeholder's id (decision 063).
    if (!game || game.provider === 'unlinked') throw notFound('Game not found')
    if (body.betType === OTHER_MARKET)
      throw badRequest(`Bet type must be one of ${BET_TYPES.join(', ')} on a game the feed lists`, 'betType')
    return {
      kind: 'feed_single' as const,
      game,
      terms: betEntry({ ...body, betType: body.betType }, game),
    }
  }

  /** A bet's answer: a ticket's legs read beside it. */
  async function viewOf(bet: BetRow) {
    const legs = await app.repos.bets.legsOf([bet])
    return betView(bet, legs.get(bet.id))
  }

  /** Bets with their games, each ticket's legs read in one query. */
  async function withGamesView(rows: readonly BetWithGame[]) {
    const legs = await app.repos.bets.legsOf(rows.map(({ bet }) => bet))
    return rows.map((row) => betWithGameView(row, legs.get(row.bet.id)))
  }

  /**
   * Decision 043: the two lists are bounded (an account may hold 50,000 bets: one answer of them all was
   * 39 MB and stalled every other request). A page is the spec's bare list; the next page's cursor, when
   * there is one, goes in a header. Counted per user in memory, like the other hot reads.
   */
  const limitLists = memoryRateLimiter(app.clock)
  /** Decision 043: the two bet lists are bounded; a longer list is paged through a header. */
  const betListPages = `The spec’s bare list, newest bet first, at most \`limit\` bets (1-${BET_LIST_LIMIT_TEXT}; ${BET_LIST_LIMIT_TEXT} when absent). When more follow, the \`X-Next-Cursor\` header holds the cursor of the next page: pass it as \`?cursor=\`. A bad \`cursor\` or \`limit\` is a 400 naming it; ${perWindow(app.policies.rateLimits.betListsPerUser)} per user for the two lists together (429).`
  async function listPage(
    request: FastifyRequest,
    query: BetListQuery,
    reply: FastifyReply,
    active: boolean,
  ) {
    const user = signedInUser(request)
    limitLists(`bet-lists:${user.id}`, app.policies.rateLimits.betListsPerUser)
    const { cursor, limit } = query
    const page = await app.repos.bets.listPage(user.id, {
      active,
      before: cursor ? Number(cursor) : null,
      size: limit ? Number(limit) : BET_LIST_LIMIT,
    })
    const last = page.rows.at(-1)
    if (page.more && last) reply.header(NEXT_CURSOR_HEADER, String(last.bet.id))
    return withGamesView(page.rows)
  }

  app.get(
    '/api/bets',
    {
      schema: {
        ...betList,
        summary: `Every bet, newest first, each with its game, up to ${BET_LIST_LIMIT_TEXT} a page`,
        description: betListPages,
      },
    },
    (request, reply) => listPage(request, request.query, reply, false),
  )

  /** Unsettled bets, tentative and committed, each with its game (the active bets panel). */
  app.get(
    '/api/bets/active',
    {
      schema: {
        ...betList,
        summary: `Unsettled bets (tentative and committed) with their games, up to ${BET_LIST_LIMIT_TEXT} a page`,
        description: betListPages,
      },
    },
    (request, reply) => listPage(request, request.query, reply, true),
  )

  /** How each unsettled bet on a live game stands at the current score. */
  app.get(
    '/api/bets/live-status',
    {
      schema: {
        summary: 'How each unsettled bet on a live game stands now',
        response: { 200: liveStandings },
      },
    },
    async (request) => {
      const user = signedInUser(request)
      return liveStatus(await app.repos.bets.list(user.id, { active: true }))
    },
  )

  const limitTracker = memoryRateLimiter(app.clock)
  /** Decision 067's live ticket tracker: each open ticket's chances now, and its legs'. */
  app.get(
    '/api/bets/ticket-chances',
    {
      schema: {
        summary: 'The chances now of each open ticket of several legs, and of each of its legs',
        description: `For My Bets' live ticket tracker: each open ticket's chances to win and push, its expected profit, fair odds and the book's margin (decision 066, docs/probability.md), or why it cannot be priced; and each leg's chance to win where it is still to play on a game Grid models. Needs a trial or a plan. ${perWindow(app.policies.rateLimits.liveProbabilityPerUser)} per user.`,
        response: { 200: ticketTracker, ...refusals(403, 429) },
      },
    },
    async (request) => {
      const user = signedInUser(request)
      requirePlan(request)
      limitTracker(`tracker:${user.id}`, app.policies.rateLimits.liveProbabilityPerUser)
      const open = await app.repos.bets.openTickets(user.id)
      const ids = [...new Set(open.flatMap(({ legs }) => legs.map(({ leg }) => leg.gameId)))]
      const games = new Map((await recentGames(app, ids)).map((game) => [game.id, game]))
      return ticketTrackerView(open, games, app.distributions)
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
      bets: await withGamesView(page.rows),
      nextCursor: page.more && page.lastGame !== null ? String(page.lastGame) : null,
    }
  })

  /**
   * The history as CSV, streamed as the client reads it (a Readable over the batches, piped to the
   * response, so a slow reader holds one batch): memory stays flat whatever the number of bets.
   */
  const csvSchema = {
    summary: 'The history as a CSV file',
    description:
      'The same range as the history, oldest bet first; streamed as the client reads it, 2,000 bets at a time (keyset batches: COPY on the embedded database, value arrays on PostgreSQL).',
    querystring: historyQuery,
    response: { 200: { content: { 'text/csv': { schema: z.string() } } }, ...refusals(400) },
  }
  app.get('/api/bets/export/csv', { schema: csvSchema }, async (request, reply) => {
    const user = signedInUser(request)
    const now = app.clock()
    const placed = historyRange(request.query, user.timezone, now)
    const legs = await app.repos.bets.hasTickets(user.id, placed)
    const batches = app.repos.bets.csvBatches(user.id, placed, { tickets: legs })
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${csvFileName(calendarDay(now, user.timezone))}"`)
      .header('cache-control', 'no-store')
    const options = { legs, unitSizeCents: user.unitSizeCents }
    return sendStream(reply, Readable.from(csvText(batches, user.timezone, options)))
  })

  const confirmSchema = {
    summary: 'Confirm a tentative bet',
    description: 'Settled at once when its game is already final; 409 when already confirmed.',
    params: betParams,
    body: betStatusBody,
    response: { 200: betViewSchema, ...refusals(400, 404, 409) },
  }
  app.patch('/api/bets/:id/status', { schema: confirmSchema }, async (request) => {
    const user = signedInUser(request)
    const confirmed = await app.repos.bets.confirm(user.id, request.params.id, app.clock(), request.log)
    if (confirmed === 'not_found') throw notFound(BET_NOT_FOUND)
    if (confirmed === 'committed') throw conflict('This bet is already committed')
    return viewOf(confirmed)
  })

  const editSchema = {
    summary: 'Edit a tentative bet',
    description:
      'The same body as POST /api/bets without `gameId` (a bet stays on its game) and the same checks (400 naming the field); To Win is computed again (decision 001). 409 for a confirmed bet (decision 008).',
    params: betParams,
    body: editBetBody,
    response: { 200: betViewSchema, ...refusals(400, 403, 404, 409, 429) },
  }
  /** Decision 008: a tentative bet's terms, checked as a new bet's are (validateBetForm against its own game). */
  app.patch('/api/bets/:id', { schema: editSchema }, async (request) => {
    const { user, owned } = await tentativeOwned(request, request.params.id)
    if (isTicketRow(owned)) throw conflict(TICKET_EDIT)
    const edited = await app.repos.bets.edit(
      user.id,
      owned.bet.id,
      betEntry(request.body, owned.game),
      app.clock(),
    )
    return viewOf(editedBet(edited))
  })

  const ticketEditSchema = {
    summary: 'Edit a tentative ticket or bet off the feed',
    description:
      'Decision 065: the same body as POST /api/bets for one, checked the same way (400 naming the field), replaces the terms and legs; the placed time stays. A ticket of several legs stays one (of any kind) and a single off the feed stays one. 409 for a confirmed bet, or for a single on a feed game (edited through PATCH /api/bets/{id}).',
    params: betParams,
    body: createBetBody,
    response: { 200: betViewSchema, ...refusals(400, 403, 404, 409, 429) },
  }
  app.put('/api/bets/:id/ticket', { schema: ticketEditSchema }, async (request) => {
    const { user, owned } = await tentativeOwned(request, request.params.id)
    if (!isTicketRow(owned)) throw conflict('A single on a feed game is edited through PATCH /api/bets/{id}')
    const entry = await newEntry(request.body)
    const multi = owned.bet.ticketKind !== 'single'
    if (entry.kind === 'feed_single' || (entry.ticket.shape.kind !== 'single') !== multi)
      throw badRequest(
        multi
          ? 'A ticket of several legs stays one: delete it and enter the bet again'
          : 'A bet off the feed stays a single: delete it and enter the ticket again',
        'betType',
      )
    const edited = await app.repos.bets.editTicket(
      user.id,
      owned.bet.id,
      entry.ticket,
      sportsbookOf(request.body),
      app.clock(),
    )
    return viewOf(editedBet(edited))
  })

  /** An edit's answer: the bet as changed, or what raced it (deleted: 404; confirmed meanwhile: 409). */
  function editedBet(edited: BetRow | RefusedChange): BetRow {
    if (edited === 'not_found') throw notFound(BET_NOT_FOUND)
    if (edited === 'committed') throw conflict(COMMITTED_EDIT)
    return edited
  }

  /** An edit's bet: the signed-in user's (404 otherwise), still tentative (409, decision 008), within the bets rate. */
  async function tentativeOwned(request: FastifyRequest, id: number) {
    const user = signedInUser(request)
    requirePlan(request)
    await app.rateLimit(`bets:user:${user.id}`, app.policies.rateLimits.betsPerUser)
    const owned = await app.repos.bets.owned(user.id, id)
    if (!owned) throw notFound(BET_NOT_FOUND)
    if (owned.bet.betStatus === 'committed') throw conflict(COMMITTED_EDIT)
    return { user, owned }
  }

  const resolveSchema = {
    summary: 'Choose the file’s or the score’s result of a conflicted bet',
    description:
      'Decision 027: `file` keeps the result the file or sync gave, `score` settles the bet by the final score; 409 when the bet has no open conflict.',
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
    return viewOf(resolved)
  })

  const handResultSchema = {
    summary: 'Settle a ticket or one of its legs by hand',
    description:
      'Decision 059: `result` on the ticket, or on the leg `legId`, for what the feed cannot settle (an event off the feed, a prop) or to correct it. A leg’s result stands over the score’s and the ticket follows from its legs; a ticket’s result stands over its legs, with `payout` (what the book paid) or the payout its result implies. A ticket that needs review (decision 060) needs `payout`. `result: null` clears a hand result: the leg or ticket goes back to the feed’s settlement. 409 for a tentative bet.',
    params: betParams,
    body: handResultBody,
    response: { 200: betViewSchema, ...refusals(400, 404, 409) },
  }
  app.patch('/api/bets/:id/result', { schema: handResultSchema }, async (request) => {
    const user = signedInUser(request)
    const { result, legId, payout } = request.body
    let payoutCents: number | null = null
    if (payout !== null && payout !== undefined && payout !== '') {
      // A payout may be nothing (a lost ticket) or above any stake: money's own parser, not the stake's rule.
      payoutCents = parseCents(payout)
      if (payoutCents === null || payoutCents < 0)
        throw badRequest('payout must be an amount with at most 2 decimals', 'payout')
      if (legId) throw badRequest('A payout goes with the ticket’s result, not a leg’s', 'payout')
      if (result === null) throw badRequest('A cleared result has no payout', 'payout')
    }
    const settled = await app.repos.bets.handResult(
      user.id,
      request.params.id,
      { result, legId: legId ?? null, payout: payoutCents },
      app.clock(),
    )
    switch (settled) {
      case 'not_found':
        throw notFound(BET_NOT_FOUND)
      case 'leg_not_found':
        throw notFound('Leg not found')
      case 'tentative':
        throw conflict('Confirm the bet before entering its result')
      case 'payout_needed':
        throw badRequest('Enter what the book paid: this ticket’s payout is the book’s to say', 'payout')
      default:
        return viewOf(settled)
    }
  })

  const deleteSchema = {
    summary: 'Delete a tentative bet',
    description: '409 for a confirmed bet (decision 008).',
    params: betParams,
    response: { 200: deletedAnswer, ...refusals(400, 404, 409) },
  }
  app.delete('/api/bets/:id', { schema: deleteSchema }, async (request) => {
    const user = signedInUser(request)
    const removed = await app.repos.bets.remove(user.id, request.params.id)
    if (removed === 'not_found') throw notFound(BET_NOT_FOUND)
    if (removed === 'committed')
      throw conflict('Committed bets cannot be deleted. Only pending bets can be deleted.')
    return { message: 'Bet deleted successfully', id: removed.id }
  })
}

function sportsbookOf(body: { sportsbook?: string | null | undefined }): string {
  return body.sportsbook || DEFAULT_SPORTSBOOK
}

/** The entry's checks (docs/spec/product-spec.md §5, decision 009), the same for a new bet and an edit: 400 naming the field. */
function betEntry(body: z.infer<typeof editBetBody>, game: Matchup): { terms: BetTerms; sportsbook: string } {
  const form = validateBetForm(body, game)
  if (!form.ok) throw badRequest(form.message, form.field)
  return { terms: form.terms, sportsbook: sportsbookOf(body) }
}
