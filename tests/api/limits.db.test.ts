import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_RATE_LIMITS, type Policies } from '../../src/domain/limits'
import { storeGame } from './support/bets'
import { type ConfigOverrides, signedIn, type TestApp, testApp, testClock } from './support/test-app'

/**
 * Abuse and load: one signed-in user cannot fill the database with bets nor the server's memory
 * with grids. Bet entry is rate limited and capped per user (a 409 past the cap); the outcome-matrix
 * cache is bounded by bytes and holds only the grids of users with bets on the game; its poll is limited.
 */
const apps: TestApp[] = []
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close()
})

/** Monday 2026-11-23, 18:00:00Z on a clock that moves only when the test says. */
async function start(overrides: ConfigOverrides, policies: Partial<Policies> = {}) {
  const clock = testClock('2026-11-23T18:00:00Z')
  const t = await testApp(overrides, { clock: clock.now, policies })
  apps.push(t)
  await signedIn(t.app) // decision 013: the admin
  return { ...t, clock }
}

let addresses = 0
const bettor = (t: TestApp) => signedIn(t.app, {}, `10.11.0.${++addresses}`)

const moneyline = (gameId: number, amount = 10) => ({
  gameId,
  betType: 'moneyline',
  selection: 'Chiefs',
  odds: -110,
  amount,
})

describe('bet entry', () => {
  it('is rate limited per user, and the limit is not shared with another user', async () => {
    const t = await start(
      {},
      { rateLimits: { ...DEFAULT_RATE_LIMITS, betsPerUser: { limit: 3, windowSeconds: 60 } } },
    )
    const game = await storeGame(t.app)
    const { client } = await bettor(t)
    for (let i = 0; i < 3; i++)
      expect((await client.post('/api/bets', moneyline(game.id))).statusCode).toBe(201)
    t.clock.advance(59_000)
    const refused = await client.post('/api/bets', moneyline(game.id))
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBe('1')
    expect((await (await bettor(t)).client.post('/api/bets', moneyline(game.id))).statusCode).toBe(201)
    // The next minute is a new window.
    t.clock.advance(1_000)
    expect((await client.post('/api/bets', moneyline(game.id))).statusCode).toBe(201)
  })

  it('stops at the per-user cap with a clear 409, even for requests sent together', async () => {
    const t = await start({ limits: { maxBetsPerUser: 5 } })
    const game = await storeGame(t.app)
    const { client } = await bettor(t)
    const answers = await Promise.all(
      Array.from({ length: 9 }, () => client.post('/api/bets', moneyline(game.id))),
    )
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(5)
    const refused = answers.filter((a) => a.statusCode === 409)
    expect(refused).toHaveLength(4)
    expect(refused[0]?.json()).toEqual({
      message:
        'An account can hold at most 5 bets, and this one is full. Delete tentative bets you no longer need to make room.',
    })
    expect((await client.get('/api/bets')).json()).toHaveLength(5)
    // Deleting a tentative bet makes room for one more.
    const [first] = (await client.get('/api/bets')).json() as { id: number }[]
    expect((await client.delete(`/api/bets/${first?.id}`)).statusCode).toBe(200)
    expect((await client.post('/api/bets', moneyline(game.id))).statusCode).toBe(201)
    expect((await client.post('/api/bets', moneyline(game.id))).statusCode).toBe(409)
  })
})

describe('the game-answer cache', () => {
  it('holds no grid of its own for users without bets on the game: they share one', async () => {
    const t = await start({})
    const game = await storeGame(t.app, {
      league: 'NBA',
      leagueAlias: 'nba',
      status: 'in_progress',
      homeScore: 50,
      awayScore: 48,
    })
    const watchers = await Promise.all([bettor(t), bettor(t), bettor(t), bettor(t)])
    const bodies = new Set<string>()
    for (const { client } of watchers) {
      const answer = await client.get(`/api/outcome-matrix/${game.id}`)
      expect(answer.statusCode).toBe(200)
      bodies.add(answer.body)
    }
    expect(bodies.size).toBe(1)
    expect(t.app.gameAnswers.size).toBe(1)
    // A bettor gets an entry of their own.
    const { client } = watchers[0] ?? (await bettor(t))
    await client.post('/api/bets', { ...moneyline(game.id), selection: 'Chiefs' })
    const mine = (await client.get(`/api/outcome-matrix/${game.id}`)).json()
    expect(mine.betCount).toBe(1)
    expect(t.app.gameAnswers.size).toBe(2)
  })

  it('stays within its byte budget however many bettors poll', async () => {
    const budget = 1_500_000
    const t = await start({ limits: { gameAnswerCacheBytes: budget } })
    const games = await Promise.all(
      Array.from({ length: 3 }, () =>
        storeGame(t.app, {
          league: 'NBA',
          leagueAlias: 'nba',
          homeTeam: 'Chiefs',
          awayTeam: 'Bills',
          status: 'in_progress',
          homeScore: 50,
          awayScore: 48,
        }),
      ),
    )
    let largest = 0
    for (let i = 0; i < 4; i++) {
      const { client } = await bettor(t)
      for (const game of games) {
        expect((await client.post('/api/bets', moneyline(game.id))).statusCode).toBe(201)
        const grid = await client.get(`/api/outcome-matrix/${game.id}`)
        expect(grid.statusCode).toBe(200)
        expect(grid.json().betCount).toBe(1)
        largest = Math.max(largest, grid.body.length)
        expect(t.app.gameAnswers.bytes).toBeLessThanOrEqual(budget)
      }
    }
    // 12 NBA grids of several hundred kB each could not all fit: the oldest went out.
    expect(largest * 12).toBeGreaterThan(budget)
    expect(t.app.gameAnswers.size).toBeLessThan(12)
    expect(t.app.gameAnswers.bytes).toBeGreaterThan(largest)
  })

  it('limits the bet lists per user, both lists together', async () => {
    const t = await start(
      {},
      { rateLimits: { ...DEFAULT_RATE_LIMITS, betListsPerUser: { limit: 4, windowSeconds: 60 } } },
    )
    const { client } = await bettor(t)
    for (const path of ['/api/bets', '/api/bets/active', '/api/bets', '/api/bets/active'])
      expect((await client.get(path)).statusCode).toBe(200)
    for (const path of ['/api/bets', '/api/bets/active']) {
      const refused = await client.get(path)
      expect(refused.statusCode).toBe(429)
      expect(refused.headers['retry-after']).toBe('60')
    }
    expect((await (await bettor(t)).client.get('/api/bets')).statusCode).toBe(200)
    t.clock.advance(60_000)
    expect((await client.get('/api/bets/active')).statusCode).toBe(200)
  })

  it('limits the poll per user', async () => {
    const t = await start(
      {},
      { rateLimits: { ...DEFAULT_RATE_LIMITS, gridPerUser: { limit: 4, windowSeconds: 60 } } },
    )
    const game = await storeGame(t.app)
    const { client } = await bettor(t)
    for (let i = 0; i < 4; i++)
      expect((await client.get(`/api/outcome-matrix/${game.id}`)).statusCode).toBe(200)
    const refused = await client.get(`/api/outcome-matrix/${game.id}`)
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBe('60')
    expect((await (await bettor(t)).client.get(`/api/outcome-matrix/${game.id}`)).statusCode).toBe(200)
    t.clock.advance(60_000)
    expect((await client.get(`/api/outcome-matrix/${game.id}`)).statusCode).toBe(200)
  })
})
