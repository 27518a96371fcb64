import { and, eq, gte, lt } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { addDays, type CalendarDay, calendarDay, startOfDay } from '../../domain/calendar'
import { outsideFeedDays } from '../../domain/feed-days'
import type { FeedProvider } from '../../domain/game'
import { type GameMatch, matchGame, type TeamsQuery } from '../../domain/game-matching'
import type { LeagueCode } from '../../domain/leagues'
import type { Db } from '../db/client'
import { type GameRow, games } from '../db/games-schema'
import { feedDays } from '../db/imports-schema'
import type { Clock } from '../feeds/clock'
import type { SportsFeed } from '../feeds/sports-feed'
import type { GamesRepository } from '../games/games.repository'
import { settleGame } from '../games/settlement.service'
import { FEED_DAY_ZONE } from '../games/sync.service'

export interface GameLookupDeps {
  db: Db
  feed: SportsFeed
  games: GamesRepository
  clock: Clock
  log: FastifyBaseLogger
}

/** What a bet from elsewhere says about its game. */
export interface BetGameQuery {
  /** Null: any league that day. */
  league: LeagueCode | null
  /** The day as the bettor's file writes it, in their time zone. */
  day: CalendarDay
  timeZone: string
  teams: TeamsQuery
}

/** A bettor's day's games, and why a feed day it needs was not asked for (a fetch budget said no). */
export interface DayGames {
  games: GameRow[]
  unread: string | null
}

/** Games of a day already read, by league, day and zone, for the length of one batch. */
export type DayCache = Map<string, Promise<DayGames>>

/**
 * Decision 049: how many days an import may have fetched. `take` counts one more fetch and answers null, or
 * answers why not (the day is then served from what is stored).
 */
export interface FetchBudget {
  take(): Promise<string | null>
}

/** Decision 049: a day asked for is not asked again for this long, whether or not it had games. */
export const ASK_AGAIN_AFTER_MS = 6 * 3_600_000

const OVER = new Set(['final', 'canceled', 'postponed'])

/**
 * Games of any day: the feed is asked for a day, its games stored with the sync's upsert and its
 * final games settled like today's, and the asking remembered (`feed_days`), in one transaction.
 * A day outside the feed's days (domain/feed-days.ts) is never asked for; a day asked within
 * ASK_AGAIN_AFTER_MS is not asked again, by any instance; a day already stored is not asked again unless it
 * is past and some of its games were stored before they ended; today's and later days are the sync's. The
 * games of a past day are stored without announcing them to every live stream, unless live.
 */
export function gameLookup(deps: GameLookupDeps) {
  const inFlight = new Map<string, Promise<void>>()
  /**
   * Days known not to need the feed, until when: a batch asks for the same days league after league, and
   * the database need not be asked each time. At most the feeds' window of days per provider.
   */
  const known = new Map<string, number>()

  /**
   * Until when the feed need not be asked for `day` (ms; null: ask now): asked a while ago, or its stored
   * games will do (a past day's for good once all are over, today's and later ones only this time).
   */
  async function heldUntil(
    provider: FeedProvider,
    day: CalendarDay,
    today: CalendarDay,
    now: Date,
  ): Promise<number | null> {
    const [asked] = await deps.db
      .select({ fetchedAt: feedDays.fetchedAt })
      .from(feedDays)
      .where(and(eq(feedDays.provider, provider), eq(feedDays.day, day)))
    const askAgainAt = (asked?.fetchedAt.getTime() ?? 0) + ASK_AGAIN_AFTER_MS
    if (askAgainAt > now.getTime()) return askAgainAt
    const start = startOfDay(day, FEED_DAY_ZONE)
    const end = startOfDay(addDays(day, 1), FEED_DAY_ZONE)
    const stored = await deps.db
      .select({ status: games.status })
      .from(games)
      .where(and(eq(games.provider, provider), gte(games.startTime, start), lt(games.startTime, end)))
    if (stored.length === 0) return null
    if (day >= today) return now.getTime()
    return stored.every((game) => OVER.has(game.status)) ? Number.POSITIVE_INFINITY : null
  }

  async function readDay(day: CalendarDay): Promise<void> {
    const now = deps.clock()
    const today = calendarDay(now, FEED_DAY_ZONE)
    const result = await deps.feed.games(day, now)
    for (const failure of result.failures)
      deps.log.warn({ ...failure, day }, 'feed league failed while reading a past day')
    // Live games and today's or later are what streams show; the rest of a past day is news to no one.
    const announced = (game: GameRow) =>
      game.status === 'in_progress' || calendarDay(game.startTime, FEED_DAY_ZONE) >= today
    await deps.db.transaction(async (tx) => {
      const rows = await deps.games.upsert(result.games, tx, announced)
      for (const game of rows) if (game.status === 'final') await settleGame(tx, game, now, deps.log)
      // A league that failed is asked again by the next caller; a day read whole is remembered.
      if (result.failures.length > 0) return
      await tx
        .insert(feedDays)
        .values({ provider: deps.feed.provider, day, fetchedAt: now })
        .onConflictDoUpdate({ target: [feedDays.provider, feedDays.day], set: { fetchedAt: now } })
    })
  }

  /**
   * Makes sure the feed's `day` is stored, asking the feed when needed and `budget` allows: null, or the
   * budget's refusal. Concurrent callers of one process share one read; a failed read may be retried.
   */
  async function ensureDay(day: CalendarDay, budget?: FetchBudget): Promise<string | null> {
    const provider = deps.feed.provider
    const now = deps.clock()
    const today = calendarDay(now, FEED_DAY_ZONE)
    if (outsideFeedDays(day, today) !== null) return null
    const key = `${provider}|${day}`
    if ((known.get(key) ?? 0) > now.getTime()) return null
    if (!inFlight.has(key)) {
      const until = await heldUntil(provider, day, today, now)
      if (until !== null) {
        known.set(key, until)
        return null
      }
      const refused = budget ? await budget.take() : null
      if (refused !== null) return refused
    }
    let read = inFlight.get(key)
    if (!read) {
      read = readDay(day)
        .catch((error: unknown) => deps.log.warn({ err: error, day }, 'could not read the games of a day'))
        .finally(() => inFlight.delete(key))
      inFlight.set(key, read)
    }
    await read
    return null
  }

  /**
   * The current provider's games of a bettor's day: those starting on that day in the bettor's zone, and
   * those the feed files under that day (US Eastern), so a late game or a far zone still finds its game.
   */
  async function gamesOfDay(
    league: LeagueCode | null,
    day: CalendarDay,
    timeZone: string,
    budget?: FetchBudget,
  ): Promise<DayGames> {
    const localStart = startOfDay(day, timeZone)
    const localEnd = startOfDay(addDays(day, 1), timeZone)
    const feedStart = startOfDay(day, FEED_DAY_ZONE)
    const feedEnd = startOfDay(addDays(day, 1), FEED_DAY_ZONE)
    const overlapping = new Set([
      day,
      calendarDay(localStart, FEED_DAY_ZONE),
      calendarDay(new Date(localEnd.getTime() - 1), FEED_DAY_ZONE),
    ])
    let unread: string | null = null
    for (const feedDay of overlapping) unread ??= await ensureDay(feedDay, budget)
    const from = new Date(Math.min(localStart.getTime(), feedStart.getTime()))
    const to = new Date(Math.max(localEnd.getTime(), feedEnd.getTime()))
    const rows = await deps.db
      .select()
      .from(games)
      .where(
        and(
          eq(games.provider, deps.feed.provider),
          gte(games.startTime, from),
          lt(games.startTime, to),
          league ? eq(games.league, league) : undefined,
        ),
      )
      .orderBy(games.startTime, games.id)
    const dayGames = rows.filter(
      (game) =>
        (game.startTime >= localStart && game.startTime < localEnd) ||
        calendarDay(game.startTime, FEED_DAY_ZONE) === day,
    )
    return { games: dayGames, unread }
  }

  /**
   * The one game a bet from elsewhere is on, by league, day and teams (aliases, abbreviations and the
   * league's own team list folded: domain/game-matching.ts); the day's games are fetched when not stored
   * and `budget` (if any) allows. Imported files and synced sportsbook bets both go through here.
   */
  async function matchBetToGame(
    query: BetGameQuery,
    cache?: DayCache,
    budget?: FetchBudget,
  ): Promise<{ match: GameMatch<GameRow>; dayGames: GameRow[]; unread: string | null }> {
    const { games: dayGames, unread } = await cachedDay(
      query.league,
      query.day,
      query.timeZone,
      cache,
      budget,
    )
    return { match: matchGame(query.teams, dayGames), dayGames, unread }
  }

  /** A batch of bets reads each (league, day) once: pass the same cache (and budget) to every call. */
  function cachedDay(
    league: LeagueCode | null,
    day: CalendarDay,
    timeZone: string,
    cache?: DayCache,
    budget?: FetchBudget,
  ): Promise<DayGames> {
    if (!cache) return gamesOfDay(league, day, timeZone, budget)
    const key = `${league ?? ''}|${day}|${timeZone}`
    let read = cache.get(key)
    if (!read) {
      read = gamesOfDay(league, day, timeZone, budget)
      cache.set(key, read)
    }
    return read
  }

  return { ensureDay, gamesOfDay: cachedDay, matchBetToGame }
}

export type GameLookup = ReturnType<typeof gameLookup>
