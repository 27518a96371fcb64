import { and, eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { normalizeResult } from '../../domain/bet'
import { BetTermsError, settle } from '../../domain/settlement'
import { betTerms } from '../bets/bet-rows'
import type { Db } from '../db/client'
import { bets, type GameRow } from '../db/games-schema'

/**
 * Settles a final game's committed bets with the domain's settle() (D2-D4). Each bet is written only
 * when its result or payout differs from what is stored, with that difference in the WHERE clause: a
 * second run changes nothing, a corrected final score re-settles, and two instances racing on the same
 * bet update it once. `now` is the server's clock, so a replay (APP_NOW) settles on its own day. Tentative bets are never settled (D5: they stay in the grid only).
 * Bets are written in id order: every transaction that settles (a sync, a confirm on a final game) takes
 * its row locks in that one order, after the game's row, so two of them wait for each other instead of
 * deadlocking (ARCHITECTURE: jobs).
 */
export async function settleGame(tx: Db, game: GameRow, now: Date, log: FastifyBaseLogger): Promise<number> {
  if (game.status !== 'final' || game.homeScore === null || game.awayScore === null) return 0
  const score = { home: game.homeScore, away: game.awayScore }
  const matchup = { homeTeam: game.homeTeam, awayTeam: game.awayTeam, league: game.league }
  const committed = await tx
    .select()
    .from(bets)
    // Issue 16: an imported bet whose file gave its result keeps it (docs/import.md).
    .where(and(eq(bets.gameId, game.id), eq(bets.betStatus, 'committed'), eq(bets.resultFromFile, false)))
    .orderBy(bets.id)
  let updated = 0
  for (const bet of committed) {
    let outcome: ReturnType<typeof settle>
    try {
      outcome = settle(betTerms(bet), score, matchup)
    } catch (error) {
      if (!(error instanceof BetTermsError)) throw error
      log.warn({ betId: bet.id, gameId: game.id, reason: error.message }, 'bet cannot be settled')
      continue
    }
    if (normalizeResult(bet.result) === outcome.result && bet.payoutCents === outcome.payout) continue
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
          sql`(${bets.result} is distinct from ${outcome.result} or ${bets.payoutCents} is distinct from ${outcome.payout})`,
        ),
      )
      .returning({ id: bets.id })
    updated += written.length
  }
  return updated
}
