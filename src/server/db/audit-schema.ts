import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core'
import type { AdminAction } from '../../domain/admin-actions'
import { instant } from './schema'

/**
 * Issue 15, D13: every admin action, written in the transaction that does it: who, what, to whom, why and
 * when. Only ever inserted (no route or repository updates or deletes a row). The two ids are plain
 * numbers, not foreign keys: an entry outlives the accounts it names, and a hard-deleted account's name
 * is not kept here (D25: its personal data goes at once), so it reads as a deleted account's number.
 */
export const adminActions = pgTable(
  'admin_actions',
  {
    id: serial('id').primaryKey(),
    at: instant('at').notNull(),
    adminId: integer('admin_id').notNull(),
    action: text('action').$type<AdminAction>().notNull(),
    targetId: integer('target_id').notNull(),
    reason: text('reason').notNull(),
    /** A timed suspension's end, where the action has one. */
    until: instant('until'),
  },
  (t) => [index('admin_actions_at').on(t.at, t.id)],
)

export type AdminActionRow = typeof adminActions.$inferSelect
