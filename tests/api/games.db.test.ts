import { eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FeedGame } from '../../src/domain/game'
import { DEFAULT_RATE_LIMITS } from '../../src/domain/limits'
import type { buildApp } from '../../src/server/app'
import { bets } from '../../src/server/db/bets-schema'
import { games } from '../../src/server/db/games-schema'
import type { SportsFeed } from '../../src/server/feeds/sports-feed'
import { moneyline, spread, total } from '../support/bets'
import { betById, feedGame, gameByProviderId, storeBet } from './support/bets'
import { expectLegsInStep } from './support/legs'
import {
  buildTestApp,
  Client,
  freshDatabase,
  signedIn,
  type TestDatabase,
  testConfig,
} from './support/test-app'

/** A feed the test controls, and a clock it moves: Monday 2026-11-23, 20:00 in Chicago. */
const now = new Date('2026-11-24T02:00:00Z')
const feedGames = new Map<string, FeedGame>()
const daysAsked: string[] = []
const feed: SportsFeed = {
  provider: 'simulated',
  async games(day) {
    daysAsked.push(day)
    return { games: [...feedGames.values()], failures: [] }
  },
}

function game(id: string, overrides: Partial<FeedGame> = {}): FeedGame {
  const value = feedGame({ providerId: id, ...overrides })
  feedGames.set(id, value)
  return value
}

/** These tests sync far more often than a bettor may; the limit itself has its own test. */
const policies = (syncPerAccount = { limit: 1_000, windowSeconds: 60 }) => ({
  rateLimits: { ...DEFAULT_RATE_LIMITS, syncPerAccount },
})

let db: TestDatabase
let app: Awaited<ReturnType<typeof buildApp>>
let client: Client
let userId: number

beforeAll(async () => {
  db = await freshDatabase()
  app = await buildTestApp(db, testConfig(db), { feed, clock: () => now, policies: policies() })
  const signed = await signedIn(app)
  client = signed.client
  userId = signed.user.id
})
afterAll(async () => {
  await app.close()
  await db.drop()
})

const sync = async () => (await client.post('/api/games/sync-espn', {})).json().betOutcomesUpdated as number
const listedIds = async () =>
  ((await client.get('/api/games/live')).json() as { id: number; homeTeam: string }[]).map((g) => g.id)

describe('storing games', () => {
  it('bumps the version only when the score, status or lines really change, and keeps lines a feed drops', async () => {
    game('v1', { status: 'in_progress', homeScore: 7, awayScore: 3, gameTime: '5:00 - 1st', period: 1 })
    await sync()
    const first = await gameByProviderId(app, 'v1')
    await sync()
    expect((await gameByProviderId(app, 'v1')).version).toBe(first.version)
    game('v1', {
      status: 'in_progress',
      homeScore: 7,
      awayScore: 3,
      gameTime: '5:00 - 1st',
      period: 1,
      lines: {
        provider: 'x',
        homeSpread: -3,
        total: 47.5,
        homeMoneyline: -150,
        awayMoneyline: 130,
        drawMoneyline: null,
      },
    })
    await sync()
    // The score distribution is computed from the lines, so new lines are a new version.
    const relined = await gameByProviderId(app, 'v1')
    expect(relined.version).toBe(first.version + 1)
    expect(relined.lines?.total).toBe(47.5)
    game('v1', { status: 'in_progress', homeScore: 14, awayScore: 3, gameTime: '2:00 - 1st', period: 1 })
    await sync()
    const scored = await gameByProviderId(app, 'v1')
    // ESPN drops the odds once play begins: the game keeps the last lines it had.
    expect(scored).toMatchObject({
      version: first.version + 2,
      id: first.id,
      homeScore: 14,
      gameTime: '2:00 - 1st',
      lines: { total: 47.5 },
    })
  })
})

describe('a large scoreboard', () => {
  /**
   * One league's day far from the other tests' games: Christmas, 4,000 games of the test's own feed. A game
   * binds 18 parameters, so one statement held at most 3,640 of them.
   */
  const bulk = Array.from({ length: 4_000 }, (_, i) =>
    feedGame({ providerId: `bulk-${i}`, league: 'NBA', startTime: new Date('2026-12-25T20:00:00Z') }),
  )
  const bulkFeed = (order: FeedGame[]): SportsFeed => ({
    provider: 'simulated',
    async games() {
      return { games: order, failures: [] }
    },
  })
  const instance = (order: FeedGame[]) =>
    buildTestApp(db, testConfig(db), {
      policies: policies(),
      feed: bulkFeed(order),
      clock: () => now,
      database: db.url ? undefined : app.database,
    })

  it("stores 4,000 games of one league in one sync, past PostgreSQL's 65,535 parameters per statement", async () => {
    const big = await instance(bulk)
    try {
      expect((await big.syncNow()).games).toBe(4_000)
      const stored = await big.db.select({ id: games.id }).from(games).where(like(games.providerId, 'bulk-%'))
      expect(stored).toHaveLength(4_000)
      // A second sync of the same games changes nothing: no version moves.
      const before = await gameByProviderId(big, 'bulk-3999')
      await big.syncNow()
      expect((await gameByProviderId(big, 'bulk-3999')).version).toBe(before.version)
    } finally {
      await big.close()
    }
  })

  it('lets two instances sync the same large scoreboard at once, listed in opposite orders', async () => {
    const [forward, backward] = await Promise.all([instance(bulk), instance([...bulk].reverse())])
    try {
      for (let round = 0; round < 2; round++) {
        const [a, b] = await Promise.all([forward.syncNow(), backward.syncNow()])
        expect([a.games, b.games]).toEqual([4_000, 4_000])
      }
    } finally {
      await Promise.all([forward.close(), backward.close()])
    }
  })
})

describe('the days a sync reads (US Eastern, as the feeds file games)', () => {
  it('reads yesterday too while a game of yesterday is unfinished', async () => {
    daysAsked.length = 0
    await sync()
    expect(daysAsked).toEqual(['2026-11-23'])
    // 23:30 Eastern on Sunday the 22nd, still going after midnight.
    game('late', {
      status: 'in_progress',
      startTime: new Date('2026-11-23T04:30:00Z'),
      homeScore: 1,
      awayScore: 1,
    })
    await sync()
    daysAsked.length = 0
    await sync()
    expect(daysAsked).toEqual(['2026-11-22', '2026-11-23'])
    game('late', { status: 'final', startTime: new Date('2026-11-23T04:30:00Z'), homeScore: 2, awayScore: 1 })
    await sync()
    daysAsked.length = 0
    await sync()
    expect(daysAsked).toEqual(['2026-11-23'])
    feedGames.delete('late')
  })
})

describe('the games list', () => {
  it("shows live games, the user's today, and their bet games from the last day, with only their bets", async () => {
    game('live-old', {
      status: 'in_progress',
      startTime: new Date('2026-11-22T18:00:00Z'),
      homeScore: 1,
      awayScore: 0,
    })
    game('today', { startTime: new Date('2026-11-24T05:30:00Z') }) // 23:30 Monday in Chicago
    game('tomorrow', { startTime: new Date('2026-11-24T06:30:00Z') }) // 00:30 Tuesday in Chicago
    game('bet-recent', {
      status: 'final',
      startTime: new Date('2026-11-23T03:00:00Z'),
      homeScore: 20,
      awayScore: 17,
    })
    game('bet-old', {
      status: 'final',
      startTime: new Date('2026-11-22T01:00:00Z'),
      homeScore: 20,
      awayScore: 17,
    })
    await sync()
    const ids = Object.fromEntries(
      await Promise.all(
        ['live-old', 'today', 'tomorrow', 'bet-recent', 'bet-old'].map(async (id) => [
          id,
          (await gameByProviderId(app, id)).id,
        ]),
      ),
    )
    await storeBet(app, userId, ids['bet-recent'], moneyline('Chiefs'))
    await storeBet(app, userId, ids['bet-old'], moneyline('Chiefs'))
    const other = await signedIn(app)
    await storeBet(app, other.user.id, ids.today, moneyline('Bills'))

    const listed = await listedIds()
    expect(listed).toContain(ids['live-old'])
    expect(listed).toContain(ids.today)
    expect(listed).toContain(ids['bet-recent'])
    expect(listed).not.toContain(ids.tomorrow)
    expect(listed).not.toContain(ids['bet-old'])
    const list = (await client.get('/api/games/live')).json() as { id: number; bets: { userId: number }[] }[]
    expect(list.find((g) => g.id === ids.today)?.bets).toEqual([])
    expect(list.find((g) => g.id === ids['bet-recent'])?.bets).toHaveLength(1)
    const starts = list.map((g) => (g as unknown as { startTime: string }).startTime)
    expect([...starts].sort()).toEqual(starts)
  })

  it("uses the user's time zone for today", async () => {
    const tokyo = await signedIn(app)
    await tokyo.client.patch('/api/user/timezone', { timezone: 'Asia/Tokyo' })
    const tomorrow = await gameByProviderId(app, 'tomorrow')
    const list = (await tokyo.client.get('/api/games/live')).json() as { id: number }[]
    // 06:30Z on the 24th is 15:30 on Tuesday in Tokyo, which is Tokyo's today (it is already Tuesday there).
    expect(list.map((g) => g.id)).toContain(tomorrow.id)
  })

  it('is for signed-in users only, and knows one provider', async () => {
    expect((await new Client(app).get('/api/games/live')).statusCode).toBe(401)
    expect((await new Client(app).post('/api/games/sync-espn', {})).statusCode).toBe(401)
    const unknown = await client.post('/api/games/sync-draftkings', {})
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ message: 'Unknown sports-data provider' })
  })

  it('limits on-demand syncs per user', async () => {
    const limited = await buildTestApp(db, testConfig(db), {
      policies: policies({ limit: 2, windowSeconds: 60 }),
      feed,
      clock: () => now,
      database: db.url ? undefined : app.database,
    })
    try {
      const bettor = (await signedIn(limited)).client
      expect((await bettor.post('/api/games/sync-espn', {})).statusCode).toBe(200)
      expect((await bettor.post('/api/games/sync-espn', {})).statusCode).toBe(200)
      expect((await bettor.post('/api/games/sync-espn', {})).statusCode).toBe(429)
      expect((await client.post('/api/games/sync-espn', {})).statusCode).toBe(200)
    } finally {
      await limited.close()
    }
  })
})

describe('settlement when a game turns final (decisions 002, 003 and 004)', () => {
  it('settles pushes on whole-number lines and leaves tentative bets alone', async () => {
    game('final-1', { startTime: new Date('2026-11-24T01:00:00Z') })
    await sync()
    const g = await gameByProviderId(app, 'final-1')
    const push = await storeBet(app, userId, g.id, spread('Kansas City Chiefs', -3))
    const lose = await storeBet(app, userId, g.id, spread('Kansas City Chiefs', -3.5))
    const totalPush = await storeBet(app, userId, g.id, total('over', 45))
    const tentative = await storeBet(app, userId, g.id, spread('Buffalo Bills', 3.5), 'tentative')
    expect(await sync()).toBe(0)

    game('final-1', {
      startTime: new Date('2026-11-24T01:00:00Z'),
      status: 'final',
      homeScore: 24,
      awayScore: 21,
      gameTime: 'Final',
    })
    expect(await sync()).toBe(3)
    expect(await betById(app, push.id)).toMatchObject({ result: 'push', payoutCents: 11_000 })
    expect(await betById(app, lose.id)).toMatchObject({ result: 'lost', payoutCents: 0 })
    expect(await betById(app, totalPush.id)).toMatchObject({ result: 'push', payoutCents: 11_000 })
    expect(await betById(app, tentative.id)).toMatchObject({ result: null, settledAt: null })
    expect(await sync()).toBe(0)
  })

  it('re-settles when the final score is corrected', async () => {
    const g = await gameByProviderId(app, 'final-1')
    game('final-1', {
      startTime: g.startTime,
      status: 'final',
      homeScore: 27,
      awayScore: 21,
      gameTime: 'Final',
    })
    expect(await sync()).toBe(3)
    const settled = await app.db.select().from(bets).where(eq(bets.gameId, g.id)).orderBy(bets.id)
    expect(settled.map((b) => b.result)).toEqual(['won', 'won', 'won', null])
  })

  it('settles a bet confirmed after the game ended on the next sync', async () => {
    const g = await gameByProviderId(app, 'final-1')
    const late = await storeBet(app, userId, g.id, moneyline('Buffalo Bills', 1_000, 200))
    expect(await sync()).toBe(1)
    expect(await betById(app, late.id)).toMatchObject({ result: 'lost', payoutCents: 0 })
  })
})

describe('several instances on one database', () => {
  it('settles each bet once when two instances sync at the same moment', async () => {
    const second = await buildTestApp(db, testConfig(db), {
      policies: policies(),
      feed,
      clock: () => now,
      database: db.url ? undefined : app.database,
    })
    try {
      game('race', { startTime: new Date('2026-11-24T01:00:00Z') })
      await app.syncNow()
      const g = await gameByProviderId(app, 'race')
      for (let i = 0; i < 20; i++)
        await storeBet(app, userId, g.id, spread('Chiefs', i % 2 ? -2.5 : 2.5, 1_000 + i))
      game('race', {
        startTime: g.startTime,
        status: 'final',
        homeScore: 30,
        awayScore: 10,
        gameTime: 'Final',
      })
      // One sync under the shared lock: the other instance waits for it and answers with its result.
      const [a, b] = await Promise.all([app.syncNow(), second.syncNow()])
      expect(a.betOutcomesUpdated).toBe(20)
      expect(b).toEqual(a)
    } finally {
      await second.close()
    }
  })
})

describe('the legs (decision 061)', () => {
  it('holds, after every bet this file settled and re-settled, one leg per bet equal to it', async () => {
    expect(await expectLegsInStep(app.db)).toBeGreaterThan(0)
  })
})
