import { and, eq, gt } from 'drizzle-orm'
import type { Db } from '../db/client'
import { sessions, type UserRow, users } from '../db/schema'
import { isBlocked } from '../users/user-view'
import { randomToken, sha256 } from './crypto'

/** D14: sessions last 7 days and live in the database, so every instance sees every session. */
export const SESSION_DAYS = 7
export const SESSION_COOKIE = 'grid_session'

export function sessionsRepository(db: Db) {
  return {
    async create(userId: number, tx: Db = db): Promise<{ token: string; expiresAt: Date }> {
      const token = randomToken()
      const expiresAt = new Date(Date.now() + SESSION_DAYS * 86_400_000)
      await tx.insert(sessions).values({ id: sha256(token), userId, expiresAt })
      return { token, expiresAt }
    },

    /** The signed-in user, or null for an unknown, expired or blocked (suspended, deleted) session. */
    async user(token: string): Promise<UserRow | null> {
      const now = new Date()
      const [row] = await db
        .select({ user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, sha256(token)), gt(sessions.expiresAt, now)))
        .limit(1)
      return row && !isBlocked(row.user, now) ? row.user : null
    },

    async delete(token: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, sha256(token)))
    },

    async deleteAllFor(userId: number, tx: Db = db): Promise<void> {
      await tx.delete(sessions).where(eq(sessions.userId, userId))
    },
  }
}
