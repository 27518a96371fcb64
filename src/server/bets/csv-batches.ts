import { and, asc, between, eq, gt, inArray, ne, type SQL } from 'drizzle-orm'
import type { Cents } from '../../domain/money'
import { type Boost, eventName, legMarketOf, type TicketShape } from '../../domain/ticket'
import type { CsvLeg, CsvLegEvent } from '../../domain/ticket-csv'
import { betLegs, bets } from '../db/bets-schema'
import type { Database, Db } from '../db/client'
import { driverRow, type FieldsRow } from '../db/driver-row'
import { games } from '../db/games-schema'
import { boostOf, LEG_GAME_FIELDS, type LegGame, shapeOf } from './ticket-rows'

/** What a CSV row reads of a bet and its game (domain/csv.ts): 13 columns, not the two rows' 50. */
const CSV_FIELDS = {
  id: bets.id,
  betType: bets.betType,
  selection: bets.selection,
  odds: bets.odds,
  amountCents: bets.amountCents,
  betStatus: bets.betStatus,
  result: bets.result,
  payoutCents: bets.payoutCents,
  sportsbook: bets.sportsbook,
  placedAt: bets.placedAt,
  homeTeam: games.homeTeam,
  awayTeam: games.awayTeam,
  league: games.league,
  startTime: games.startTime,
}

/** What a ticket's row adds for its CSV cells: its shape and boost (shapeOf, boostOf) and To Win. */
const TICKET_SHAPE_FIELDS = {
  ticketKind: bets.ticketKind,
  voidRule: bets.voidRule,
  tieRule: bets.tieRule,
  teaserPoints: bets.teaserPoints,
  teaserReducedOdds: bets.teaserReducedOdds,
  roundRobinSizes: bets.roundRobinSizes,
  boostPercent: bets.boostPercent,
  unboostedOdds: bets.unboostedOdds,
  potentialWinCents: bets.potentialWinCents,
}

/** A file that holds tickets reads their shapes with the rows, not once per leg. */
const CSV_TICKET_FIELDS = { ...CSV_FIELDS, ...TICKET_SHAPE_FIELDS }

/** A CSV row of a bet, with the shape and legs of a ticket of several legs (null for a single). */
export type CsvExportRow = FieldsRow<typeof CSV_FIELDS> & { ticket: CsvTicketParts | null }

type TicketFileRow = FieldsRow<typeof CSV_TICKET_FIELDS> & { ticket: CsvTicketParts | null }

export interface CsvTicketParts {
  shape: TicketShape
  boost: Boost | null
  potentialWin: Cents
  legs: CsvLeg[]
}

/** The reads an export uses: Drizzle for short queries, and the database's way of reading a long one. */
export type CsvReads = Pick<Database, 'cursor' | 'copyOut'> & { db: Db }

/** Rows per fetch of the PostgreSQL cursor, and per COPY on PGlite (measured by npm run bench). */
const CURSOR_BATCH = 500
const COPY_BATCH = 2_000

/**
 * The bets `owned` selects as the CSV reads them (CSV_FIELDS), in id order, a batch at a time, so that an
 * export of any length holds one batch. On PostgreSQL one statement read through a cursor
 * (Database.cursor), 500 rows at a time. On PGlite, whose one session is shared by every request, each
 * batch is its own short COPY of the next 2,000, so other requests run between batches instead of waiting
 * for the whole file. `tickets` (hasTickets said the range holds one): the rows carry the tickets' shapes,
 * and the legs of a batch's tickets of several legs are read with one more query per batch (decision 062),
 * so memory stays one batch whatever the file's length; without it the reads are a file of singles' only.
 */
export async function* csvBatches(
  reads: CsvReads,
  owned: SQL[],
  options: { tickets: boolean },
): AsyncGenerator<CsvExportRow[]> {
  if (!options.tickets) {
    yield* inIdOrder(reads, owned, CSV_FIELDS, singleRow)
    return
  }
  const events = legEvents(reads.db)
  for await (const rows of inIdOrder(reads, owned, CSV_TICKET_FIELDS, ticketFileRow)) {
    yield await withTicketLegs(reads, owned, rows, events)
  }
}

async function* inIdOrder<R extends CsvExportRow>(
  reads: CsvReads,
  owned: SQL[],
  fields: typeof CSV_FIELDS,
  row: (values: unknown[]) => R,
): AsyncGenerator<R[]> {
  const { db, cursor, copyOut } = reads
  if (cursor) {
    const query = db
      .select(fields)
      .from(bets)
      .innerJoin(games, eq(games.id, bets.gameId))
      .where(and(...owned))
      .orderBy(asc(bets.id))
      .toSQL()
    for await (const values of cursor(query, CURSOR_BATCH)) yield values.map(row)
    return
  }
  if (!copyOut) throw new Error('The database reads neither through a cursor nor through COPY')
  let after = 0
  for (;;) {
    const query = db
      .select(fields)
      .from(bets)
      .innerJoin(games, eq(games.id, bets.gameId))
      .where(and(...owned, gt(bets.id, after)))
      .orderBy(asc(bets.id))
      .limit(COPY_BATCH)
      .toSQL()
    const rows = (await copyOut(query, IN_ID_ORDER)).map(row)
    const last = rows.at(-1)
    if (!last) return
    yield rows
    if (rows.length < COPY_BATCH) return
    // COPY's text leaves a serial id as written: a number only on the cursor's path.
    after = Number(last.id)
  }
}

/**
 * PGlite never runs autovacuum, so its tables have no statistics; the planner then guesses a few dozen rows
 * for any user and picks a bitmap scan, or a hash join of every remaining bet with the games and a sort,
 * which reads every remaining bet of the user for each batch (the 15 s of the event stream's load was mostly
 * this, on PostgreSQL too before its first ANALYZE). Turning those plans off for each batch's statement
 * leaves the walk of the (user_id, id) index in order, each bet joined to its game by key, which stops after
 * the batch: 100,000 bets in 0.55 s, against 1.0 s for the same walk over ids first and the bets joined back.
 */
const IN_ID_ORDER: Record<string, string> = {
  enable_bitmapscan: 'off',
  enable_hashjoin: 'off',
  enable_mergejoin: 'off',
  enable_sort: 'off',
}

/** Reads a row of `fields` as a single's CSV row; withTicketLegs fills in a ticket's parts, in place. */
function csvRow<F extends typeof CSV_FIELDS>(fields: F) {
  const read = driverRow(fields)
  return (values: unknown[]) => {
    const row = read(values) as FieldsRow<F> & { ticket: CsvTicketParts | null }
    row.ticket = null
    return row
  }
}

const singleRow = csvRow(CSV_FIELDS)
const ticketFileRow = csvRow(CSV_TICKET_FIELDS)

/** What a ticket's leg reads for its CSV cell; its game's names are read once per game (legEvents). */
const LEG_FIELDS = {
  betId: betLegs.betId,
  gameId: betLegs.gameId,
  market: betLegs.market,
  selection: betLegs.selection,
  spreadTeam: betLegs.spreadTeam,
  spreadPoints: betLegs.spreadPoints,
  totalPoints: betLegs.totalPoints,
  overUnder: betLegs.overUnder,
  odds: betLegs.odds,
  result: betLegs.result,
}

const legRow = driverRow(LEG_FIELDS)

/**
 * The batch with its tickets of several legs given their shapes and legs, in slip order: one query for the
 * batch, through COPY on PGlite (decoding its row messages in JavaScript was most of a ticket file's time).
 */
async function withTicketLegs(
  reads: CsvReads,
  owned: SQL[],
  rows: TicketFileRow[],
  events: LegEvents,
): Promise<CsvExportRow[]> {
  const first = rows[0]
  const last = rows.at(-1)
  if (!first || !last) return rows
  const query = reads.db
    .select(LEG_FIELDS)
    .from(betLegs)
    .innerJoin(bets, eq(bets.id, betLegs.betId))
    // The batch is every owned bet in its id range, so its tickets' legs are those of the range's owned
    // tickets. The range is on both tables: PGlite's planner, without statistics, otherwise scanned every
    // leg of every user, or every bet of the user, for each batch.
    .where(
      and(
        ...owned,
        between(bets.id, Number(first.id), Number(last.id)),
        between(betLegs.betId, Number(first.id), Number(last.id)),
        ne(bets.ticketKind, 'single'),
      ),
    )
    .orderBy(asc(betLegs.betId), asc(betLegs.position))
  const legs = reads.copyOut ? (await reads.copyOut(query.toSQL(), IN_ID_ORDER)).map(legRow) : await query
  const eventOf = await events(legs.map((leg) => Number(leg.gameId)))
  const tickets = new Map(rows.map((row) => [Number(row.id), row]))
  for (const leg of legs) {
    const row = tickets.get(Number(leg.betId))
    const event = eventOf.get(Number(leg.gameId))
    if (!row || !event) continue
    row.ticket ??= { shape: shapeOf(row), boost: boostOf(row), potentialWin: row.potentialWinCents, legs: [] }
    row.ticket.legs.push({
      event,
      market: legMarketOf(leg),
      selection: leg.selection,
      odds: leg.odds,
      result: leg.result,
    })
  }
  return rows
}

/** Game ids to their legs' events, for one export. */
type LegEvents = (gameIds: readonly number[]) => Promise<Map<number, CsvLegEvent>>

/** Games whose events an export keeps at once: a file of any length holds a bounded map. */
const EVENT_MEMO = 4_096

/**
 * Legs' events as the CSV writes them, read once per game for an export's many legs (not a game's names on
 * every leg's row): a feed game by its teams, a placeholder (decision 063) by its event's name.
 */
function legEvents(db: Db): LegEvents {
  const known = new Map<number, CsvLegEvent>()
  return async (gameIds) => {
    const needed = new Set(gameIds)
    if (known.size + needed.size > EVENT_MEMO) known.clear()
    const missing = [...needed].filter((id) => !known.has(id))
    if (missing.length === 0) return known
    const found = await db.select(LEG_GAME_FIELDS).from(games).where(inArray(games.id, missing))
    for (const game of found) known.set(game.id, legEvent(game))
    return known
  }
}

function legEvent(game: LegGame): CsvLegEvent {
  return game.provider === 'unlinked'
    ? { kind: 'off_feed', name: eventName(game), league: game.league, startTime: game.startTime }
    : {
        kind: 'game',
        awayTeam: game.awayTeam,
        homeTeam: game.homeTeam,
        sport: game.league,
        startTime: game.startTime,
      }
}
