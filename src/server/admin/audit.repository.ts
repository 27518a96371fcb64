import { count, desc, eq } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { AdminAction } from '../../domain/admin-actions'
import { adminActions } from '../db/audit-schema'
import type { Db } from '../db/client'
import { users } from '../db/schema'

export interface AuditEntry {
  adminId: number
  action: AdminAction
  targetId: number
  reason: string
  until?: Date | null
}

const adminUser = alias(users, 'admin_user')
const targetUser = alias(users, 'target_user')

/** The admin audit trail (db/audit-schema.ts): written with each action, read newest first, never changed. */
export function auditRepository(db: Db) {
  return {
    /** In the transaction of the action it records, so neither is ever kept without the other. */
    async record(tx: Db, entry: AuditEntry, at: Date): Promise<void> {
      await tx.insert(adminActions).values({ ...entry, until: entry.until ?? null, at })
    },

    /** A page of entries, newest first, with the names of the accounts that still exist. */
    async page(page: number, pageSize: number) {
      const [total] = await db.select({ n: count() }).from(adminActions)
      const rows = await db
        .select({
          entry: adminActions,
          adminName: adminUser.username,
          targetName: targetUser.username,
        })
        .from(adminActions)
        .leftJoin(adminUser, eq(adminUser.id, adminActions.adminId))
        .leftJoin(targetUser, eq(targetUser.id, adminActions.targetId))
        .orderBy(desc(adminActions.at), desc(adminActions.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize)
      return { total: total?.n ?? 0, rows }
    },
  }
}

export type AuditRepository = ReturnType<typeof auditRepository>
