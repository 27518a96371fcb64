import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { authCookies } from '../src/server/auth/session.plugin'
import { loadConfig } from '../src/server/config'
import { scratchDatabase } from '../tests/support/scratch-database'
import { ClientPool } from './client-pool'
import { openEventStream, wallClock } from './event-stream'
import { seedStreams } from './events-seed'
import { FAILED, type Figures } from './http.bench'
import { median } from './measure'
import { openFilesLimit, rssKb, type ServerProcess, startServer } from './server-process'

/**
 * Issue 17 over HTTP, once per database: BENCH_STREAMS (default 10,000) signed-in users each hold one
 * GET /api/events stream on one server; the feed sync then scores a run, BENCH_EVENT_ROUNDS times
 * (default 3), and every stream's `game` event is timed from the instant before the sync began. Also the
 * server's memory per open stream. Then (PostgreSQL only) two servers on one database: a stream on one,
 * a sync or a bet on the other.
 *
 * The server, the clients and PostgreSQL each run in a process of their own (the clients' and the
 * server's file limits raised for the bench only), on the same machine: the time to the last client
 * includes the client processes reading 10,000 sockets.
 */
const STREAMS = envCount('BENCH_STREAMS', 10_000)
const ROUNDS = envCount('BENCH_EVENT_ROUNDS', 3)
/** Processes sharing the streams' client ends (bench/client-pool.ts). */
const CLIENT_PROCESSES = envCount('BENCH_CLIENT_PROCESSES', 2)
/** The issue's targets. */
const TARGET_P99_MS = 1_000
const TARGET_KB_PER_STREAM = 20
/** Streams connecting at once: enough to open 10,000 in seconds, few enough for the listen backlog. */
const CONCURRENCY = 200
/** Streams of the warm-up, before the memory baseline: the route's code is compiled by then. */
const WARM_STREAMS = 100
/** How long a round waits for the last stream. */
const COLLECT_MS = 30_000
/** Sockets, database connections and files besides the streams. */
const SPARE_FILES = 1_000
const SESSION_COOKIE = authCookies(loadConfig()).session

export async function eventsBench(engine: 'pglite' | 'postgres'): Promise<Figures> {
  if (engine === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'grid-bench-'))
    try {
      return await manyStreams({ databaseUrl: null, dataDir })
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
  const base = postgresUrl()
  if (!base) return { skipped: 'no PostgreSQL URL given (set BENCH_DATABASE_URL or TEST_DATABASE_URL)' }
  const database = await scratchDatabase(base, 'grid_bench')
  try {
    return await manyStreams({ databaseUrl: database.url, dataDir: 'memory://' })
  } finally {
    await database.drop()
  }
}

type Target = { databaseUrl: string | null; dataDir: string }

async function manyStreams(target: Target): Promise<Figures> {
  const seeded = await seedStreams(target, STREAMS)
  const tokens = seeded.users.map((user) => user.token)
  const server = await startEventsServer(target)
  let clients: ClientPool | null = null
  try {
    clients = await ClientPool.start(CLIENT_PROCESSES, STREAMS + SPARE_FILES)
    const limits = {
      server: openFilesLimit(server.pid),
      clients: clients.openFilesLimit() * CLIENT_PROCESSES,
    }
    for (const [name, limit] of Object.entries(limits)) {
      if (limit < STREAMS + SPARE_FILES / 10) {
        throw new Error(`The ${name} process may open ${limit} files, too few for ${STREAMS} streams`)
      }
    }
    const url = `${server.url}/api/events`

    // The first sync stores the feed's game as the server sees it; a warm-up round compiles the route.
    await server.ask({ type: 'sync' })
    const warm = await clients.open(url, SESSION_COOKIE, tokens.slice(0, WARM_STREAMS), CONCURRENCY)
    if (warm.failed > 0) throw new Error(`Warm-up: ${warm.failed} streams failed (${warm.firstFailure})`)
    await round(server, clients)
    await clients.close()
    await pause(1_000)

    // Every user signs in once before the baseline: what the server keeps per signed-in user (the
    // database's caches, PGlite's heap) is not memory per stream.
    const signedIn = await clients.touch(`${server.url}/api/auth/user`, SESSION_COOKIE, tokens, CONCURRENCY)
    if (signedIn.refused > 0) {
      throw new Error(`GET /api/auth/user refused ${signedIn.refused} users (${signedIn.firstRefusal})`)
    }
    const before = await memory(server)
    const opened = await clients.open(url, SESSION_COOKIE, tokens, CONCURRENCY)
    if (opened.failed > 0) {
      return {
        'streams-open': `${FAILED}: ${opened.open} of ${STREAMS}, first failure: ${opened.firstFailure}`,
      }
    }
    await pause(1_000)
    const after = await memory(server)

    const latencies: number[] = []
    const syncs: number[] = []
    const toBroadcasts: number[] = []
    const broadcasts: number[] = []
    const loopDelays: number[] = []
    let fewest = STREAMS
    let ended = { count: 0, first: '' }
    for (let i = 0; i < ROUNDS; i++) {
      const result = await round(server, clients)
      syncs.push(result.syncMs)
      toBroadcasts.push(result.toBroadcastMs)
      broadcasts.push(result.broadcastMs)
      loopDelays.push(result.loopDelayMs)
      latencies.push(...result.latencies)
      fewest = Math.min(fewest, result.latencies.length)
      ended = result.ended
    }
    latencies.sort((a, b) => a - b)
    const p99 = percentile(latencies, 0.99)
    const rssPerStream = (after.rss - before.rss) / STREAMS
    const missed = [
      ...(p99 >= TARGET_P99_MS ? [`p99 ${round1(p99)} ms ≥ ${TARGET_P99_MS} ms`] : []),
      ...(rssPerStream >= TARGET_KB_PER_STREAM
        ? [`${round1(rssPerStream)} kB ≥ ${TARGET_KB_PER_STREAM} kB`]
        : []),
    ]
    return {
      'streams-open': opened.open,
      'open-all-s': round1(opened.ms / 1000),
      'rss-per-stream-kb': round1(rssPerStream),
      'heap-per-stream-kb': round1((after.heap - before.heap) / STREAMS),
      'external-per-stream-kb': round1((after.external - before.external) / STREAMS),
      'server-rss-mb': round1(after.rss / 1024),
      'game-received':
        fewest === STREAMS
          ? `${fewest} of ${STREAMS} (each of ${ROUNDS} rounds)`
          : `${FAILED}: ${fewest} of ${STREAMS} in a round${ended.count ? `, ${ended.count} streams ended (${ended.first})` : ''}`,
      'sync-ms': round1(median(syncs)),
      'sync-to-broadcast-ms': round1(median(toBroadcasts)),
      'broadcast-write-ms': round1(median(broadcasts)),
      'server-loop-delay-max-ms': round1(Math.max(...loopDelays)),
      'game-first-ms': round1(latencies[0] ?? Number.NaN),
      'game-p50-ms': round1(percentile(latencies, 0.5)),
      'game-p99-ms': round1(p99),
      'game-last-ms': round1(latencies.at(-1) ?? Number.NaN),
      // The machine's other work delays the client processes' reads most: it is part of the figures.
      'load-average-1m': round1(loadavg()[0] ?? Number.NaN),
      targets:
        missed.length === 0
          ? `met (p99 < ${TARGET_P99_MS} ms, < ${TARGET_KB_PER_STREAM} kB per stream)`
          : `${FAILED}: ${missed.join(', ')}`,
    }
  } finally {
    await clients?.stop()
    await server.stop()
  }
}

/** One score change: the sync's duration, and each stream's time from the sync's start to its event. */
async function round(
  server: ServerProcess,
  clients: ClientPool,
): Promise<{
  syncMs: number
  /** From the sync's start to the first write of the `game` frame: the sync, the notification, the hub's read. */
  toBroadcastMs: number
  /** Writing the frame to every stream. */
  broadcastMs: number
  /** The longest the server's event loop was held up during the round. */
  loopDelayMs: number
  latencies: number[]
  ended: { count: number; first: string }
}> {
  await clients.arm('game')
  const sync = await server.ask<{ start: number; returned: number }>({ type: 'sync' })
  const collected = await clients.collect(COLLECT_MS)
  const latencies = collected.times.filter((at) => !Number.isNaN(at)).map((at) => at - sync.start)
  const sent = await server.ask<{ start: number; end: number; loopDelayMaxMs: number }>({
    type: 'broadcast',
  })
  return {
    syncMs: sync.returned - sync.start,
    toBroadcastMs: sent.start - sync.start,
    broadcastMs: sent.end - sent.start,
    loopDelayMs: sent.loopDelayMaxMs,
    latencies,
    ended: { count: collected.ended, first: collected.firstEnd },
  }
}

/** Decision 067's bench: of the streams, how many hold a parlay over the moved game and a second one. */
const PARLAY_STREAMS = 2_000
const TARGET_POSITION_P99_MS = 500

/**
 * Decision 067 on PostgreSQL: BENCH_STREAMS users (default 10,000) each hold a stream; PARLAY_STREAMS of them
 * hold a parlay over the bench game and a second game, the others a single on the bench game. The sync
 * scores a run on the bench game, BENCH_EVENT_ROUNDS times: each stream's time to its last `position`
 * event (two for a parlay's holder: one for each game its ticket touches, one for a single's).
 */
export async function eventsTicketsBench(): Promise<Figures> {
  const base = postgresUrl()
  if (!base) return { skipped: 'no PostgreSQL URL given (set BENCH_DATABASE_URL or TEST_DATABASE_URL)' }
  const database = await scratchDatabase(base, 'grid_bench')
  const target = { databaseUrl: database.url, dataDir: 'memory://' }
  try {
    const seeded = await seedStreams(target, STREAMS, { parlays: PARLAY_STREAMS })
    const tokens = seeded.users.map((user) => user.token)
    const counts = seeded.users.map((_, i) => (i < PARLAY_STREAMS ? 2 : 1))
    const server = await startEventsServer(target)
    let clients: ClientPool | null = null
    try {
      clients = await ClientPool.start(CLIENT_PROCESSES, STREAMS + SPARE_FILES)
      await server.ask({ type: 'sync' })
      const opened = await clients.open(`${server.url}/api/events`, SESSION_COOKIE, tokens, CONCURRENCY)
      if (opened.failed > 0) {
        return { 'streams-open': `${FAILED}: ${opened.open} of ${STREAMS} (${opened.firstFailure})` }
      }
      await pause(1_000)
      const parlays: number[] = []
      const singles: number[] = []
      let fewest = STREAMS
      for (let i = 0; i < ROUNDS; i++) {
        await clients.arm('position', counts)
        const sync = await server.ask<{ start: number }>({ type: 'sync' })
        const { times } = await clients.collect(COLLECT_MS)
        fewest = Math.min(fewest, times.filter((at) => !Number.isNaN(at)).length)
        times.forEach((at, k) => {
          if (!Number.isNaN(at)) (k < PARLAY_STREAMS ? parlays : singles).push(at - sync.start)
        })
        await server.ask({ type: 'broadcast' })
      }
      parlays.sort((a, b) => a - b)
      singles.sort((a, b) => a - b)
      const all = [...parlays, ...singles].sort((a, b) => a - b)
      const p99 = percentile(all, 0.99)
      return {
        'streams-open': opened.open,
        'positions-received':
          fewest === STREAMS
            ? `${fewest} of ${STREAMS} streams had every position (each of ${ROUNDS} rounds)`
            : `${FAILED}: ${fewest} of ${STREAMS} in a round`,
        'parlay-positions-p50-ms': round1(percentile(parlays, 0.5)),
        'parlay-positions-p99-ms': round1(percentile(parlays, 0.99)),
        'single-position-p99-ms': round1(percentile(singles, 0.99)),
        'positions-p99-ms': round1(p99),
        'positions-last-ms': round1(all.at(-1) ?? Number.NaN),
        'load-average-1m': round1(loadavg()[0] ?? Number.NaN),
        target:
          p99 < TARGET_POSITION_P99_MS
            ? `met (p99 < ${TARGET_POSITION_P99_MS} ms)`
            : `${FAILED}: p99 ${round1(p99)} ms ≥ ${TARGET_POSITION_P99_MS} ms`,
      }
    } finally {
      await clients?.stop()
      await server.stop()
    }
  } finally {
    await database.drop()
  }
}

const SAMPLES = 10

/**
 * Issue 17, N instances: two servers on one PostgreSQL database, one user's stream on the first, and
 * on the second a score change (feed sync: `game`) and a bet placed by that user (`bets`), SAMPLES
 * times each; the time from the sync's start, or from sending the bet, to the event on the first.
 */
export async function eventsTwoInstancesBench(): Promise<Figures> {
  const base = postgresUrl()
  if (!base) return { skipped: 'no PostgreSQL URL given (set BENCH_DATABASE_URL or TEST_DATABASE_URL)' }
  const database = await scratchDatabase(base, 'grid_bench')
  const target = { databaseUrl: database.url, dataDir: 'memory://' }
  try {
    const seeded = await seedStreams(target, 1)
    const user = seeded.users[0]
    if (!user) throw new Error('No user was seeded')
    const cookie = `${SESSION_COOKIE}=${user.token}`
    const [a, b] = [await startEventsServer(target), await startEventsServer(target)]
    try {
      const waiting = new Map<string, (at: number) => void>()
      const stream = await openEventStream(
        `${a.url}/api/events`,
        cookie,
        (kind, at) => waiting.get(kind)?.(at),
        () => {},
      )
      const next = (kind: string) =>
        new Promise<number>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`No ${kind} event within 10 s`)), 10_000)
          waiting.set(kind, (at) => {
            clearTimeout(timer)
            waiting.delete(kind)
            resolve(at)
          })
        })
      try {
        await b.ask({ type: 'sync' })
        await pause(500)
        const game: number[] = []
        const bets: number[] = []
        const posts: number[] = []
        for (let i = 0; i < SAMPLES; i++) {
          const gameEvent = next('game')
          const sync = await b.ask<{ start: number }>({ type: 'sync' })
          game.push((await gameEvent) - sync.start)

          const betsEvent = next('bets')
          const sent = wallClock()
          const placed = await fetch(`${b.url}/api/bets`, {
            method: 'POST',
            headers: { cookie, 'content-type': 'application/json' },
            body: JSON.stringify({
              gameId: seeded.gameId,
              betType: 'moneyline',
              selection: 'New York Yankees',
              odds: -110,
              amount: 50,
            }),
          })
          if (placed.status !== 201)
            throw new Error(`POST /api/bets answered ${placed.status}: ${await placed.text()}`)
          posts.push(wallClock() - sent)
          bets.push((await betsEvent) - sent)
        }
        return {
          'game-b-to-a-median-ms': round1(median(game)),
          'game-b-to-a-max-ms': round1(Math.max(...game)),
          'bets-b-to-a-median-ms': round1(median(bets)),
          'bets-b-to-a-max-ms': round1(Math.max(...bets)),
          'bet-post-b-median-ms': round1(median(posts)),
        }
      } finally {
        stream.close()
      }
    } finally {
      await a.stop()
      await b.stop()
    }
  } finally {
    await database.drop()
  }
}

function startEventsServer(target: Target): Promise<ServerProcess> {
  return startServer(target, {
    script: 'bench/events-server.ts',
    nodeArgs: ['--expose-gc'],
    openFiles: STREAMS + SPARE_FILES,
    // Every client connects from loopback: the per-address cap (50 by default) would refuse all but 50.
    env: { EVENT_STREAMS_PER_ADDRESS: String(STREAMS + WARM_STREAMS) },
  })
}

/** The server's resident set (from /proc) and heap, in kB, after a collection. */
async function memory(server: ServerProcess): Promise<{ rss: number; heap: number; external: number }> {
  const usage = await server.ask<NodeJS.MemoryUsage>({ type: 'memory' })
  return { rss: rssKb(server.pid), heap: usage.heapUsed / 1024, external: usage.external / 1024 }
}

function postgresUrl(): string | undefined {
  return process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined
}

/** The nearest-rank percentile of ascending `sorted`. */
function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

function round1(value: number): number {
  return Math.round(value * 10) / 10
}

function envCount(name: string, fallback: number): number {
  const value = process.env[name]
  if (value === undefined || value === '') return fallback
  const count = Number(value)
  if (!Number.isInteger(count) || count < 1) throw new Error(`${name} must be a whole number ≥ 1`)
  return count
}
