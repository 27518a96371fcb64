import { and, asc, desc, eq, gt, gte, isNull, lt, type SQL, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { BetTerms } from '../../domain/bet'
import type { DateRange } from '../../domain/calendar'
import type { Db } from '../db/client'
import { type BetRow, bets, type GameRow, games } from '../db/games-schema'
import { users } from '../db/schema'
import { settleGame } from '../games/settlement.service'
import { termsColumns } from './bet-rows'

export interface BetWithGame {
  bet: BetRow
  game: GameRow
}

/** Why a confirm or delete did nothing: no such bet of this user (D10), or it is committed (D8). */
export type RefusedChange = 'not_found' | 'committed'

/** Why a new bet was not stored: the user already holds the most bets one account may hold. */
export type RefusedBet = 'too_many_bets'

/**
 * The user's bets. Every write runs in one transaction with the bump of the user's bets version, which
 * is what tells the outcome-grid cache that the bets changed. Reads always filter on the owner (D10).
 */
export function betsRepository(db: Db) {
  return {
    /**
     * `now` is the server's clock, so a replay or a test clock (APP_NOW) places bets on its own day. The
     * user's bet count moves first, and only below `maxBets`: one conditional update, so parallel requests
     * cannot slip past the cap together.
     */
    async create(
      userId: number,
      gameId: number,
      terms: BetTerms,
      sportsbook: string,
      now: Date,
      maxBets: number,
    ): Promise<BetRow | RefusedBet> {
      return db.transaction(async (tx) => {
        const [counted] = await tx
          .update(users)
          .set({ betCount: sql`${users.betCount} + 1`, betsVersion: sql`${users.betsVersion} + 1` })
          .where(and(eq(users.id, userId), lt(users.betCount, maxBets)))
          .returning({ id: users.id })
        if (!counted) return 'too_many_bets'
        const [row] = await tx
          .insert(bets)
          .values({
            userId,
            gameId,
            ...termsColumns(terms),
            sportsbook,
            betStatus: 'tentative',
            placedAt: now,
            updatedAt: now,
          })
          .returning()
        if (!row) throw new Error('The insert returned no bet')
        return row
      })
    },

    /**
     * Tentative to committed. A bet logged after its game ended is settled in the same transaction, with
     * the same rule and the same compare-and-set as the feed's settlement. The game's row is locked first
     * (shared), as a sync locks it before settling: a confirm racing a sync that corrects the score waits
     * for it and settles on the score it wrote, and the bets' locks follow in settlement's one order.
     */
    async confirm(
      userId: number,
      id: number,
      now: Date,
      log: FastifyBaseLogger,
    ): Promise<BetRow | RefusedChange> {
      return db.transaction(async (tx) => {
        const [owned] = await tx
          .select({ gameId: bets.gameId })
          .from(bets)
          .where(and(eq(bets.id, id), eq(bets.userId, userId)))
        if (!owned) return 'not_found'
        const [game] = await tx.select().from(games).where(eq(games.id, owned.gameId)).for('share')
        const [confirmed] = await tx
          .update(bets)
          .set({ betStatus: 'committed', updatedAt: now })
          .where(and(eq(bets.id, id), eq(bets.userId, userId), eq(bets.betStatus, 'tentative')))
          .returning()
        if (!confirmed) return refusal(tx, userId, id)
        if (game?.status === 'final') await settleGame(tx, game, now, log)
        await bumpBetsVersion(tx, userId)
        const [row] = await tx.select().from(bets).where(eq(bets.id, id))
        return row ?? confirmed
      })
    },

    /** D8: only a tentative bet can be deleted. */
    async remove(userId: number, id: number): Promise<BetRow | RefusedChange> {
      return db.transaction(async (tx) => {
        const [removed] = await tx
          .delete(bets)
          .where(and(eq(bets.id, id), eq(bets.userId, userId), eq(bets.betStatus, 'tentative')))
          .returning()
        if (!removed) return refusal(tx, userId, id)
        await bumpBetsVersion(tx, userId, -1)
        return removed
      })
    },

    /** The user's bets on one game, oldest first (the grid and the game page). */
    async forGame(userId: number, gameId: number): Promise<BetRow[]> {
      return db
        .select()
        .from(bets)
        .where(and(eq(bets.userId, userId), eq(bets.gameId, gameId)))
        .orderBy(asc(bets.id))
    },

    /** The user's bets with their games, newest first; `active` keeps the unsettled ones only. */
    async list(userId: number, options: { active?: boolean; placed?: DateRange | null } = {}) {
      const rows = await db
        .select({ bet: bets, game: games })
        .from(bets)
        .innerJoin(games, eq(games.id, bets.gameId))
        .where(
          and(
            ...ownedWhere(userId, options.placed ?? null),
            options.active ? isNull(bets.result) : undefined,
          ),
        )
        .orderBy(desc(bets.id))
      return rows satisfies BetWithGame[]
    },

    /**
     * The user's bets with their games in id order, `size` at a time (keyset on the id), so that an export
     * of any length holds one batch in memory. 500 measured best: 1,000 let PGlite's heap grow past 100 MB
     * on 100,000 bets, 250 took 30 s (npm run bench).
     */
    async *batches(userId: number, placed: DateRange | null, size = 500): AsyncGenerator<BetWithGame[]> {
      let after = 0
      for (;;) {
        const rows = await db
          .select({ bet: bets, game: games })
          .from(bets)
          .innerJoin(games, eq(games.id, bets.gameId))
          .where(and(...ownedWhere(userId, placed), gt(bets.id, after)))
          .orderBy(asc(bets.id))
          .limit(size)
        const last = rows.at(-1)
        if (!last) return
        yield rows
        if (rows.length < size) return
        after = last.bet.id
      }
    },

    /**
     * What the stats' breakdowns read of each bet in the range (the bet's money columns, book and times,
     * and its game's league), in id order `size` at a time: a one-pass read of any number of bets without
     * the full rows. 5,000 narrow rows a batch keeps 100,000 bets to 20 queries.
     */
    async *breakdownBatches(userId: number, placed: DateRange | null, size = 5000) {
      let after = 0
      for (;;) {
        const rows = await db
          .select({
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
            settledAt: bets.settledAt,
            league: games.league,
          })
          .from(bets)
          .innerJoin(games, eq(games.id, bets.gameId))
          .where(and(...ownedWhere(userId, placed), gt(bets.id, after)))
          .orderBy(asc(bets.id))
          .limit(size)
        const last = rows.at(-1)
        if (!last) return
        yield rows
        if (rows.length < size) return
        after = last.id
      }
    },
  }
}

export type BetsRepository = ReturnType<typeof betsRepository>

/** History filters on the placement time, in the user's zone (the range comes from calendar.ts). */
function ownedWhere(userId: number, placed: DateRange | null): SQL[] {
  const where = [eq(bets.userId, userId)]
  if (placed) where.push(gte(bets.placedAt, placed.start), lt(bets.placedAt, placed.end))
  return where
}

async function refusal(tx: Db, userId: number, id: number): Promise<RefusedChange> {
  const [existing] = await tx
    .select({ id: bets.id })
    .from(bets)
    .where(and(eq(bets.id, id), eq(bets.userId, userId)))
  return existing ? 'committed' : 'not_found'
}

/** Every bet write moves the bets version (the grid cache's stamp); a delete also counts one bet less. */
async function bumpBetsVersion(tx: Db, userId: number, countChange: 0 | -1 = 0): Promise<void> {
  await tx
    .update(users)
    .set({ betsVersion: sql`${users.betsVersion} + 1`, betCount: sql`${users.betCount} + ${countChange}` })
    .where(eq(users.id, userId))
}
