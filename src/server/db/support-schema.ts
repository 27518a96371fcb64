import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import type { SupportCategory } from '../../domain/support'
import { users } from './schema'

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/**
 * D20: every support-form request, kept whether or not its e-mail to support got through. userId is
 * null for a signed-out sender, and becomes null when the account is hard-deleted: the request (and
 * the address to answer) outlives it.
 */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    category: text('category').$type<SupportCategory>().notNull(),
    message: text('message').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  // Deleting a user looks up its requests to null them out: without this, a scan of the whole table.
  (t) => [index('support_requests_user').on(t.userId)],
)

export type SupportRequestRow = typeof supportRequests.$inferSelect
