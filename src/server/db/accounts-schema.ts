import { customType, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { instant } from './schema'

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' })

/**
 * Decision 025 and docs/spec/product-spec.md §9: a terminated account's data stays downloadable for 30 days through an e-mailed
 * link. The archive is made when the account goes (nothing else of it is left to make it from later);
 * the link's token is stored only as a hash; the row is purged when it expires.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    /** The deleted account's number, kept only to log downloads against (no foreign key: the row is gone). */
    formerUserId: integer('former_user_id').notNull(),
    archive: bytea('archive').notNull(),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [uniqueIndex('data_exports_token').on(t.tokenHash), index('data_exports_expiry').on(t.expiresAt)],
)
