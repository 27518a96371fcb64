import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Database } from '../../src/server/db/client'
import { users } from '../../src/server/db/schema'
import {
  buildTestApp,
  Client,
  type ConfigOverrides,
  catchUp,
  freshDatabase,
  onPostgres,
  sharedPglite,
  signedIn,
  type TestDatabase,
  testConfig,
} from './support/test-app'

/**
 * Decision 041: each instance holds session lookups for a few seconds, and drops a user's at once when any
 * instance announces a change (drizzle/0014's triggers). Two app instances on one database: two pools on
 * PostgreSQL, one shared PGlite (which one process owns).
 */
let database: TestDatabase
let shared: Database | undefined
const apps: FastifyInstance[] = []

async function instance(overrides: ConfigOverrides = {}): Promise<FastifyInstance> {
  const app = await buildTestApp(
    database,
    testConfig(database, overrides),
    shared ? { database: shared } : {},
  )
  apps.push(app)
  return app
}

let a: FastifyInstance
let b: FastifyInstance
let admin: Client

beforeAll(async () => {
  database = await freshDatabase()
  shared = await sharedPglite(database)
  a = await instance()
  b = await instance()
  // Decision 013: the first account on a fresh database is the admin.
  admin = (await signedIn(a)).client
})

afterAll(async () => {
  for (const app of apps) await app.close()
  await shared?.close()
  await database.drop()
})

/** The same browser session, sent to another instance. */
function sameSessionOn(app: FastifyInstance, client: Client): Client {
  const other = new Client(app)
  for (const [name, value] of client.cookies) other.cookies.set(name, value)
  return other
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

/** The promise: a revoked session is refused on another instance within a second. */
async function refusedWithinASecond(client: Client): Promise<boolean> {
  const deadline = Date.now() + 1000
  for (;;) {
    if ((await client.get('/api/auth/user')).statusCode === 401) return true
    if (Date.now() >= deadline) return false
    await sleep(10)
  }
}

/** A member signed in on A whose session B has served, and so holds. */
async function cachedOnB() {
  const member = await signedIn(a)
  // The sign-up and the sign-in wrote the user's row on A: B must hear those announcements before it
  // caches the session, or one arriving after its lookup drops the entry (rightly) and the check fails.
  await catchUp(b)
  const onB = sameSessionOn(b, member.client)
  expect((await onB.get('/api/auth/user')).statusCode).toBe(200)
  expect(b.sessionCache.holds(member.user.id)).toBe(true)
  return { ...member, onB }
}

describe('a session revoked on one instance is refused on another within a second', () => {
  it('logout', async () => {
    const { client, onB } = await cachedOnB()
    expect((await client.get('/api/logout')).statusCode).toBe(302)
    expect(await refusedWithinASecond(onB)).toBe(true)
  })

  it('a password change, which ends every other session (decision 014)', async () => {
    const { account, onB } = await cachedOnB()
    const forgot = await new Client(a).post('/api/auth/forgot-password', { email: account.email })
    const token = new URL(forgot.json().resetLink).searchParams.get('token')
    const reset = await new Client(a).post('/api/auth/reset-password', {
      token,
      newPassword: 'a-new-secret-9',
    })
    expect(reset.statusCode).toBe(200)
    expect(await refusedWithinASecond(onB)).toBe(true)
  })

  it('an admin suspension', async () => {
    const { user, onB } = await cachedOnB()
    const suspended = await admin.post(`/api/admin/users/${user.id}/suspend`, { reason: 'test' })
    expect(suspended.statusCode).toBe(200)
    expect(await refusedWithinASecond(onB)).toBe(true)
  })

  it('account deletion', async () => {
    const { client, account, onB } = await cachedOnB()
    const deleted = await client.delete('/api/user/account', { password: account.password })
    expect(deleted.statusCode).toBe(200)
    expect(await refusedWithinASecond(onB)).toBe(true)
  })
})

describe('a cached session', () => {
  it('is served without looking the session up again', async () => {
    const { user, onB } = await cachedOnB()
    const lookup = vi.spyOn(b.repos.sessions, 'lookup')
    try {
      const again = await onB.get('/api/auth/user')
      expect(again.json().id).toBe(user.id)
      expect(lookup).not.toHaveBeenCalled()
    } finally {
      lookup.mockRestore()
    }
  })

  it('is looked up on every request when SESSION_CACHE_SECONDS is 0', async () => {
    const off = await instance({ accounts: { sessionCacheSeconds: 0 } })
    const { client } = await signedIn(a)
    const onOff = sameSessionOn(off, client)
    const lookup = vi.spyOn(off.repos.sessions, 'lookup')
    try {
      expect((await onOff.get('/api/auth/user')).statusCode).toBe(200)
      expect((await onOff.get('/api/auth/user')).statusCode).toBe(200)
      expect(lookup).toHaveBeenCalledTimes(2)
    } finally {
      lookup.mockRestore()
    }
  })

  it("shows the user's own write on their next request on the same instance", async () => {
    const { client } = await cachedOnB()
    expect((await client.get('/api/auth/user')).json().timezone).toBe('America/Chicago')
    expect((await client.patch('/api/user/timezone', { timezone: 'Asia/Tokyo' })).statusCode).toBe(200)
    expect((await client.get('/api/auth/user')).json().timezone).toBe('Asia/Tokyo')
  })

  it('is dropped on every instance by a change written straight to the database (an operator, a script)', async () => {
    const { user, onB } = await cachedOnB()
    await a.db.update(users).set({ timezone: 'Europe/Paris' }).where(eq(users.id, user.id))
    await catchUp(b)
    expect(b.sessionCache.holds(user.id)).toBe(false)
    expect((await onB.get('/api/auth/user')).json().timezone).toBe('Europe/Paris')
  })

  // PGlite delivers in-process: no listening connection to lose.
  if (onPostgres)
    it('is dropped whole when the listening connection comes back: what was announced meanwhile is lost', async () => {
      const { user } = await cachedOnB()
      await a.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query like 'listen %'`,
      )
      await vi.waitFor(() => expect(b.sessionCache.holds(user.id)).toBe(false), { timeout: 3000 })
    })
})
