import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BetTerms, isMarketBet } from '../../src/domain/bet'
import type { FeedGame } from '../../src/domain/game'
import { settle } from '../../src/domain/settlement'
import { betTerms, termsColumns } from '../../src/server/bets/bet-rows'
import { bets } from '../../src/server/db/bets-schema'
import { type Database, type Db, openDatabase } from '../../src/server/db/client'
import { FEED_SYNC_JOB } from '../../src/server/feeds/feed.plugin'
import type { SportsFeed } from '../../src/server/feeds/sports-feed'
import { jobRunsRepository } from '../../src/server/jobs/job-runs.repository'
import { spread, total } from '../support/bets'
import { feedGame, gameByProviderId } from './support/bets'
import { eventually, type ServerProcess, serverData, startServer } from './support/server-process'
import { SlowEspn } from './support/slow-espn'
import {
  buildTestApp,
  type ConfigOverrides,
  freshDatabase,
  onPostgres,
  sharedPglite,
  signedIn,
  type TestDatabase,
  testConfig,
} from './support/test-app'

/**
 * Several instances on one database share the background sync. Each test starts its instances
 * together, as a deploy does: two Fastify apps in this process (two pools on PostgreSQL; one shared
 * PGlite, which one process owns), or two real server processes.
 */
const PERIOD_MS = 1000
/** A tick fires at the start of a period; the sync then reads the feed and writes. */
const SLACK_MS = 1000
/** The data clock (Monday night, NFL on): scheduling runs on the wall clock, whatever this says. */
const now = new Date('2026-11-24T02:00:00Z')

interface FeedCall {
  instance: string
  start: number
  end: number | null
}

/** The feed of every instance in a test: what it serves, and every call, to see who synced and when. */
class SharedFeed {
  readonly games = new Map<string, FeedGame>()
  readonly calls: FeedCall[] = []
  active = 0
  mostAtOnce = 0
  /** Runs at the start of every read, inside the sync that reads. */
  onRead: () => Promise<void> = async () => {}

  set(game: FeedGame): FeedGame {
    this.games.set(game.providerId, game)
    return game
  }

  for(instance: string, options: { delayMs?: number; hold?: Promise<void> } = {}): SportsFeed {
    return {
      provider: 'simulated',
      games: async () => {
        const call: FeedCall = { instance, start: Date.now(), end: null }
        this.calls.push(call)
        this.mostAtOnce = Math.max(this.mostAtOnce, ++this.active)
        try {
          await this.onRead()
          if (options.delayMs) await sleep(options.delayMs)
          await options.hold
          return { games: [...this.games.values()], failures: [] }
        } finally {
          this.active--
          call.end = Date.now()
        }
      },
    }
  }

  after(time: number, instance?: string): FeedCall[] {
    return this.calls.filter((c) => c.start > time && (instance === undefined || c.instance === instance))
  }
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

/** A game on now's day that is being played: the background sync then runs every period (decision 018). */
const liveGame = (overrides: Partial<FeedGame> = {}) =>
  feedGame({
    status: 'in_progress',
    homeScore: 7,
    awayScore: 3,
    gameTime: '5:00 - 2nd',
    period: 2,
    ...overrides,
  })

/** A database for instances to share: on PGlite one opened object, as PGlite lives in one process. */
interface SharedDatabase {
  test: TestDatabase
  pglite: Database | undefined
  drop(): Promise<void>
}

async function sharedDatabase(): Promise<SharedDatabase> {
  const test = await freshDatabase()
  const pglite = await sharedPglite(test)
  return {
    test,
    pglite,
    async drop() {
      await pglite?.close()
      await test.drop()
    },
  }
}

/** Most tests share the file's database; those about starting up get a fresh one. */
let fileDatabase: SharedDatabase
beforeAll(async () => {
  fileDatabase = await sharedDatabase()
})
afterAll(async () => {
  await fileDatabase.drop()
})

/**
 * Two app instances on one database, each with its own feed, started together (both onReady hooks at
 * once, as two processes of one deploy). `stop` closes them, and drops the database when it was fresh.
 */
async function twoInstances(
  feeds: [SportsFeed, SportsFeed],
  overrides: ConfigOverrides = {},
  options: { fresh?: boolean } = {},
) {
  const database = options.fresh ? await sharedDatabase() : fileDatabase
  const config = testConfig(database.test, {
    ...overrides,
    feed: { syncSeconds: PERIOD_MS / 1000, ...overrides.feed },
  })
  const apps = await Promise.all(
    feeds.map((feed) =>
      buildTestApp(database.test, config, {
        feed,
        clock: () => now,
        ...(database.pglite ? { database: database.pglite } : {}),
      }),
    ),
  )
  await Promise.all(apps.map((app) => app.ready()))
  const [a, b] = apps as [FastifyInstance, FastifyInstance]
  const closed = new Set<FastifyInstance>()
  return {
    a,
    b,
    async close(app: FastifyInstance) {
      closed.add(app)
      await app.close()
    },
    async stop() {
      for (const app of apps) if (!closed.has(app)) await app.close()
      if (options.fresh) await database.drop()
    },
  }
}

/**
 * The feed sync's runs as job_runs records them: `note` reads the last run's start (each distinct start
 * once), `periods` gives the period each run started in, the job's own count (jobs/shared-job.ts).
 */
function runStarts(db: Db) {
  const runs = jobRunsRepository(db)
  const starts = new Set<number>()
  return {
    async note() {
      const run = await runs.last(FEED_SYNC_JOB)
      if (run) starts.add(run.startedAt.getTime())
    },
    periods: () => [...starts].map((start) => Math.floor(start / PERIOD_MS)),
  }
}

describe('the background sync across instances', () => {
  it('syncs once per period between two instances started together, and when the one that synced last stops, the other syncs within one period', async () => {
    const feed = new SharedFeed()
    feed.set(liveGame())
    const { a, b, close, stop } = await twoInstances([feed.for('a'), feed.for('b')], {}, { fresh: true })
    try {
      // A sync belongs to the period its run started in, as the job counts it (jobs/shared-job.ts): its
      // feed read comes later, and a run that starts late in one period reads in the next, where the next
      // run then reads too. Runs follow one another, so while one reads the feed, job_runs holds the
      // start of the run before it; reading it there too (not only by polling) misses no run.
      const starts = runStarts(a.db)
      feed.onRead = starts.note
      await eventually(
        'four syncs',
        async () => {
          await starts.note()
          return starts.periods().length >= 4
        },
        10 * PERIOD_MS,
      )
      const periods = starts.periods()
      expect(new Set(periods).size).toBe(periods.length)
      expect(feed.mostAtOnce).toBe(1)

      const [gone, survivor] = feed.calls.at(-1)?.instance === 'a' ? [a, 'b'] : [b, 'a']
      const stopping = Date.now()
      await close(gone)
      await eventually('a sync by the other', () => feed.after(stopping, survivor).length > 0, 10 * PERIOD_MS)
      const taken = feed.after(stopping, survivor)[0]?.start ?? Number.POSITIVE_INFINITY
      expect(taken - stopping).toBeLessThanOrEqual(PERIOD_MS + SLACK_MS)
    } finally {
      await stop()
    }
  })

  // Real server processes need PostgreSQL: PGlite lives in one process, so two servers cannot share it
  // (the test above is the in-process equivalent, on both databases).
  if (onPostgres)
    it(
      'is taken over within one period when the syncing server process is killed with kill -9',
      {
        timeout: 90_000,
      },
      killTheSyncingServer,
    )
})

/**
 * Two real servers on one fresh PostgreSQL database, each reading its own loopback ESPN (a live NFL game,
 * every answer 300 ms late). The one whose ESPN has a request waiting is mid-sync, holding the lock: it is
 * killed with SIGKILL, and the other must sync within one period.
 */
async function killTheSyncingServer() {
  const data = await serverData()
  const database = await openDatabase({ databaseUrl: data.env.DATABASE_URL ?? null, dataDir: data.dataDir })
  const espns = await Promise.all([0, 1].map(() => new SlowEspn(300, liveScoreboard).start()))
  const servers: ServerProcess[] = []
  // The runs' starts, as the test above reads them: when a request reaches either ESPN, job_runs holds the
  // start of the run before the one making it.
  const starts = runStarts(database.db)
  const notes: Promise<void>[] = []
  for (const espn of espns) espn.onArrival = () => notes.push(starts.note())
  try {
    servers.push(
      ...(await Promise.all(
        espns.map((espn) =>
          startServer(data, {
            SPORTS_FEED: 'espn',
            ESPN_BASE_URL: espn.url,
            FEED_SYNC_SECONDS: String(PERIOD_MS / 1000),
          }),
        ),
      )),
    )
    const synced = (server: ServerProcess) => server.logLines().filter((l) => l.msg === 'feed synced')
    await eventually('three syncs', () => servers.flatMap(synced).length >= 3, 20 * PERIOD_MS)

    // One sync per period, counted by the period each run started in: a run that starts late in one
    // period reaches its ESPN in the next, where the next run, on the other server, reaches its own.
    await starts.note()
    const periods = starts.periods()
    expect(periods.length).toBeGreaterThanOrEqual(2)
    expect(new Set(periods).size).toBe(periods.length)

    await eventually('a server mid-sync', () => espns.some((espn) => espn.pending > 0), 10 * PERIOD_MS)
    const victim = espns.findIndex((espn) => espn.pending > 0)
    servers[victim]?.kill('SIGKILL')
    const killedAt = Date.now()
    await servers[victim]?.exited
    const survivor = 1 - victim
    const espn = espns[survivor] as SlowEspn
    await eventually(
      'a request from the survivor',
      () => espn.arrivals.some((t) => t > killedAt),
      10 * PERIOD_MS,
    )
    const firstAfter = espn.arrivals.find((t) => t > killedAt) ?? Number.POSITIVE_INFINITY
    expect(firstAfter - killedAt).toBeLessThanOrEqual(PERIOD_MS + SLACK_MS)
    const server = servers[survivor] as ServerProcess
    await eventually(
      'the survivor synced',
      () => synced(server).some((l) => Number(l.time ?? 0) > killedAt),
      10 * PERIOD_MS,
    )
  } finally {
    for (const server of servers) server.kill('SIGKILL')
    await Promise.all(servers.map((s) => s.exited))
    await Promise.all(espns.map((espn) => espn.stop()))
    await Promise.allSettled(notes)
    await database.close()
    await data.drop()
  }
}

/** One NFL game in the second quarter, on whatever day the server asks for; every other league is empty. */
function liveScoreboard(league: string): string {
  if (league !== 'nfl') return '{"events":[]}'
  const competitor = (homeAway: string, name: string, score: string) => ({
    homeAway,
    score,
    team: { displayName: name },
  })
  return JSON.stringify({
    events: [
      {
        id: '401772001',
        date: new Date().toISOString(),
        competitions: [
          {
            status: { period: 2, type: { state: 'in', shortDetail: '5:00 - 2nd' } },
            competitors: [
              competitor('home', 'Kansas City Chiefs', '7'),
              competitor('away', 'Buffalo Bills', '3'),
            ],
          },
        ],
      },
    ],
  })
}

describe('the on-demand sync', () => {
  it('waits for a sync in flight on another instance and answers with it, fetching nothing more', async () => {
    const feed = new SharedFeed()
    feed.set(liveGame())
    let finish = () => {}
    const hold = new Promise<void>((done) => {
      finish = done
    })
    const { a, b, stop } = await twoInstances([feed.for('a', { hold }), feed.for('b')], {
      feed: { syncSeconds: 0 },
    })
    try {
      const first = a.syncNow()
      await eventually('a fetching', () => feed.calls.length === 1, 5_000)
      const second = b.syncNow()
      await sleep(300)
      expect(feed.calls).toHaveLength(1)
      finish()
      const [answerA, answerB] = await Promise.all([first, second])
      expect(answerB).toEqual(answerA)
      expect(feed.calls).toHaveLength(1)
    } finally {
      await stop()
    }
  })

  it('never runs beside the background sync of another instance', async () => {
    const feed = new SharedFeed()
    feed.set(liveGame())
    const { a, b, stop } = await twoInstances([
      feed.for('a', { delayMs: 150 }),
      feed.for('b', { delayMs: 150 }),
    ])
    try {
      for (let i = 0; i < 12; i++) {
        await Promise.all([a.syncNow(), b.syncNow(), sleep(90)])
      }
      expect(feed.calls.length).toBeGreaterThan(3)
      expect(feed.mostAtOnce).toBe(1)
    } finally {
      await stop()
    }
  })

  it('answers 409 when a sync elsewhere holds the lock for longer than it waits', async () => {
    const feed = new SharedFeed()
    feed.set(liveGame())
    let finish = () => {}
    const hold = new Promise<void>((done) => {
      finish = done
    })
    // It waits three ESPN timeouts: 300 ms here.
    const { a, b, stop } = await twoInstances([feed.for('a', { hold }), feed.for('b')], {
      feed: { syncSeconds: 0, espnTimeoutMs: 100 },
    })
    try {
      const first = a.syncNow()
      await eventually('a fetching', () => feed.calls.length === 1, 5_000)
      const { client } = await signedIn(b)
      const refused = await client.post('/api/games/sync-espn', {})
      expect(refused.statusCode).toBe(409)
      expect(refused.json()).toEqual({ message: 'A sync is already running. Try again in a moment.' })
      finish()
      await first
      expect(feed.calls).toHaveLength(1)
    } finally {
      await stop()
    }
  })

  it('reports the last sync of any instance on every instance', async () => {
    const feed = new SharedFeed()
    feed.set(liveGame())
    const { a, b, stop } = await twoInstances([feed.for('a'), feed.for('b')], { feed: { syncSeconds: 0 } })
    try {
      const synced = await a.syncNow()
      const { client } = await signedIn(b)
      const answer = await client.get('/api/games/feed')
      expect(answer.statusCode).toBe(200)
      expect(answer.json()).toEqual({ source: 'simulated', lastSync: synced })
    } finally {
      await stop()
    }
  })
})

describe('the job lock', () => {
  it('has one holder across instances; a waiter gets it when the holder finishes, or gives up after its wait', async () => {
    const feed = new SharedFeed()
    const { a, b, stop } = await twoInstances([feed.for('a'), feed.for('b')], { feed: { syncSeconds: 0 } })
    try {
      let release = () => {}
      let holding = false
      const held = a.database.exclusive(4242, 0, async () => {
        holding = true
        await new Promise<void>((done) => {
          release = done
        })
        return 'a'
      })
      await eventually('a holding the lock', () => holding, 5_000)
      expect(await b.database.exclusive(4242, 0, async () => 'b')).toEqual({ held: false })
      expect(await b.database.exclusive(4242, 200, async () => 'b')).toEqual({ held: false })
      const waiting = b.database.exclusive(4242, 10_000, async () => 'b')
      await sleep(100)
      release()
      expect(await held).toEqual({ held: true, value: 'a' })
      expect(await waiting).toEqual({ held: true, value: 'b' })
      await expect(
        a.database.exclusive(4242, 0, async () => {
          throw new Error('the run failed')
        }),
      ).rejects.toThrow('the run failed')
      expect(await b.database.exclusive(4242, 0, async () => 'b again')).toEqual({
        held: true,
        value: 'b again',
      })
    } finally {
      await stop()
    }
  })
})

/** Bets whose result turns when the final score goes from 24-21 to 27-21. */
const TERMS: BetTerms[] = [
  spread('Kansas City Chiefs', -3.5),
  spread('Buffalo Bills', 3.5),
  total('over', 46.5),
  total('under', 46.5),
]
const termsOf = (i: number) => TERMS[i % TERMS.length] as BetTerms

describe('settlement racing confirms on two instances', () => {
  it('settles every bet on the final score, with no error, when confirms race a sync correcting it', async () => {
    const feed = new SharedFeed()
    const final = (homeScore: number, awayScore: number) =>
      feed.set(
        feedGame({
          providerId: 'race-final',
          status: 'final',
          homeScore,
          awayScore,
          gameTime: 'Final',
          startTime: new Date('2026-11-24T01:00:00Z'),
        }),
      )
    final(24, 21)
    const { a, b, stop } = await twoInstances([feed.for('a'), feed.for('b')], { feed: { syncSeconds: 0 } })
    try {
      await a.syncNow()
      const game = await gameByProviderId(a, 'race-final')
      const bettors = await Promise.all([signedIn(a), signedIn(a), signedIn(b), signedIn(b)])
      const stored = (betStatus: 'committed' | 'tentative', perBettor: number) =>
        bettors.flatMap(({ user }) =>
          Array.from({ length: perBettor }, (_, n) => ({
            userId: user.id,
            gameId: game.id,
            ...termsColumns(termsOf(user.id + n)),
            betStatus,
          })),
        )
      // Bets committed before the correction (the sync after settles them on 24-21): the correcting sync
      // re-settles every one of them, which keeps it busy while the confirms come in.
      await a.db.insert(bets).values(stored('committed', 100))
      const tentative = await a.db.insert(bets).values(stored('tentative', 30)).returning()
      await a.syncNow()

      final(27, 21)
      const clientOf = new Map(bettors.map(({ user, client }) => [user.id, client]))
      const confirms = tentative.map((bet) =>
        clientOf.get(bet.userId ?? -1)?.patch(`/api/bets/${bet.id}/status`, { betStatus: 'committed' }),
      )
      const [answers] = await Promise.all([Promise.all(confirms), a.syncNow()])

      expect(answers.filter((r) => r?.statusCode !== 200).map((r) => r?.body)).toEqual([])
      const settled = (await a.db.select().from(bets).where(eq(bets.gameId, game.id))).filter(isMarketBet)
      expect(settled).toHaveLength(520)
      const matchup = { homeTeam: game.homeTeam, awayTeam: game.awayTeam, league: game.league }
      const wrong = settled.filter((bet) => {
        const outcome = settle(betTerms(bet), { home: 27, away: 21 }, matchup)
        return (
          bet.betStatus !== 'committed' || bet.result !== outcome.result || bet.payoutCents !== outcome.payout
        )
      })
      expect(wrong.map((bet) => ({ id: bet.id, result: bet.result }))).toEqual([])
      // Nothing was left unsettled or settled on the old score for a later sync to mend.
      expect((await b.syncNow()).betOutcomesUpdated).toBe(0)
    } finally {
      await stop()
    }
    // 520 bets settled and re-settled while 120 confirms each settle the game again: a minute of work on
    // PGlite when the machine's two cores are busy with the rest of the run, past the 30 s default.
  }, 120_000)
})
