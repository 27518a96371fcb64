import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import autocannon, { type Client, type Result } from 'autocannon'
import { authCookies } from '../src/server/auth/session.plugin'
import { loadConfig } from '../src/server/config'
import { dailySnapshots, snapshotsDir } from '../src/server/db/snapshots'
import { scratchDatabase } from '../tests/support/scratch-database'
import { type Seeded, type SeededUser, type SeedOptions, seed } from './seed'
import { rssKb, type ServerProcess, startServer } from './server-process'

/**
 * Issue 5 over HTTP, once per database: 200 signed-in users with 100 bets each on one live MLB game poll
 * its outcome grid and its live probability (issue 13), one connection per user carrying that user's
 * session cookie, against the same load on GET /api/auth/user and on the unauthenticated GET /api/health, and
 * the grid and GET /api/auth/user again on a server without the session cache (issue 17: the ratio of the
 * two is the cache's gain); then one user exports 100,000 bets as
 * CSV while the server's resident memory is sampled, reads the stats of those bets (issue 16) and the first
 * page of their history (issue 17). The server runs in a child process, so the load
 * generator does not share its event loop. Polls send no If-None-Match: every one gets the whole grid
 * (about 26 kB), the cost of a client without an HTTP cache.
 *
 * Environment, for quick trials:
 * - BENCH_SECONDS (default 10): the length of each measured load run.
 * - BENCH_WARMUP_SECONDS (default 2): an unmeasured run of the same load before each measured one.
 * - BENCH_DATABASE_URL, else TEST_DATABASE_URL: a PostgreSQL server to run on too, in a fresh database
 *   grid_bench_<random> that is dropped afterwards. Without either, the PostgreSQL section is skipped.
 */
export type Figures = Record<string, number | string>

const SECONDS = envSeconds('BENCH_SECONDS', 10, 1)
const WARMUP_SECONDS = envSeconds('BENCH_WARMUP_SECONDS', 2, 0)
const SEED: SeedOptions = { users: 200, betsPerUser: 100, csvBets: 100_000, csvGames: 40 }
/** The session cookie's name as the server process (configured from the same environment) sets it. */
const SESSION_COOKIE = authCookies(loadConfig()).session

export async function httpBench(engine: 'pglite' | 'postgres'): Promise<Figures> {
  if (engine === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'grid-bench-'))
    try {
      return await benchOn({ databaseUrl: null, dataDir })
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
  const base = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL
  if (!base) return { skipped: 'no PostgreSQL URL given (set BENCH_DATABASE_URL or TEST_DATABASE_URL)' }
  const database = await scratchDatabase(base, 'grid_bench')
  try {
    return await benchOn({ databaseUrl: database.url, dataDir: 'memory://' })
  } finally {
    await database.drop()
  }
}

async function benchOn(target: { databaseUrl: string | null; dataDir: string }): Promise<Figures> {
  // PGlite has a single owner process: the bench seeds and closes the database before the server opens it.
  const seeded = await seed(target, SEED)
  const server = await startServer(target)
  try {
    const snapshot = await startupSnapshot(server, target.dataDir)
    // The export runs first, on a server that has done nothing else yet: the most memory it can take to grow.
    const csv = await csvExport(server, seeded.csvUser, 'csv-100k')
    const stats = await userStats(server, seeded.csvUser, 'stats-100k')
    const history = await historyFirstPage(server, seeded.csvUser, 'history-100k')
    // Issue 26: the same over 100,000 tickets, a third of them parlays, against the singles above.
    const ticketCsv = await csvExport(server, seeded.ticketUser, 'csv-100k-tickets')
    const ticketStats = await userStats(server, seeded.ticketUser, 'stats-100k-tickets')
    const ticketHistory = await historyFirstPage(server, seeded.ticketUser, 'history-100k-tickets')
    await checkAnswers(server, seeded)
    const cookies = seeded.users.map((user) => user.token)

    // Each warm-up lets the JIT settle. The grid cache is already full (checkAnswers polled every user
    // once, and the first poll builds and stores the grid), so the measured polls are what a live game
    // mostly serves: those between score changes.
    const gridUrl = `${server.url}/api/outcome-matrix/${seeded.gameId}`
    await warmUp(gridUrl, cookies)
    const gridPolls = await load(gridUrl, cookies, SECONDS)

    // Issue 13: the Probability Analysis panel's poll, cached the same way (one distribution per game state).
    const probabilityUrl = `${server.url}/api/live-probability/${seeded.gameId}`
    await warmUp(probabilityUrl, cookies)
    const probability = await load(probabilityUrl, cookies, SECONDS)

    const authUrl = `${server.url}/api/auth/user`
    await warmUp(authUrl, cookies)
    const answeredAs: number[] = []
    const authUser = await load(authUrl, cookies, SECONDS, (client, index) => {
      // A connection's first reply names its user: proof that each connection sent its own cookie.
      client.once('body', (chunk: Buffer) => {
        answeredAs[index] = Number(/"id":(\d+)/.exec(chunk.toString())?.[1])
      })
    })
    const strangers = seeded.users.filter((user, i) => i in answeredAs && answeredAs[i] !== user.id)
    if (strangers.length > 0) throw new Error(`${strangers.length} connections were answered as another user`)

    const helloUrl = `${server.url}/api/health`
    await warmUp(helloUrl, null)
    const hello = await load(helloUrl, null, SECONDS)
    await server.stop()

    // Issue 17: the same polls on a server that looks every session up in the database.
    const uncached = await startServer(target, { env: { SESSION_CACHE_SECONDS: '0' } })
    let gridOff: Result | string
    let authUserOff: Result | string
    try {
      await warmUp(`${uncached.url}/api/outcome-matrix/${seeded.gameId}`, cookies)
      gridOff = await load(`${uncached.url}/api/outcome-matrix/${seeded.gameId}`, cookies, SECONDS)
      await warmUp(`${uncached.url}/api/auth/user`, cookies)
      authUserOff = await load(`${uncached.url}/api/auth/user`, cookies, SECONDS)
    } finally {
      await uncached.stop()
    }

    return {
      'grid-rps': rps(gridPolls),
      'grid-p99-ms': typeof gridPolls === 'string' ? FAILED : gridPolls.latency.p99,
      'live-probability-rps': rps(probability),
      'live-probability-p99-ms': typeof probability === 'string' ? FAILED : probability.latency.p99,
      'auth-user-rps': rps(authUser),
      'hello-rps': rps(hello),
      'grid-vs-auth-user': ratio(gridPolls, authUser),
      'live-probability-vs-auth-user': ratio(probability, authUser),
      'grid-session-cache-off-rps': rps(gridOff),
      'auth-user-session-cache-off-rps': rps(authUserOff),
      'grid-session-cache-on-vs-off': ratio(gridPolls, gridOff),
      'auth-user-session-cache-on-vs-off': ratio(authUser, authUserOff),
      ...snapshot,
      ...csv,
      ...stats,
      ...history,
      ...ticketCsv,
      ...ticketStats,
      ...ticketHistory,
      'csv-tickets-vs-singles': round(Number(ticketCsv['csv-100k-tickets-s']) / Number(csv['csv-100k-s']), 2),
      'history-p50-tickets-vs-singles': round(
        Number(ticketHistory['history-100k-tickets-first-page-p50-ms']) /
          Number(history['history-100k-first-page-p50-ms']),
        2,
      ),
    }
  } finally {
    await server.stop()
  }
}

/** How many times the requests per second of `a` are those of `b`. */
function ratio(a: Result | string, b: Result | string): number | string {
  return typeof a === 'string' || typeof b === 'string'
    ? FAILED
    : round(a.requests.average / b.requests.average, 2)
}

/** Every user's grid and account answer as that user before any load: the figures are of real work. */
async function checkAnswers(server: ServerProcess, seeded: Seeded): Promise<void> {
  for (const user of seeded.users) {
    const headers = { cookie: `${SESSION_COOKIE}=${user.token}` }
    const grid = await fetch(`${server.url}/api/outcome-matrix/${seeded.gameId}`, { headers })
    const body = (await grid.json()) as { betCount?: number; outcomes?: unknown[] }
    if (grid.status !== 200 || body.betCount !== SEED.betsPerUser || !body.outcomes?.length) {
      throw new Error(`User ${user.id}'s grid: ${grid.status} ${JSON.stringify(body).slice(0, 200)}`)
    }
    const chances = await fetch(`${server.url}/api/live-probability/${seeded.gameId}`, { headers })
    const answer = (await chances.json()) as { metadata?: { betCount?: number }; outcomes?: unknown[] }
    if (
      chances.status !== 200 ||
      answer.metadata?.betCount !== SEED.betsPerUser ||
      !answer.outcomes?.length
    ) {
      throw new Error(
        `User ${user.id}'s live probability: ${chances.status} ${JSON.stringify(answer).slice(0, 200)}`,
      )
    }
    const me = await fetch(`${server.url}/api/auth/user`, { headers })
    const account = (await me.json()) as { id?: number }
    if (me.status !== 200 || account.id !== user.id) {
      throw new Error(`User ${user.id}'s GET /api/auth/user: ${me.status} ${JSON.stringify(account)}`)
    }
  }
}

/** Unmeasured: its failures, if any, show again in the measured run that follows. */
async function warmUp(url: string, cookies: readonly string[] | null): Promise<void> {
  if (WARMUP_SECONDS > 0) {
    await autocannon({
      url,
      connections: SEED.users,
      duration: WARMUP_SECONDS,
      setupClient: signIn(cookies, []),
    })
  }
}

/** What a figure shows instead of a number when its run failed; run.ts then exits with an error. */
export const FAILED = 'FAILED'

/** Requests per second (autocannon's mean of its per-second samples), or why the run failed. */
function rps(run: Result | string): number | string {
  return typeof run === 'string' ? `${FAILED}: ${run}` : Math.round(run.requests.average)
}

/**
 * One connection per user, each sending that user's cookie (none when `cookies` is null): autocannon
 * calls setupClient once per connection as it creates them, in order, and a connection keeps its headers
 * for the whole run. A run with any non-2xx answer, error or timeout failed, and says so instead of
 * giving a req/s that would mislead.
 */
async function load(
  url: string,
  cookies: readonly string[] | null,
  seconds: number,
  onClient?: (client: Client, index: number) => void,
): Promise<Result | string> {
  const answers: number[] = []
  const result = await autocannon({
    url,
    connections: SEED.users,
    duration: seconds,
    setupClient: signIn(cookies, answers, onClient),
  })
  const unanswered = answers.filter((count) => count === 0).length
  const idle = unanswered > 0 ? `, ${unanswered} of ${answers.length} connections never answered` : ''
  if (result.non2xx + result.errors + result.timeouts > 0 || result['2xx'] === 0) {
    const codes = Object.entries(result.statusCodeStats)
      .map(([code, { count }]) => `${code} x${count}`)
      .join(' ')
    const failure =
      `${result.non2xx} non-2xx, ${result.errors} errors (${result.timeouts} timeouts) ` +
      `in ${seconds} s; status codes: ${codes || 'none'}${idle}`
    console.error(`${url}: ${failure}`)
    return failure
  }
  // Not a failure (no request waited past the timeout), but worth knowing.
  if (idle) console.error(`${url}: ${idle.slice(2)}`)
  return result
}

/** autocannon's setupClient: the next user's cookie for each new connection, and a count of its answers. */
function signIn(
  cookies: readonly string[] | null,
  answers: number[],
  onClient?: (client: Client, index: number) => void,
): (client: Client) => void {
  return (client) => {
    const index = answers.push(0) - 1
    if (cookies) client.setHeaders({ cookie: `${SESSION_COOKIE}=${cookies[index % cookies.length]}` })
    client.on('response', () => {
      answers[index] = (answers[index] ?? 0) + 1
    })
    onClient?.(client, index)
  }
}

/**
 * PGlite's server writes its first daily snapshot once it listens (snapshots.plugin.ts), holding the one
 * session while it copies the data directory: the bench waits for it, so that the figures after it are of
 * their own work, and reports how long it took. PostgreSQL's server takes none.
 */
async function startupSnapshot(server: ServerProcess, dataDir: string): Promise<Figures> {
  if (dataDir === 'memory://') return {}
  const start = performance.now()
  while (dailySnapshots(snapshotsDir(dataDir)).length === 0) {
    if (performance.now() - start > SNAPSHOT_WAIT_MS) throw new Error('The server wrote no startup snapshot')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  // Its health answers once the snapshot has let go of the session.
  const health = await fetch(`${server.url}/api/health`)
  if (health.status !== 200) throw new Error(`GET /api/health answered ${health.status}`)
  return { 'startup-snapshot-s': round((performance.now() - start) / 1000, 1) }
}

const SNAPSHOT_WAIT_MS = 300_000

/**
 * Downloads the user's whole history as CSV CSV_RUNS times, timing each and sampling the server's resident
 * set size every 20 ms; the memory figure is the largest peak minus the sample taken just before its
 * request. `-s` is the median run, `-first-s` the first, whose code the server has not yet compiled: one
 * run on a shared 2-core machine varied by a third from one bench to the next.
 */
async function csvExport(server: ServerProcess, user: SeededUser, label: string): Promise<Figures> {
  const runs: { seconds: number; rssKb: number }[] = []
  for (let run = 0; run < CSV_RUNS; run++) runs.push(await csvRun(server, user))
  const seconds = runs.map((run) => run.seconds)
  const median = [...seconds].sort((a, b) => a - b)[Math.floor(CSV_RUNS / 2)] as number
  return {
    [`${label}-s`]: round(median, 2),
    [`${label}-first-s`]: round(seconds[0] as number, 2),
    [`${label}-rss-mb`]: round(Math.max(...runs.map((run) => run.rssKb)) / 1024, 1),
  }
}

const CSV_RUNS = 3

async function csvRun(server: ServerProcess, user: SeededUser): Promise<{ seconds: number; rssKb: number }> {
  const baseline = rssKb(server.pid)
  let peak = baseline
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssKb(server.pid))
  }, 20)
  let lines = 0
  let seconds: number
  try {
    const start = performance.now()
    const response = await fetch(`${server.url}/api/bets/export/csv`, {
      headers: { cookie: `${SESSION_COOKIE}=${user.token}` },
    })
    if (response.status !== 200 || !response.body) {
      throw new Error(`GET /api/bets/export/csv answered ${response.status}: ${await response.text()}`)
    }
    const reader = response.body.getReader()
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      for (let at = read.value.indexOf(10); at !== -1; at = read.value.indexOf(10, at + 1)) lines++
    }
    seconds = (performance.now() - start) / 1000
  } finally {
    clearInterval(sampler)
  }
  peak = Math.max(peak, rssKb(server.pid))
  if (lines !== SEED.csvBets + 1) throw new Error(`The CSV had ${lines} lines, not ${SEED.csvBets + 1}`)
  return { seconds, rssKb: peak - baseline }
}

/** GET /api/stats/user over the 100,000-bet history: one pass, every breakdown (docs/stats.md). */
async function userStats(server: ServerProcess, user: SeededUser, label: string): Promise<Figures> {
  const start = performance.now()
  const response = await fetch(`${server.url}/api/stats/user`, {
    headers: { cookie: `${SESSION_COOKIE}=${user.token}` },
  })
  if (response.status !== 200) throw new Error(`GET /api/stats/user answered ${response.status}`)
  const stats = (await response.json()) as { totalBets: number }
  const seconds = (performance.now() - start) / 1000
  if (stats.totalBets !== SEED.csvBets) throw new Error(`The stats counted ${stats.totalBets} bets`)
  return { [`${label}-s`]: round(seconds, 2) }
}

/** Requests of the history's first page, one after another: the p99 is of a page read alone. */
const HISTORY_REQUESTS = 100

/**
 * GET /api/bets/history over the 100,000-bet history (issue 17): the summary of all of them (one aggregate)
 * and the first page of games, HISTORY_REQUESTS times in turn; p50 and p99 of the answer times.
 */
async function historyFirstPage(server: ServerProcess, user: SeededUser, label: string): Promise<Figures> {
  const times: number[] = []
  for (let i = 0; i < HISTORY_REQUESTS; i++) {
    const start = performance.now()
    const response = await fetch(`${server.url}/api/bets/history`, {
      headers: { cookie: `${SESSION_COOKIE}=${user.token}` },
    })
    const page = (await response.json()) as { summary?: { totalBets: number }; bets?: unknown[] }
    times.push(performance.now() - start)
    if (response.status !== 200 || page.summary?.totalBets !== SEED.csvBets || !page.bets?.length) {
      throw new Error(
        `GET /api/bets/history answered ${response.status}: ${JSON.stringify(page).slice(0, 200)}`,
      )
    }
  }
  times.sort((a, b) => a - b)
  const at = (fraction: number) =>
    times[Math.min(times.length - 1, Math.ceil(fraction * times.length) - 1)] ?? 0
  return {
    [`${label}-first-page-p50-ms`]: round(at(0.5), 1),
    [`${label}-first-page-p99-ms`]: round(at(0.99), 1),
  }
}

function envSeconds(name: string, fallback: number, min: number): number {
  const value = process.env[name]
  if (value === undefined || value === '') return fallback
  const seconds = Number(value)
  if (!Number.isInteger(seconds) || seconds < min) throw new Error(`${name} must be a whole number ≥ ${min}`)
  return seconds
}

function round(value: number, decimals: number): number {
  const f = 10 ** decimals
  return Math.round(value * f) / f
}
