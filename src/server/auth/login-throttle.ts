import { eq, inArray, lt, sql } from 'drizzle-orm'
import type { LoginThrottlePolicy } from '../config'
import type { Db } from '../db/client'
import { loginFailures } from '../db/schema'
import type { Clock } from '../feeds/clock'
import { HttpError } from '../http/errors'
import { storedKey } from '../http/rate-limit'

/**
 * D15: login attempts are slowed by failures only. Each key (an account at one client address; a client
 * address across accounts) allows some failures freely, then each further failure doubles the wait before
 * the next attempt, up to a ceiling. It never locks: a user's own address is slowed by its own failures
 * only, so a guesser elsewhere cannot keep them out, and the right password clears their count.
 */
/** A day without failures starts a key's count again (and the account job purges the row). */
export const FORGET_AFTER_MS = 86_400_000

/** The start of every key of one account's failures, at whichever address. */
export const accountKeyPrefix = (username: string) => `login:${username.trim().toLowerCase()}@`

interface ThrottleKey {
  key: string
  free: number
}

export function loginThrottle(db: Db, policy: LoginThrottlePolicy, clock: Clock) {
  const keysFor = (username: string, address: string): ThrottleKey[] => [
    {
      key: storedKey(`${accountKeyPrefix(username)}${address}`),
      free: policy.freePerAccountAddress,
    },
    { key: storedKey(`login:@${address}`), free: policy.freePerAddress },
  ]
  const delayMs = (failures: number, free: number) =>
    failures < free ? 0 : Math.min(2 ** (failures - free), policy.maxDelaySeconds) * 1000

  return {
    /** Refuses (429 with Retry-After) while a key's delay after its last failure runs. */
    async check(username: string, address: string): Promise<void> {
      const now = clock().getTime()
      const keys = keysFor(username, address)
      const rows = await db
        .select()
        .from(loginFailures)
        .where(
          inArray(
            loginFailures.key,
            keys.map((k) => k.key),
          ),
        )
      let waitMs = 0
      for (const row of rows) {
        const free = keys.find((k) => k.key === row.key)?.free ?? 0
        const until = row.lastFailureAt.getTime() + delayMs(row.failures, free)
        if (now - row.lastFailureAt.getTime() < FORGET_AFTER_MS) waitMs = Math.max(waitMs, until - now)
      }
      if (waitMs > 0) {
        throw new HttpError(429, 'Too many failed attempts. Please wait and try again.', undefined, {
          'retry-after': String(Math.ceil(waitMs / 1000)),
        })
      }
    },

    async failed(username: string, address: string): Promise<void> {
      const now = clock()
      const forgotten = new Date(now.getTime() - FORGET_AFTER_MS)
      for (const { key } of keysFor(username, address)) {
        await db
          .insert(loginFailures)
          .values({ key, failures: 1, lastFailureAt: now })
          .onConflictDoUpdate({
            target: loginFailures.key,
            set: {
              failures: sql`case when ${lt(loginFailures.lastFailureAt, forgotten)} then 1 else ${loginFailures.failures} + 1 end`,
              lastFailureAt: now,
            },
          })
      }
    },

    /** The right password clears this account's count at this address (not the address's own). */
    async succeeded(username: string, address: string): Promise<void> {
      const [accountKey] = keysFor(username, address)
      if (accountKey) await db.delete(loginFailures).where(eq(loginFailures.key, accountKey.key))
    },
  }
}

export type LoginThrottle = ReturnType<typeof loginThrottle>
