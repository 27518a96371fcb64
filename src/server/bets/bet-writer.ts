import { and, eq, inArray, lte, type SQL, sql } from 'drizzle-orm'
import { type BetRow, betLegs, bets } from '../db/bets-schema'
import type { Db } from '../db/client'
import { users } from '../db/schema'

/**
 * The one writer of tickets (decision 061). What every reader relies on: a ticket's row, its legs, and the
 * user's bets version (and bet count, never past the account's cap) change in ONE transaction, the
 * caller's. Bets typed in (bets.repository.ts), imported (imports/import.service.ts) and synced
 * (connections/ingest.ts) all come through here; settlement writes results only, and keeps a single's leg
 * with them through writeSingleLegs.
 *
 * Locks: the ticket rows first, then anything `beforeUserRow` does (settling a final game locks its bets in
 * id order), the user's row last. Every transaction that touches bets takes them in this order, so two
 * never wait for each other in a cycle. A leg is written only by a transaction that already holds its
 * ticket's row (it wrote that row just before), so the legs add no lock of their own to that order.
 */

/** Thrown inside the caller's transaction when new bets would pass the account's cap: it rolls them back. */
export class AccountFull extends Error {
  override name = 'AccountFull'
  constructor(
    readonly maxBets: number,
    readonly adding: number,
  ) {
    super(`An account holds at most ${maxBets} bets`)
  }
}

/** A new ticket's row; the user is the writer's argument, so no caller writes a bet for someone else. */
export type NewBet = Omit<typeof bets.$inferInsert, 'id' | 'userId'>

/** A ticket's leg row; its ticket and position are the writer's (the slip's order). */
export type NewLeg = Omit<typeof betLegs.$inferInsert, 'id' | 'betId' | 'position'>

/** A ticket's row and, for a ticket of several legs, its legs (a single's one leg is its row's). */
export interface NewTicket {
  row: NewBet
  legs: readonly NewLeg[]
}

/** Rows per INSERT: an import writes up to 10,000 bets in one transaction. */
const INSERT_BATCH = 1_000

interface WriteOptions {
  /** Work of the same transaction between the ticket rows and the user's row (lock order above). */
  beforeUserRow?: (rows: BetRow[]) => Promise<void>
}

/**
 * Stores new tickets with their legs, and counts them against `maxBets` with one conditional update, so
 * parallel writers cannot slip past the cap together; over it, AccountFull is thrown and the caller's
 * transaction rolls everything back. `skipImported`: a row whose import key the user already has is
 * skipped (the import's duplicates), and only the rows written are answered and counted.
 */
export async function insertBets(
  tx: Db,
  userId: number,
  values: readonly NewBet[],
  options: WriteOptions & { maxBets: number; skipImported?: boolean },
): Promise<BetRow[]> {
  const written: BetRow[] = []
  for (let at = 0; at < values.length; at += INSERT_BATCH) {
    const insert = tx
      .insert(bets)
      .values(values.slice(at, at + INSERT_BATCH).map((row) => ({ ...row, userId })))
    const rows = options.skipImported
      ? await insert.onConflictDoNothing({ target: [bets.userId, bets.importKey] }).returning()
      : await insert.returning()
    await writeSingleLegs(
      tx,
      rows.map((row) => row.id),
    )
    written.push(...rows)
  }
  if (written.length === 0) return written
  await options.beforeUserRow?.(written)
  const [counted] = await tx
    .update(users)
    .set({
      betCount: sql`${users.betCount} + ${written.length}`,
      betsVersion: sql`${users.betsVersion} + 1`,
    })
    .where(and(eq(users.id, userId), lte(sql`${users.betCount} + ${written.length}`, options.maxBets)))
    .returning({ id: users.id })
  if (!counted) throw new AccountFull(options.maxBets, written.length)
  return written
}

/**
 * insertBets for tickets with their legs: the legs of each ticket of several legs written are inserted
 * before `beforeUserRow` (which may settle them) and the user's row. Bets typed in, imported and synced
 * all write a ticket's legs here. A written row is its ticket's by import key when the rows have one
 * (`skipImported` may skip some), else by order: each caller then writes every row it gives.
 */
export async function insertTickets(
  tx: Db,
  userId: number,
  tickets: readonly NewTicket[],
  options: WriteOptions & { maxBets: number; skipImported?: boolean },
): Promise<BetRow[]> {
  return insertBets(
    tx,
    userId,
    tickets.map((ticket) => ticket.row),
    {
      ...options,
      beforeUserRow: async (rows) => {
        await writeTicketLegs(tx, pairRows(rows, tickets))
        await options.beforeUserRow?.(rows)
      },
    },
  )
}

function pairRows(rows: readonly BetRow[], tickets: readonly NewTicket[]): [BetRow, NewTicket][] {
  const byKey = new Map(
    tickets.flatMap((ticket) => (ticket.row.importKey ? [[ticket.row.importKey, ticket]] : [])),
  )
  return rows.flatMap((row, index): [BetRow, NewTicket][] => {
    const ticket = row.importKey ? byKey.get(row.importKey) : tickets[index]
    return ticket ? [[row, ticket]] : []
  })
}

/**
 * An edited ticket's legs (decision 065): the old ones go and the new are written in slip order, with the
 * games they name on its row, inside the edit's transaction (updateBets' beforeUserRow).
 */
export async function replaceTicketLegs(tx: Db, betId: number, legs: readonly NewLeg[]): Promise<void> {
  await tx.delete(betLegs).where(eq(betLegs.betId, betId))
  await tx.insert(betLegs).values(legs.map((leg, position) => ({ ...leg, betId, position })))
  await writeOtherGames(tx, [betId])
}

async function writeTicketLegs(tx: Db, written: readonly [BetRow, NewTicket][]): Promise<void> {
  const legs = written.flatMap(([row, ticket]) =>
    row.ticketKind === 'single'
      ? []
      : ticket.legs.map((leg, position) => ({ ...leg, betId: row.id, position })),
  )
  for (let at = 0; at < legs.length; at += INSERT_BATCH)
    await tx.insert(betLegs).values(legs.slice(at, at + INSERT_BATCH))
  await writeOtherGames(
    tx,
    written.flatMap(([row]) => (row.ticketKind === 'single' ? [] : [row.id])),
  )
}

/**
 * Decision 063: each ticket's `other_game_ids` from its legs, in the transaction that wrote them: the games
 * besides its first leg's, which the history and the games list read to list it under each of its games.
 */
export async function writeOtherGames(tx: Db, ticketIds: readonly number[]): Promise<void> {
  if (ticketIds.length === 0) return
  await tx.execute(sql`
    update ${bets} set other_game_ids = (
      select array_agg(distinct l.game_id order by l.game_id) from ${betLegs} l
      where l.bet_id = ${bets.id} and l.game_id <> ${bets.gameId})
    where ${inArray(bets.id, [...ticketIds])}`)
}

/**
 * Changes the user's tickets that `where` picks (a bettor's edit, confirm or choice, a re-synced bet): a
 * single's leg is rewritten from its row, and the bets version moves. Answers the rows changed; none
 * changed, nothing else is written.
 */
export async function updateBets(
  tx: Db,
  userId: number,
  where: SQL | undefined,
  set: Partial<NewBet>,
  options: WriteOptions = {},
): Promise<BetRow[]> {
  const rows = await tx
    .update(bets)
    .set(set)
    .where(and(eq(bets.userId, userId), where))
    .returning()
  if (rows.length === 0) return rows
  await writeSingleLegs(
    tx,
    rows.map((row) => row.id),
  )
  await options.beforeUserRow?.(rows)
  await bumpBetsVersion(tx, userId)
  return rows
}

/** Deletes the user's tickets that `where` picks; their legs go with them (on delete cascade). */
export async function deleteBets(tx: Db, userId: number, where: SQL | undefined): Promise<BetRow[]> {
  const rows = await tx
    .delete(bets)
    .where(and(eq(bets.userId, userId), where))
    .returning()
  if (rows.length > 0) await bumpBetsVersion(tx, userId, -rows.length)
  return rows
}

/**
 * A single's one leg (position 0) written from its ticket's row: its game, market, selection, terms, odds
 * and result. Until the readers move onto the legs, the bet's row is what the app reads and this keeps
 * the leg equal to it; settlement calls it beside each result it writes. `ticket_kind` is read from the
 * row, so a ticket of another kind keeps the legs its writer gave it.
 */
export async function writeSingleLegs(tx: Db, betIds: readonly number[]): Promise<void> {
  if (betIds.length === 0) return
  await tx.execute(sql`
    insert into ${betLegs} (bet_id, position, game_id, market, selection, spread_team, spread_points,
      total_points, over_under, odds, exact_price, period, result)
    select id, 0, game_id, ${legMarket}, selection, spread_team, spread_points, total_points, over_under, odds,
      exact_price, period, ${legResult}
    from ${bets}
    where ${inArray(bets.id, [...betIds])} and ${eq(bets.ticketKind, 'single')}
    on conflict (bet_id, position) do update set
      game_id = excluded.game_id, market = excluded.market, selection = excluded.selection, spread_team = excluded.spread_team,
      spread_points = excluded.spread_points, total_points = excluded.total_points,
      over_under = excluded.over_under, odds = excluded.odds, exact_price = excluded.exact_price,
      period = excluded.period,
      result = excluded.result`)
}

/**
 * The bet's result as a leg's (decision 003's older 'win' and 'loss' read as ledgerResult reads them; a
 * quarter line's half results as they are, decision 071).
 */
const legResult = sql.raw(
  `case result when 'won' then 'won' when 'win' then 'won' when 'lost' then 'lost' when 'loss' then 'lost' when 'push' then 'push' when 'void' then 'void' when 'half_won' then 'half_won' when 'half_lost' then 'half_lost' end`,
)

/** A single off the feed on a market Grid does not model ('other', decision 063) has a leg without a market. */
const legMarket = sql.raw(`case when bet_type in ('spread', 'total', 'moneyline') then bet_type end`)

/** Every bet write moves the bets version (the grid cache's stamp); a delete also counts its bets out. */
async function bumpBetsVersion(tx: Db, userId: number, countChange = 0): Promise<void> {
  await tx
    .update(users)
    .set({ betsVersion: sql`${users.betsVersion} + 1`, betCount: sql`${users.betCount} + ${countChange}` })
    .where(eq(users.id, userId))
}
