import { index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { bets } from './bets-schema'
import { instant, users } from './schema'

/**
 * A user's sportsbook connections through the bet-sync partner. `pending` from Connect until the
 * partner reports the book linked (its account id then kept for removing access, decision 020), `connected` after.
 * A deleted account's connections go with it (decision 025).
 */
export const sportsbookConnections = pgTable(
  'sportsbook_connections',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sportsbook: text('sportsbook').notNull(),
    status: text('status').$type<'pending' | 'connected'>().notNull(),
    partnerAccountId: text('partner_account_id'),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [uniqueIndex('sportsbook_connections_user_book').on(t.userId, t.sportsbook)],
)

/**
 * Which bet each of the partner's bets became: a re-sync finds it by the partner's id (idempotent), and the
 * fingerprint of what it carried last tells an updated bet (a result, a corrected stake) from an unchanged one.
 */
export const syncedBets = pgTable(
  'synced_bets',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    betId: integer('bet_id')
      .notNull()
      .references(() => bets.id, { onDelete: 'cascade' }),
    fingerprint: text('fingerprint').notNull(),
    syncedAt: instant('synced_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.externalId] }), index('synced_bets_bet').on(t.betId)],
)

export type SportsbookConnectionRow = typeof sportsbookConnections.$inferSelect
