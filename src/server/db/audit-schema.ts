import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core'
import type { AdminAction } from '../../domain/admin-actions'
import { instant } from './schema'

/**
 * Decisions 013 and 048: every admin action, written in the transaction that does it: who, what, to whom, why and
 * when. Only ever inserted (no route or repository updates or deletes a row). The two ids are plain
 * numbers, not foreign keys: an entry outlives the accounts it names. So does each account's username as
 * it was at the action: the trail still says who acted on whom after a hard delete. A username
 * is the one thing of a deleted account kept here (never its e-mail or anything else): docs/accounts.md.
 * `admin_id` is null for the command line (`npm run admin`), which is no account.
 */
export const adminActions = pgTable(
  'admin_actions',
  {
    id: serial('id').primaryKey(),
    at: instant('at').notNull(),
    adminId: integer('admin_id'),
    adminUsername: text('admin_username'),
    action: text('action').$type<AdminAction>().notNull(),
    targetId: integer('target_id').notNull(),
    targetUsername: text('target_username'),
    reason: text('reason').notNull(),
    /** A timed suspension's end, where the action has one. */
    until: instant('until'),
  },
  (t) => [index('admin_actions_at').on(t.at, t.id)],
)

export type AdminActionRow = typeof adminActions.$inferSelect
