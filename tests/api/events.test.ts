import { connect } from 'node:net'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FeedGame } from '../../src/domain/game'
import type { BuildOptions } from '../../src/server/app'
import type { Config } from '../../src/server/config'
import { type Database, openDatabase } from '../../src/server/db/client'
import { games } from '../../src/server/db/games-schema'
import { users } from '../../src/server/db/schema'
import type { SportsFeed } from '../../src/server/feeds/sports-feed'
import { feedGame } from './support/bets'
import { cookieOf, type EventStreamClient, openEvents, portOf, type SseEvent } from './support/event-stream'
import {
  buildTestApp,
  Client,
  freshDatabase,
  onPostgres,
  signedIn,
  type TestDatabase,
  testConfig,
} from './support/test-app'

/**
 * Issue 17: GET /api/events over real connections, on two instances sharing one database (two pools on
 * PostgreSQL; one PGlite object, which one process owns), fed by the database's change notifications.
 */
const now = new Date('2026-11-24T02:00:00Z')

/** The feed both instances read: the test moves its games between syncs. */
const feedGames = new Map<string, FeedGame>()
const feed: SportsFeed = {
  provider: 'simulated',
  games: async () => ({ games: [...feedGames.values()], failures: [] }),
}

function liveGame(overrides: Partial<FeedGame> = {}): FeedGame {
  const game = feedGame({
    status: 'in_progress',
    homeScore: 0,
    awayScore: 0,
    gameTime: '15:00 - 1st',
    period: 1,
    ...overrides,
  })
  feedGames.set(game.providerId, game)
  return game
}

function score(game: FeedGame, homeScore: number, awayScore: number): FeedGame {
  const moved = { ...game, homeScore, awayScore }
  feedGames.set(game.providerId, moved)
  return moved
}

let database: TestDatabase
let pglite: Database | undefined
/** Instance A: a low stream cap, a small send bound, and a 1 s idle timeout (heartbeats every 250 ms). */
let a: FastifyInstance
/** Instance B: the defaults. */
let b: FastifyInstance
const opened: EventStreamClient[] = []

async function instance(overrides: Partial<Config> = {}, options: BuildOptions = {}) {
  const app = await buildTestApp(database, testConfig(database, overrides), {
    feed,
    clock: () => now,
    ...(pglite ? { database: pglite } : {}),
    ...options,
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  return app
}

beforeAll(async () => {
  database = await freshDatabase()
  pglite = onPostgres
    ? undefined
    : await openDatabase(
        { databaseUrl: null, dataDir: 'memory://' },
        undefined,
        database.pgliteTemplate ?? undefined,
      )
  a = await instance(
    { eventStreamsPerUser: 3, eventStreamBufferBytes: 16_384 },
    { timeouts: { idleSocketMs: 1_000 } },
  )
  b = await instance()
})
afterAll(async () => {
  for (const stream of opened) stream.close()
  await a.close()
  await b.close()
  await pglite?.close()
  await database.drop()
})

async function stream(
  app: FastifyInstance,
  client: Client | null,
  options?: Parameters<typeof openEvents>[2],
) {
  const opening = await openEvents(app, client, options)
  opened.push(opening)
  return opening
}

/** Another device of the same account: its own session. */
async function secondDevice(app: FastifyInstance, account: { username: string; password: string }) {
  const client = new Client(app)
  const login = await client.post('/api/auth/login', {
    username: account.username,
    password: account.password,
  })
  expect(login.statusCode).toBe(200)
  return client
}

async function placeBet(client: Client, gameId: number, homeTeam: string) {
  const placed = await client.post('/api/bets', {
    gameId,
    betType: 'moneyline',
    selection: homeTeam,
    odds: -110,
    amount: 10,
  })
  expect(placed.statusCode).toBe(201)
}

async function stored(providerId: string) {
  const [row] = await a.db.select().from(games).where(eq(games.providerId, providerId))
  if (!row) throw new Error(`no game ${providerId}`)
  return row
}

async function betsVersion(userId: number): Promise<number> {
  const [row] = await a.db.select({ v: users.betsVersion }).from(users).where(eq(users.id, userId))
  return row?.v ?? -1
}

const gameEvent = (id: number, homeScore?: number) => (e: SseEvent) =>
  e.event === 'game' &&
  (e.data as { game: { id: number; homeScore: number | null } }).game.id === id &&
  (homeScore === undefined || (e.data as { game: { homeScore: number | null } }).game.homeScore === homeScore)

const ofKind = (kind: string) => (e: SseEvent) => e.event === kind

describe('GET /api/events', () => {
  it('answers 401 signed out', async () => {
    const response = await fetch(`http://127.0.0.1:${portOf(a)}/api/events`)
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ message: expect.any(String) })
  })

  it('streams with the event-stream headers and a retry hint, and heartbeats keep it past the idle timeout', async () => {
    const { client } = await signedIn(a)
    const events = await stream(a, client)
    expect(events.status).toBe(200)
    expect(events.headers['content-type']).toBe('text/event-stream; charset=utf-8')
    expect(events.headers['cache-control']).toContain('no-cache')
    expect(events.headers['x-accel-buffering']).toBe('no')
    expect(events.headers['x-frame-options']).toBe('DENY')
    expect(events.text().startsWith('retry: 3000\n\n')).toBe(true)
    // Six heartbeats at 250 ms: 1.5 s, past the 1 s without traffic that closes a socket.
    await events.until(() => events.comments() >= 6)
    expect(events.isEnded()).toBe(false)
  })

  it('sends every stream a changed game, a bettor its position, and a bet from another device to that user only', async () => {
    const game = liveGame()
    await a.syncNow()
    const row = await stored(game.providerId)
    const bettor = await signedIn(a)
    const watcher = await signedIn(a)
    const bettorEvents = await stream(a, bettor.client)
    const watcherEvents = await stream(a, watcher.client)

    await placeBet(await secondDevice(a, bettor.account), row.id, row.homeTeam)
    const version = await betsVersion(bettor.user.id)
    expect(version).toBeGreaterThan(0)
    expect((await bettorEvents.next(ofKind('bets'))).data).toEqual({ betsVersion: version })

    score(game, 7, 0)
    await a.syncNow()
    const moved = await stored(game.providerId)
    expect(moved.version).toBeGreaterThan(row.version)
    for (const events of [bettorEvents, watcherEvents]) {
      const sent = await events.next(gameEvent(row.id, 7))
      expect(sent.data).toMatchObject({
        game: { id: row.id, homeScore: 7, awayScore: 0, gameStatus: 'live' },
      })
    }
    expect((await bettorEvents.next(ofKind('position'))).data).toEqual({
      gameId: row.id,
      matrixVersion: `${moved.version}:${version}`,
    })

    // Events reach each stream in order: once the next sync's game event is there, nothing else came.
    score(game, 7, 3)
    await a.syncNow()
    await watcherEvents.next(
      (e) => e.event === 'game' && (e.data as { game: { awayScore: number } }).game.awayScore === 3,
    )
    expect(watcherEvents.events.map((e) => e.event)).toEqual(['game', 'game'])
  })
})
