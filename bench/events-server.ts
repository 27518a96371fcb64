import { monitorEventLoopDelay } from 'node:perf_hooks'
import type { FeedGame } from '../src/domain/game'
import { buildApp } from '../src/server/app'
import { loadConfig } from '../src/server/config'
import type { SportsFeed } from '../src/server/feeds/sports-feed'
import { wallClock } from './event-stream'
import { liveMlbGame } from './seed'

/**
 * The events bench's server process (issue 17): main.ts's app on a free loopback port, whose feed is the
 * bench's live MLB game (bench/seed.ts). Over IPC the bench asks it to
 * - `sync`: score a run, then sync the feed as the leader's background sync does (app.syncNow: the
 *   shared job's lock, one transaction that NOTIFYs grid_games); answers the wall-clock instants, in ms,
 *   just before the sync and when it returned (after the commit and the lock's release: the hub may
 *   have broadcast before);
 * - `broadcast`: answer when the last `game` event began and finished going out to the streams, and the
 *   longest the event loop was held up since the last sync began (ms);
 * - `memory`: collect garbage (when started with --expose-gc) and answer process.memoryUsage().
 */
const game: FeedGame = liveMlbGame()
const feed: SportsFeed = {
  provider: 'simulated',
  async games() {
    return { games: [game], failures: [] }
  },
}

const app = await buildApp(loadConfig(), { feed })

/**
 * Where the time to the last client goes: the instants the hub's last `game` frame began and finished
 * going out to every stream here (EventStreams.toAll, timed from outside; the route is not changed).
 */
let broadcast = { start: Number.NaN, end: Number.NaN, streams: 0 }
const { streams } = app.events
const toAll = streams.toAll.bind(streams)
streams.toAll = (frame: string) => {
  const start = wallClock()
  toAll(frame)
  if (frame.includes('\nevent: game\n')) broadcast = { start, end: wallClock(), streams: streams.count }
}
const loopDelay = monitorEventLoopDelay({ resolution: 10 })
loopDelay.enable()

process.once('SIGTERM', () => {
  void app.close().finally(() => process.exit(0))
})

process.on('message', (message: { id: number; type: string }) => {
  void answer(message).then(
    (reply) => process.send?.({ id: message.id, ...reply }),
    (error: unknown) => process.send?.({ id: message.id, error: String(error) }),
  )
})

async function answer(message: { type: string }): Promise<object> {
  switch (message.type) {
    case 'sync': {
      game.homeScore = (game.homeScore ?? 0) + 1
      loopDelay.reset()
      const start = wallClock()
      await app.syncNow()
      return { start, returned: wallClock() }
    }
    case 'broadcast':
      return { ...broadcast, loopDelayMaxMs: loopDelay.max / 1e6 }
    case 'memory': {
      const gc = (globalThis as { gc?: () => void }).gc
      if (gc) {
        gc()
        // Finalizers and freed sockets' buffers go in the turns after a collection.
        await new Promise((resolve) => setTimeout(resolve, 200))
        gc()
      }
      return process.memoryUsage()
    }
    default:
      throw new Error(`Unknown request ${message.type}`)
  }
}

const address = await app.listen({ port: 0, host: '127.0.0.1' })
process.send?.({ address })
