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
import { calendarDay, instantAt } from '../../domain/calendar'
import { parseDelimited } from '../../domain/delimited'
import { outsideFeedDays } from '../../domain/feed-days'
import { closestGames } from '../../domain/game-matching'
import type { RateLimit } from '../../domain/limits'
import { termsColumns } from '../bets/bet-rows'
import { AccountFull, insertBets, type NewBet } from '../bets/bet-writer'
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
import { HttpError } from '../http/errors'
import type { RateLimiter } from '../http/rate-limit'
import type { DayCache, FetchBudget, GameLookup } from './game-lookup'

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
  /** Fix in place: every row is a bet on this game. */
  game: GameRow | null
  maxBets: number
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
  }
  const occurrences = new Map<string, number>()
  const days: DayCache = new Map()
  const planned: Planned[] = []
  for (const [i, cells] of data.entries()) {
    const row = request.offset + i + 2
    const read = readRow(cells, mapped.indexes)
    if (!read.ok) {
      answer.failed.push({ row, reason: read.reason })
      continue
    }
    const { draft } = read
    const seen = occurrences.get(draft.identity) ?? 0
    occurrences.set(draft.identity, seen + 1)
    const key = createHash('sha256')
      .update(`${request.userId}\u001f${draft.identity}\u001f${seen}`)
      .digest('base64url')
    const found = request.game
      ? ({ kind: 'matched', game: request.game } as const)
      : await findGame(deps, draft, request.timeZone, days)
    if (found.kind === 'matched') {
      const terms = termsOnGame(draft, found.game)
      if (!terms.ok) answer.failed.push({ row, reason: terms.reason })
      else planned.push({ row, key, draft, terms: terms.terms, game: found.game })
    } else if (request.unlinked) {
      planned.push({ row, key, draft, terms: termsAsWritten(draft), game: null })
    } else {
      answer.unmatched.push({
        row,
        kind: found.kind,
        reason: found.reason,
        moreGames: Math.max(0, found.games.length - MAX_CANDIDATES),
        games: found.games.slice(0, MAX_CANDIDATES).map((game) => ({
          id: game.id,
          league: game.league,
          awayTeam: game.awayTeam,
          homeTeam: game.homeTeam,
          startTime: game.startTime.toISOString(),
          status: game.status,
        })),
      })
    }
  }

  if (planned.length > 0) {
    const written = await writeBets(deps, request, planned)
    answer.imported = written.size
    answer.unlinked = planned.filter((p) => p.game === null && written.has(p.key)).length
    for (const plan of planned)
      if (!written.has(plan.key)) answer.duplicates.push({ row: plan.row, reason: 'Already imported' })
  }
  return answer
}

type Found =
  | { kind: 'matched'; game: GameRow }
  | { kind: 'none' | 'ambiguous'; reason: string; games: GameRow[] }

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
    return { kind: 'none', reason: unread ?? `The event '${draft.eventText}' does not name two teams`, games }
  }
  const { match, dayGames, unread } = await deps.lookup.matchBetToGame(
    { league: draft.league, day: draft.day, timeZone, teams: draft.teams },
    days,
    deps.budget,
  )
  if (match.kind === 'matched') return match
  if (unread) return { kind: 'none', reason: unread, games: dayGames }
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

/** The stable keys written; the others were already there. All or nothing (one transaction). */
async function writeBets(deps: ImportDeps, request: ImportRequest, planned: Planned[]): Promise<Set<string>> {
  const { now } = deps
  return deps.db.transaction(async (tx) => {
    const unlinked = planned.flatMap((plan) =>
      plan.game ? [] : [unlinkedEvent(plan.draft, request.timeZone)],
    )
    const placeholders = await offFeedGames(tx, request.userId, unlinked, now)
    const values = planned.map((plan): NewBet => {
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
    try {
      const rows = await insertBets(tx, request.userId, values, {
        maxBets: request.maxBets,
        skipImported: true,
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
