import { connect } from 'node:net'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FeedGame } from '../../src/domain/game'
import type { BuildOptions } from '../../src/server/app'
import type { Database } from '../../src/server/db/client'
import { games } from '../../src/server/db/games-schema'
import { users } from '../../src/server/db/schema'
import { CHANNELS, notify } from '../../src/server/events/notify'
import type { SportsFeed } from '../../src/server/feeds/sports-feed'
import { feedGame } from './support/bets'
import { cookieOf, type EventStreamClient, openEvents, portOf, type SseEvent } from './support/event-stream'
import {
  buildTestApp,
  Client,
  type ConfigOverrides,
  freshDatabase,
  onPostgres,
  sharedPglite,
  signedIn,
  type TestDatabase,
  testConfig,
} from './support/test-app'

/**
 * GET /api/events over real connections, on two instances sharing one database (two pools on
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
/** Instance A: a low stream cap, a 512 KB send bound, and a 1 s idle timeout (heartbeats every 250 ms). */
let a: FastifyInstance
/** Instance B: the defaults. */
let b: FastifyInstance
const opened: EventStreamClient[] = []

async function instance(overrides: ConfigOverrides = {}, options: BuildOptions = {}) {
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
  pglite = await sharedPglite(database)
  a = await instance(
    { limits: { eventStreamBufferBytes: 524_288 } },
    { timeouts: { idleSocketMs: 1_000 }, policies: { eventStreamsPerUser: 3 } },
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

/** Sign-ups are limited per address: each user of this file comes from an address of its own. */
let addresses = 0
function newUser(app: FastifyInstance) {
  addresses++
  return signedIn(app, {}, `10.17.${addresses >> 8}.${addresses & 255}`)
}

/** Another device of the same account: its own session. */
async function secondDevice(app: FastifyInstance, account: { username: string; password: string }) {
  const client = new Client(app, '10.18.0.1')
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
    const { client } = await newUser(a)
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
    const bettor = await newUser(a)
    const watcher = await newUser(a)
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

  it("sends a parlay's bettor a position for each game of the ticket when one of its games moves (decision 067)", async () => {
    const first = liveGame()
    const second = liveGame({ homeTeam: 'Dallas Cowboys', awayTeam: 'New York Giants' })
    await a.syncNow()
    const [firstRow, secondRow] = [await stored(first.providerId), await stored(second.providerId)]
    const { client, user } = await newUser(a)
    const placed = await client.post('/api/bets', {
      betType: 'parlay',
      legs: [
        { gameId: firstRow.id, betType: 'moneyline', selection: firstRow.homeTeam, odds: -150 },
        { gameId: secondRow.id, betType: 'moneyline', selection: secondRow.homeTeam, odds: -140 },
      ],
      amount: 10,
    })
    expect(placed.statusCode, placed.body).toBe(201)
    const version = await betsVersion(user.id)
    const grid = async () => (await client.get(`/api/outcome-matrix/${secondRow.id}`)).json()
    const before = await grid()
    const events = await stream(b, client)

    score(first, 7, 0)
    await a.syncNow()
    const moved = await stored(first.providerId)
    const sent = await events.next(
      (e) => e.event === 'position' && (e.data as { gameId: number }).gameId === secondRow.id,
    )
    // The second game's stamp: its own version, the bets version, and the first game's version.
    expect(sent.data).toEqual({
      gameId: secondRow.id,
      matrixVersion: `${secondRow.version}:${version}:${moved.version}`,
    })
    const firstPosition = await events.next(
      (e) => e.event === 'position' && (e.data as { gameId: number }).gameId === firstRow.id,
    )
    expect(firstPosition.data).toEqual({
      gameId: firstRow.id,
      matrixVersion: `${moved.version}:${version}:${secondRow.version}`,
    })
    // And the second game's grid moved with it, though its own score did not.
    const after = await grid()
    expect(after.gameVersion).toBe(before.gameVersion)
    expect(after.outcomes).not.toEqual(before.outcomes)
  })

  it('replays what a reconnecting stream missed from Last-Event-ID, and answers an id it cannot resume from with a reset', async () => {
    const game = liveGame()
    await a.syncNow()
    const row = await stored(game.providerId)
    const { client, account, user } = await newUser(a)
    await placeBet(client, row.id, row.homeTeam)
    const first = await stream(a, client)
    score(game, 3, 0)
    await a.syncNow()
    await first.next(gameEvent(row.id, 3))
    // The last event of that sync for this user: the stream has seen everything up to it.
    const seen = await first.next(ofKind('position'))
    first.close()

    // While it is away: a bet from another device, and a score.
    await placeBet(await secondDevice(a, account), row.id, row.homeTeam)
    score(game, 3, 7)
    await a.syncNow()
    const version = await betsVersion(user.id)
    const moved = await stored(game.providerId)

    const resumed = await stream(a, client, { lastEventId: seen.id })
    await resumed.next(ofKind('position'))
    expect(resumed.events.map((e) => [e.event, e.data])).toEqual([
      ['bets', { betsVersion: version }],
      ['game', expect.objectContaining({ game: expect.objectContaining({ id: row.id, awayScore: 7 }) })],
      ['position', { gameId: row.id, matrixVersion: `${moved.version}:${version}` }],
    ])
    // Ids keep their order: the replayed ones come after the one the stream had.
    const seqs = [seen, ...resumed.events].map((e) => Number(e.id.split('-')[1]))
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y))

    // Another instance's id, a made-up one, one from the future: each gets a reset, as does a page reload
    // that passes its id in the query.
    const boot = seen.id.split('-')[0]
    for (const lastEventId of [`${b.events.boot}-1`, 'not-an-id', `${boot}-99999999`, `${boot}-`]) {
      const reset = await stream(a, client, { lastEventId })
      expect((await reset.next(() => true)).event).toBe('reset')
      reset.close()
    }
    const tooLong = await stream(a, client, { query: `?lastEventId=${'9'.repeat(101)}` })
    await tooLong.ended
    expect([tooLong.status, JSON.parse(tooLong.text())]).toEqual([
      400,
      { message: expect.any(String), field: 'lastEventId' },
    ])
    const byQuery = await stream(b, client, { query: `?lastEventId=${encodeURIComponent(seen.id)}` })
    expect((await byQuery.next(() => true)).event).toBe('reset')
    byQuery.close()
  })

  it('drops a client that stops reading once its unsent events pass the bound, and keeps one that reads', async () => {
    // Large game events (long team names): 32 of them are a burst of about 256 KB, half the bound.
    const long = (name: string) => `${name} ${'x'.repeat(4_000)}`
    const many = Array.from({ length: 32 }, (_, i) =>
      liveGame({ homeTeam: long(`Home ${i}`), awayTeam: long(`Away ${i}`) }),
    )
    await a.syncNow()
    const ids = await Promise.all(many.map(async (game) => (await stored(game.providerId)).id))
    for (const game of many) feedGames.delete(game.providerId)

    const { client } = await newUser(a)
    const reader = await stream(a, client)
    const streamsBefore = a.events.streams.count
    // A raw connection that sends its request and then never reads a byte.
    const socket = connect(portOf(a), '127.0.0.1')
    socket.pause()
    socket.on('error', () => {})
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
    socket.write(`GET /api/events HTTP/1.1\r\nHost: grid.test\r\nCookie: ${cookieOf(client)}\r\n\r\n`)
    await until(() => a.events.streams.count === streamsBefore + 1)

    // The games announced again and again: the reader takes each burst, the other fills the socket's
    // buffers (a few MB on loopback), then Node's, and past the bound it is dropped.
    const droppedBefore = a.events.streams.dropped
    const from = reader.events.length
    const received = () => reader.events.slice(from).filter((e) => e.event === 'game').length
    for (let round = 1; a.events.streams.dropped === droppedBefore; round++) {
      await notify(a.db, CHANNELS.games, { ids })
      await reader.until(() => received() >= round * ids.length)
    }
    expect(a.events.streams.dropped).toBe(droppedBefore + 1)
    await until(() => a.events.streams.count === streamsBefore)
    expect(reader.isEnded()).toBe(false)
    // Reading again, the client finds its connection closed after what the buffers held.
    socket.resume()
    await closed
  })

  it('refuses one stream more than the per-user cap with 429, and counts a closed stream out', async () => {
    const { client } = await newUser(a)
    const open = [await stream(a, client), await stream(a, client), await stream(a, client)]
    const refused = await fetch(`http://127.0.0.1:${portOf(a)}/api/events`, {
      headers: { cookie: cookieOf(client) },
    })
    expect(refused.status).toBe(429)
    expect(await refused.json()).toEqual({ message: expect.stringContaining('3') })
    // Another user is not held by this one's streams.
    expect((await stream(a, (await newUser(a)).client)).status).toBe(200)

    const before = a.events.streams.count
    open[0]?.close()
    await until(() => a.events.streams.count === before - 1)
    expect((await stream(a, client)).status).toBe(200)
  })

  it('refuses one stream more than the per-address cap with 429 whatever the accounts, and past the instance cap with 503', async () => {
    // Behind a proxy at 127.0.0.1 (TRUST_PROXY), so each stream can come from an address of the test's.
    const c = await instance({
      limits: { eventStreamsPerAddress: 2, eventStreamsPerInstance: 4 },
      http: { trustProxy: ['127.0.0.1'] },
    })
    try {
      const from = async (address: string) => {
        const { client } = await newUser(c)
        return { client, open: () => stream(c, client, { forwardedFor: address }) }
      }
      const refusal = async (client: Client, address: string) => {
        const answer = await fetch(`http://127.0.0.1:${portOf(c)}/api/events`, {
          headers: { cookie: cookieOf(client), 'x-forwarded-for': address },
        })
        return {
          status: answer.status,
          retryAfter: answer.headers.get('retry-after'),
          body: await answer.json(),
        }
      }
      // Two accounts behind one address fill it; a third account there is refused.
      expect((await (await from('10.40.0.1')).open()).status).toBe(200)
      expect((await (await from('10.40.0.1')).open()).status).toBe(200)
      const third = await from('10.40.0.1')
      expect(await refusal(third.client, '10.40.0.1')).toMatchObject({
        status: 429,
        body: { message: expect.stringContaining('from one address') },
      })
      // Another address is not held by that one's streams, up to the instance's cap.
      const other = await (await from('10.40.0.2')).open()
      expect(other.status).toBe(200)
      expect((await (await from('10.40.0.3')).open()).status).toBe(200)
      const fifth = await from('10.40.0.4')
      expect(await refusal(fifth.client, '10.40.0.4')).toMatchObject({
        status: 503,
        retryAfter: expect.stringMatching(/^\d+$/),
        body: { message: expect.any(String) },
      })
      // A closed stream is counted out of both.
      other.close()
      await until(() => c.events.streams.count === 3)
      expect((await fifth.open()).status).toBe(200)
    } finally {
      await c.close()
    }
  })

  it("ends a user's streams when one of their sessions ends, and the signed-out browser cannot reopen", async () => {
    const { client, account } = await newUser(a)
    const other = await secondDevice(a, account)
    const events = await stream(a, client)
    const otherEvents = await stream(b, other)
    expect((await client.get('/api/logout')).statusCode).toBeLessThan(400)
    await events.ended
    await otherEvents.ended
    expect((await stream(a, client)).status).toBe(401)
    expect((await stream(b, other)).status).toBe(200)
  })

  it('carries changes across instances: a bet placed on B reaches a stream on A, a sync on A a stream on B', async () => {
    const game = liveGame()
    await a.syncNow()
    const row = await stored(game.providerId)
    const { client, user } = await newUser(b)
    const onA = await stream(a, client)
    const onB = await stream(b, client)
    await placeBet(client, row.id, row.homeTeam)
    expect((await onA.next(ofKind('bets'))).data).toEqual({ betsVersion: await betsVersion(user.id) })

    score(game, 0, 14)
    await a.syncNow()
    await onB.next(
      (e) => e.event === 'game' && (e.data as { game: { awayScore: number } }).game.awayScore === 14,
    )
    await onB.next(ofKind('position'))
  })

  it('sends a bettor a bets event when a sync settles their bets', async () => {
    const game = liveGame()
    await b.syncNow()
    const row = await stored(game.providerId)
    const { client, user } = await newUser(b)
    const placed = await client.post('/api/bets', {
      gameId: row.id,
      betType: 'moneyline',
      selection: row.homeTeam,
      odds: 150,
      amount: 10,
    })
    const confirmed = await client.patch(`/api/bets/${placed.json().id}/status`, { betStatus: 'committed' })
    expect(confirmed.statusCode).toBe(200)
    const events = await stream(b, client)
    feedGames.set(game.providerId, { ...game, status: 'final', homeScore: 21, awayScore: 3, gameTime: null })
    await b.syncNow()
    await events.next(ofKind('position'))
    expect((await events.next(ofKind('bets'))).data).toEqual({ betsVersion: await betsVersion(user.id) })
    const [bet] = (await client.get('/api/bets')).json()
    expect(bet.result).toBe('won')
  })

  it('ends every stream when the app closes', async () => {
    const c = await instance()
    const events = await stream(c, (await newUser(c)).client)
    await c.close()
    await events.ended
    expect(events.isEnded()).toBe(true)
  })

  if (onPostgres)
    it('tells every stream to reset when the listening connection was lost, since notifications may have been missed', async () => {
      const { client } = await newUser(a)
      const events = await stream(a, client)
      // postgres.js listens on a connection of its own, which it reconnects; a's is the one with LISTEN.
      await b.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'`,
      )
      expect((await events.next(ofKind('reset'))).data).toEqual({ reason: expect.any(String) })
      // And the new connection hears changes again.
      const game = liveGame()
      await b.syncNow()
      await events.next(gameEvent((await stored(game.providerId)).id))
    })
})

/** Waits, without a time limit of its own, for the server's state to reach `check`. */
async function until(check: () => boolean) {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 10))
}
