import { bigint, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { instant, users } from './schema'

/** Decision 017: the referral codes a user made (3-20 letters and digits, stored uppercase, unique). */
export const referralCodes = pgTable(
  'referral_codes',
  {
    code: text('code').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [index('referral_codes_owner').on(t.ownerId)],
)

/**
 * Decision 017: a referred friend's first payment gives the referrer 10% off for 12 months. One per friend; the
 * friend's id stays a plain number, so the discount outlives the friend's account.
 */
export const referralDiscounts = pgTable(
  'referral_discounts',
  {
    id: serial('id').primaryKey(),
    referrerId: integer('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    referredUserId: integer('referred_user_id').notNull(),
    code: text('code').notNull(),
    activatedAt: instant('activated_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    status: text('status').$type<'active' | 'expired'>().notNull(),
  },
  (t) => [
    uniqueIndex('referral_discounts_referred').on(t.referredUserId),
    index('referral_discounts_referrer').on(t.referrerId),
  ],
)

/**
 * Payments for Monthly Unlimited (decision 016): recorded by an admin (billing without Stripe) or, later, by the
 * payment provider's webhook (`externalId` keeps that idempotent). Decision 025: kept de-identified when the
 * account goes, so the user id becomes null.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    discountPercent: integer('discount_percent').notNull(),
    periodStart: instant('period_start').notNull(),
    periodEnd: instant('period_end').notNull(),
    source: text('source').$type<'admin' | 'stripe'>().notNull(),
    externalId: text('external_id').unique(),
    recordedBy: integer('recorded_by'),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [index('payments_user').on(t.userId)],
)
