import { and, asc, gt, inArray, type SQL, sql } from 'drizzle-orm'
import type { CsvBet } from '../../domain/csv'
import type { Cents } from '../../domain/money'
import { type Boost, eventName, legMarketOf, type TicketShape } from '../../domain/ticket'
import type { CsvLeg, CsvLegEvent } from '../../domain/ticket-csv'
import { betLegs, bets } from '../db/bets-schema'
import type { Database, Db } from '../db/client'
import type { FieldsRow } from '../db/driver-row'
import { games } from '../db/games-schema'
import { readAhead } from '../db/read-ahead'
import { boostOf, LEG_GAME_FIELDS, type LegGame, shapeOf } from './ticket-rows'

/**
 * What a CSV row reads of a bet (domain/csv.ts): 12 columns, not the row's 40. Its game's names are read once
 * per game for the whole export (csvGames), not joined to every row: the join's lookup per bet was a third of
 * the read on PGlite (100,000 tickets: 0.65 s against 0.41 s without it).
 */
const CSV_FIELDS = {
  id: bets.id,
  gameId: bets.gameId,
  betType: bets.betType,
  selection: bets.selection,
  odds: bets.odds,
  exactPrice: bets.exactPrice,
  amountCents: bets.amountCents,
  betStatus: bets.betStatus,
  result: bets.result,
  payoutCents: bets.payoutCents,
  sportsbook: bets.sportsbook,
  placedAt: bets.placedAt,
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

/** A CSV row of a bet: its game, and the shape and legs of a ticket of several legs (null for a single). */
export type CsvExportRow = FieldsRow<typeof CSV_FIELDS> & { game: CsvGame; ticket: CsvTicketParts | null }

/** A game as an export writes it: a single's Game and Sport cells, or a leg's event (shared by its legs). */
interface CsvGame {
  single: CsvBet['game']
  event: CsvLegEvent
}

export interface CsvTicketParts {
  shape: TicketShape
  boost: Boost | null
  potentialWin: Cents
  legs: CsvLeg[]
}

/** The reads an export uses: Drizzle for its games, the database's quickest reads for its rows and legs. */
export type CsvReads = Pick<Database, 'kind' | 'readRows'> & { db: Db }

/**
 * Rows per batch (measured by npm run bench). A file of tickets reads its legs once per batch: 500-row
 * batches took 2.0 to 2.3 s for 100,000 tickets on PostgreSQL, 2,000-row ones 1.8 to 2.0 s (through the
 * cursor it then read with); on PGlite each batch is two statements.
 */
const BATCH_ROWS = 2_000

/**
 * The bets `owned` selects as the CSV reads them (CSV_FIELDS), in id order, a batch at a time, so that an
 * export of any length holds a batch or two: each batch its own short read of the next 2,000 (a keyset,
 * Database.readRows), so that on PGlite, whose one session is shared by every request, other requests run
 * between batches instead of waiting for the whole file. `tickets` (hasTickets said the range holds one):
 * the rows carry the tickets' shapes, and the legs of a batch's tickets of several legs are read with one
 * more read per batch (decision 062), so memory stays bounded whatever the file's length; without it the
 * reads are a file of singles' only. The games of a batch's bets and legs come from one memo for the export
 * (csvGames).
 */
export function csvBatches(
  reads: CsvReads,
  owned: SQL[],
  options: { tickets: boolean },
): AsyncGenerator<CsvExportRow[]> {
  const batches = readBatches(reads, owned, options)
  switch (reads.kind) {
    case 'postgres':
      // PostgreSQL reads the next batch, its legs and games in its own process while this one is
      // formatted. PGlite's reads run on the event loop's own thread, where reading ahead only held one more
      // batch.
      return readAhead(batches)
    case 'pglite':
      return batches
  }
}

async function* readBatches(
  reads: CsvReads,
  owned: SQL[],
  options: { tickets: boolean },
): AsyncGenerator<CsvExportRow[]> {
  const gamesOf = csvGames(reads.db)
  const fields = options.tickets ? CSV_TICKET_FIELDS : CSV_FIELDS
  for await (const rows of inIdOrder(reads, owned, fields)) {
    const legs = options.tickets ? await ticketLegs(reads, rows as FieldsRow<typeof CSV_TICKET_FIELDS>[]) : []
    const gameOf = await gamesOf([...rows, ...legs].map((row) => row.gameId))
    const batch = rows as CsvExportRow[]
    for (const row of batch) row.game = known(gameOf, row.gameId)
    if (legs.length > 0) withTicketLegs(batch as TicketFileRow[], legs, gameOf)
    yield batch
  }
}

type TicketFileRow = FieldsRow<typeof CSV_TICKET_FIELDS> & CsvExportRow

/** What a row gets beside its columns (CsvExportRow), made with it so that its shape never grows. */
const EXPORT_PARTS = { game: null, ticket: null }

/** The rows of `fields`, a batch at a time. */
async function* inIdOrder(
  reads: CsvReads,
  owned: SQL[],
  fields: typeof CSV_FIELDS,
): AsyncGenerator<FieldsRow<typeof CSV_FIELDS>[]> {
  let after = 0
  for (;;) {
    const query = reads.db
      .select(fields)
      .from(bets)
      .where(and(...owned, gt(bets.id, after)))
      .orderBy(asc(bets.id))
      .limit(BATCH_ROWS)
      .toSQL()
    const rows = await reads.readRows(query, fields, { local: IN_ID_ORDER, extra: EXPORT_PARTS })
    const last = rows.at(-1)
    if (!last) return
    yield rows
    if (rows.length < BATCH_ROWS) return
    after = last.id
  }
}

/**
 * PGlite never runs autovacuum, so its tables have no statistics; the planner then guesses a few dozen rows
 * for any user and picks a bitmap scan and a sort, which reads every remaining bet of the user for each
 * batch (the 15 s of the event stream's load was mostly this, on PostgreSQL too before its first ANALYZE).
 * Turning those plans off for each batch's statement leaves the walk of the (user_id, id) index in order,
 * which stops after the batch; the legs' read walks their (bet_id, position) index the same way.
 */
const IN_ID_ORDER: Record<string, string> = {
  enable_bitmapscan: 'off',
  enable_hashjoin: 'off',
  enable_mergejoin: 'off',
  enable_sort: 'off',
}

/** What a ticket's leg reads for its CSV cell; its game's names are read once per game (csvGames). */
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
  exactPrice: betLegs.exactPrice,
  period: betLegs.period,
  result: betLegs.result,
}

type CsvLegRow = FieldsRow<typeof LEG_FIELDS>

/**
 * The legs of a batch's tickets of several legs, in slip order: one read by the tickets' ids. The ids are
 * the batch's own rows, so the user's; reading by them walks the legs' index alone, where a join back to the
 * bets fetched each bet of the batch again (0.30 s against 0.18 s for 100,000 tickets on PGlite). They go
 * as one array literal: Drizzle's inArray builds a parameter per id, which cost more than the read.
 */
async function ticketLegs(
  reads: CsvReads,
  rows: FieldsRow<typeof CSV_TICKET_FIELDS>[],
): Promise<CsvLegRow[]> {
  const ids = rows.flatMap((row) => (row.ticketKind === 'single' ? [] : [row.id]))
  if (ids.length === 0) return []
  const query = reads.db
    .select(LEG_FIELDS)
    .from(betLegs)
    .where(sql`${betLegs.betId} = any(${`{${ids.join(',')}}`}::integer[])`)
    .orderBy(asc(betLegs.betId), asc(betLegs.position))
  return reads.readRows(query.toSQL(), LEG_FIELDS, { local: IN_ID_ORDER })
}

/** The batch's tickets of several legs given their shapes and legs, in place. */
function withTicketLegs(rows: TicketFileRow[], legs: CsvLegRow[], gameOf: Map<number, CsvGame>): void {
  const tickets = new Map(rows.map((row) => [row.id, row]))
  for (const leg of legs) {
    const row = tickets.get(leg.betId)
    if (!row) continue
    row.ticket ??= { shape: shapeOf(row), boost: boostOf(row), potentialWin: row.potentialWinCents, legs: [] }
    row.ticket.legs.push({
      event: known(gameOf, leg.gameId).event,
      market: legMarketOf(leg),
      selection: leg.selection,
      odds: leg.odds,
      exactPrice: leg.exactPrice,
      result: leg.result,
    })
  }
}

/** Game ids to their games as the export writes them, for one export. */
type CsvGames = (gameIds: readonly number[]) => Promise<Map<number, CsvGame>>

/** Games an export keeps at once: a file of any length holds a bounded map. */
const GAME_MEMO = 4_096

/**
 * The games of an export's bets and legs, read once per game for its many rows, a batch's missing ones in
 * one query: a feed game by its teams, a placeholder (decision 063) by its event's name. Each game's event
 * is one object for every leg on it, which the Legs cell's writer memoises (domain/ticket-csv.ts).
 */
function csvGames(db: Db): CsvGames {
  const memo = new Map<number, CsvGame>()
  return async (gameIds) => {
    const needed = new Set(gameIds)
    if (memo.size + needed.size > GAME_MEMO) memo.clear()
    const missing = [...needed].filter((id) => !memo.has(id))
    if (missing.length === 0) return memo
    const found = await db.select(LEG_GAME_FIELDS).from(games).where(inArray(games.id, missing))
    for (const game of found) memo.set(game.id, csvGame(game))
    return memo
  }
}

/** A bet's or leg's game: the foreign key holds it, so a miss is a broken database, not a row to skip. */
function known(gameOf: Map<number, CsvGame>, gameId: number): CsvGame {
  const game = gameOf.get(gameId)
  if (!game) throw new Error(`The CSV export found no game ${gameId}`)
  return game
}

function csvGame(game: LegGame): CsvGame {
  const single = {
    homeTeam: game.homeTeam,
    awayTeam: game.awayTeam,
    sport: game.league,
    startTime: game.startTime,
  }
  const event: CsvLegEvent =
    game.provider === 'unlinked'
      ? { kind: 'off_feed', name: eventName(game), league: game.league, startTime: game.startTime }
      : {
          kind: 'game',
          awayTeam: game.awayTeam,
          homeTeam: game.homeTeam,
          sport: game.league,
          startTime: game.startTime,
        }
  return { single, event }
}
