import { index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import type { ColumnMapping } from '../../domain/bet-import'
import { instant, users } from './schema'

/**
 * A user's saved column mappings, one per file header, so the next file from the same source
 * imports without the mapping step (docs/import.md).
 */
export const importMappings = pgTable(
  'import_mappings',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /**
     * SHA-256 (hex) of the header's column names, lower case, joined by the unit separator (bet-import.ts
     * headerSignature): a wide header's own text would overflow the unique index's entry.
     */
    headerSignature: text('header_signature').notNull(),
    header: jsonb('header').$type<string[]>().notNull(),
    columns: jsonb('columns').$type<ColumnMapping>().notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('import_mappings_user_header').on(t.userId, t.headerSignature),
    index('import_mappings_user').on(t.userId),
  ],
)

export type ImportMappingRow = typeof importMappings.$inferSelect

/**
 * The days the game lookup asked a feed for, and when, so that a day is asked again only after a
 * while, whether or not it had games, by every instance alike (imports/game-lookup.ts).
 */
export const feedDays = pgTable(
  'feed_days',
  {
    provider: text('provider').notNull(),
    /** The feed's day (US Eastern), 'YYYY-MM-DD'. */
    day: text('day').notNull(),
    fetchedAt: instant('fetched_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.day] })],
)
