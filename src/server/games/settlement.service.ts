import { and, eq, isNull, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { BetTerms, Result } from '../../domain/bet'
import { isMarketBet, normalizeResult } from '../../domain/bet'
import { BetTermsError, type Settlement, settlementFor, settleOnGame } from '../../domain/settlement'
import { betTerms } from '../bets/bet-rows'
import { writeSingleLegs } from '../bets/bet-writer'
import { bets } from '../db/bets-schema'
import type { Db } from '../db/client'
import type { GameRow } from '../db/games-schema'
import { settleTickets, ticketsOnGame } from './ticket-settlement.service'

/**
 * Settles a final game's committed bets with the domain's settle() (decisions 002, 003 and 004). Each bet is written only
 * when its result or payout differs from what is stored, with that difference in the WHERE clause: a
 * second run changes nothing, a corrected final score re-settles, and two instances racing on the same
 * bet update it once. `now` is the server's clock, so a replay (APP_NOW) settles on its own day. Tentative bets are never settled (decision 005: they stay in the grid only).
 * A bet whose result came from a file or a sync keeps it (decision 027): the score's result is compared with it
 * and a disagreement recorded as an open conflict (`score_result`), until the bettor chooses.
 * Bets are written in id order: every transaction that settles (a sync, a confirm on a final game) takes
 * its row locks in that one order, after the game's row, so two of them wait for each other instead of
 * deadlocking (ARCHITECTURE: jobs).
 */
export async function settleGame(tx: Db, game: GameRow, now: Date, log: FastifyBaseLogger): Promise<number> {
  if (game.status !== 'final' || game.homeScore === null || game.awayScore === null) return 0
  const committed = await tx
    .select()
    .from(bets)
    // A book's result the bettor chose over the score's is compared no more; nor is a hand result
    // (decision 059); a ticket of several legs settles by its legs (below).
    .where(
      and(
        eq(bets.gameId, game.id),
        eq(bets.betStatus, 'committed'),
        eq(bets.fileResultKept, false),
        eq(bets.ticketKind, 'single'),
        isNull(bets.handResultAt),
      ),
    )
    .orderBy(bets.id)
  const settled: number[] = []
  let conflicts = 0
  for (const bet of committed) {
    if (!isMarketBet(bet)) continue
    let outcome: Settlement | null
    try {
      outcome = settleOnGame(betTerms(bet), game)
    } catch (error) {
      if (!(error instanceof BetTermsError)) throw error
      log.warn({ betId: bet.id, gameId: game.id, reason: error.message }, 'bet cannot be settled')
      continue
    }
    // A bet on a period the feed kept no score for waits for the bettor's hand result (decision 073).
    if (outcome === null) {
      log.warn({ betId: bet.id, gameId: game.id, period: bet.period }, 'no score for the bet period')
      continue
    }
    if (bet.resultFromFile)
      conflicts += await recordConflict(tx, bet.id, conflictWith(bet.result, outcome.result), now)
    else if (await writeSettlement(tx, bet, outcome, now)) settled.push(bet.id)
  }
  // Decision 061: a single's leg carries its ticket's result, written in the same transaction, in one
  // statement for the game's settled bets.
  await writeSingleLegs(tx, settled)
  // Tickets lock after the singles: their ids are above or below, but each transaction that settles takes
  // the game's tickets in id order after its singles, one order for all of them.
  const tickets = await settleTickets(tx, await ticketsOnGame(tx, game.id), now)
  return settled.length + conflicts + tickets
}

async function writeSettlement(
  tx: Db,
  bet: { id: number; result: string | null; payoutCents: number | null },
  outcome: Settlement,
  now: Date,
): Promise<boolean> {
  if (normalizeResult(bet.result) === outcome.result && bet.payoutCents === outcome.payout) return false
  const written = await tx
    .update(bets)
    .set({
      result: outcome.result,
      payoutCents: outcome.payout,
      settledAt: now,
      updatedAt: now,
    })
    .where(
      and(
        eq(bets.id, bet.id),
        eq(bets.betStatus, 'committed'),
        eq(bets.resultFromFile, false),
        sql`(${bets.result} is distinct from ${outcome.result} or ${bets.payoutCents} is distinct from ${outcome.payout})`,
      ),
    )
    .returning({ id: bets.id })
  return written.length > 0
}

/** The book's result is left as it is; only whether the score disagrees with it is written (decision 027). */
async function recordConflict(tx: Db, betId: number, scoreResult: Result | null, now: Date): Promise<number> {
  const written = await tx
    .update(bets)
    .set({ scoreResult, updatedAt: now })
    .where(
      and(
        eq(bets.id, betId),
        eq(bets.resultFromFile, true),
        eq(bets.fileResultKept, false),
        sql`${bets.scoreResult} is distinct from ${scoreResult}`,
      ),
    )
    .returning({ id: bets.id })
  return written.length
}

/** The score's result when it is not the book's: what an open conflict stores; null when they agree. */
export function conflictWith(bookResult: string | null, scoreResult: Result): Result | null {
  const book = normalizeResult(bookResult)
  return book === null || book === scoreResult ? null : scoreResult
}

/**
 * A bet's terms settled by its game's final score, with the one rule settlement uses (decisions 002, 003 and 004); null when
 * the game is not over or the terms do not fit it.
 */
export function scoreSettlement(terms: BetTerms, game: GameRow): Settlement | null {
  if (game.status !== 'final') return null
  try {
    return settleOnGame(terms, game)
  } catch (error) {
    if (error instanceof BetTermsError) return null
    throw error
  }
}

/**
 * The result columns of a bet that comes from a file or a sync (24): the book's result when it
 * gives one, with decision 002's payout, and the score's result beside it when the game is final and disagrees (an
 * open conflict, decision 027); without one, a committed bet on a final game is settled by the score.
 */
export function bookResultColumns(
  bookResult: Result | null,
  terms: BetTerms,
  game: GameRow | null,
  settleByScore: boolean,
  now: Date,
) {
  const byScore = game && (bookResult !== null || settleByScore) ? scoreSettlement(terms, game) : null
  const settled = bookResult === null ? byScore : settlementFor(bookResult, terms.amount, terms)
  return {
    result: settled?.result ?? null,
    payoutCents: settled?.payout ?? null,
    settledAt: settled ? now : null,
    resultFromFile: bookResult !== null,
    scoreResult: bookResult !== null && byScore ? conflictWith(bookResult, byScore.result) : null,
    fileResultKept: false,
  }
}
