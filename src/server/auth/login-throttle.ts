import { and, eq, gte, lt, sql } from 'drizzle-orm'
import type { LoginThrottlePolicy } from '../../domain/limits'
import type { Db } from '../db/client'
import { loginAddresses, loginFailures } from '../db/schema'
import type { Clock } from '../feeds/clock'
import { HttpError } from '../http/errors'
import { storedKey } from '../http/rate-limit'
import type { SecretHasher } from './crypto'

/**
 * Decision 015: login attempts are slowed by failures only. Each key (an account at one client address; a client
 * address across the accounts it has never signed into) allows some failures freely, then each further
 * failure doubles the wait before the next attempt, up to a ceiling. It never locks: a user's own address
 * is slowed by its own failures only, so a guesser elsewhere cannot keep them out, and the right password
 * clears their count. An address the account has signed in from is not held back by failures on other
 * accounts there (one address may be a whole office, or every user behind a proxy).
 *
 * An attempt is counted as pending before its password is checked, in one transaction holding the keys'
 * rows, so attempts sent together cannot all pass the check before any failure is written: past the free
 * failures, one attempt at a time is checked and the others are refused.
 */
/** A day without failures starts a key's count again (and the account job purges the row). */
export const FORGET_AFTER_MS = 86_400_000
/** An attempt still pending after a minute died with its process: it no longer holds the key. */
const PENDING_FOR_MS = 60_000
/** A sign-in from an address keeps it known to the account for a year (then the account job purges it). */
export const KNOWN_FOR_MS = 365 * 86_400_000

/** The start of every key of one account's failures, at whichever address. */
export const accountKeyPrefix = (username: string) => `login:${username.trim().toLowerCase()}@`

interface ThrottleKey {
  key: string
  free: number
}

type FailureRow = typeof loginFailures.$inferSelect

/** One attempt, counted before its password check: it ends as a failure or as a success. */
export interface LoginAttempt {
  failed(): Promise<void>
  /** The right password: clears the account's count at this address and makes the address known to it. */
  succeeded(userId: number): Promise<void>
}

export function loginThrottle(db: Db, policy: LoginThrottlePolicy, clock: Clock, hash: SecretHasher) {
  const addressId = (address: string) => hash('login-address', address)
  const accountKey = (username: string, address: string): ThrottleKey => ({
    key: storedKey(`${accountKeyPrefix(username)}${address}`),
    free: policy.freePerAccountAddress,
  })
  const addressKey = (address: string): ThrottleKey => ({
    key: storedKey(`login:@${address}`),
    free: policy.freePerAddress,
  })
  const delayMs = (failures: number, free: number) =>
    failures < free ? 0 : Math.min(2 ** Math.min(failures - free, 30), policy.maxDelaySeconds) * 1000

  /** A key's failures and pending attempts as they count now: forgotten and abandoned ones are zero. */
  function counted(row: FailureRow, now: number) {
    const failures = now - row.lastFailureAt.getTime() < FORGET_AFTER_MS ? row.failures : 0
    const pending = row.pendingAt && now - row.pendingAt.getTime() < PENDING_FOR_MS ? row.pending : 0
    return { failures, pending }
  }

  /** How long the key holds the next attempt back: 0 lets it through. */
  function waitMs(row: FailureRow, free: number, now: number): number {
    const { failures, pending } = counted(row, now)
    if (failures + pending < free) return 0
    const afterLast = row.lastFailureAt.getTime() + delayMs(failures, free) - now
    // An attempt past the free failures is in flight: if it fails, the next delay starts about now.
    const afterPending = pending > 0 ? delayMs(failures + pending, free) : 0
    return Math.max(afterLast, afterPending, 0)
  }

  async function knows(userId: number | null, address: string): Promise<boolean> {
    if (userId === null) return false
    const since = new Date(clock().getTime() - KNOWN_FOR_MS)
    const [row] = await db
      .select({ userId: loginAddresses.userId })
      .from(loginAddresses)
      .where(
        and(
          eq(loginAddresses.userId, userId),
          eq(loginAddresses.addressId, addressId(address)),
          gte(loginAddresses.lastSignInAt, since),
        ),
      )
    return row !== undefined
  }

  /** Counts one pending attempt on every key, or on none and refuses (429 with Retry-After). */
  async function reserve(keys: ThrottleKey[]): Promise<void> {
    const now = clock()
    const at = now.getTime()
    await db.transaction(async (tx) => {
      // Rows are created and locked one by one in key order, so two attempts never wait in a cycle.
      const held: { row: FailureRow; free: number }[] = []
      for (const { key, free } of keys) {
        await tx.insert(loginFailures).values({ key, failures: 0, lastFailureAt: now }).onConflictDoNothing()
        const [row] = await tx.select().from(loginFailures).where(eq(loginFailures.key, key)).for('update')
        if (row) held.push({ row, free })
      }
      const wait = Math.max(0, ...held.map(({ row, free }) => waitMs(row, free, at)))
      if (wait > 0) {
        throw new HttpError(429, 'Too many failed attempts. Please wait and try again.', undefined, {
          'retry-after': String(Math.ceil(wait / 1000)),
        })
      }
      for (const { row } of held) {
        const { failures, pending } = counted(row, at)
        await tx
          .update(loginFailures)
          .set({ failures, pending: pending + 1, pendingAt: now })
          .where(eq(loginFailures.key, row.key))
      }
    })
  }

  async function failed(keys: ThrottleKey[]): Promise<void> {
    const now = clock()
    const forgotten = new Date(now.getTime() - FORGET_AFTER_MS)
    await db
      .insert(loginFailures)
      .values(keys.map(({ key }) => ({ key, failures: 1, lastFailureAt: now })))
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          failures: sql`case when ${lt(loginFailures.lastFailureAt, forgotten)} then 1 else ${loginFailures.failures} + 1 end`,
          lastFailureAt: now,
          pending: sql`greatest(${loginFailures.pending} - 1, 0)`,
        },
      })
  }

  async function succeeded(account: ThrottleKey, address: ThrottleKey | null, userId: number, ip: string) {
    await db.delete(loginFailures).where(eq(loginFailures.key, account.key))
    if (address) {
      await db
        .update(loginFailures)
        .set({ pending: sql`greatest(${loginFailures.pending} - 1, 0)` })
        .where(eq(loginFailures.key, address.key))
    }
    const lastSignInAt = clock()
    await db
      .insert(loginAddresses)
      .values({ userId, addressId: addressId(ip), lastSignInAt })
      .onConflictDoUpdate({
        target: [loginAddresses.userId, loginAddresses.addressId],
        set: { lastSignInAt },
      })
  }

  return {
    /**
     * Counts an attempt on `username` from `address` before its password is checked, or refuses it while
     * a key's delay runs. `userId` is the account the username names, if any: an address it has signed
     * in from is slowed by this account's failures there only.
     */
    async begin(username: string, address: string, userId: number | null): Promise<LoginAttempt> {
      const account = accountKey(username, address)
      const spraying = (await knows(userId, address)) ? null : addressKey(address)
      const keys = (spraying ? [account, spraying] : [account]).sort(byKey)
      await reserve(keys)
      return {
        failed: () => failed(keys),
        succeeded: (id) => succeeded(account, spraying, id, address),
      }
    },
  }
}

function byKey(a: { key: string }, b: { key: string }): number {
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0
}

export type LoginThrottle = ReturnType<typeof loginThrottle>
