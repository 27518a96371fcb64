import { and, asc, eq, getTableColumns, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import { LRUCache } from 'lru-cache'
import type { FeedGame, FeedProvider } from '../../domain/game'
import { bets } from '../db/bets-schema'
import type { Db } from '../db/client'
import { type GameRow, type GameStateRow, gameStates, games } from '../db/games-schema'
import { notifyGames } from '../events/notify'
import type { Clock } from '../feeds/clock'

/**
 * What changes a game's version: the fields a grid, a card, a live probability or a settlement depends on.
 * Lines count (decision 044): the score distribution (and so every cached grid) is computed from them. The
 * periods count (decision 070): a feed that moves a goal to the other half changes a period's result.
 */
const VERSIONED = [
  'status',
  'homeScore',
  'awayScore',
  'periods',
  'gameTime',
  'period',
  'homeTeam',
  'awayTeam',
  'baseball',
  'football',
  'lines',
] as const satisfies readonly (keyof GameRow)[]

/** How long a game read for the outcome grid may be reused: well under the grid's 3 s poll. */
const RECENT_MS = 1000
const RECENT_CAPACITY = 10_000

/** The clock dates what the feed reported (lines seen, game states); the app's own clock in the app. */
export function gamesRepository(db: Db, clock: Clock = () => new Date()) {
  // lru-cache's clock is the process's own (performance.now): this is a freshness bound, not app time.
  const recent = new LRUCache<number, GameRow>({ max: RECENT_CAPACITY, ttl: RECENT_MS })
  const byId = async (id: number, tx: Db = db): Promise<GameRow | null> => {
    const [row] = await tx.select().from(games).where(eq(games.id, id)).limit(1)
    return row ?? null
  }
  return {
    /**
     * Upserts by (provider, providerId). The version bumps only when a versioned field really changed,
     * so caches keyed on it (the outcome grid) stay valid between identical syncs. A large
     * scoreboard is written in batches (one statement binds at most 65,535 parameters), all in `tx`; rows
     * go in (provider, providerId) order, so two instances syncing at once lock them in the same order and
     * one waits for the other instead of deadlocking; they come back in that order, not the order given.
     * The games it stored or whose version moved are announced on `grid_games` in `tx`, so every
     * instance's event streams hear of them once it commits, whoever wrote them (the sync, an import).
     * Only those `announced` accepts (an import's past games are news to no stream).
     */
    async upsert(
      feedGames: readonly FeedGame[],
      tx: Db = db,
      announced: (game: GameRow) => boolean = () => true,
    ): Promise<GameRow[]> {
      const sorted = [...feedGames].sort(byProviderKey)
      const seenAt = clock()
      const rows: GameRow[] = []
      const changed: number[] = []
      for (let at = 0; at < sorted.length; at += UPSERT_BATCH) {
        const batch = await upsertBatch(sorted.slice(at, at + UPSERT_BATCH), seenAt, tx)
        const batchRows = batch.map(({ changed: moved, ...row }) => {
          if (moved && announced(row)) changed.push(row.id)
          return row
        })
        await recordStates(batchRows, seenAt, tx)
        rows.push(...batchRows)
      }
      for (const row of rows) recent.delete(row.id)
      await notifyGames(tx, changed)
      return rows
    },

    byId,

    /** Several games by id (a ticket's legs); the ids not found are left out. */
    async byIds(ids: readonly number[]): Promise<GameRow[]> {
      if (ids.length === 0) return []
      return db
        .select()
        .from(games)
        .where(inArray(games.id, [...new Set(ids)]))
    },

    /** The game's versions as the feed showed them, oldest first (score history, state at a bet). */
    async states(gameId: number): Promise<GameStateRow[]> {
      return db
        .select()
        .from(gameStates)
        .where(eq(gameStates.gameId, gameId))
        .orderBy(asc(gameStates.version))
    },

    /** Forgets the states of games that ended or were canceled before `before`: no suggestion reads them. */
    async pruneStates(before: Date, tx: Db = db): Promise<void> {
      const over = tx
        .select({ id: games.id })
        .from(games)
        .where(and(inArray(games.status, ['final', 'canceled']), lt(games.startTime, before)))
      await tx.delete(gameStates).where(inArray(gameStates.gameId, over))
    },

    /**
     * A game as read at most a second ago by this instance: every bettor polling a live game's grid shares
     * one read. A sync on this instance drops its games at once; another instance's sync shows within the
     * second, before the next poll.
     */
    async recentById(id: number): Promise<GameRow | null> {
      const hit = recent.get(id)
      if (hit) return hit
      const row = await byId(id)
      if (row) recent.set(id, row)
      return row
    },

    /**
     * recentById for many games (the other games of a user's tickets, decision 067): those not read in the
     * last second are read with one query. Games not found are left out.
     */
    async recentByIds(ids: readonly number[]): Promise<GameRow[]> {
      const found = new Map<number, GameRow>()
      for (const id of ids) {
        const hit = recent.get(id)
        if (hit) found.set(id, hit)
      }
      const missing = ids.filter((id) => !found.has(id))
      if (missing.length > 0) {
        for (const row of await db.select().from(games).where(inArray(games.id, missing))) {
          recent.set(row.id, row)
          found.set(row.id, row)
        }
      }
      return ids.flatMap((id) => found.get(id) ?? [])
    },

    /** Final games of a provider that still have committed bets without a result (catch-up settlement). */
    async finalWithUnsettledBets(provider: FeedProvider, tx: Db = db): Promise<GameRow[]> {
      const pending = tx
        .select({ gameId: bets.gameId })
        .from(bets)
        .where(and(eq(bets.betStatus, 'committed'), isNull(bets.result)))
      return tx
        .select()
        .from(games)
        .where(and(eq(games.provider, provider), eq(games.status, 'final'), inArray(games.id, pending)))
    },

    /** The games list: live games, games starting in [from, to), and the user's games since `betsSince`. */
    async forList(options: {
      provider: FeedProvider
      from: Date
      to: Date
      userId: number
      betsSince: Date
    }): Promise<GameRow[]> {
      const mine = db.select({ gameId: bets.gameId }).from(bets).where(eq(bets.userId, options.userId))
      return db
        .select()
        .from(games)
        .where(
          and(
            eq(games.provider, options.provider),
            or(
              eq(games.status, 'in_progress'),
              and(gte(games.startTime, options.from), lt(games.startTime, options.to)),
              and(inArray(games.id, mine), gte(games.startTime, options.betsSince)),
            ),
          ),
        )
        .orderBy(games.startTime, games.id)
    },

    /**
     * Whether a game that started in the 36 hours before `dayStart` is not over yet. The window keeps a
     * game the feed dropped without a final status from holding the sync on its day forever.
     */
    async unfinishedBefore(provider: FeedProvider, dayStart: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: games.id })
        .from(games)
        .where(
          and(
            eq(games.provider, provider),
            inArray(games.status, ['scheduled', 'in_progress', 'delayed']),
            lt(games.startTime, dayStart),
            gte(games.startTime, new Date(dayStart.getTime() - 36 * 3_600_000)),
          ),
        )
        .limit(1)
      return row !== undefined
    },

    async anyLive(provider: FeedProvider): Promise<boolean> {
      const [row] = await db
        .select({ id: games.id })
        .from(games)
        .where(and(eq(games.provider, provider), eq(games.status, 'in_progress')))
        .limit(1)
      return row !== undefined
    },
  }
}

export type GamesRepository = ReturnType<typeof gamesRepository>

/** 1,000 games bind 18,000 parameters, well under PostgreSQL's 65,535 per statement. */
const UPSERT_BATCH = 1_000

/**
 * ESPN's scoreboard drops a game's odds once play begins, so a game keeps the last lines a feed sent: the
 * live distribution stays conditioned on the closing market instead of falling back to league averages.
 */
const KEPT_LINES = sql`coalesce(excluded.lines, ${games.lines})`

const CHANGED = sql.join(
  VERSIONED.map((key) =>
    key === 'lines'
      ? sql`${games.lines} is distinct from ${KEPT_LINES}`
      : sql`${games[key]} is distinct from ${excluded(key)}`,
  ),
  sql` or `,
)

/**
 * A row inserted or changed by this statement has `updated_at` = now() (the transaction's start): both the
 * column's default and the conflict branch below write now() exactly when something versioned changed.
 */
const CHANGED_NOW = sql<boolean>`${games.updatedAt} = now()`

function upsertBatch(
  batch: readonly FeedGame[],
  seenAt: Date,
  tx: Db,
): Promise<(GameRow & { changed: boolean })[]> {
  return tx
    .insert(games)
    .values(batch.map((game) => ({ ...toRow(game), linesSeenAt: game.lines ? seenAt : null })))
    .onConflictDoUpdate({
      target: [games.provider, games.providerId],
      set: {
        ...Object.fromEntries(UPDATED.map((key) => [key, excluded(key)])),
        lines: KEPT_LINES,
        // Decision 024: a price's age runs from the last sync that still reported it.
        linesSeenAt: sql`case when excluded.lines is not null then ${excluded('linesSeenAt')} else ${games.linesSeenAt} end`,
        version: sql`case when ${CHANGED} then ${games.version} + 1 else ${games.version} end`,
        updatedAt: sql`case when ${CHANGED} then now() else ${games.updatedAt} end`,
      },
    })
    .returning({ ...getTableColumns(games), changed: CHANGED_NOW })
}

/** Each new version once (the key is the game and its version): identical syncs add nothing. */
async function recordStates(rows: readonly GameRow[], seenAt: Date, tx: Db): Promise<void> {
  if (rows.length === 0) return
  await tx
    .insert(gameStates)
    .values(
      rows.map((row) => ({
        gameId: row.id,
        version: row.version,
        seenAt,
        status: row.status,
        gameTime: row.gameTime,
        period: row.period,
        homeScore: row.homeScore,
        awayScore: row.awayScore,
        baseball: row.baseball,
        lines: row.lines,
      })),
    )
    .onConflictDoNothing()
}

/** Code-unit order, the same on every instance whatever its locale. */
function byProviderKey(a: FeedGame, b: FeedGame): number {
  if (a.provider !== b.provider) return a.provider < b.provider ? -1 : 1
  if (a.providerId === b.providerId) return 0
  return a.providerId < b.providerId ? -1 : 1
}

/** Everything the feed sends is refreshed on a conflict; the id, version and created time stay. */
const UPDATED = [
  'league',
  'leagueAlias',
  'status',
  'statusDetail',
  'gameTime',
  'period',
  'startTime',
  'homeTeam',
  'awayTeam',
  'homeAbbreviation',
  'awayAbbreviation',
  'homeScore',
  'awayScore',
  'periods',
  'baseball',
  'football',
  'lines',
] as const satisfies readonly (keyof GameRow)[]

/** The incoming value of a column in an upsert's conflict branch. */
function excluded(key: keyof GameRow) {
  return sql.raw(`excluded.${games[key].name}`)
}

function toRow(game: FeedGame): typeof games.$inferInsert {
  return {
    provider: game.provider,
    providerId: game.providerId,
    league: game.league,
    leagueAlias: game.leagueAlias,
    status: game.status,
    statusDetail: game.statusDetail,
    gameTime: game.gameTime,
    period: game.period,
    startTime: game.startTime,
    homeTeam: game.homeTeam,
    awayTeam: game.awayTeam,
    homeAbbreviation: game.homeAbbreviation,
    awayAbbreviation: game.awayAbbreviation,
    homeScore: game.homeScore,
    awayScore: game.awayScore,
    periods: game.periods,
    baseball: game.baseball,
    football: game.football,
    lines: game.lines,
  }
}
