import type { FastifyBaseLogger } from 'fastify'
import { addDays, calendarDay, startOfDay } from '../../domain/calendar'
import type { Db } from '../db/client'
import type { GameRow } from '../db/games-schema'
import type { Clock } from '../feeds/clock'
import type { FeedResult, SportsFeed } from '../feeds/sports-feed'
import type { GamesRepository } from './games.repository'
import { settleGame } from './settlement.service'

/** ESPN files a game under its US Eastern date; the simulator follows the same convention. */
export const FEED_DAY_ZONE = 'America/New_York'

export interface SyncResult {
  source: string
  games: number
  failures: { league: string; reason: string }[]
  betOutcomesUpdated: number
  at: string
}

export interface SyncDeps {
  db: Db
  feed: SportsFeed
  games: GamesRepository
  clock: Clock
  log: FastifyBaseLogger
  /** Records the run in its own transaction (the shared job record: ARCHITECTURE, jobs). */
  record(tx: Db, result: SyncResult): Promise<void>
}

/** Game states (score history) are kept three days past a game's start once it is over. */
const STATES_KEPT_MS = 3 * 86_400_000

/**
 * One sync: read the feed for today, upsert every game, then settle each final game of this provider
 * (new finals, corrected finals, and finals whose bets were confirmed late) and record the run, all in one
 * transaction.
 * Yesterday is read too while one of its games is unfinished: a late game ends after midnight, and the
 * feed files it under the day it started.
 */
export async function syncGames(deps: SyncDeps): Promise<SyncResult> {
  const now = deps.clock()
  const result = await readFeed(deps, now)
  for (const failure of result.failures)
    deps.log.warn(failure, 'feed league failed; its stored games are kept')
  const provider = deps.feed.provider
  return deps.db.transaction(async (tx) => {
    const rows = await deps.games.upsert(result.games, tx)
    const finals = new Map<number, GameRow>()
    for (const game of rows) if (game.status === 'final') finals.set(game.id, game)
    for (const game of await deps.games.finalWithUnsettledBets(provider, tx)) finals.set(game.id, game)
    let updated = 0
    for (const game of finals.values()) updated += await settleGame(tx, game, now, deps.log)
    const synced: SyncResult = {
      source: provider,
      games: result.games.length,
      failures: result.failures,
      betOutcomesUpdated: updated,
      at: now.toISOString(),
    }
    await deps.games.pruneStates(new Date(now.getTime() - STATES_KEPT_MS), tx)
    await deps.record(tx, synced)
    return synced
  })
}

async function readFeed(deps: SyncDeps, now: Date): Promise<FeedResult> {
  const today = calendarDay(now, FEED_DAY_ZONE)
  const days = [today]
  if (await deps.games.unfinishedBefore(deps.feed.provider, startOfDay(today, FEED_DAY_ZONE))) {
    days.unshift(addDays(today, -1))
  }
  const results = await Promise.all(days.map((day) => deps.feed.games(day, now)))
  // One upsert cannot touch a row twice: a game listed under both days counts once, as of the later day.
  const games = new Map(results.flatMap((r) => r.games).map((game) => [game.providerId, game]))
  return { games: [...games.values()], failures: results.flatMap((r) => r.failures) }
}
