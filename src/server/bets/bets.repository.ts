import { and, asc, desc, eq, gt, gte, isNull, lt, type SQL, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { BetTerms } from '../../domain/bet'
import { ODDS_RANGES } from '../../domain/bet-breakdowns'
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
     * The user's bets in the range grouped by everything the stats' breakdowns read (league, type, book,
     * odds range, status, result, whether a payout is stored, settlement quarter-hour), with their count and the
     * sums of stake and payout: SQL only groups and adds, the money rule stays in statistics.ts, applied to
     * the sums (bet-breakdowns.ts). 100,000 bets come back as a few hundred rows. The quarter-hour keeps
     * the day exact in every zone: all zone offsets are whole quarter-hours, so a quarter never straddles
     * a local midnight.
     */
    async breakdownGroups(userId: number, placed: DateRange | null) {
      const settledAt = sql`coalesce(${bets.settledAt}, ${bets.placedAt})`
      // The odds ranges' own bounds (ODDS_RANGES), so SQL groups by the range the domain will name.
      const oddsRangeIndex = sql<number>`case ${sql.join(
        ODDS_RANGES.slice(0, -1).map(
          (range, index) =>
            sql`when ${bets.odds} <= ${sql.raw(String(range.max))} then ${sql.raw(String(index))}`,
        ),
        sql` `,
      )} else ${sql.raw(String(ODDS_RANGES.length - 1))} end`.mapWith(Number)
      const quarter = sql<
        number | null
      >`case when ${bets.result} is not null then floor(extract(epoch from ${settledAt}) / ${sql.raw(String(QUARTER_HOUR_SECONDS))}) end`
      const rows = await db
        .select({
          league: games.league,
          betType: bets.betType,
          sportsbook: bets.sportsbook,
          oddsRange: oddsRangeIndex,
          betStatus: bets.betStatus,
          result: bets.result,
          unpaid: sql<boolean>`${bets.payoutCents} is null`,
          quarter: quarter.mapWith((value) => (value === null ? null : Number(value))),
          // Any odds of the group names its range; the smallest will do.
          odds: sql<number>`min(${bets.odds})`.mapWith(Number),
          count: sql<number>`count(*)`.mapWith(Number),
          amountCents: sql<number>`sum(${bets.amountCents})`.mapWith(Number),
          payoutCents: sql<number | null>`sum(${bets.payoutCents})`.mapWith(Number),
        })
        .from(bets)
        .innerJoin(games, eq(games.id, bets.gameId))
        .where(and(...ownedWhere(userId, placed)))
        // By position: the eight keys selected first.
        .groupBy(sql`1, 2, 3, 4, 5, 6, 7, 8`)
      return rows.map(({ quarter: at, unpaid, payoutCents, oddsRange: _range, ...row }) => ({
        ...row,
        payoutCents: unpaid ? null : payoutCents,
        settledAt: at === null ? null : new Date(at * QUARTER_HOUR_SECONDS * 1000),
      }))
    },
  }
}

export type BetsRepository = ReturnType<typeof betsRepository>

const QUARTER_HOUR_SECONDS = 900

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
