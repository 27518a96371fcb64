import type { FastifyBaseLogger } from 'fastify'
import { describe, expect, it } from 'vitest'
import { SessionCache } from '../../src/server/auth/session-cache'
import type { ActiveSession, SessionsRepository } from '../../src/server/auth/sessions'
import type { UserRow } from '../../src/server/db/schema'

/**
 * The session cache's own rules (auth/session-cache.ts), over a stand-in for the sessions table: what a hit
 * re-checks, what a drop drops, and that a lookup overtaken by a drop stores nothing.
 */
const NOW = new Date('2026-11-24T12:00:00Z')
const HOUR = 3_600_000

function user(id: number, overrides: Partial<UserRow> = {}): UserRow {
  return { id, isDeleted: false, isSuspended: false, suspendedUntil: null, ...overrides } as UserRow
}

/** The table: token -> session; `lookups` counts reads; `hold` makes the next read wait to be released. */
function table() {
  const rows = new Map<string, ActiveSession>()
  let lookups = 0
  let held: { release: () => void } | null = null
  const repository = {
    id: (token: string) => `hash:${token}`,
    async lookup(id: string) {
      lookups++
      const row = rows.get(id.slice('hash:'.length)) ?? null
      if (held) await new Promise<void>((release) => (held = { release }))
      return row
    },
  } as unknown as SessionsRepository
  return {
    rows,
    repository,
    get lookups() {
      return lookups
    },
    hold() {
      held = { release: () => {} }
    },
    release() {
      const waiting = held
      held = null
      waiting?.release()
    },
  }
}

function setup(options: { max?: number } = {}) {
  const db = table()
  let now = NOW
  let perf = 1_000
  const cache = new SessionCache({
    ttlSeconds: 5,
    sessions: db.repository,
    clock: () => now,
    log: { warn() {} } as unknown as FastifyBaseLogger,
    perf: { now: () => perf },
    ...options,
  })
  return {
    db,
    cache,
    setNow: (at: Date) => (now = at),
    elapse: (ms: number) => (perf += ms),
  }
}

const session = (row: UserRow, expiresAt = new Date(NOW.getTime() + HOUR)): ActiveSession => ({
  user: row,
  expiresAt,
})

describe('the session cache', () => {
  it('answers a second request from memory, and reads again once the entry is older than its time', async () => {
    const { db, cache, elapse } = setup()
    db.rows.set('t', session(user(1)))
    expect((await cache.user('t'))?.id).toBe(1)
    expect((await cache.user('t'))?.id).toBe(1)
    expect(db.lookups).toBe(1)
    elapse(5_001)
    expect((await cache.user('t'))?.id).toBe(1)
    expect(db.lookups).toBe(2)
  })

  it("checks the session's end and the user's suspension on the app clock at every hit", async () => {
    const { db, cache, setNow } = setup()
    const until = new Date(NOW.getTime() + 30 * 60_000)
    db.rows.set('t', session(user(1, { isSuspended: true, suspendedUntil: until })))
    expect(await cache.user('t')).toBeNull()
    setNow(new Date(until.getTime() + 1))
    expect((await cache.user('t'))?.id).toBe(1)
    setNow(new Date(NOW.getTime() + HOUR))
    expect(await cache.user('t')).toBeNull()
    expect(db.lookups).toBe(1)
  })

  it('drops every session of a user at once, and no one else’s', async () => {
    const { db, cache } = setup()
    db.rows.set('phone', session(user(1)))
    db.rows.set('laptop', session(user(1)))
    db.rows.set('other', session(user(2)))
    for (const token of ['phone', 'laptop', 'other']) await cache.user(token)
    cache.forgetUser(1)
    expect(cache.holds(1)).toBe(false)
    expect(cache.holds(2)).toBe(true)
    db.rows.delete('phone')
    expect(await cache.user('phone')).toBeNull()
    expect((await cache.user('other'))?.id).toBe(2)
    expect(db.lookups).toBe(4)
  })

  it('stores nothing from a lookup that a drop of its user overtook: the row it read may be the old one', async () => {
    const { db, cache } = setup()
    db.rows.set('t', session(user(1)))
    db.hold()
    const reading = cache.user('t')
    cache.forgetUser(1)
    db.release()
    expect((await reading)?.id).toBe(1)
    expect(cache.holds(1)).toBe(false)
    await cache.user('t')
    expect(cache.holds(1)).toBe(true)
  })

  it('stores nothing from a lookup in flight when everything is dropped', async () => {
    const { db, cache } = setup()
    db.rows.set('t', session(user(1)))
    db.hold()
    const reading = cache.user('t')
    cache.clear()
    db.release()
    await reading
    expect(cache.holds(1)).toBe(false)
  })

  it('holds at most its number of entries, and forgets the users of those it let go', async () => {
    const { db, cache } = setup({ max: 2 })
    for (const id of [1, 2, 3]) {
      db.rows.set(`t${id}`, session(user(id)))
      await cache.user(`t${id}`)
    }
    expect([1, 2, 3].map((id) => cache.holds(id))).toEqual([false, true, true])
  })

  it('holds nothing when turned off (SESSION_CACHE_SECONDS=0)', async () => {
    const db = table()
    const cache = new SessionCache({
      ttlSeconds: 0,
      sessions: db.repository,
      clock: () => NOW,
      log: { warn() {} } as unknown as FastifyBaseLogger,
    })
    db.rows.set('t', session(user(1)))
    await cache.user('t')
    await cache.user('t')
    expect(db.lookups).toBe(2)
    expect(cache.holds(1)).toBe(false)
  })
})
