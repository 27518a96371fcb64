import { count, desc } from 'drizzle-orm'
import type { AdminAction } from '../../domain/admin-actions'
import { adminActions } from '../db/audit-schema'
import type { Db } from '../db/client'

/** An account as the trail names it: its number and its username at the time of the action. */
export interface AuditAccount {
  id: number
  username: string
}

export interface AuditEntry {
  /** Null for the command line (`npm run admin`), which is no account. */
  admin: AuditAccount | null
  action: AdminAction
  target: AuditAccount
  reason: string
  until?: Date | null
}

/** The admin audit trail (db/audit-schema.ts): written with each action, read newest first, never changed. */
export function auditRepository(db: Db) {
  return {
    /** In the transaction of the action it records, so neither is ever kept without the other. */
    async record(tx: Db, entry: AuditEntry, at: Date): Promise<void> {
      await tx.insert(adminActions).values({
        at,
        adminId: entry.admin?.id ?? null,
        adminUsername: entry.admin?.username ?? null,
        action: entry.action,
        targetId: entry.target.id,
        targetUsername: entry.target.username,
        reason: entry.reason,
        until: entry.until ?? null,
      })
    },

    /**
     * A page of entries, newest first, each naming its accounts as they were at the action, whether they
     * still exist or not.
     */
    async page(page: number, pageSize: number) {
      const [total] = await db.select({ n: count() }).from(adminActions)
      const rows = await db
        .select()
        .from(adminActions)
        .orderBy(desc(adminActions.at), desc(adminActions.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize)
      return { total: total?.n ?? 0, rows }
    },
  }
}

export type AuditRepository = ReturnType<typeof auditRepository>
