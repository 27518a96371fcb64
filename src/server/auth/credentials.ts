import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/client'
import type { UserRow, users } from '../db/schema'

/**
 * Decision 014: a password change, a 2FA change or a suspension, in the caller's transaction. The credentials
 * version moves on, every session but `keepSession` (the browser that made the change, if any) ends, and
 * every pending two-factor login is spent, so a sign-in started before the change cannot finish after it.
 */
export async function changeCredentials(
  app: FastifyInstance,
  tx: Db,
  userId: number,
  values: Partial<typeof users.$inferInsert>,
  keepSession: string | null = null,
): Promise<UserRow | null> {
  const user = await app.repos.users.changeCredentials(userId, values, tx)
  if (!user) return null
  await app.repos.sessions.endAllBut(userId, user.credentialsVersion, keepSession, tx)
  await app.repos.tokens.spendAll(userId, ['login_2fa'], tx)
  return user
}
