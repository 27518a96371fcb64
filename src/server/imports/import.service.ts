import { createHash } from 'node:crypto'
import { and, eq, isNotNull } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { ImportAnswer } from '../../contract/imports'
import type { BetTerms } from '../../domain/bet'
import {
  type ColumnMapping,
  columnIndexes,
  gridMapping,
  type ImportDraft,
  isGridExport,
  type PlacedTime,
  readRow,
  termsAsWritten,
  termsOnGame,
} from '../../domain/bet-import'
import { type CalendarDay, calendarDay, instantAt } from '../../domain/calendar'
import { parseDelimited } from '../../domain/delimited'
import { outsideFeedDays } from '../../domain/feed-days'
import { closestGames } from '../../domain/game-matching'
import type { RateLimit } from '../../domain/limits'
import { countByKind } from '../../domain/ticket-draft'
import {
  DEFAULT_TICKET_OPTIONS,
  type FileEntry,
  gridTicketOptions,
  type ImportTicket,
  type LegSeparator,
  readFileEntries,
} from '../../domain/ticket-import'
import { termsColumns } from '../bets/bet-rows'
import { AccountFull, insertTickets, type NewBet, type NewTicket } from '../bets/bet-writer'
import { bets } from '../db/bets-schema'
import type { Db } from '../db/client'
import type { GameRow } from '../db/games-schema'
import {
  forgetPlaceholderOwner,
  type OffFeedEvent,
  offFeedGames,
  placeholderId,
} from '../games/off-feed-events'
import { bookResultColumns } from '../games/settlement.service'
import { FEED_DAY_ZONE } from '../games/sync.service'
import { settleTickets } from '../games/ticket-settlement.service'
import { HttpError } from '../http/errors'
import type { RateLimiter } from '../http/rate-limit'
import type { DayCache, FetchBudget, GameLookup } from './game-lookup'
import { type LegOnGames, legsOnGames, ticketsToWrite } from './ticket-drafts'

/** One request holds at most this many rows (the web sends 500 at a time); more is a 413. */
export const MAX_IMPORT_ROWS = 10_000
/** Candidate games listed with an unmatched row, for the user to choose from; the rest are counted. */
export const MAX_CANDIDATES = 5
/**
 * Decision 049: distinct feed days one request may have fetched (a month of bets; the web's batches of 500 rows
 * of a file in date order stay under it). Rows of the days beyond wait for the next request.
 */
export const MAX_FETCHED_DAYS_PER_REQUEST = 31

export interface ImportRequest {
  userId: number
  timeZone: string
  text: string
  /** Null: Grid's own export, else the mapping saved for this header (else a 400). */
  mapping: ColumnMapping | null
  savedMapping(header: string[]): Promise<ColumnMapping | null>
  offset: number
  unlinked: boolean
  /** Fix in place: every row is a bet on this game (a ticket's legs are looked up each). */
  game: GameRow | null
  maxBets: number
  /** How a mapped file's row of one ticket joins its legs (decision 062); Grid's export joins with ' | '. */
  separator?: LegSeparator
}

export interface ImportDeps {
  db: Db
  lookup: GameLookup
  /** The days this request may have fetched from the feed (importDayBudget). */
  budget: FetchBudget
  now: Date
  log: FastifyBaseLogger
}

interface Planned {
  row: number
  key: string
  draft: ImportDraft
  terms: BetTerms
  /** A feed game, or null for an unlinked bet (its placeholder game is made in the transaction). */
  game: GameRow | null
}

/** A ticket (of several legs, or a single off the feed), its legs on games or kept off the feed (decision 062). */
interface PlannedTicket {
  row: number
  key: string
  ticket: ImportTicket
  legs: LegOnGames[]
}

/**
 * Imports one batch of a file's rows (docs/import.md): each row read, matched to its game and
 * written as a committed bet (tentative when Grid's export says so), in one transaction with the user's bet
 * count and bets version; a row already imported (same stable key) is a duplicate, a row with no game or
 * several is listed with the day's games, a bad row is listed with its reason. Settled rows keep the file's
 * result; pending rows on a final game are settled from its score in the same transaction.
 */
export async function importBets(deps: ImportDeps, request: ImportRequest): Promise<ImportAnswer> {
  let rows: string[][]
  try {
    rows = parseDelimited(request.text)
  } catch (error) {
    if (error instanceof RangeError)
      throw new HttpError(400, `The file cannot be read: ${error.message}`, 'file')
    throw error
  }
  const [header, ...data] = rows
  if (!header) throw new HttpError(400, 'The file is empty: it needs a header line', 'file')
  if (data.length > MAX_IMPORT_ROWS)
    throw new HttpError(
      413,
      `At most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows per request: send the file in batches`,
    )
  const grid = request.mapping === null && isGridExport(header)
  const mapping = request.mapping ?? (grid ? gridMapping(header) : await request.savedMapping(header))
  if (!mapping)
    throw new HttpError(
      400,
      "This file is not Grid's export: choose which column holds what (columns or mapping)",
      'columns',
    )
  const mapped = columnIndexes(header, mapping)
  if (!mapped.ok) throw new HttpError(400, mapped.message, `columns.${mapped.field}`)

  const answer: ImportAnswer = {
    format: grid ? 'grid' : 'mapped',
    imported: 0,
    unlinked: 0,
    duplicates: [],
    unmatched: [],
    failed: [],
    tickets: countByKind([]),
  }
  const occurrences = new Map<string, number>()
  const keyOf = (identity: string) => {
    const seen = occurrences.get(identity) ?? 0
    occurrences.set(identity, seen + 1)
    return createHash('sha256').update(`${request.userId}\u001f${identity}\u001f${seen}`).digest('base64url')
  }
  const days: DayCache = new Map()
  const planned: Planned[] = []
  const tickets: PlannedTicket[] = []
  const options = grid
    ? gridTicketOptions(header)
    : { ...DEFAULT_TICKET_OPTIONS, separator: request.separator ?? DEFAULT_TICKET_OPTIONS.separator }
  for (const entry of readFileEntries(data, mapped.indexes, options)) {
    const row = request.offset + firstRow(entry) + 2
    if (entry.kind === 'ticket') {
      if (!entry.read.ok) answer.failed.push({ row, reason: entry.read.reason })
      else await planTicket(deps, request, days, { row, ticket: entry.read.ticket, keyOf }, answer, tickets)
      continue
    }
    const read = readRow(data[entry.row] ?? [], mapped.indexes)
    if (!read.ok) {
      answer.failed.push({ row, reason: read.reason })
      continue
    }
    const { draft } = read
    const key = keyOf(draft.identity)
    const found = request.game
      ? ({ kind: 'matched', game: request.game } as const)
      : await findGame(deps, draft, request.timeZone, days)
    if (found.kind === 'matched') {
      const terms = termsOnGame(draft, found.game)
      if (!terms.ok) answer.failed.push({ row, reason: terms.reason })
      else planned.push({ row, key, draft, terms: terms.terms, game: found.game })
    } else if (request.unlinked || (grid && found.kind === 'none')) {
      // Grid's own file names each game as the feed does, so a single whose day was read and whose game is
      // not there was on an event off the feed (decision 063), or on a game the feed no longer lists: it
      // comes back off the feed with its result, as the bettor exported it.
      planned.push({ row, key, draft, terms: termsAsWritten(draft), game: null })
    } else {
      answer.unmatched.push({
        row,
        kind: found.kind === 'ambiguous' ? 'ambiguous' : 'none',
        reason: found.reason,
        moreGames: Math.max(0, found.games.length - MAX_CANDIDATES),
        games: found.games.slice(0, MAX_CANDIDATES).map(candidate),
      })
    }
  }

  if (planned.length > 0 || tickets.length > 0) {
    const written = await writeBets(deps, request, planned, tickets)
    answer.imported = written.size
    answer.unlinked = planned.filter((p) => p.game === null && written.has(p.key)).length
    answer.tickets = countByKind([
      ...planned.filter((plan) => written.has(plan.key)).map(() => SINGLE),
      ...tickets.filter((plan) => written.has(plan.key)).map((plan) => plan.ticket.draft),
    ])
    for (const plan of [...planned, ...tickets].sort((a, b) => a.row - b.row))
      if (!written.has(plan.key)) answer.duplicates.push({ row: plan.row, reason: 'Already imported' })
  }
  return answer
}

const SINGLE = { shape: { kind: 'single' } } as const

const firstRow = (entry: FileEntry) => (entry.kind === 'single' ? entry.row : (entry.rows[0] ?? 0))

function candidate(game: GameRow) {
  return {
    id: game.id,
    league: game.league,
    awayTeam: game.awayTeam,
    homeTeam: game.homeTeam,
    startTime: game.startTime.toISOString(),
    status: game.status,
  }
}

/**
 * A ticket's legs looked up (ticket-drafts.ts): a leg whose day the feed could not be read for this time
 * makes the ticket unmatched, to be sent again; otherwise every leg is on a game or kept off the feed.
 */
async function planTicket(
  deps: ImportDeps,
  request: ImportRequest,
  days: DayCache,
  read: { row: number; ticket: ImportTicket; keyOf: (identity: string) => string },
  answer: ImportAnswer,
  tickets: PlannedTicket[],
): Promise<void> {
  const { row, ticket } = read
  const key = read.keyOf(ticket.identity)
  const legs = await legsOnGames(ticket.draft, ticket.day, {
    lookup: deps.lookup,
    timeZone: request.timeZone,
    now: deps.now,
    cache: days,
    budget: deps.budget,
  })
  if ('unread' in legs)
    answer.unmatched.push({ row, kind: 'none', reason: legs.unread, games: [], moreGames: 0 })
  else tickets.push({ row, key, ticket, legs })
}

/** `unread`: the feed could not be read for the day this time (the row is sent again), not a game missing. */
type Found =
  | { kind: 'matched'; game: GameRow }
  | { kind: 'none' | 'ambiguous' | 'unread'; reason: string; games: GameRow[] }

async function findGame(
  deps: ImportDeps,
  draft: ImportDraft,
  timeZone: string,
  days: DayCache,
): Promise<Found> {
  const outside = outsideFeedDays(draft.day, calendarDay(deps.now, FEED_DAY_ZONE))
  if (outside) return { kind: 'none', reason: outside, games: [] }
  if (!draft.teams) {
    const { games, unread } = await deps.lookup.gamesOfDay(
      draft.league,
      draft.day,
      timeZone,
      days,
      deps.budget,
    )
    if (unread) return { kind: 'unread', reason: unread, games }
    return { kind: 'none', reason: `The event '${draft.eventText}' does not name two teams`, games }
  }
  const { match, dayGames, unread } = await deps.lookup.matchBetToGame(
    { league: draft.league, day: draft.day, timeZone, teams: draft.teams },
    days,
    deps.budget,
  )
  if (match.kind === 'matched') return match
  if (unread) return { kind: 'unread', reason: unread, games: dayGames }
  if (match.kind === 'ambiguous') return { kind: 'ambiguous', reason: match.reason, games: match.games }
  return { kind: 'none', reason: match.reason, games: closestGames(draft.teams, dayGames) }
}

/**
 * Decision 049: an import may have MAX_FETCHED_DAYS_PER_REQUEST days fetched, and the user `hourly` days an
 * hour over all their requests (counted by `rateLimit`, shared by every instance); a row of a day beyond
 * either is unmatched, to be sent again.
 */
export function importDayBudget(rateLimit: RateLimiter, userId: number, hourly: RateLimit): FetchBudget {
  let taken = 0
  return {
    async take() {
      if (taken >= MAX_FETCHED_DAYS_PER_REQUEST)
        return `This request already had ${MAX_FETCHED_DAYS_PER_REQUEST} new days of games read: send this row again`
      try {
        await rateLimit(`import-days:user:${userId}`, hourly)
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 429)
          return `You had ${hourly.limit} new days of games read this hour: import this row again later`
        throw error
      }
      taken++
      return null
    },
  }
}

/**
 * The stable keys written; the others were already there. All or nothing (one transaction): singles and
 * tickets through the one writer together, then the tickets the file leaves pending are settled from the
 * final games their legs are on.
 */
async function writeBets(
  deps: ImportDeps,
  request: ImportRequest,
  planned: Planned[],
  tickets: PlannedTicket[],
): Promise<Set<string>> {
  const { now } = deps
  return deps.db.transaction(async (tx) => {
    const values: NewTicket[] = [
      ...(await singleRows(tx, request, planned, now)).map((row) => ({ row, legs: [] })),
      ...(await ticketsToWrite(
        tx,
        request.userId,
        tickets.map(({ ticket, legs, key }) => ({
          draft: ticket.draft,
          legs,
          row: {
            placedAt:
              placedAt(ticket.placed, request.timeZone) ?? ticketStart(legs, request.timeZone, ticket.day),
            updatedAt: now,
            importKey: key,
          },
        })),
        now,
      )),
    ]
    try {
      const rows = await insertTickets(tx, request.userId, values, {
        maxBets: request.maxBets,
        skipImported: true,
        beforeUserRow: async (written) => {
          const pending = written.filter(
            (row) => row.ticketKind !== 'single' && row.betStatus === 'committed' && row.result === null,
          )
          await settleTickets(
            tx,
            pending.map((row) => row.id),
            now,
          )
        },
      })
      return new Set(rows.flatMap((row) => (row.importKey ? [row.importKey] : [])))
    } catch (error) {
      // Rethrown inside the transaction, so it still rolls the whole batch back.
      if (error instanceof AccountFull)
        throw new HttpError(
          409,
          `An account can hold at most ${request.maxBets.toLocaleString('en-US')} bets: these ${error.adding} would pass it. Nothing was imported.`,
        )
      throw error
    }
  })
}

/** The singles' rows: an unlinked single's placeholder game is made here. */
async function singleRows(tx: Db, request: ImportRequest, planned: Planned[], now: Date): Promise<NewBet[]> {
  const unlinked = planned.flatMap((plan) => (plan.game ? [] : [unlinkedEvent(plan.draft, request.timeZone)]))
  const placeholders = await offFeedGames(tx, request.userId, unlinked, now)
  return planned.map((plan): NewBet => {
    const game =
      plan.game ??
      placeholders.get(placeholderId(request.userId, unlinkedEvent(plan.draft, request.timeZone).keyParts))
    if (!game) throw new Error('An unlinked bet lost its placeholder game')
    const { result, betStatus } = plan.draft
    return {
      gameId: game.id,
      ...termsColumns(plan.terms),
      sportsbook: plan.draft.sportsbook,
      betStatus,
      ...bookResultColumns(result, plan.terms, plan.game, betStatus === 'committed', now),
      placedAt: placedAt(plan.draft.placed, request.timeZone) ?? game.startTime,
      updatedAt: now,
      importKey: plan.key,
    }
  })
}

/**
 * Without a placed time, a ticket is placed when its first leg starts, as a single is when its game does
 * (a leg off the feed starts at its day's noon when the file gives no time).
 */
function ticketStart(legs: readonly LegOnGames[], timeZone: string, day: CalendarDay): Date {
  const starts = legs.flatMap(({ leg, game }) =>
    game
      ? [game.startTime.getTime()]
      : leg.event.kind === 'off_feed' && leg.event.startTime
        ? [leg.event.startTime.getTime()]
        : [],
  )
  return starts.length > 0 ? new Date(Math.min(...starts)) : instantAt(day, '12:00', timeZone)
}

/** The file's placed time: an instant as written, or a wall time of the bettor's zone. */
function placedAt(placed: PlacedTime | null, timeZone: string): Date | null {
  if (placed === null) return null
  return 'instant' in placed ? placed.instant : instantAt(placed.day, placed.time, timeZone)
}

/** An unlinked bet's event (decision 063): its day, league and teams or text make it one. */
function unlinkedEvent(draft: ImportDraft, timeZone: string): OffFeedEvent {
  const [first = draft.eventText, second = ''] = draft.teams?.teams ?? []
  // '@' and 'at' name the away side first; 'vs' files usually name the home side first.
  const [awayTeam, homeTeam] = draft.teams?.ordered ? [first, second] : [second, first]
  return {
    keyParts: [draft.day, draft.league ?? draft.leagueText, draft.teams?.teams ?? draft.eventText],
    league: draft.league ?? (draft.leagueText || 'Other'),
    startTime: instantAt(draft.day, '12:00', timeZone),
    homeTeam,
    awayTeam,
  }
}

/**
 * Once an account goes, no row keeps a value derived from its id. Its placeholder games take
 * their own row id instead (their bets still point at them), and its bets' import keys, hashes over the
 * user id that only ever stopped a re-import by that user, are dropped. In the deletion's transaction.
 */
export async function forgetImportOwner(tx: Db, userId: number): Promise<void> {
  await tx
    .update(bets)
    .set({ importKey: null })
    .where(and(eq(bets.userId, userId), isNotNull(bets.importKey)))
  await forgetPlaceholderOwner(tx, userId)
}
