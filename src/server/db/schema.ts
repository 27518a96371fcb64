import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { PriceFormat } from '../../domain/price'

/** Times are UTC instants (timestamptz); money columns, from the bets issue on, are integer cents. */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    emailVerifiedAt: instant('email_verified_at'),
    passwordHash: text('password_hash').notNull(),
    cellPhone: text('cell_phone'),
    role: text('role').$type<'user' | 'admin'>().notNull().default('user'),
    subscriptionTier: text('subscription_tier').notNull(),
    trialEndDate: instant('trial_end_date'),
    trialSlotNumber: integer('trial_slot_number'),
    /** The referral code the user signed up with (decision 017), not one of their own. */
    referralCode: text('referral_code'),
    /**
     * Who owned that code at sign-up: the referral is bound to them, not to the code's text, which frees
     * up when its owner's account goes and could be created again by anyone.
     */
    referredBy: integer('referred_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** The end of the last paid month (decision 016); a `monthly_paid` account lapses after it. */
    paidThrough: instant('paid_through'),
    /** The user's Stripe customer once a Checkout completes: later checkouts reuse it. */
    stripeCustomerId: text('stripe_customer_id'),
    /**
     * The user canceled their Stripe subscription, which ends (no further charge) at this
     * instant, the end of its paid period; null while it renews, or without one.
     */
    subscriptionEndsAt: instant('subscription_ends_at'),
    timezone: text('timezone').notNull().default('America/Chicago'),
    /** How the bettor reads and enters prices (decision 072): American, decimal or fractional. */
    oddsFormat: text('odds_format').$type<PriceFormat>().notNull().default('american'),
    /** One unit's stake in cents, for amounts shown in units (decision 072); null until the bettor sets it. */
    unitSizeCents: bigint('unit_size_cents', { mode: 'number' }),
    /** The symbol amounts are shown with: display only, never a conversion (decision 072). */
    currencySymbol: text('currency_symbol').notNull().default('$'),
    /** Amounts on screen in units of unitSizeCents rather than money (decision 072). */
    amountsInUnits: boolean('amounts_in_units').notNull().default(false),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    twoFactorMethod: text('two_factor_method').$type<'email' | 'sms'>(),
    createdAt: instant('created_at').notNull().defaultNow(),
    lastLoginAt: instant('last_login_at'),
    /** Successful sign-ins, counted with lastLoginAt (the admin list's login frequency, docs/admin.md). */
    loginCount: integer('login_count').notNull().default(0),
    lastActiveAt: instant('last_active_at').notNull().defaultNow(),
    /** Decision 021: how many of the inactivity notices went out since lastActiveAt; activity sets it back to 0. */
    inactivityNotices: integer('inactivity_notices').notNull().default(0),
    /**
     * Decision 021: the days without activity that a sign-in ended, when they reached the banner's days.
     * The sign-in is activity and restarts lastActiveAt, so without this the banner could never be seen;
     * it shows these days until 'I'm Here!' or its dismissal clears them.
     */
    absenceDays: integer('absence_days'),
    isSuspended: boolean('is_suspended').notNull().default(false),
    suspendedUntil: instant('suspended_until'),
    isDeleted: boolean('is_deleted').notNull().default(false),
    deletedAt: instant('deleted_at'),
    /**
     * Bumped in the transaction of every write to the user's bets. The session lookup reads it with the
     * user, so the game-answer cache knows for free whether the bets changed since it was filled.
     */
    betsVersion: integer('bets_version').notNull().default(0),
    /** Kept with betsVersion in the same transactions: the per-user bet cap is one conditional update. */
    betCount: integer('bet_count').notNull().default(0),
    /**
     * Decision 014: bumped by every password change, 2FA change and suspension. A session or pending login made
     * under an older version is dead, even one whose password check was in flight during the change.
     */
    credentialsVersion: integer('credentials_version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('users_username_lower').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower').on(sql`lower(${t.email})`),
    uniqueIndex('users_trial_slot').on(t.trialSlotNumber),
    uniqueIndex('users_stripe_customer').on(t.stripeCustomerId),
    index('users_referred_by').on(t.referredBy),
  ],
)

/** Decision 014: sessions live in the database; the cookie holds a random token, the table only its hash. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The user's credentials version when the session opened; the lookup requires it to be current. */
    credentialsVersion: integer('credentials_version').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [index('sessions_user').on(t.userId)],
)

/**
 * One-time secrets: e-mail verification and password-reset links, pending password changes (decision 011), and
 * 2FA codes (decision 014). Only hashes are stored; a row is spent once (usedAt) or dies at expiresAt.
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    codeHash: text('code_hash'),
    attempts: integer('attempts').notNull().default(0),
    payload: jsonb('payload').$type<Record<string, string>>(),
    /** A pending two-factor login carries the credentials version its password step saw (decision 014). */
    credentialsVersion: integer('credentials_version'),
    createdAt: instant('created_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
  },
  (t) => [
    uniqueIndex('one_time_tokens_hash').on(t.tokenHash),
    index('one_time_tokens_user').on(t.userId, t.kind),
  ],
)

/** Decision 015: fixed-window counters shared by every app instance on the database. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: instant('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
)

/**
 * Decision 015: failed logins per key (an account at a client address, or a client address alone). Only failures
 * count, and they buy a growing delay rather than a lock, so nobody can lock a user out by guessing.
 * `pending` counts attempts whose password is being checked (as of `pending_at`), so that attempts sent
 * together are counted before any of them fails.
 */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  lastFailureAt: instant('last_failure_at').notNull(),
  pending: integer('pending').notNull().default(0),
  pendingAt: instant('pending_at'),
})

/**
 * Decision 015: the addresses each account has signed in from (an HMAC of the address under the server secret),
 * whose failures on other accounts do not hold this account back.
 */
export const loginAddresses = pgTable(
  'login_addresses',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addressId: text('address_id').notNull(),
    lastSignInAt: instant('last_sign_in_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.addressId] })],
)

/** Server-wide values every instance shares: the generated APP_SECRET when none is configured. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
})

export type UserRow = typeof users.$inferSelect
