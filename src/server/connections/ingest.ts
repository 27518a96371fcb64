import { and, eq, isNull } from 'drizzle-orm'
import { validateBetForm } from '../../domain/bet-form'
import { formatCents } from '../../domain/money'
import type { TicketKind } from '../../domain/ticket'
import { countByKind } from '../../domain/ticket-draft'
import { termsColumns } from '../bets/bet-rows'
import { AccountFull, insertBets, insertTickets, updateBets } from '../bets/bet-writer'
import { betLegs, bets } from '../db/bets-schema'
import type { Db } from '../db/client'
import { syncedBets } from '../db/connections-schema'
import { type GameRow, games } from '../db/games-schema'
import { bookResultColumns } from '../games/settlement.service'
import { type LegOnGames, ticketsToWrite } from '../imports/ticket-drafts'
import type { SyncedBet, SyncedTicket, SyncProblem } from './connector'
import type { FindGame } from './game-lookup'

export interface IngestTally {
  newBets: number
  updatedBets: number
  /** Bets that could not be stored, each with its reason. */
  errors: SyncProblem[]
  /** The new bets by kind (decision 062): singles, parlays, teasers... */
  tickets: Record<TicketKind, number>
}

export interface IngestOptions {
  now: Date
  /** MAX_BETS_PER_USER: a synced bet counts like any other. */
  maxBets: number
  /** How a new bet's game is found (game-lookup.ts: the import's matcher, run before the writes). */
  findGame: FindGame
}

/**
 * Stores synced bets as committed bets of the user, one transaction each: a bet seen before
 * (same source id) is updated when what it carries changed (a result, a corrected stake), else left alone,
 * so a re-sync adds nothing. Terms pass the bet form's own rules against the game (validateBetForm), and a
 * settled bet keeps the source's result with decision 002's payout, the final score's result beside it when they
 * disagree (an open conflict, decision 027); a pending bet on a final game is settled by the score. A bet whose game is not found,
 * or found twice, is an error with the reason and nothing is written for it.
 */
export async function ingestSyncedBets(
  db: Db,
  userId: number,
  records: readonly SyncedBet[],
  options: IngestOptions,
): Promise<IngestTally> {
  const tally: IngestTally = { newBets: 0, updatedBets: 0, errors: [], tickets: countByKind([]) }
  const known = await knownFingerprints(db, userId)
  for (const record of records) {
    if (known.get(record.externalId) === fingerprintOf(record)) continue
    const outcome = await inOwnTransaction(db, options.maxBets, (tx) =>
      ingestOne(tx, userId, record, options),
    )
    if (outcome === 'new') {
      tally.newBets++
      tally.tickets.single++
    } else if (outcome === 'updated') tally.updatedBets++
    else if (outcome !== 'unchanged') {
      tally.errors.push({ sportsbook: record.sportsbook, externalId: record.externalId, reason: outcome })
    }
  }
  return tally
}

type Outcome = 'new' | 'updated' | 'unchanged' | string

/** Every sync reads the whole history again: unchanged bets are told apart in one query, not one each. */
async function knownFingerprints(db: Db, userId: number): Promise<Map<string, string>> {
  const rows = await db
    .select({ externalId: syncedBets.externalId, fingerprint: syncedBets.fingerprint })
    .from(syncedBets)
    .where(eq(syncedBets.userId, userId))
  return new Map(rows.map((row) => [row.externalId, row.fingerprint]))
}

/** One bet's or ticket's writes in their own transaction; a full account is its error, rolled back. */
function inOwnTransaction(db: Db, maxBets: number, write: (tx: Db) => Promise<Outcome>): Promise<Outcome> {
  return db.transaction(write).catch((error: unknown) => {
    if (error instanceof AccountFull)
      return `This account holds the most bets one account may hold (${maxBets})`
    throw error
  })
}

/** A synced slip of several legs with its legs on games (ticket-drafts.ts, looked up before the writes). */
export interface TicketOnGames {
  record: SyncedTicket
  legs: readonly LegOnGames[]
}

/**
 * Stores synced slips of several legs as committed tickets (decision 062), one transaction each, through
 * the one writer: the slip's outcome and payout stand for the ticket. A slip seen before whose content
 * changed (the book graded it) takes the new result, payout and leg results; an unchanged one is left
 * alone. Adds to `tally`, counting the new tickets by kind.
 */
export async function ingestSyncedTickets(
  db: Db,
  userId: number,
  tickets: readonly TicketOnGames[],
  options: Pick<IngestOptions, 'now' | 'maxBets'>,
  tally: IngestTally,
): Promise<void> {
  if (tickets.length === 0) return
  const known = await knownFingerprints(db, userId)
  for (const ticket of tickets) {
    const fingerprint = JSON.stringify(ticket.record.draft)
    const seen = known.get(ticket.record.externalId)
    if (seen === fingerprint) continue
    const outcome = await inOwnTransaction(db, options.maxBets, (tx) =>
      ingestTicket(tx, userId, ticket, fingerprint, seen !== undefined, options),
    )
    if (outcome === 'new') {
      tally.newBets++
      tally.tickets[ticket.record.draft.shape.kind]++
    } else if (outcome === 'updated') tally.updatedBets++
    else
      tally.errors.push({
        sportsbook: ticket.record.sportsbook,
        externalId: ticket.record.externalId,
        reason: outcome,
      })
  }
}

async function ingestTicket(
  tx: Db,
  userId: number,
  { record, legs }: TicketOnGames,
  fingerprint: string,
  seen: boolean,
  options: Pick<IngestOptions, 'now' | 'maxBets'>,
): Promise<Outcome> {
  const { now } = options
  if (seen) return regradeTicket(tx, userId, record, fingerprint, now)
  const [written] = await ticketsToWrite(
    tx,
    userId,
    [{ draft: record.draft, legs, row: { placedAt: record.placedAt, updatedAt: now, importKey: null } }],
    now,
  )
  if (!written) throw new Error('The ticket has no row to write')
  const [bet] = await insertTickets(tx, userId, [written], { maxBets: options.maxBets })
  if (!bet) throw new Error('The insert returned no bet')
  await tx
    .insert(syncedBets)
    .values({ userId, externalId: record.externalId, betId: bet.id, fingerprint, syncedAt: now })
  return 'new'
}

/**
 * A ticket synced before whose slip changed (the book graded it): the slip's result and payout, and its
 * legs' results in the slip's order; a leg's hand result stands (decision 059).
 */
async function regradeTicket(
  tx: Db,
  userId: number,
  record: SyncedTicket,
  fingerprint: string,
  now: Date,
): Promise<Outcome> {
  const synced = and(eq(syncedBets.userId, userId), eq(syncedBets.externalId, record.externalId))
  const [found] = await tx.select({ betId: syncedBets.betId }).from(syncedBets).where(synced)
  if (!found) return 'A synced ticket lost its bet'
  const { result, payout } = record.draft
  await updateBets(tx, userId, eq(bets.id, found.betId), {
    result,
    payoutCents: result === null ? null : payout,
    settledAt: result === null ? null : now,
    resultFromFile: result !== null,
    updatedAt: now,
  })
  for (const [position, leg] of record.draft.legs.entries())
    await tx
      .update(betLegs)
      .set({ result: leg.result })
      .where(
        and(eq(betLegs.betId, found.betId), eq(betLegs.position, position), isNull(betLegs.handResultAt)),
      )
  await tx.update(syncedBets).set({ fingerprint, syncedAt: now }).where(synced)
  return 'updated'
}

async function ingestOne(
  tx: Db,
  userId: number,
  record: SyncedBet,
  options: IngestOptions,
): Promise<Outcome> {
  const fingerprint = fingerprintOf(record)
  const [seen] = await tx
    .select({ betId: syncedBets.betId, fingerprint: syncedBets.fingerprint, game: games })
    .from(syncedBets)
    .innerJoin(bets, eq(bets.id, syncedBets.betId))
    .innerJoin(games, eq(games.id, bets.gameId))
    .where(and(eq(syncedBets.userId, userId), eq(syncedBets.externalId, record.externalId)))
  if (seen && seen.fingerprint === fingerprint) return 'unchanged'
  const game = seen ? seen.game : await options.findGame(tx, record)
  if (game === 'none') return `No game in Grid matches ${record.event.name} (${record.league}) yet`
  if (game === 'ambiguous')
    return `More than one game in Grid matches ${record.event.name} (${record.league})`
  const columns = betColumns(record, game, options.now)
  if (typeof columns === 'string') return columns
  const { now } = options
  if (seen) {
    await updateBets(tx, userId, eq(bets.id, seen.betId), { ...columns, updatedAt: now })
    await tx
      .update(syncedBets)
      .set({ fingerprint, syncedAt: now })
      .where(and(eq(syncedBets.userId, userId), eq(syncedBets.externalId, record.externalId)))
    return 'updated'
  }
  // The same conditional count as a bet typed in (the one writer, bet-writer.ts): never past the cap.
  const [bet] = await insertBets(
    tx,
    userId,
    [
      {
        gameId: game.id,
        ...columns,
        sportsbook: record.sportsbook,
        betStatus: 'committed',
        placedAt: record.placedAt,
        updatedAt: now,
      },
    ],
    { maxBets: options.maxBets },
  )
  if (!bet) throw new Error('The insert returned no bet')
  await tx.insert(syncedBets).values({
    userId,
    externalId: record.externalId,
    betId: bet.id,
    fingerprint,
    syncedAt: now,
  })
  return 'new'
}

/** What a synced bet carries that Grid stores: a change in any of it makes the bet updated. */
function fingerprintOf(record: SyncedBet): string {
  return JSON.stringify([
    record.market,
    record.selection,
    record.line,
    record.odds,
    record.stake,
    record.result,
  ])
}

/** The bet's columns from the record, through the bet form's rules; a string says why it cannot be stored. */
function betColumns(record: SyncedBet, game: GameRow, now: Date) {
  const form = validateBetForm(
    {
      betType: record.market,
      selection: record.market === 'moneyline' ? record.selection : null,
      odds: record.odds,
      amount: formatCents(record.stake),
      spreadTeam: record.market === 'spread' ? record.selection : null,
      spreadPoints: record.market === 'spread' ? record.line : null,
      totalPoints: record.market === 'total' ? record.line : null,
      overUnder: record.market === 'total' ? (record.selection === 'Over' ? 'over' : 'under') : null,
    },
    game,
  )
  if (!form.ok) return `${form.message} (${form.field})`
  return {
    ...termsColumns(form.terms),
    ...bookResultColumns(record.result ?? null, form.terms, game, true, now),
  }
}
