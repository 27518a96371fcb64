import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../config'
import { type SyncResult, syncGames } from '../games/sync.service'
import { type Clock, createClock } from './clock'
import { espnFeed } from './espn/espn-feed'
import { simulatedFeed } from './simulated-feed'
import { autoFeed, type SportsFeed } from './sports-feed'

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock
    feed: SportsFeed
    syncNow(): Promise<SyncResult>
    lastSync(): SyncResult | null
  }
}

/** Any fixed number: one instance among many runs the background sync (D18, ARCHITECTURE: jobs). */
const FEED_SYNC_LOCK = 7_305_003
const IDLE_SYNC_SECONDS = 3600

/**
 * The feed (SPORTS_FEED: auto, espn or simulated), the sync used by the on-demand route, and the
 * background sync: every FEED_SYNC_SECONDS while a game is live, hourly otherwise, on the one instance
 * holding the leader lock. FEED_SYNC_SECONDS=0 turns the background sync off.
 */
export const feedPlugin = fp(
  async (app: FastifyInstance, options: { clock?: Clock | undefined; feed?: SportsFeed | undefined }) => {
    const config = app.config
    const clock = options.clock ?? createClock(config.appNow)
    const feed = options.feed ?? createFeed(config, app)
    const games = app.repos.games
    let last: SyncResult | null = null
    let running: Promise<SyncResult> | null = null

    // Concurrent callers on one instance share the sync in flight instead of fetching twice.
    const syncNow = () => {
      running ??= syncGames({ db: app.db, feed, games, clock, log: app.log })
        .then((result) => {
          last = result
          return result
        })
        .finally(() => {
          running = null
        })
      return running
    }

    app.decorate('clock', clock)
    app.decorate('feed', feed)
    app.decorate('syncNow', syncNow)
    app.decorate('lastSync', () => last)

    if (config.feedSyncSeconds > 0) startBackgroundSync(app, syncNow, () => games.anyLive(feed.provider))
  },
)

function createFeed(config: Config, app: FastifyInstance): SportsFeed {
  const simulated = simulatedFeed(config.feedSeed)
  if (config.sportsFeed === 'simulated') return simulated
  const espn = espnFeed({ baseUrl: config.espnBaseUrl, timeoutMs: config.espnTimeoutMs, log: app.log })
  return config.sportsFeed === 'espn' ? espn : autoFeed(espn, simulated)
}

function startBackgroundSync(
  app: FastifyInstance,
  sync: () => Promise<SyncResult>,
  anyLive: () => Promise<boolean>,
) {
  const seconds = app.config.feedSyncSeconds
  let timer: NodeJS.Timeout | null = null
  let stopped = false
  const leadership = app.database.leadership(FEED_SYNC_LOCK)

  const tick = async () => {
    let delay = seconds
    try {
      if (await leadership.acquire()) {
        const result = await sync()
        app.log.info(
          { source: result.source, games: result.games, settled: result.betOutcomesUpdated },
          'feed synced',
        )
      }
      delay = (await anyLive()) ? seconds : IDLE_SYNC_SECONDS
    } catch (error) {
      app.log.error({ err: error }, 'feed sync failed')
    }
    if (!stopped) timer = setTimeout(tick, delay * 1000)
  }

  app.addHook('onReady', async () => {
    // The first sync runs before the server answers, so a fresh start already shows games.
    await tick()
  })
  app.addHook('onClose', async () => {
    stopped = true
    if (timer) clearTimeout(timer)
    await leadership.release()
  })
}
