import { and, eq, gt, ne } from 'drizzle-orm'
import type { Db } from '../db/client'
import { sessions, type UserRow, users } from '../db/schema'
import type { Clock } from '../feeds/clock'
import { credentialsAreCurrent } from '../users/users.repository'
import { randomToken, type SecretHasher } from './crypto'

/** Decision 014: sessions last 7 days and live in the database, so every instance sees every session. */
export const SESSION_DAYS = 7

/** A session that has not run out, and its user as stored. */
export interface ActiveSession {
  user: UserRow
  expiresAt: Date
}

export function sessionsRepository(db: Db, hash: SecretHasher, clock: Clock) {
  const idOf = (token: string) => hash('session', token)
  return {
    /**
     * Opens a session for a user whose credentials are still at `credentialsVersion` (the version the
     * password or code check saw); null when they changed meanwhile, e.g. while argon2 was checking the
     * password (decision 014).
     */
    async create(
      userId: number,
      credentialsVersion: number,
      tx: Db = db,
    ): Promise<{ token: string; expiresAt: Date } | null> {
      const token = randomToken()
      const expiresAt = new Date(clock().getTime() + SESSION_DAYS * 86_400_000)
      return tx.transaction(async (inner) => {
        if (!(await credentialsAreCurrent(inner, userId, credentialsVersion))) return null
        await inner.insert(sessions).values({ id: idOf(token), userId, credentialsVersion, expiresAt })
        return { token, expiresAt }
      })
    },

    /** The hash a session is stored (and cached, auth/session-cache.ts) under. */
    id: idOf,

    /**
     * The session stored under `id` with its user, or null for an unknown or expired session, or one
     * opened under credentials that have changed since (decision 014). Whether the user is blocked (suspended,
     * deleted) is the caller's check, made again on every use of a cached answer (auth/session-cache.ts).
     */
    async lookup(id: string): Promise<ActiveSession | null> {
      const [row] = await db
        .select({ user: users, expiresAt: sessions.expiresAt })
        .from(sessions)
        .innerJoin(
          users,
          and(eq(users.id, sessions.userId), eq(users.credentialsVersion, sessions.credentialsVersion)),
        )
        .where(and(eq(sessions.id, id), gt(sessions.expiresAt, clock())))
        .limit(1)
      return row ?? null
    },

    async delete(token: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, idOf(token)))
    },

    /**
     * After a credentials change (decision 014): every session of the user ends but `keep` (the browser that made
     * the change), which moves to the new version.
     */
    async endAllBut(userId: number, version: number, keep: string | null, tx: Db = db): Promise<void> {
      const kept = keep === null ? null : idOf(keep)
      await tx
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), kept === null ? undefined : ne(sessions.id, kept)))
      if (kept !== null)
        await tx.update(sessions).set({ credentialsVersion: version }).where(eq(sessions.id, kept))
    },
  }
}

export type SessionsRepository = ReturnType<typeof sessionsRepository>
