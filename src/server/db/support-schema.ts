import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import type { SupportCategory } from '../../domain/support'
import { users } from './schema'

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/**
 * Decision 020: every support-form request, kept whether or not its e-mail to support got through. userId is
 * null for a signed-out sender. Decision 025: a deleted account's requests go with it (they hold its address and
 * its words); the e-mail to support already carried them to whoever answers.
 */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    category: text('category').$type<SupportCategory>().notNull(),
    message: text('message').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  // Deleting a user looks up its requests to delete them: without this, a scan of the whole table.
  (t) => [index('support_requests_user').on(t.userId)],
)

export type SupportRequestRow = typeof supportRequests.$inferSelect
