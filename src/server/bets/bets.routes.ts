import { Readable } from 'node:stream'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { DEFAULT_SPORTSBOOK } from '../../domain/bet'
import { validateBetForm } from '../../domain/bet-form'
import { calendarDay, type DateRange, dateRange, isDateFilter } from '../../domain/calendar'
import { csvFileName, csvHeader, csvRow } from '../../domain/csv'
import { requireUser } from '../auth/session.plugin'
import { badRequest, conflict, notFound, parse, pathId } from '../http/errors'
import { recordedBet } from './bet-rows'
import { betView, betWithGameView } from './bet-view'
import type { BetWithGame } from './bets.repository'
import { betStatusBody, createBetBody, historyQuery } from './bets.schemas'
import { liveStatus } from './live-status'

const BET_NOT_FOUND = 'Bet not found'

/** The bets API (spec section 7). The owner is always the signed-in user (D10); the body never says. */
export async function betsRoutes(app: FastifyInstance) {
  app.post('/api/bets', async (request, reply) => {
    const user = requireUser(request)
    await app.rateLimit(`bets:user:${user.id}`, app.config.rateLimits.betsPerUser)
    const body = parse(createBetBody, request.body)
    const game = await app.repos.games.byId(body.gameId)
    if (!game) throw notFound('Game not found')
    const form = validateBetForm(body, game)
    if (!form.ok) throw badRequest(form.message, form.field)
    const sportsbook = body.sportsbook || DEFAULT_SPORTSBOOK
    const { maxBetsPerUser } = app.config
    const bet = await app.repos.bets.create(
      user.id,
      game.id,
      form.terms,
      sportsbook,
      app.clock(),
      maxBetsPerUser,
    )
    if (bet === 'too_many_bets')
      throw conflict(
        `An account can hold at most ${maxBetsPerUser.toLocaleString('en-US')} bets, and this one is full. Delete tentative bets you no longer need to make room.`,
      )
    return reply.code(201).send(betView(bet))
  })

  app.get('/api/bets', async (request) => {
    const user = requireUser(request)
    return (await app.repos.bets.list(user.id)).map(betWithGameView)
  })

  /** Unsettled bets, tentative and committed, each with its game (the active bets panel). */
  app.get('/api/bets/active', async (request) => {
    const user = requireUser(request)
    return (await app.repos.bets.list(user.id, { active: true })).map(betWithGameView)
  })

  /** How each unsettled bet on a live game stands at the current score. */
  app.get('/api/bets/live-status', async (request) => {
    const user = requireUser(request)
    return liveStatus(await app.repos.bets.list(user.id, { active: true }))
  })

  app.get('/api/bets/history', async (request) => {
    const user = requireUser(request)
    const placed = historyRange(request, user.timezone, app.clock())
    return (await app.repos.bets.list(user.id, { placed })).map(betWithGameView)
  })

  /** The history as CSV, streamed a batch at a time: memory stays flat whatever the number of bets. */
  app.get('/api/bets/export/csv', async (request, reply) => {
    const user = requireUser(request)
    const now = app.clock()
    const placed = historyRange(request, user.timezone, now)
    const batches = app.repos.bets.batches(user.id, placed)
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${csvFileName(calendarDay(now, user.timezone))}"`)
      .header('cache-control', 'no-store')
    return reply.send(Readable.from(csvText(batches, user.timezone)))
  })

  app.patch<{ Params: { id: string } }>('/api/bets/:id/status', async (request) => {
    const user = requireUser(request)
    const id = pathId(request.params.id)
    parse(betStatusBody, request.body)
    const confirmed = await app.repos.bets.confirm(user.id, id, app.clock(), request.log)
    if (confirmed === 'not_found') throw notFound(BET_NOT_FOUND)
    if (confirmed === 'committed') throw conflict('This bet is already committed')
    return betView(confirmed)
  })

  app.delete<{ Params: { id: string } }>('/api/bets/:id', async (request) => {
    const user = requireUser(request)
    const removed = await app.repos.bets.remove(user.id, pathId(request.params.id))
    if (removed === 'not_found') throw notFound(BET_NOT_FOUND)
    if (removed === 'committed')
      throw conflict('Committed bets cannot be deleted. Only pending bets can be deleted.')
    return { message: 'Bet deleted successfully', id: removed.id }
  })
}

/** The history filter (dateFilter, and startDate/endDate for custom) as a range of placement times. */
function historyRange(request: FastifyRequest, timeZone: string, now: Date): DateRange | null {
  const query = parse(historyQuery, request.query)
  const filter = query.dateFilter ?? 'alltime'
  if (!isDateFilter(filter)) throw badRequest(`Unknown date filter: ${filter}`, 'dateFilter')
  try {
    return dateRange(filter, now, timeZone, { startDate: query.startDate, endDate: query.endDate })
  } catch (error) {
    if (error instanceof RangeError) throw badRequest(error.message, rangeField(query, error.message))
    throw error
  }
}

/** Which bound a custom-range error is about: the calendar's messages end with ': ' and the text refused. */
function rangeField(
  query: { startDate?: string | undefined; endDate?: string | undefined },
  message: string,
) {
  if (!query.startDate || message.endsWith(`: ${query.startDate}`)) return 'startDate'
  if (!query.endDate || message.endsWith(`: ${query.endDate}`)) return 'endDate'
  return 'startDate'
}

async function* csvText(batches: AsyncGenerator<BetWithGame[]>, timeZone: string): AsyncGenerator<string> {
  yield csvHeader()
  for await (const batch of batches) {
    yield batch
      .map(({ bet, game }) =>
        csvRow(
          { ...recordedBet(bet), placedAt: bet.placedAt, game: { ...game, sport: game.league } },
          timeZone,
        ),
      )
      .join('')
  }
}
