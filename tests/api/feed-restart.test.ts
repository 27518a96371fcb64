import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bets } from '../../src/server/db/bets-schema'
import type { Database } from '../../src/server/db/client'
import { games } from '../../src/server/db/games-schema'
import { storeBet } from './support/bets'
import { eventually } from './support/server-process'
import {
  buildTestApp,
  type Client,
  freshDatabase,
  registeredUser,
  sharedPglite,
  signedIn,
  type TestDatabase,
  testClock,
  testConfig,
} from './support/test-app'

/** Nothing listens here: every ESPN league fails at once, as on a machine without network. */
const NO_ESPN = 'http://127.0.0.1:9'
/** A Sunday afternoon on which the simulator has games in progress (its schedule is seeded). */
const SUNDAY = '2026-11-22T19:30:00Z'

let database: TestDatabase
let shared: Database | undefined
const clock = testClock(SUNDAY)

beforeAll(async () => {
  database = await freshDatabase()
  shared = await sharedPglite(database)
})
afterAll(async () => {
  await shared?.close()
  await database.drop()
})

/** One run of the server on the test's database: the `auto` feed with ESPN unreachable, syncing each second. */
async function start(): Promise<FastifyInstance> {
  const config = testConfig(database, { sportsFeed: 'auto', espnBaseUrl: NO_ESPN, feedSyncSeconds: 1 })
  const app = await buildTestApp(database, config, {
    clock: clock.now,
    ...(shared ? { database: shared } : {}),
  })
  // As listen() does: the start-up sync runs before the first answer.
  await app.ready()
  return app
}

async function listed(client: Client) {
  const response = await client.get('/api/games/live')
  expect(response.statusCode).toBe(200)
  return { feed: response.headers['x-grid-feed'], games: response.json() as { id: number; status: string }[] }
}

describe('a restart on the same database', () => {
  it('shows the games at once after restarts within a minute, and live ones keep moving and settle', async () => {
    const first = await start()
    const { client, account } = await signedIn(first)
    const firstList = await listed(client)
    expect(firstList.feed).toBe('simulated')
    const live = firstList.games.find((g) => g.status === 'in_progress')
    if (!live) throw new Error(`no live game at ${SUNDAY}`)
    const { id: userId } = await registeredUser(first, account.username)
    const [game] = await first.db.select().from(games).where(eq(games.id, live.id))
    if (!game) throw new Error('the live game is not stored')
    const bet = await storeBet(first, userId, game.id, {
      betType: 'moneyline',
      selection: `${game.homeTeam} ML`,
      odds: -110,
      amount: 1_000,
    })
    await first.close()

    // Twice within the same minute (and the same idle hour the old slot rule waited for).
    for (const _ of [1, 2]) {
      const again = await start()
      try {
        const { client: viewer } = await signedIn(again)
        const list = await listed(viewer)
        expect(list.feed).toBe('simulated')
        expect(list.games.map((g) => g.id)).toContain(live.id)
        expect((await viewer.get('/api/games/feed')).json().source).toBe('simulated')
      } finally {
        await again.close()
      }
    }

    const last = await start()
    try {
      // Live: ten minutes of game time later the background sync stores the game's new state.
      const version = game.version
      clock.advance(10 * 60_000)
      await eventually(
        'the live game moved',
        async () =>
          ((await last.db.select().from(games).where(eq(games.id, game.id)))[0]?.version ?? 0) > version,
        15_000,
      )
      // Settled: once the game is over the sync settles the bet on it.
      clock.advance(5 * 3_600_000)
      await eventually(
        'the bet settled',
        async () => (await last.db.select().from(bets).where(eq(bets.id, bet.id)))[0]?.result != null,
        15_000,
      )
    } finally {
      await last.close()
    }
  })
})
