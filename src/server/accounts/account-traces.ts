import { inArray, like, lt, or } from 'drizzle-orm'
import { accountKeyPrefix, FORGET_AFTER_MS, KNOWN_FOR_MS } from '../auth/login-throttle'
import type { Db } from '../db/client'
import { loginAddresses, loginFailures, rateLimits, type UserRow } from '../db/schema'
import { RATE_LIMIT_KEEP_MS, storedKey } from '../http/rate-limit'
import { forgetImportOwner } from '../imports/import.service'

/**
 * Decision 025: what an account leaves outside its own rows, gone in its deletion's transaction. Rate
 * limit counters keyed by its id (`…:user:<id>`), its e-mail or its username (the reset form's
 * `reset:account:…`), its login failures at every address, and what its imports derived from its id.
 */
export async function forgetAccountTraces(tx: Db, user: UserRow): Promise<void> {
  const named = [user.email, user.username].map((name) => storedKey(`reset:account:${name.toLowerCase()}`))
  await tx
    .delete(rateLimits)
    .where(or(inArray(rateLimits.key, named), like(rateLimits.key, `%:user:${user.id}`)))
  await tx
    .delete(loginFailures)
    .where(like(loginFailures.key, `${likeLiteral(accountKeyPrefix(user.username))}%`))
  await forgetImportOwner(tx, user.id)
}

/**
 * Counters whose window is over, login failures past their day and sign-in addresses unused
 * for a year are purged on the account job's schedule; their keys may hold an address, an e-mail or a
 * username someone typed.
 */
export async function purgeExpiredLimits(db: Db, now: Date): Promise<number> {
  const windows = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, new Date(now.getTime() - RATE_LIMIT_KEEP_MS)))
    .returning({ key: rateLimits.key })
  const failures = await db
    .delete(loginFailures)
    .where(lt(loginFailures.lastFailureAt, new Date(now.getTime() - FORGET_AFTER_MS)))
    .returning({ key: loginFailures.key })
  const addresses = await db
    .delete(loginAddresses)
    .where(lt(loginAddresses.lastSignInAt, new Date(now.getTime() - KNOWN_FOR_MS)))
    .returning({ userId: loginAddresses.userId })
  return windows.length + failures.length + addresses.length
}

/** `text` matched as itself in a LIKE pattern (PostgreSQL's default escape is the backslash). */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}
