import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { addDays } from '../src/domain/calendar'
import { DEFAULT_RATE_LIMITS } from '../src/domain/limits'
import { buildApp } from '../src/server/app'
import { loadConfig } from '../src/server/config'
import { feedDays } from '../src/server/db/imports-schema'
import { users } from '../src/server/db/schema'
import { simulatedScoreboard } from '../src/server/feeds/simulator/simulator'
import { FAILED } from './http.bench'

/** Issue 16: 10,000 rows must import in under 10 seconds. */
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000)
const LIMIT_MS = 10_000
const NOW = '2026-11-23T18:00:00Z'
const DAYS = 20
const YEAR_DAYS = 365
/** The web sends a file 500 rows a request (docs/import.md). */
const WEB_BATCH = 500

/**
 * `npm run bench` section: one account imports a generic file of ROWS bets on the simulator's games of the
 * 20 days before NOW (in one request, PGlite in memory), then the same file again (all duplicates). The
 * days' games are read from the feed first, timed apart.
 */
function benchConfig() {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: 'memory://',
      APP_URL: 'http://grid.bench',
    }),
    webRoot: null,
    sportsFeed: 'simulated' as const,
    feedSyncSeconds: 0,
    accountJobSeconds: 0,
    appNow: NOW,
    maxBetsPerUser: 1_000_000,
  }
}

/** A new account's session cookie. */
async function signedInCookie(app: FastifyInstance): Promise<string> {
  const account = {
    username: 'importbench',
    email: 'import@bench.test',
    password: 'correct-horse',
    acceptTerms: true,
  }
  await app.inject({ method: 'POST', url: '/api/auth/register', payload: account })
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: account.username, password: account.password },
  })
  return login.cookies.map((c) => `${c.name}=${c.value}`).join('; ')
}

const COLUMNS = encodeURIComponent(
  JSON.stringify({
    date: 'Date',
    league: 'League',
    event: 'Event',
    market: 'Market',
    selection: 'Selection',
    line: 'Line',
    odds: 'Odds',
    stake: 'Stake',
    result: 'Result',
  }),
)

export async function importBench(): Promise<Record<string, number | string>> {
  const config = benchConfig()
  const app = await buildApp(config)
  try {
    const cookie = await signedInCookie(app)
    const days = Array.from({ length: DAYS }, (_, i) => addDays('2026-11-23', -1 - i))
    const file = benchFile(config.feed.seed, days)
    // Reading the 20 days from the feed (here the simulator: about 0.3 s a day) is timed apart: with ESPN it
    // is the network's, and a day is read once.
    const daysStarted = performance.now()
    for (let i = 1; i <= DAYS; i++) await app.gameLookup.ensureDay(addDays('2026-11-23', -i))
    const daysMs = performance.now() - daysStarted
    const send = async () => {
      const started = performance.now()
      const response = await app.inject({
        method: 'POST',
        url: `/api/bets/import?columns=${COLUMNS}&unlinked=true`,
        payload: file,
        headers: { cookie, 'content-type': 'text/csv' },
      })
      if (response.statusCode !== 200)
        throw new Error(`import answered ${response.statusCode}: ${response.body}`)
      return {
        ms: performance.now() - started,
        answer: response.json() as { imported: number; duplicates: unknown[]; failed: { reason: string }[] },
      }
    }
    const first = await send()
    const again = await send()
    return {
      rows: ROWS,
      'days-read-ms': Math.round(daysMs),
      'first-import-ms': Math.round(first.ms),
      'rows-per-second': Math.round((ROWS / first.ms) * 1000),
      imported: first.answer.imported,
      failed: first.answer.failed.length,
      'first-failure': first.answer.failed[0]?.reason ?? 'none',
      'reimport-ms': Math.round(again.ms),
      'reimport-duplicates': again.answer.duplicates.length,
      'under-10-s': first.ms < LIMIT_MS ? 'yes' : `${FAILED} (${Math.round(first.ms)} ms)`,
    }
  } finally {
    await app.close()
  }
}

/**
 * Issue 23: ROWS bets on the 365 days before NOW, the file in date order, sent as the web sends it (500
 * rows a request) to a server that has read none of those days, with the hourly cap on days read raised
 * so that one run reads them all. What each new day costs: the time and the database's growth.
 */
export async function importYearBench(): Promise<Record<string, number | string>> {
  const config = {
    ...benchConfig(),
    rateLimits: { ...DEFAULT_RATE_LIMITS, importDaysPerUser: { limit: 10_000, windowSeconds: 3600 } },
  }
  const app = await buildApp(config)
  try {
    const cookie = await signedInCookie(app)
    const days = Array.from({ length: YEAR_DAYS }, (_, i) => addDays('2026-11-23', i - YEAR_DAYS))
    const [header = '', ...rows] = benchFile(config.feed.seed, days).split('\n')
    const sizeBefore = await databaseBytes(app)
    const started = performance.now()
    let imported = 0
    let unmatched = 0
    let firstUnmatched = 'none'
    for (let at = 0; at < rows.length; at += WEB_BATCH) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/bets/import?columns=${COLUMNS}&offset=${at}`,
        payload: [header, ...rows.slice(at, at + WEB_BATCH)].join('\n'),
        headers: { cookie, 'content-type': 'text/csv' },
      })
      if (response.statusCode !== 200)
        throw new Error(`import answered ${response.statusCode}: ${response.body}`)
      const answer = response.json() as { imported: number; unmatched: { row: number; reason: string }[] }
      imported += answer.imported
      unmatched += answer.unmatched.length
      const [note] = answer.unmatched
      if (note && firstUnmatched === 'none') firstUnmatched = `row ${note.row}: ${note.reason}`
    }
    const ms = performance.now() - started
    const grown = (await databaseBytes(app)) - sizeBefore
    const [read] = await app.db.select({ count: sql<number>`count(*)::int` }).from(feedDays)
    return {
      rows: ROWS,
      days: YEAR_DAYS,
      requests: Math.ceil(rows.length / WEB_BATCH),
      'import-ms': Math.round(ms),
      'rows-per-second': Math.round((ROWS / ms) * 1000),
      'feed-days-read': read?.count ?? 0,
      'ms-per-feed-day': Math.round(ms / Math.max(1, read?.count ?? 0)),
      imported,
      unmatched,
      'first-unmatched': firstUnmatched,
      'database-growth-mb': (grown / 1_048_576).toFixed(1),
      'growth-per-day-kb': Math.round(grown / 1024 / Math.max(1, read?.count ?? 0)),
    }
  } finally {
    await app.close()
  }
}

async function databaseBytes(app: FastifyInstance): Promise<number> {
  const [row] = await app.db
    .select({ bytes: sql<string>`pg_database_size(current_database())` })
    .from(users)
    .limit(1)
  return Number(row?.bytes ?? 0)
}

/** ROWS bets spread over the days' final games: moneylines, spreads and totals, American and decimal odds. */
function benchFile(seed: number, days: readonly string[]): string {
  const lines = ['Date,League,Event,Market,Selection,Line,Odds,Stake,Result']
  const games = days.flatMap((day) =>
    simulatedScoreboard({ seed, now: new Date(NOW), day, timeZone: 'America/New_York' })
      .filter((game) => game.status === 'final')
      .map((game) => ({ day, game })),
  )
  for (let i = 0; i < ROWS; i++) {
    // Every day's games, in date order, however many days there are.
    const pick = games[games.length > ROWS ? Math.floor((i * games.length) / ROWS) : i % games.length]
    if (!pick) throw new Error('The simulator scheduled no final game')
    const { day, game } = pick
    const event = `${game.awayTeam} @ ${game.homeTeam}`
    const stake = 10 + (i % 90)
    const result = ['W', 'L', '', 'push'][i % 4]
    switch (i % 3) {
      case 0:
        lines.push(
          `${day},${game.league},${event},Moneyline,${game.homeTeam},,${i % 2 ? '-110' : '1.91'},${stake},${result}`,
        )
        break
      case 1:
        lines.push(`${day},${game.league},${event},Spread,${game.awayTeam},+1.5,+105,${stake}.50,${result}`)
        break
      default:
        lines.push(`${day},${game.league},${event},Total,Under,${(i % 20) + 0.5},2.1,${stake},${result}`)
    }
  }
  return lines.join('\n')
}
