import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../config'
import { type SyncResult, syncGames } from '../games/sync.service'
import { conflict } from '../http/errors'
import { type GameLookup, gameLookup } from '../imports/game-lookup'
import { scheduleJob } from '../jobs/schedule'
import { sharedJob } from '../jobs/shared-job'
import { espnFeed } from './espn/espn-feed'
import { simulatedFeed } from './simulated-feed'
import { autoFeed, type SportsFeed } from './sports-feed'

declare module 'fastify' {
  interface FastifyInstance {
    feed: SportsFeed
    /** On demand: takes the background sync's lock (409 when another instance holds it for too long). */
    syncNow(): Promise<SyncResult>
    /** The last sync of any instance on the database. */
    lastSync(): Promise<SyncResult | null>
    /** Games of any day, and `matchBetToGame` for bets from files and sportsbooks. */
    gameLookup: GameLookup
  }
}

/** The sync's row in job_runs, and its lock (any fixed number): one sync at a time across instances. */
export const FEED_SYNC_JOB = 'feed-sync'
const FEED_SYNC_LOCK = 7_305_003
const IDLE_SYNC_SECONDS = 3600
/**
 * How long an on-demand sync waits for one in flight elsewhere, in ESPN timeouts: that sync reads every
 * league at once within one timeout, and its writes get two more.
 */
const SYNC_WAIT_IN_ESPN_TIMEOUTS = 3

/**
 * The feed (SPORTS_FEED: auto, espn or simulated), the sync used by the on-demand route, and the
 * background sync: once per FEED_SYNC_SECONDS while a game is live, hourly otherwise, by whichever
 * instance gets there first (decision 018, ARCHITECTURE: jobs). FEED_SYNC_SECONDS=0 turns the background sync off.
 */
export const feedPlugin = fp(async (app: FastifyInstance, options: { feed?: SportsFeed | undefined }) => {
  const { config, clock } = app
  const stopping = new AbortController()
  const feed = options.feed ?? createFeed(config, app, stopping.signal)
  const games = app.repos.games
  const job = sharedJob<SyncResult>({
    name: FEED_SYNC_JOB,
    lock: FEED_SYNC_LOCK,
    database: app.database,
    run: (record) => syncGames({ db: app.db, feed, games, clock, log: app.log, record }),
  })
  const waitMs = config.feed.espnTimeoutMs * SYNC_WAIT_IN_ESPN_TIMEOUTS
  let waiting: Promise<SyncResult> | null = null

  // Concurrent callers on one instance share one wait for the lock (and one reserved connection).
  const syncNow = () => {
    waiting ??= job
      .runNow(waitMs)
      .then(
        (result) => result ?? Promise.reject(conflict('A sync is already running. Try again in a moment.')),
      )
      .finally(() => {
        waiting = null
      })
    return waiting
  }

  // Every instance reads the provider the last sync (its own or another's) stored games from.
  const followLastSync = async () => {
    const last = await job.last()
    if (last) feed.follow?.({ source: last.result.source, startedAt: last.startedAt }, clock())
  }

  app.decorate('feed', feed)
  app.decorate('syncNow', syncNow)
  app.decorate('lastSync', async () => (await job.last())?.result ?? null)
  app.decorate('gameLookup', gameLookup({ db: app.db, feed, games, clock, log: app.log }))

  if (config.feed.syncSeconds > 0) {
    // Once per period while a game is live, hourly otherwise. The first tick runs before the server
    // answers and is due unless some instance synced within this period, whatever the hour held: a
    // restart must show games at once, and the idle hour is chosen from the games a sync stored.
    const periodMs = config.feed.syncSeconds * 1000
    const idleMs = Math.max(periodMs, IDLE_SYNC_SECONDS * 1000)
    let started = false
    scheduleJob(app, {
      name: 'feed sync',
      job,
      periodMs,
      slotMs: async () => {
        await followLastSync()
        if (!started) {
          started = true
          return periodMs
        }
        return (await games.anyLive(feed.provider)) ? periodMs : idleMs
      },
      report: (result) =>
        app.log.info(
          { source: result.source, games: result.games, settled: result.betOutcomesUpdated },
          'feed synced',
        ),
    })
  }
  // A stop ends the feed's requests in flight and waits for the sync holding the job lock to end with
  // them, before the database closes. onClose hooks run after the HTTP drain, the last added first: this
  // one comes before the background sync's and the database's.
  app.addHook('onClose', async () => {
    stopping.abort()
    await waiting?.catch(() => {})
  })
})

function createFeed(config: Config, app: FastifyInstance, stop: AbortSignal): SportsFeed {
  const simulated = simulatedFeed(config.feed.seed)
  if (config.feed.source === 'simulated') return simulated
  const espn = espnFeed({
    baseUrl: config.feed.espnBaseUrl,
    timeoutMs: config.feed.espnTimeoutMs,
    log: app.log,
    stop,
  })
  return config.feed.source === 'espn' ? espn : autoFeed(espn, simulated)
}
