import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { LRUCache } from 'lru-cache'
import type { RateLimit } from '../../domain/limits'
import type { Db } from '../db/client'
import { rateLimits } from '../db/schema'
import type { Clock } from '../feeds/clock'
import { HttpError } from './errors'

/**
 * Decision 015: fixed-window counters in the database, so that every instance behind the load balancer counts
 * the same guesses. One upsert per hit; past the limit the answer is 429 with Retry-After.
 */
export function rateLimiter(db: Db, clock: Clock) {
  return async function hit(name: string, rule: RateLimit): Promise<void> {
    const key = storedKey(name)
    const windowMs = rule.windowSeconds * 1000
    const now = clock().getTime()
    const windowStart = new Date(now - (now % windowMs))
    const [row] = await db
      .insert(rateLimits)
      .values({ key, windowStart, count: 1 })
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { count: sql`${rateLimits.count} + 1` },
      })
      .returning({ count: rateLimits.count })
    if ((row?.count ?? 0) > rule.limit) throw tooMany(windowStart.getTime() + windowMs - now)
  }
}

export type RateLimiter = ReturnType<typeof rateLimiter>

/**
 * A window that started this long ago is over, whatever its rule (the longest is an hour). The account
 * job purges such rows on its schedule (their keys may name an account).
 */
export const RATE_LIMIT_KEEP_MS = 86_400_000

/**
 * The same fixed windows in this instance's memory, for hot reads (the grid's poll) where a database
 * write per request would cost more than the answer it guards. Each instance counts on its own: a limit
 * of N is N per instance, which is what bounds each instance's work. Holds at most `maxKeys` windows.
 */
export function memoryRateLimiter(clock: Clock, maxKeys = 100_000) {
  const windows = new LRUCache<string, { start: number; count: number }>({ max: maxKeys })
  return function hit(key: string, rule: RateLimit): void {
    const now = clock().getTime()
    const windowMs = rule.windowSeconds * 1000
    const start = now - (now % windowMs)
    let window = windows.get(key)
    if (window?.start !== start) {
      window = { start, count: 0 }
      windows.set(key, window)
    }
    if (++window.count > rule.limit) throw tooMany(start + windowMs - now)
  }
}

function tooMany(waitMs: number): HttpError {
  return new HttpError(429, 'Too many attempts. Please wait and try again.', undefined, {
    'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))),
  })
}

/**
 * Keys embed what the client typed (a username): a long one would overflow the primary key's index entry
 * (about 2.7 kB in PostgreSQL) and fail the insert. Long keys are stored as their prefix and a hash.
 */
const MAX_KEY_LENGTH = 200

export function storedKey(key: string): string {
  if (key.length <= MAX_KEY_LENGTH) return key
  return `${key.slice(0, 100)}#${createHash('sha256').update(key).digest('hex')}`
}

function span(seconds: number): [number, string] {
  if (seconds % 3600 === 0) return [seconds / 3600, 'hour']
  if (seconds % 60 === 0) return [seconds / 60, 'minute']
  return [seconds, 'second']
}

/** A span as the reference writes it: `1 hour`, `15 minutes`. */
export function spanText(seconds: number): string {
  const [size, unit] = span(seconds)
  return `${size.toLocaleString('en-US')} ${unit}${size === 1 ? '' : 's'}`
}

/** A limit as the reference states it, from the rule the route enforces: `10 per IP per 15 minutes`. */
export function perWindow(rule: RateLimit, who = ''): string {
  const [size, unit] = span(rule.windowSeconds)
  const window = size === 1 ? unit : spanText(rule.windowSeconds)
  return `${rule.limit.toLocaleString('en-US')} per ${who ? `${who} per ` : ''}${window}`
}
