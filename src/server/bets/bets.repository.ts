import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm'
import { unionAll } from 'drizzle-orm/pg-core'
import type { FastifyBaseLogger } from 'fastify'
import { BET_TYPES, type BetTerms, isMarketBet, type LedgerResult, normalizeResult } from '../../domain/bet'
import { MULTIPLE_LEAGUES, ODDS_RANGES } from '../../domain/bet-breakdowns'
import type { DateRange } from '../../domain/calendar'
import type { Cents } from '../../domain/money'
import { payoutFor, settlementFor } from '../../domain/settlement'
import type { TicketEntry } from '../../domain/ticket-entry'
import { type BetRow, betLegs, bets, type MarketBetRow } from '../db/bets-schema'
import type { Database, Db } from '../db/client'
import { type GameRow, games } from '../db/games-schema'
import { namedEvent, offFeedGames, placeholderId } from '../games/off-feed-events'
import { scoreSettlement, settleGame } from '../games/settlement.service'
import { settleTickets } from '../games/ticket-settlement.service'
import { betTerms, termsColumns } from './bet-rows'
import type { LegWithGame } from './bet-view'
import {
  AccountFull,
  deleteBets,
  insertBets,
  insertTickets,
  replaceTicketLegs,
  updateBets,
} from './bet-writer'
import { csvBatches } from './csv-batches'
import { LEG_GAME_FIELDS, legColumns, ticketColumns } from './ticket-rows'

export interface BetWithGame {
  bet: BetRow
  game: GameRow
}

/** Why a confirm or delete did nothing: no such bet of this user (decision 010), or it is committed (decision 008). */
export type RefusedChange = 'not_found' | 'committed'

/** Why a new bet was not stored: the user already holds the most bets one account may hold. */
export type RefusedBet = 'too_many_bets'

/**
 * The user's bets. Every write goes through the one bet writer (bet-writer.ts, decision 061): the ticket,
 * its legs and the bump of the user's bets version, which is what tells the game-answer cache that the
 * bets changed, in one transaction. Reads always filter on the owner (decision 010).
 */
export function betsRepository(db: Db, reads: Pick<Database, 'kind' | 'readRows'>) {
  /** Bets joined to their games, newest first: the lists and their pages. */
  const withGames = (...where: (SQL | undefined)[]) =>
    db
      .select({ bet: bets, game: games })
      .from(bets)
      .innerJoin(games, eq(games.id, bets.gameId))
      .where(and(...where))
      .orderBy(desc(bets.id))
      .$dynamic()

  /** The user's bets that match, oldest first: the grid's singles and open tickets on a game. */
  const ownedOldestFirst = (userId: number, ...where: (SQL | undefined)[]) =>
    db
      .select()
      .from(bets)
      .where(and(eq(bets.userId, userId), ...where))
      .orderBy(asc(bets.id))

  const { kind, readRows } = reads

  /** The legs of the tickets among `rows`, with their games, in slip order. */
  async function legsOf(rows: readonly BetRow[]): Promise<Map<number, LegWithGame[]>> {
    const ids = rows.filter((row) => row.ticketKind !== 'single').map((row) => row.id)
    const legs = new Map<number, LegWithGame[]>()
    if (ids.length === 0) return legs
    const found = await db
      .select({ leg: betLegs, game: LEG_GAME_FIELDS })
      .from(betLegs)
      .innerJoin(games, eq(games.id, betLegs.gameId))
      .where(inArray(betLegs.betId, [...new Set(ids)]))
      .orderBy(asc(betLegs.betId), asc(betLegs.position))
    for (const row of found) {
      const own = legs.get(row.leg.betId)
      if (own) own.push(row)
      else legs.set(row.leg.betId, [row])
    }
    return legs
  }

  /** The user's open tickets of several legs (no result, no payout waiting for the bettor), with their legs. */
  async function openTickets(userId: number, where?: SQL): Promise<{ bet: BetRow; legs: LegWithGame[] }[]> {
    const rows = await ownedOldestFirst(
      userId,
      ne(bets.ticketKind, 'single'),
      isNull(bets.result),
      eq(bets.needsReview, false),
      where,
    )
    const legs = await legsOf(rows)
    return rows.map((bet) => ({ bet, legs: legs.get(bet.id) ?? [] }))
  }

  return {
    /**
     * `now` is the server's clock, so a replay or a test clock (APP_NOW) places bets on its own day. The
     * user's bet count moves only below `maxBets`: one conditional update, so parallel requests cannot slip
     * past the cap together; when it refuses, the transaction rolls back the bet. A bet added to a
     * final game is no scenario: the bettor records a bet already decided, so it is stored placed
     * (committed) and settled in the same transaction by the same settleGame as a sync or a confirm. Locks
     * follow the confirm's order (the game's row, the bets, then the user's row), so the two never
     * deadlock. Any other game's new bet is tentative (decision 008).
     */
    async create(
      userId: number,
      gameId: number,
      entry: { terms: BetTerms; sportsbook: string },
      now: Date,
      limits: { maxBets: number; log: FastifyBaseLogger },
    ): Promise<BetRow | RefusedBet> {
      try {
        return await db.transaction(async (tx) => {
          const [game] = await tx.select().from(games).where(eq(games.id, gameId)).for('share')
          const final = game?.status === 'final'
          const [row] = await insertBets(
            tx,
            userId,
            [
              {
                gameId,
                ...termsColumns(entry.terms),
                sportsbook: entry.sportsbook,
                betStatus: final ? 'committed' : 'tentative',
                placedAt: now,
                updatedAt: now,
              },
            ],
            {
              maxBets: limits.maxBets,
              beforeUserRow: async () => {
                if (final && game) await settleGame(tx, game, now, limits.log)
              },
            },
          )
          return storedAfterSettling(tx, row)
        })
      } catch (error) {
        return refusedWhenFull(error)
      }
    },

    /** The user's bet with its game (decision 010: another user's bet is not found). */
    async owned(userId: number, id: number): Promise<BetWithGame | null> {
      const [row] = await db
        .select({ bet: bets, game: games })
        .from(bets)
        .innerJoin(games, eq(games.id, bets.gameId))
        .where(and(eq(bets.id, id), eq(bets.userId, userId)))
      return row ?? null
    },

    /**
     * Decision 008: new terms for a tentative bet (To Win recomputed, decision 001); a committed bet is refused. The status is
     * in the WHERE clause, so an edit racing a confirm changes nothing once the bet is committed.
     */
    async edit(
      userId: number,
      id: number,
      entry: { terms: BetTerms; sportsbook: string },
      now: Date,
    ): Promise<BetRow | RefusedChange> {
      return db.transaction(async (tx) => {
        const [edited] = await updateBets(tx, userId, and(eq(bets.id, id), eq(bets.betStatus, 'tentative')), {
          ...termsColumns(entry.terms),
          sportsbook: entry.sportsbook,
          updatedAt: now,
        })
        return edited ?? refusal(tx, userId, id)
      })
    },

    /**
     * Decision 065: a tentative ticket's or bet off the feed's terms and legs replaced by a new
     * entry's, checked as a new one's are (its placed time stays). The row is locked first, so an edit
     * racing a confirm either lands before it or changes nothing.
     */
    async editTicket(
      userId: number,
      id: number,
      entry: TicketEntry,
      sportsbook: string,
      now: Date,
    ): Promise<BetRow | RefusedChange> {
      return db.transaction(async (tx) => {
        const tentative = and(eq(bets.id, id), eq(bets.betStatus, 'tentative'))
        const [locked] = await tx
          .select({ id: bets.id })
          .from(bets)
          .where(and(tentative, eq(bets.userId, userId)))
          .for('update')
        if (!locked) return refusal(tx, userId, id)
        const gameIds = await legGameIds(tx, userId, entry, now)
        const [edited] = await updateBets(
          tx,
          userId,
          tentative,
          { ...ticketColumns(entry, gameIds[0] ?? 0), sportsbook, updatedAt: now },
          {
            beforeUserRow: async ([row]) => {
              if (row && row.ticketKind !== 'single')
                await replaceTicketLegs(
                  tx,
                  row.id,
                  entry.legs.map((leg, index) => legColumns(leg, gameIds[index] ?? 0)),
                )
            },
          },
        )
        return edited ?? refusal(tx, userId, id)
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
        const [confirmed] = await updateBets(
          tx,
          userId,
          and(eq(bets.id, id), eq(bets.betStatus, 'tentative')),
          { betStatus: 'committed', updatedAt: now },
          {
            beforeUserRow: async ([row]) => {
              if (game?.status === 'final') await settleGame(tx, game, now, log)
              // A ticket's other legs may be on games that ended before it was placed.
              if (row && row.ticketKind !== 'single') await settleTickets(tx, [row.id], now)
            },
          },
        )
        if (!confirmed) return refusal(tx, userId, id)
        const [row] = await tx.select().from(bets).where(eq(bets.id, id))
        return row ?? confirmed
      })
    },

    /**
     * Decision 027: the bettor chooses between the book's result and the final score's. 'score' makes the
     * bet the score's like any settled bet (settlement owns it from then on); 'file' keeps the book's and
     * stops comparing. The compare-and-set on the open conflict makes a second choice a 409.
     */
    async resolveConflict(
      userId: number,
      id: number,
      choice: 'file' | 'score',
      now: Date,
    ): Promise<BetRow | 'not_found' | 'no_conflict'> {
      return db.transaction(async (tx) => {
        const bet = await lockOwned(tx, userId, id)
        if (!bet) return 'not_found'
        const scoreResult = normalizeResult(bet.scoreResult)
        if (scoreResult === null) return 'no_conflict'
        const chosen =
          choice === 'score'
            ? {
                result: scoreResult,
                payoutCents: settlementFor(scoreResult, bet.amountCents, bet).payout,
                settledAt: now,
                resultFromFile: false,
              }
            : { fileResultKept: true }
        const [resolved] = await updateBets(tx, userId, and(eq(bets.id, id), isNotNull(bets.scoreResult)), {
          ...chosen,
          scoreResult: null,
          updatedAt: now,
        })
        return resolved ?? 'no_conflict'
      })
    },

    /**
     * Decision 059: a hand result on a placed ticket, or on one of its legs. A leg's result stands over the
     * score's, and the ticket's standing follows from its legs (settleTickets). A ticket's result stands over
     * its legs, with the payout the bettor gives or the one its result implies (decision 002's rule for a
     * single; the slip's To Win for a won ticket); one that needs review needs the payout. Either is marked
     * with who entered it and when, and the bets version moves, in one transaction.
     */
    async handResult(
      userId: number,
      id: number,
      input: { result: LedgerResult | null; legId: number | null; payout: Cents | null },
      now: Date,
    ): Promise<BetRow | HandResultRefusal> {
      return db.transaction(async (tx) => {
        const ticket = await lockOwned(tx, userId, id)
        if (!ticket) return 'not_found'
        if (ticket.betStatus !== 'committed') return 'tentative'
        const mark =
          input.result === null
            ? { handResultBy: null, handResultAt: null }
            : { handResultBy: userId, handResultAt: now }
        if (input.legId !== null) {
          if (ticket.ticketKind === 'single') return 'leg_not_found'
          const [leg] = await tx
            .update(betLegs)
            .set({ result: input.result, ...mark })
            .where(and(eq(betLegs.id, input.legId), eq(betLegs.betId, id)))
            .returning({ id: betLegs.id })
          if (!leg) return 'leg_not_found'
          await settleTickets(tx, [id], now)
          await updateBets(tx, userId, eq(bets.id, id), { updatedAt: now })
        } else if (input.result === null) {
          await clearTicketHandResult(tx, userId, ticket, now)
        } else {
          const payout = input.payout ?? impliedPayout(ticket, input.result)
          if (payout === null) return 'payout_needed'
          await updateBets(tx, userId, eq(bets.id, id), {
            result: input.result,
            payoutCents: payout,
            settledAt: now,
            needsReview: false,
            resultFromFile: false,
            scoreResult: null,
            ...mark,
            updatedAt: now,
          })
        }
        const [stored] = await tx.select().from(bets).where(eq(bets.id, id))
        return stored ?? ticket
      })
    },

    /** Decision 008: only a tentative bet can be deleted. */
    async remove(userId: number, id: number): Promise<BetRow | RefusedChange> {
      return db.transaction(async (tx) => {
        const [removed] = await deleteBets(tx, userId, and(eq(bets.id, id), eq(bets.betStatus, 'tentative')))
        return removed ?? refusal(tx, userId, id)
      })
    },

    /**
     * The user's singles on one game's markets, oldest first: the grid, its probabilities and suggestions
     * (its tickets of several legs come from openTicketsOn; bets off the feed are on no grid).
     */
    async forGame(userId: number, gameId: number): Promise<MarketBetRow[]> {
      const rows = await ownedOldestFirst(
        userId,
        eq(bets.gameId, gameId),
        eq(bets.ticketKind, 'single'),
        inArray(bets.betType, [...BET_TYPES]),
      )
      return rows.filter(isMarketBet)
    },

    /**
     * The user's open tickets of several legs with a leg on this game, oldest first, each with its legs and
     * their games (decision 067: the grid, its probabilities and suggestions count them). Open: no result
     * and no payout waiting for the bettor, tentative or placed alike (decision 005).
     */
    openTicketsOn(userId: number, gameId: number): Promise<{ bet: BetRow; legs: LegWithGame[] }[]> {
      return openTickets(userId, sql`(${bets.gameId} = ${gameId} or ${gameId} = any(${bets.otherGameIds}))`)
    },

    /** Every open ticket of several legs of the user, oldest first, with its legs (the live ticket tracker). */
    openTickets(userId: number): Promise<{ bet: BetRow; legs: LegWithGame[] }[]> {
      return openTickets(userId)
    },

    /**
     * The user's bets and tickets on some games, oldest first, each with the game it is listed under: a
     * ticket is listed under every game it has a leg on (the games list, each game with its own bets).
     */
    async forGames(userId: number, gameIds: readonly number[]): Promise<BetWithGame[]> {
      if (gameIds.length === 0) return []
      return db
        .select({ bet: bets, game: games })
        .from(bets)
        .innerJoin(games, and(inArray(games.id, [...gameIds]), listedUnder(games.id)))
        .where(and(eq(bets.userId, userId), onAnyOf(gameIds)))
        .orderBy(asc(bets.id), asc(games.id))
    },

    /** The legs of the tickets among `rows` (a single's one leg is its row), with their games, in slip order. */
    legsOf,

    /**
     * A new ticket (decision 053) or a single off the feed (decision 063): events off the feed get their
     * placeholder games, the ticket's row and legs are written by the one writer, and the user's count moves
     * under the cap, in one transaction. Tentative, as any new bet (decision 008), unless every leg is on a
     * feed game that is already final: then it is recorded placed and settled at once, as a single on a
     * final game is (`create`).
     */
    async createTicket(
      userId: number,
      entry: TicketEntry,
      sportsbook: string,
      now: Date,
      limits: { maxBets: number },
    ): Promise<BetRow | RefusedBet> {
      try {
        return await db.transaction(async (tx) => {
          const gameIds = await legGameIds(tx, userId, entry, now)
          const feedIds = [
            ...new Set(entry.legs.flatMap((leg) => (leg.event.kind === 'game' ? [leg.event.gameId] : []))),
          ]
          const feedGames = feedIds.length
            ? await tx
                .select()
                .from(games)
                .where(inArray(games.id, feedIds))
                .orderBy(asc(games.id))
                .for('share')
            : []
          const final =
            feedGames.length === feedIds.length &&
            entry.legs.every((leg) => leg.event.kind === 'game') &&
            feedGames.every((game) => game.status === 'final')
          const [row] = await insertTickets(
            tx,
            userId,
            [
              {
                row: {
                  ...ticketColumns(entry, gameIds[0] ?? 0),
                  sportsbook,
                  betStatus: final ? 'committed' : 'tentative',
                  placedAt: now,
                  updatedAt: now,
                },
                legs: entry.legs.map((leg, index) => legColumns(leg, gameIds[index] ?? 0)),
              },
            ],
            {
              maxBets: limits.maxBets,
              beforeUserRow: async ([ticket]) => {
                if (final && ticket && ticket.ticketKind !== 'single')
                  await settleTickets(tx, [ticket.id], now)
              },
            },
          )
          return storedAfterSettling(tx, row)
        })
      } catch (error) {
        return refusedWhenFull(error)
      }
    },

    /** The user's bets with their games, newest first; `active` keeps the unsettled ones only. */
    async list(userId: number, options: { active?: boolean; placed?: DateRange | null } = {}) {
      const rows = await withGames(
        ...ownedWhere(userId, options.placed ?? null),
        options.active ? isNull(bets.result) : undefined,
      )
      return rows satisfies BetWithGame[]
    },

    /**
     * Decision 043: one page of `list`, newest first: at most `size` bets with ids below `before` (the
     * previous page's last), and whether more follow. One row more than the page is read to tell.
     */
    async listPage(
      userId: number,
      page: { active: boolean; before: number | null; size: number },
    ): Promise<{ rows: BetWithGame[]; more: boolean }> {
      const rows = await withGames(
        eq(bets.userId, userId),
        page.active ? isNull(bets.result) : undefined,
        page.before === null ? undefined : lt(bets.id, page.before),
      ).limit(page.size + 1)
      return { rows: rows.slice(0, page.size), more: rows.length > page.size }
    },

    /**
     * Whether the range holds a ticket of several legs: the CSV's header has the Legs column then (decision
     * 062), which must be known before the first row is streamed. One `exists`, stopping at the first.
     */
    async hasTickets(userId: number, placed: DateRange | null): Promise<boolean> {
      const [row] = await db
        .select({ found: sql<boolean>`true` })
        .from(bets)
        .where(and(...ownedWhere(userId, placed), ne(bets.ticketKind, 'single')))
        .limit(1)
      return row !== undefined
    },

    /** The user's bets as the CSV reads them, a batch at a time (csv-batches.ts). */
    csvBatches(userId: number, placed: DateRange | null, options: { tickets: boolean } = { tickets: false }) {
      return csvBatches({ db, kind, readRows }, ownedWhere(userId, placed), options)
    },

    /**
     * The history summary's groups, one aggregate over the range. SQL only counts and adds; the
     * rule (decisions 002 and 007) stays statistics.ts's, applied to the sums (history-summary.ts). The groups are
     * everything that rule reads of a bet: its status, its result and whether a payout is stored; and
     * whether its conflict is open, which the summary counts.
     */
    async summaryGroups(userId: number, placed: DateRange | null) {
      const rows = await db
        .select({
          betStatus: bets.betStatus,
          result: bets.result,
          unpaid: sql<boolean>`${bets.payoutCents} is null`,
          conflicted: sql<boolean>`${bets.scoreResult} is not null`,
          count: sql<number>`count(*)`.mapWith(Number),
          amountCents: sql<number>`sum(${bets.amountCents})`.mapWith(Number),
          payoutCents: sql<number | null>`sum(${bets.payoutCents})`.mapWith(Number),
        })
        .from(bets)
        .where(and(...ownedWhere(userId, placed)))
        .groupBy(sql`1, 2, 3, 4`)
      return rows.map(({ unpaid, payoutCents, ...row }) => ({
        ...row,
        payoutCents: unpaid ? null : payoutCents,
      }))
    },

    /**
     * Decision 043: one page of the history's games, newest game first (start time, then id), each with all
     * of its bets in the range, newest bet first. A page ends after `games` games, or earlier once it holds
     * `bets` bets (never inside a game, so a page holds at least one whole game). `after` is the last game
     * of the previous page; the page goes on strictly after it in the same order.
     */
    async historyPage(
      userId: number,
      placed: DateRange | null,
      after: number | null,
      limits: { games: number; bets: number },
    ): Promise<{ rows: BetWithGame[]; lastGame: number | null; more: boolean }> {
      // A ticket is listed under each game it has a leg on, once per game: its first leg's, and the others
      // its row names (decision 063). Read from the user's rows alone, as fast as a ledger of singles.
      const owned = and(...ownedWhere(userId, placed))
      const underGames = unionAll(
        db.select({ gameId: bets.gameId }).from(bets).where(owned),
        db
          .select({ gameId: sql<number>`unnest(${bets.otherGameIds})`.as('game_id') })
          .from(bets)
          .where(and(owned, isNotNull(bets.otherGameIds))),
      ).as('under_games')
      const counts = db
        .select({ gameId: underGames.gameId, count: sql<number>`count(*)`.as('count') })
        .from(underGames)
        .groupBy(underGames.gameId)
        .as('counts')
      const listed = await db
        .select({ id: games.id, count: sql<number>`${counts.count}`.mapWith(Number) })
        .from(counts)
        .innerJoin(games, eq(games.id, counts.gameId))
        .where(
          after === null
            ? undefined
            : sql`(${games.startTime}, ${games.id}) < (select g.start_time, g.id from games g where g.id = ${after})`,
        )
        .orderBy(desc(games.startTime), desc(games.id))
        .limit(limits.games + 1)
      const page: number[] = []
      let held = 0
      for (const game of listed) {
        if (page.length === limits.games || (page.length > 0 && held + game.count > limits.bets)) break
        page.push(game.id)
        held += game.count
      }
      if (page.length === 0) return { rows: [], lastGame: null, more: false }
      const rows = await db
        .select({ bet: bets, game: games })
        .from(bets)
        .innerJoin(games, and(inArray(games.id, page), listedUnder(games.id)))
        .where(and(owned, onAnyOf(page)))
        // A ticket listed under several games comes under each in the page's order of games.
        .orderBy(desc(bets.id), desc(games.startTime), desc(games.id))
      return { rows, lastGame: page.at(-1) ?? null, more: listed.length > page.length }
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
      // A ticket's league is its legs' when they share its first leg's (a single's is its game's), else
      // MULTIPLE_LEAGUES: its other games are on its row (decision 063).
      // A single (no other games) never looks further than its own game.
      const league = sql<string>`case when ${bets.otherGameIds} is null then ${games.league} when exists (
          select 1 from ${games} g where g.id = any(${bets.otherGameIds}) and g.league <> ${games.league}
        ) then ${MULTIPLE_LEAGUES} else ${games.league} end`
      const rows = await db
        .select({
          league,
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

/** The bet is listed under this game: its first leg's, or another of its legs' (decision 063). */
function listedUnder(gameId: typeof games.id): SQL {
  return sql`(${gameId} = ${bets.gameId} or ${gameId} = any(${bets.otherGameIds}))`
}

/** The bet has a leg on one of these games, by its own row (the index on user and game serves singles). */
function onAnyOf(gameIds: readonly number[]): SQL | undefined {
  const ids = sql.join(
    gameIds.map((id) => sql`${id}`),
    sql`, `,
  )
  return or(inArray(bets.gameId, [...gameIds]), sql`${bets.otherGameIds} && array[${ids}]::integer[]`)
}

/** History filters on the placement time, in the user's zone (the range comes from calendar.ts). */
function ownedWhere(userId: number, placed: DateRange | null): SQL[] {
  const where = [eq(bets.userId, userId)]
  if (placed) where.push(gte(bets.placedAt, placed.start), lt(bets.placedAt, placed.end))
  return where
}

/** Why a hand result was refused: not the user's, not placed yet, no such leg, or the book's payout is needed. */
export type HandResultRefusal = 'not_found' | 'tentative' | 'leg_not_found' | 'payout_needed'

/**
 * Decision 059: a ticket's hand result cleared goes back to the feed's settlement: a single on a final feed
 * game takes the score's result (scoreSettlement, only its own row: no other bet is locked out of
 * settlement's order), a ticket of several legs its legs' standing; anything else is unsettled again.
 */
async function clearTicketHandResult(tx: Db, userId: number, ticket: BetRow, now: Date): Promise<void> {
  const [game] = await tx.select().from(games).where(eq(games.id, ticket.gameId))
  const byScore = isMarketBet(ticket) && game ? scoreSettlement(betTerms(ticket), game) : null
  await updateBets(tx, userId, eq(bets.id, ticket.id), {
    result: byScore?.result ?? null,
    payoutCents: byScore?.payout ?? null,
    settledAt: byScore ? now : null,
    handResultBy: null,
    handResultAt: null,
    needsReview: false,
    updatedAt: now,
  })
  if (ticket.ticketKind !== 'single') await settleTickets(tx, [ticket.id], now)
}

/**
 * The payout a hand result implies without the bettor's figure: a single's by decision 002's rule, a won
 * ticket's the slip's To Win (a half win half of it, decision 071), any push or void the stake, a loss
 * nothing. Null when the ticket needs review and the result pays anything but the stake or nothing: only
 * the book knows what it paid.
 */
function impliedPayout(ticket: BetRow, result: LedgerResult): Cents | null {
  if (result === 'void' || result === 'push') return ticket.amountCents
  if (result === 'lost') return 0
  if (ticket.needsReview) return null
  return ticket.ticketKind === 'single'
    ? settlementFor(result, ticket.amountCents, ticket).payout
    : payoutFor(result, ticket.amountCents, ticket.potentialWinCents)
}

/** The new bet as its transaction left it (settling may have written its result after the insert). */
async function storedAfterSettling(tx: Db, row: BetRow | undefined): Promise<BetRow> {
  if (!row) throw new Error('The insert returned no bet')
  const [stored] = await tx.select().from(bets).where(eq(bets.id, row.id))
  return stored ?? row
}

/** A new bet past the account's cap is refused; any other error is rethrown. */
function refusedWhenFull(error: unknown): RefusedBet {
  if (error instanceof AccountFull) return 'too_many_bets'
  throw error
}

/** The user's bet, its row locked for the rest of the transaction; null when it is not theirs. */
async function lockOwned(tx: Db, userId: number, id: number): Promise<BetRow | null> {
  const [bet] = await tx
    .select()
    .from(bets)
    .where(and(eq(bets.id, id), eq(bets.userId, userId)))
    .for('update')
  return bet ?? null
}

/**
 * Each leg's game, in slip order: its feed game, or the user's placeholder for its event off the feed
 * (decision 063), made when it is new.
 */
async function legGameIds(tx: Db, userId: number, entry: TicketEntry, now: Date): Promise<number[]> {
  const events = entry.legs.flatMap((leg) =>
    leg.event.kind === 'off_feed' ? [namedEvent(leg.event, now)] : [],
  )
  const placeholders = await offFeedGames(tx, userId, events, now)
  return entry.legs.map((leg) =>
    leg.event.kind === 'game'
      ? leg.event.gameId
      : (placeholders.get(placeholderId(userId, namedEvent(leg.event, now).keyParts))?.id ?? 0),
  )
}

async function refusal(tx: Db, userId: number, id: number): Promise<RefusedChange> {
  const [existing] = await tx
    .select({ id: bets.id })
    .from(bets)
    .where(and(eq(bets.id, id), eq(bets.userId, userId)))
  return existing ? 'committed' : 'not_found'
}
