import { and, eq, gte, lt } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { addDays, type CalendarDay, calendarDay, startOfDay } from '../../domain/calendar'
import { type GameMatch, matchGame, type TeamsQuery } from '../../domain/game-matching'
import type { LeagueCode } from '../../domain/leagues'
import type { Db } from '../db/client'
import { type GameRow, games } from '../db/games-schema'
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

/** Games of a day already read, by league, day and zone, for the length of one batch. */
export type DayCache = Map<string, Promise<GameRow[]>>

const OVER = new Set(['final', 'canceled', 'postponed'])

/**
 * Games of any day (issue 16): the feed is asked for a day once, its games stored with the sync's upsert
 * and its final games settled like today's, in one transaction. A day already stored is not asked again,
 * unless it is past and some of its games were stored before they ended. Today's and later days are the
 * sync's: they are fetched here only when nothing of them is stored yet.
 */
export function gameLookup(deps: GameLookupDeps) {
  const fetching = new Map<string, Promise<void>>()

  async function readDay(day: CalendarDay): Promise<void> {
    const provider = deps.feed.provider
    const now = deps.clock()
    const start = startOfDay(day, FEED_DAY_ZONE)
    const end = startOfDay(addDays(day, 1), FEED_DAY_ZONE)
    const stored = await deps.db
      .select({ status: games.status })
      .from(games)
      .where(and(eq(games.provider, provider), gte(games.startTime, start), lt(games.startTime, end)))
    const past = day < calendarDay(now, FEED_DAY_ZONE)
    if (stored.length > 0 && (!past || stored.every((game) => OVER.has(game.status)))) return
    const result = await deps.feed.games(day, now)
    for (const failure of result.failures)
      deps.log.warn({ ...failure, day }, 'feed league failed while reading a past day')
    if (result.games.length === 0) return
    await deps.db.transaction(async (tx) => {
      const rows = await deps.games.upsert(result.games, tx)
      for (const game of rows) if (game.status === 'final') await settleGame(tx, game, now, deps.log)
    })
  }

  /** Reads the feed's day once per process (concurrent callers share the read); a failure may be retried. */
  function ensureDay(day: CalendarDay): Promise<void> {
    const key = `${deps.feed.provider}|${day}`
    let read = fetching.get(key)
    if (!read) {
      read = readDay(day).catch((error: unknown) => {
        fetching.delete(key)
        deps.log.warn({ err: error, day }, 'could not read the games of a day')
      })
      fetching.set(key, read)
    }
    return read
  }

  /**
   * The current provider's games of a bettor's day: those starting on that day in the bettor's zone, and
   * those the feed files under that day (US Eastern), so a late game or a far zone still finds its game.
   */
  async function gamesOfDay(
    league: LeagueCode | null,
    day: CalendarDay,
    timeZone: string,
  ): Promise<GameRow[]> {
    const localStart = startOfDay(day, timeZone)
    const localEnd = startOfDay(addDays(day, 1), timeZone)
    const feedStart = startOfDay(day, FEED_DAY_ZONE)
    const feedEnd = startOfDay(addDays(day, 1), FEED_DAY_ZONE)
    const feedDays = new Set([
      day,
      calendarDay(localStart, FEED_DAY_ZONE),
      calendarDay(new Date(localEnd.getTime() - 1), FEED_DAY_ZONE),
    ])
    for (const feedDay of feedDays) await ensureDay(feedDay)
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
    return rows.filter(
      (game) =>
        (game.startTime >= localStart && game.startTime < localEnd) ||
        calendarDay(game.startTime, FEED_DAY_ZONE) === day,
    )
  }

  /**
   * The one game a bet from elsewhere is on, by league, day and teams (aliases, abbreviations and the
   * league's own team list folded: domain/game-matching.ts); the day's games are fetched when not stored.
   * Imported files and synced sportsbook bets both go through here.
   */
  async function matchBetToGame(
    query: BetGameQuery,
    cache?: DayCache,
  ): Promise<{ match: GameMatch<GameRow>; dayGames: GameRow[] }> {
    const dayGames = await cachedDay(query.league, query.day, query.timeZone, cache)
    return { match: matchGame(query.teams, dayGames), dayGames }
  }

  /** A batch of bets reads each (league, day) once: pass the same cache to every call. */
  function cachedDay(league: LeagueCode | null, day: CalendarDay, timeZone: string, cache?: DayCache) {
    if (!cache) return gamesOfDay(league, day, timeZone)
    const key = `${league ?? ''}|${day}|${timeZone}`
    let read = cache.get(key)
    if (!read) {
      read = gamesOfDay(league, day, timeZone)
      cache.set(key, read)
    }
    return read
  }

  return { ensureDay, gamesOfDay: cachedDay, matchBetToGame }
}

export type GameLookup = ReturnType<typeof gameLookup>
