import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm'
import { finalLegResult } from '../../domain/settlement'
import { type LegResult, legMarketOf } from '../../domain/ticket'
import { ticketStanding } from '../../domain/ticket-settlement'
import { ticketTerms } from '../bets/ticket-rows'
import { betLegs, bets } from '../db/bets-schema'
import type { Db } from '../db/client'
import { games } from '../db/games-schema'

/**
 * Settles committed tickets of several legs (decision 053): each leg on a final feed game takes its result
 * from the score (settleLeg, the one rule a single's settlement uses too), a leg with a hand result keeps
 * it (decision 059), and the ticket's standing follows from its legs (ticketStanding): pending, needs
 * review (decision 060) or settled with its payout. A ticket with a hand result of its own keeps it, and
 * so does one whose result came from a file or a sync.
 *
 * Locks: the tickets' rows first, in id order (settlement's one order, settlement.service.ts), then their
 * legs: a leg is written only by a transaction holding its ticket (bet-writer.ts). Writes only what
 * changed, so a second run, or another instance's, changes nothing. Answers how many tickets changed.
 */
export async function settleTickets(tx: Db, ticketIds: readonly number[], now: Date): Promise<number> {
  if (ticketIds.length === 0) return 0
  const tickets = await tx
    .select()
    .from(bets)
    .where(
      and(
        inArray(bets.id, [...ticketIds]),
        eq(bets.betStatus, 'committed'),
        ne(bets.ticketKind, 'single'),
        isNull(bets.handResultAt),
        // An imported or synced ticket's result is the book's (decision 062): its P&L is the file's.
        eq(bets.resultFromFile, false),
      ),
    )
    .orderBy(asc(bets.id))
    .for('update')
  if (tickets.length === 0) return 0
  const legs = await tx
    .select({ leg: betLegs, game: games })
    .from(betLegs)
    .innerJoin(games, eq(games.id, betLegs.gameId))
    .where(
      inArray(
        betLegs.betId,
        tickets.map((ticket) => ticket.id),
      ),
    )
    .orderBy(asc(betLegs.betId), asc(betLegs.position))
  let changed = 0
  for (const ticket of tickets) {
    const own = legs.filter((row) => row.leg.betId === ticket.id)
    const results = own.map(({ leg, game }) => ({
      odds: leg.odds,
      exactPrice: leg.exactPrice,
      result: legResult(leg, game),
    }))
    for (const [index, { leg }] of own.entries()) {
      const result = results[index]?.result ?? null
      if (result === leg.result) continue
      await tx.update(betLegs).set({ result }).where(eq(betLegs.id, leg.id))
    }
    const standing = ticketStanding(ticketTerms(ticket, results))
    const columns =
      standing.status === 'settled'
        ? { result: standing.result, payoutCents: standing.payout, needsReview: false }
        : { result: null, payoutCents: null, needsReview: standing.status === 'needs_review' }
    if (
      ticket.result === columns.result &&
      ticket.payoutCents === columns.payoutCents &&
      ticket.needsReview === columns.needsReview
    )
      continue
    await tx
      .update(bets)
      .set({ ...columns, settledAt: columns.result === null ? null : now, updatedAt: now })
      .where(eq(bets.id, ticket.id))
    changed++
  }
  return changed
}

/** A leg's result: the bettor's hand result, else the final score's on a feed game, else undecided. */
function legResult(leg: typeof betLegs.$inferSelect, game: typeof games.$inferSelect): LegResult | null {
  if (leg.handResultAt !== null) return leg.result
  if (game.provider === 'unlinked') return null
  const market = legMarketOf(leg)
  return market === null ? null : finalLegResult(market, leg.period, game)
}

/** The committed tickets of several legs with a leg on this game (a final game's settlement). */
export async function ticketsOnGame(tx: Db, gameId: number): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ id: betLegs.betId })
    .from(betLegs)
    .innerJoin(bets, eq(bets.id, betLegs.betId))
    .where(and(eq(betLegs.gameId, gameId), eq(bets.betStatus, 'committed'), ne(bets.ticketKind, 'single')))
  return rows.map((row) => row.id).sort((a, b) => a - b)
}
