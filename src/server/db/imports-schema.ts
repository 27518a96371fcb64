import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import type { ColumnMapping } from '../../domain/bet-import'
import { instant, users } from './schema'

/**
 * Issue 16: a user's saved column mappings, one per file header, so the next file from the same source
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
    /** The header's column names, lower case, joined by the unit separator (bet-import.ts headerSignature). */
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
