import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { buildApp } from '../../src/server/app'
import { EspnReplay } from './support/espn-replay'
import { rawConnection } from './support/raw-http'
import { buildTestApp, freshDatabase, type TestDatabase, testConfig } from './support/test-app'

/**
 * A request whose body never finished held its socket for good. The limits here are the
 * production ones scaled down (HTTP_TIMEOUTS: 30 s request, 10 s headers, 10 s keep-alive), so that a test
 * can watch them act.
 */
const TIMEOUTS = {
  requestMs: 1_000,
  headersMs: 600,
  keepAliveMs: 600,
  idleSocketMs: 10_000,
  checkEveryMs: 100,
}

let db: TestDatabase
let app: Awaited<ReturnType<typeof buildApp>>
let espn: EspnReplay
let port: number

beforeAll(async () => {
  db = await freshDatabase()
  // One league hangs until the feed's own timeout: the on-demand sync answers after ~2 s, twice the
  // request limit, like a long CSV export.
  espn = await new EspnReplay().set('nfl', 'hang').start()
  app = await buildTestApp(
    db,
    testConfig(db, { feed: { source: 'espn', espnBaseUrl: espn.url, espnTimeoutMs: 2_000 } }),
    {
      timeouts: TIMEOUTS,
    },
  )
  await app.listen({ port: 0, host: '127.0.0.1' })
  port = (app.server.address() as AddressInfo).port
})
afterAll(async () => {
  await app.close()
  await espn.stop()
  await db.drop()
})

/** Each limit acts within a second or so; a connection still open after this was never cut. */
const CUT_WITHIN_MS = 5_000

describe('client timeouts', () => {
  it('answers 408 and closes a request whose body never finishes', async () => {
    const client = await rawConnection(port)
    client.send(
      'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100\r\n\r\n{"username":',
    )
    expect(await client.closedWithin(CUT_WITHIN_MS)).toBe(true)
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /)
  })

  it('closes a connection whose headers never finish', async () => {
    const client = await rawConnection(port)
    client.send('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ')
    expect(await client.closedWithin(CUT_WITHIN_MS)).toBe(true)
    expect(client.received()).not.toContain('"ok":true')
  })

  it('closes a connection that sends nothing at all', async () => {
    const client = await rawConnection(port)
    expect(await client.closedWithin(CUT_WITHIN_MS)).toBe(true)
  })

  it('closes an idle keep-alive connection after its answer', async () => {
    const client = await rawConnection(port)
    client.send('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
    expect(await client.closedWithin(CUT_WITHIN_MS)).toBe(true)
    expect(client.received()).toMatch(/^HTTP\/1\.1 200 /)
  })

  it('lets an answer take longer than the request limit once the request has arrived', async () => {
    const cookie = await signedInCookie()
    const client = await rawConnection(port)
    const sent = Date.now()
    client.send(`POST /api/games/sync-espn HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n\r\n`)
    await client.receivedUntil('"source":"espn"')
    expect(Date.now() - sent).toBeGreaterThan(TIMEOUTS.requestMs)
    expect(client.received()).toMatch(/^HTTP\/1\.1 200 /)
  })
})

/** A session cookie over real HTTP (register and log in). */
async function signedInCookie(): Promise<string> {
  const base = `http://127.0.0.1:${port}`
  const account = {
    username: `timeouts${Date.now()}`,
    email: `timeouts${Date.now()}@example.com`,
    password: 'correct-horse',
    acceptTerms: true,
  }
  const json = { 'content-type': 'application/json' }
  await fetch(`${base}/api/auth/register`, { method: 'POST', headers: json, body: JSON.stringify(account) })
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ username: account.username, password: account.password }),
  })
  return login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}
