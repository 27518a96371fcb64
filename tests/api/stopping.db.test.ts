import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { EspnReplay } from './support/espn-replay'
import { rawConnection } from './support/raw-http'
import {
  eventually,
  HttpUser,
  killLeftovers,
  PROCESS_TEST_MS,
  type ServerData,
  serverData,
  startServer,
} from './support/server-process'
import { onPostgres } from './support/test-app'

/**
 * A stop (SIGTERM) with a client half-way through sending a body waited 10 s and exited 1, and
 * PGlite then recovered as after a crash; a server that had logged broken CSV exports into a pipe nobody
 * read never stopped, a second SIGTERM ignored. Each test runs the real server process.
 */

/** main.ts gives requests in flight this long. */
const DRAIN_MS = 5_000
/** A stop with nothing in flight is done well inside the drain: closing idle connections and the database. */
const PROMPT_MS = 4_000

let data: ServerData
beforeAll(async () => {
  data = await serverData()
})
afterAll(() => data.drop())
afterEach(killLeftovers)

const portOf = (url: string) => Number(new URL(url).port)
const stopped = (lines: Record<string, unknown>[]) => lines.some((l) => String(l.msg).startsWith('stopped:'))

describe('SIGTERM', () => {
  it('closes a connection half-way through sending a body at once and exits 0; the next start is no crash recovery', {
    timeout: PROCESS_TEST_MS,
  }, async () => {
    const server = await startServer(data)
    const user = await HttpUser.signUp(server.url)
    const game = await user.aGame()
    expect((await user.placeBet(game, 25)).status).toBe(201)
    const requests = () => server.logLines().filter((l) => l.msg === 'incoming request').length
    const before = requests()
    const client = await rawConnection(portOf(server.url))
    client.send(
      'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100\r\n\r\n{"username":',
    )
    await eventually('the request arrived', () => requests() > before)

    server.kill('SIGTERM')
    expect(await server.exitedWithin(PROMPT_MS)).toEqual({ code: 0, signal: null })
    expect(await client.closedWithin(0)).toBe(true)
    expect(stopped(server.logLines())).toBe(true)

    if (!onPostgres) {
      // PGlite's own word that it closed cleanly, then a start without recovery.
      const shutDown = server
        .logLines()
        .filter((l) => l.component === 'pglite' && l.msg === 'database system is shut down')
      expect(shutDown).toHaveLength(1)
    }
    const next = await startServer(data)
    if (!onPostgres) {
      const recovery = next
        .logLines()
        .filter(
          (l) =>
            l.component === 'pglite' && /not properly shut down|recovery|interrupted/.test(String(l.msg)),
        )
      expect(recovery).toEqual([])
    }
    const again = await HttpUser.logIn(next.url, user.name)
    const bets = (await (await again.request('GET', '/api/bets')).json()) as unknown[]
    expect(bets).toHaveLength(1)
    next.kill('SIGTERM')
    expect(await next.exited).toEqual({ code: 0, signal: null })
  })

  it('stops with exit 0 after CSV exports broke mid-stream, even when nobody reads its log', {
    timeout: PROCESS_TEST_MS,
  }, async () => {
    const server = await startServer(data)
    const user = await HttpUser.signUp(server.url)
    expect((await user.placeBet(await user.aGame(), 25)).status).toBe(201)
    // The log reader stalls, as a supervisor whose pipe nobody drains: the pipe fills within a few
    // hundred lines. Each request gets a deadline, since the old server stopped answering at that point.
    server.stopReadingOutput()
    const export0000 = '/api/bets/export/csv?dateFilter=custom&startDate=0000-01-01&endDate=2026-01-01'
    for (let i = 0; i < 20; i++) {
      const response = await user.request('GET', export0000, undefined, AbortSignal.timeout(5_000))
      await response.text().catch(() => 'the stream broke')
    }
    for (let i = 0; i < 400; i++) {
      expect((await user.request('GET', '/api/health', undefined, AbortSignal.timeout(5_000))).status).toBe(
        200,
      )
    }

    server.kill('SIGTERM')
    expect(await server.exitedWithin(DRAIN_MS + PROMPT_MS)).toEqual({ code: 0, signal: null })
  })

  describe('with a request in flight (an on-demand sync whose feed never answers)', () => {
    let espn: EspnReplay
    beforeAll(async () => {
      espn = await new EspnReplay().set('nfl', 'hang').start()
    })
    afterAll(() => espn.stop())

    const feedThatHangs = () => ({ SPORTS_FEED: 'espn', ESPN_BASE_URL: espn.url, ESPN_TIMEOUT_MS: '60000' })

    it('gives it the drain bound, then closes it and the database: exit 0', {
      timeout: PROCESS_TEST_MS,
    }, async () => {
      const server = await startServer(data, feedThatHangs())
      const user = await HttpUser.signUp(server.url)
      const asked = espn.requests.length
      const sync = user.request('POST', '/api/games/sync-espn').catch(() => 'cut')
      await eventually('a sync asked ESPN', () => espn.requests.length > asked)

      const signalled = Date.now()
      server.kill('SIGTERM')
      expect(await server.exitedWithin(DRAIN_MS + PROMPT_MS)).toEqual({ code: 0, signal: null })
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(DRAIN_MS - 100)
      expect(await sync).toBe('cut')
      expect(stopped(server.logLines())).toBe(true)
    })

    it('ends at once on a second signal', { timeout: PROCESS_TEST_MS }, async () => {
      const server = await startServer(data, feedThatHangs())
      const user = await HttpUser.signUp(server.url)
      const asked = espn.requests.length
      void user.request('POST', '/api/games/sync-espn').catch(() => 'cut')
      await eventually('a sync asked ESPN', () => espn.requests.length > asked)

      server.kill('SIGTERM')
      await eventually('the stop began', () => server.logLines().some((l) => l.signal === 'SIGTERM'))
      server.kill('SIGTERM')
      expect(await server.exitedWithin(DRAIN_MS / 2)).toEqual({ code: null, signal: 'SIGTERM' })
    })
  })
})
