import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { type SportsbookConnectionRow, sportsbookConnections } from '../db/connections-schema'

/** A user's sportsbook connections; every read and write names the owner (decision 010). */
export function connectionsRepository(db: Db) {
  return {
    async list(userId: number): Promise<SportsbookConnectionRow[]> {
      return db.select().from(sportsbookConnections).where(eq(sportsbookConnections.userId, userId))
    },

    /** Connect: a pending row, or the existing one left as it is (a second click opens the link again). */
    async markPending(userId: number, sportsbook: string, now: Date): Promise<void> {
      await db
        .insert(sportsbookConnections)
        .values({ userId, sportsbook, status: 'pending', createdAt: now, updatedAt: now })
        .onConflictDoNothing()
    },

    /** The partner reports the book linked: connected, with the partner's id of the link. */
    async markConnected(userId: number, sportsbook: string, accountId: string, now: Date): Promise<void> {
      await db
        .update(sportsbookConnections)
        .set({ status: 'connected', partnerAccountId: accountId, updatedAt: now })
        .where(
          and(eq(sportsbookConnections.userId, userId), eq(sportsbookConnections.sportsbook, sportsbook)),
        )
    },

    async remove(userId: number, sportsbook: string): Promise<boolean> {
      const removed = await db
        .delete(sportsbookConnections)
        .where(
          and(eq(sportsbookConnections.userId, userId), eq(sportsbookConnections.sportsbook, sportsbook)),
        )
        .returning({ id: sportsbookConnections.id })
      return removed.length > 0
    },
  }
}

export type ConnectionsRepository = ReturnType<typeof connectionsRepository>
