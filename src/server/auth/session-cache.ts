import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { LRUCache } from 'lru-cache'
import type { Database } from '../db/client'
import type { UserRow } from '../db/schema'
import { CHANNELS, notify } from '../events/notify'
import type { Clock } from '../feeds/clock'
import { isBlocked } from '../users/user-view'
import type { ActiveSession, SessionsRepository } from './sessions'

/** At most this many sessions are held (a user row is about a kilobyte): least recently used out first. */
export const SESSION_CACHE_ENTRIES = 20_000

/** This instance's own marker (catchUp), on the listening connection that carries the user changes. */
export const CATCH_UP_CHANNEL = 'grid_session_cache'

/** How long catchUp waits for its marker before it assumes notifications were lost and drops everything. */
const CATCH_UP_WAIT_MS = 1000

/** Past this many remembered drops the memory is traded for refusing every fill in flight (`floor`). */
const MAX_REMEMBERED_DROPS = 10_000

/**
 * Decision 041: the session lookup every request pays, held per instance for a few seconds (SESSION_CACHE_SECONDS;
 * 0 turns it off). An entry is the session's user row as the database last answered, keyed by the session's
 * stored hash (never the token). Why a hit is as good as the database's answer:
 * - every committed change to a user row and every ended session is announced by triggers
 *   (drizzle/0014) to every instance, and the listener drops every entry of that user at once; a
 *   credentials change (decision 014) writes the user row, so it drops the sessions it ends too;
 * - the listening connection may drop and come back: whatever was announced meanwhile is lost, so the
 *   whole cache is dropped on every (re)connect, and the time an entry lives bounds the rest;
 * - `expiresAt` and `isBlocked` are checked against the app clock on every hit, so a session that runs
 *   out or a suspension that starts or ends on the clock needs no announcement;
 * - a lookup that read the row before a change and finishes after its announcement would put the old row
 *   back: each drop is numbered, and a lookup stores its row only if no drop of that user came after it
 *   started;
 * - this instance's own writes: `catchUp` (after every write request, http hook in session.plugin.ts)
 *   returns once this instance has heard everything committed before it, so the writer's next request,
 *   and anyone's, sees the write here. Another instance hears it within the NOTIFY latency
 *   (docs/ARCHITECTURE.md, docs/SECURITY.md).
 */
export class SessionCache {
  private readonly entries: LRUCache<string, ActiveSession> | null
  private readonly byUser = new Map<number, Set<string>>()
  /** Numbers every drop; `droppedAt` remembers each user's last one, `floor` the last drop of everyone. */
  private drops = 0
  private floor = 0
  private readonly droppedAt = new Map<number, number>()
  private database: Database | null = null
  private readonly instance = randomUUID()
  private markers = 0
  private readonly awaiting = new Map<string, () => void>()
  private unlisten: (() => Promise<void>)[] = []

  constructor(
    private readonly options: {
      ttlSeconds: number
      sessions: SessionsRepository
      clock: Clock
      log: FastifyBaseLogger
      /** The cache's own time for `ttlSeconds` (unit tests step it); the app clock may stand still. */
      perf?: { now(): number }
      max?: number
    },
  ) {
    this.entries =
      options.ttlSeconds === 0
        ? null
        : new LRUCache<string, ActiveSession>({
            max: options.max ?? SESSION_CACHE_ENTRIES,
            ttl: options.ttlSeconds * 1000,
            // A stepped clock is read at every look: no rounding of its time to the millisecond.
            ...(options.perf ? { perf: options.perf, ttlResolution: 0 } : {}),
            dispose: (entry, key) => this.unindex(entry.user.id, key),
          })
  }

  get enabled(): boolean {
    return this.entries !== null
  }

  /** Whether an entry of this user is held (tests). */
  holds(userId: number): boolean {
    return this.byUser.has(userId)
  }

  /** The signed-in user of a session token, or null: unknown, expired, revoked or blocked (suspended, deleted). */
  async user(token: string): Promise<UserRow | null> {
    const { sessions, clock } = this.options
    const id = sessions.id(token)
    const held = this.entries?.get(id)
    if (held) return usable(held, clock())
    const started = this.drops
    const found = await sessions.lookup(id)
    if (!found) return null
    if (this.entries && !this.droppedSince(found.user.id, started)) {
      this.entries.set(id, found)
      this.index(found.user.id, id)
    }
    return usable(found, clock())
  }

  /** Drops every entry of this user, now: their row or one of their sessions changed. */
  forgetUser(userId: number): void {
    this.drops++
    if (this.droppedAt.size >= MAX_REMEMBERED_DROPS) this.forgetDrops()
    this.droppedAt.set(userId, this.drops)
    for (const key of this.byUser.get(userId) ?? []) this.entries?.delete(key)
  }

  /** Drops everything, and any lookup in flight stores nothing: announcements may have been lost. */
  clear(): void {
    this.drops++
    this.forgetDrops()
    this.entries?.clear()
  }

  /**
   * Listens for the user and session announcements on `database`. PGlite hands them over before the
   * writing transaction's promise resolves; PostgreSQL on its own connection, soon after the commit.
   */
  async listen(database: Database): Promise<void> {
    if (!this.entries) return
    this.database = database
    const onConnect = () => this.clear()
    this.unlisten = await Promise.all([
      database.listen(CHANNELS.user, (payload) => this.heard(payload, 'id'), onConnect),
      database.listen(CHANNELS.session, (payload) => this.heard(payload, 'userId'), onConnect),
      database.listen(CATCH_UP_CHANNEL, (payload) => this.marked(payload), onConnect),
    ])
  }

  /**
   * Stops listening and holding. The unlistens are not awaited: on PostgreSQL the pool's end closes the
   * listening connection anyway, and a database that is down must not hold up the stop.
   */
  close(): void {
    for (const unlisten of this.unlisten) unlisten().catch(() => {})
    this.unlisten = []
    this.database = null
    this.clear()
  }

  /**
   * Returns once this instance has heard every announcement committed before the call: PostgreSQL
   * delivers notifications in commit order, so when this instance's own marker, sent now, arrives on the
   * listening connection, everything committed earlier has arrived and been handled. PGlite delivers
   * before a commit resolves, so there is nothing to wait for. When the marker does not come back in time
   * (the listening connection is down), everything is dropped instead.
   */
  async catchUp(): Promise<void> {
    const database = this.database
    if (!this.entries || !database || database.kind === 'pglite') return
    const marker = `${this.instance}:${++this.markers}`
    let timer: NodeJS.Timeout | undefined
    const heard = new Promise<boolean>((resolve) => {
      this.awaiting.set(marker, () => resolve(true))
      timer = setTimeout(() => resolve(false), CATCH_UP_WAIT_MS)
    })
    try {
      await notify(database.db, CATCH_UP_CHANNEL, { marker })
      if (!(await heard)) {
        this.options.log.warn('session cache: no word from the listening connection; cache dropped')
        this.clear()
      }
    } catch (error) {
      this.options.log.warn({ err: error }, 'session cache: could not catch up; cache dropped')
      this.clear()
    } finally {
      clearTimeout(timer)
      this.awaiting.delete(marker)
    }
  }

  private heard(payload: string, field: 'id' | 'userId'): void {
    const userId = parseUserId(payload, field)
    if (userId === null) this.clear()
    else this.forgetUser(userId)
  }

  private marked(payload: string): void {
    const marker = parseField(payload, 'marker')
    if (typeof marker === 'string') this.awaiting.get(marker)?.()
  }

  private droppedSince(userId: number, started: number): boolean {
    return Math.max(this.floor, this.droppedAt.get(userId) ?? 0) > started
  }

  private forgetDrops(): void {
    this.droppedAt.clear()
    this.floor = this.drops
  }

  private index(userId: number, key: string): void {
    const keys = this.byUser.get(userId)
    if (keys) keys.add(key)
    else this.byUser.set(userId, new Set([key]))
  }

  private unindex(userId: number, key: string): void {
    const keys = this.byUser.get(userId)
    keys?.delete(key)
    if (keys?.size === 0) this.byUser.delete(userId)
  }
}

/** The session's user while the session lasts and the user may use it, on the app clock of this request. */
function usable(session: ActiveSession, now: Date): UserRow | null {
  return session.expiresAt > now && !isBlocked(session.user, now) ? session.user : null
}

/** The user an announcement names; null for one this version cannot read (then everything is dropped). */
function parseUserId(payload: string, field: 'id' | 'userId'): number | null {
  const value = parseField(payload, field)
  return typeof value === 'number' && Number.isInteger(value) ? value : null
}

function parseField(payload: string, field: string): unknown {
  try {
    const parsed: unknown = JSON.parse(payload)
    return typeof parsed === 'object' && parsed !== null
      ? (parsed as Record<string, unknown>)[field]
      : undefined
  } catch {
    return undefined
  }
}
