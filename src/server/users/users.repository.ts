import { eq, inArray, lte, sql } from 'drizzle-orm'
import { freeSlot, regainsTrial, slotsLeft } from '../../domain/subscription'
import type { Db } from '../db/client'
import { type UserRow, users } from '../db/schema'
import type { Clock } from '../feeds/clock'

/** Any fixed number: sign-ups take turns, so 'first account' and trial slots cannot race (decisions 013 and 016). */
const SIGNUP_LOCK = 7_305_002

const lockSignUps = (tx: Db) => tx.execute(sql`select pg_advisory_xact_lock(${SIGNUP_LOCK})`)

/**
 * The trial slot a new trial takes under the sign-up lock: the lowest free number up to the cap, so slots
 * released by unverified accounts are used again (decision 016); without a cap, simply the next number.
 */
async function takeSlot(tx: Db, cap: number): Promise<number | null> {
  if (cap === 0) {
    const [row] = await tx
      .select({ last: sql<number>`coalesce(max(${users.trialSlotNumber}), 0)::int` })
      .from(users)
    return (row?.last ?? 0) + 1
  }
  const taken = await tx
    .select({ slot: users.trialSlotNumber })
    .from(users)
    .where(lte(users.trialSlotNumber, cap))
  return freeSlot(
    taken.flatMap((r) => (r.slot === null ? [] : [r.slot])),
    cap,
  )
}

export interface NewUser {
  username: string
  email: string
  passwordHash: string
  cellPhone: string | null
  referralCode: string | null
  /** The code's owner when the sign-up was checked (referrals.ownerOf). */
  referredBy: number | null
}

/**
 * The referrer, locked (`for key share`) until the new row commits, so that their account cannot go in
 * between and fail the insert's foreign key; if it went already, the sign-up goes on without a referral.
 */
async function keptReferral(tx: Db, user: NewUser): Promise<Pick<NewUser, 'referralCode' | 'referredBy'>> {
  if (user.referredBy === null) return { referralCode: null, referredBy: null }
  const [referrer] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, user.referredBy))
    .for('key share')
  return referrer ? user : { referralCode: null, referredBy: null }
}

export interface SignUpPolicy {
  trialDays: number
  trialSlotCap: number
  /** Decision 013: with ADMIN_EMAIL set, no account is admin for being first; that address's becomes admin once verified. */
  adminEmail: string | null
}

export function usersRepository(db: Db, clock: Clock) {
  return {
    async byId(id: number, tx: Db = db): Promise<UserRow | null> {
      const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1)
      return row ?? null
    },

    /**
     * The accounts' rows, locked for update in id order (one order, so two transactions locking the same
     * accounts wait for each other instead of deadlocking): a role read here holds until the commit.
     */
    async lockRoles(ids: readonly number[], tx: Db): Promise<Map<number, UserRow['role']>> {
      const rows = await tx
        .select({ id: users.id, role: users.role })
        .from(users)
        .where(inArray(users.id, [...ids]))
        .orderBy(users.id)
        .for('update')
      return new Map(rows.map((row) => [row.id, row.role]))
    },

    /** The account's row locked for update in the caller's transaction: what it decides holds until the commit. */
    async lockById(id: number, tx: Db): Promise<UserRow | null> {
      const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update')
      return row ?? null
    },

    /** The account a Stripe customer is linked to (the webhook's events without our metadata). */
    async byStripeCustomer(customerId: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.stripeCustomerId, customerId)).limit(1)
      return row ?? null
    },

    async byUsername(username: string): Promise<UserRow | null> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.username}) = ${username.trim().toLowerCase()}`)
        .limit(1)
      return row ?? null
    },

    async byEmail(email: string): Promise<UserRow | null> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
        .limit(1)
      return row ?? null
    },

    /**
     * Decision 013: without ADMIN_EMAIL, the first account on a fresh database is the admin. Decision 016: others start a
     * free trial while slots last (cap 0 means no cap), else land on trial_ended and see the paid plan.
     * `welcome` writes what comes with the account (sign-up's verification token) in its transaction.
     * Decision 022: an address that has an account makes none and answers its owner instead, in as many statements:
     * the insert yields no row (no error to unwind), and the owner is read where the welcome would write.
     * `owner: null` is a username that a simultaneous sign-up took.
     */
    async create<T>(
      user: NewUser,
      policy: SignUpPolicy,
      welcome: (row: UserRow, tx: Db) => Promise<T>,
    ): Promise<{ row: UserRow; welcome: T } | { owner: UserRow | null }> {
      return db.transaction(async (tx) => {
        await lockSignUps(tx)
        const referral = await keptReferral(tx, user)
        const [stats] = await tx.select({ count: sql<number>`count(*)::int` }).from(users)
        const first = (stats?.count ?? 0) === 0 && policy.adminEmail === null
        const slot = first ? null : await takeSlot(tx, policy.trialSlotCap)
        const trial = slot !== null
        // The app clock, not the database's: the 48-hour slot rule and the inactivity count run on it.
        const now = clock()
        const [row] = await tx
          .insert(users)
          .values({
            ...user,
            ...referral,
            role: first ? 'admin' : 'user',
            subscriptionTier: first ? 'admin' : trial ? 'performance_trial' : 'trial_ended',
            trialSlotNumber: slot,
            trialEndDate: trial ? new Date(now.getTime() + policy.trialDays * 86_400_000) : null,
            createdAt: now,
            lastActiveAt: now,
          })
          .onConflictDoNothing()
          .returning()
        if (row) return { row, welcome: await welcome(row, tx) }
        const [owner] = await tx.select().from(users).where(sql`lower(${users.email}) = ${user.email}`)
        return { owner: owner ?? null }
      })
    },

    /**
     * Decision 016: an account whose slot was released while its e-mail was unverified gets one back on verifying,
     * if its trial days are not over and a slot is free. In the caller's transaction (the verification's).
     */
    async regainTrial(row: UserRow, cap: number, tx: Db): Promise<UserRow> {
      if (!regainsTrial(row, clock())) return row
      await lockSignUps(tx)
      const slot = await takeSlot(tx, cap)
      if (slot === null) return row
      const values = { subscriptionTier: 'performance_trial', trialSlotNumber: slot }
      return (await this.update(row.id, values, tx)) ?? row
    },

    async update(
      id: number,
      values: Partial<typeof users.$inferInsert>,
      tx: Db = db,
    ): Promise<UserRow | null> {
      const [row] = await tx.update(users).set(values).where(eq(users.id, id)).returning()
      return row ?? null
    },

    /**
     * A successful sign-in: its time and the count the admin list's login frequency reads. Decision 021: signing in
     * is activity too: the inactivity count and its notices start again, and an absence of `bannerDays` or
     * more is kept (absenceDays) for the banner; a shorter gap keeps whatever absence is not yet acknowledged.
     */
    async recordLogin(id: number, at: Date, bannerDays: number): Promise<void> {
      const gapDays = sql`floor(extract(epoch from (${at.toISOString()}::timestamptz - ${users.lastActiveAt})) / 86400)::integer`
      await db
        .update(users)
        .set({
          lastLoginAt: at,
          loginCount: sql`${users.loginCount} + 1`,
          lastActiveAt: at,
          inactivityNotices: 0,
          absenceDays: sql`case when ${gapDays} >= ${bannerDays} then ${gapDays} else ${users.absenceDays} end`,
        })
        .where(eq(users.id, id))
    },

    /**
     * Decision 014: a password, 2FA or suspension change. The credentials version moves on in the caller's
     * transaction, which ends (with the caller's help: auth/credentials.ts) older sessions and logins.
     */
    async changeCredentials(
      id: number,
      values: Partial<typeof users.$inferInsert>,
      tx: Db,
    ): Promise<UserRow | null> {
      const [row] = await tx
        .update(users)
        .set({ ...values, credentialsVersion: sql`${users.credentialsVersion} + 1` })
        .where(eq(users.id, id))
        .returning()
      return row ?? null
    },

    /** Decision 013: makes an account admin (the admin plan with it) or back into a user whose trial has ended. */
    async setAdmin(id: number, admin: boolean, tx: Db = db): Promise<UserRow | null> {
      const values = admin
        ? { role: 'admin' as const, subscriptionTier: 'admin' }
        : { role: 'user' as const, subscriptionTier: 'trial_ended' }
      const [row] = await tx.update(users).set(values).where(eq(users.id, id)).returning()
      return row ?? null
    },

    /** The admins' ids, their rows locked to the end of `tx`: a demotion that counts them cannot race another. */
    async lockAdmins(tx: Db): Promise<number[]> {
      const rows = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).for('update')
      return rows.map((row) => row.id)
    },

    async counts(): Promise<{ users: number; admins: number }> {
      const [row] = await db
        .select({
          users: sql<number>`count(*)::int`,
          admins: sql<number>`(count(*) filter (where ${users.role} = 'admin'))::int`,
        })
        .from(users)
      return { users: row?.users ?? 0, admins: row?.admins ?? 0 }
    },

    async trialSlotsLeft(cap: number): Promise<number | null> {
      const [row] = await db
        .select({ taken: sql<number>`count(${users.trialSlotNumber})::int` })
        .from(users)
        .where(lte(users.trialSlotNumber, cap))
      return slotsLeft(row?.taken ?? 0, cap)
    },
  }
}

/**
 * Whether the user's credentials are still at `version`, reading the row `for share` in the caller's
 * transaction: a concurrent change either committed before (and the version differs) or waits until the
 * caller's transaction ends, and then ends what the caller created (decision 014).
 */
export async function credentialsAreCurrent(tx: Db, userId: number, version: number): Promise<boolean> {
  const [row] = await tx
    .select({ version: users.credentialsVersion })
    .from(users)
    .where(eq(users.id, userId))
    .for('share')
  return row?.version === version
}

/** PostgreSQL's unique_violation, from either driver. */
export function isUniqueViolation(error: unknown): boolean {
  return violatedUniqueIndex(error) !== null
}

interface DriverError {
  code?: string
  /** postgres.js names the index here, PGlite in `constraint`. */
  constraint_name?: string
  constraint?: string
  cause?: DriverError
}

/** The unique index a failed insert or update ran into ('' when the driver did not say), or null. */
export function violatedUniqueIndex(error: unknown): string | null {
  for (let e = error as DriverError | undefined; e; e = e.cause) {
    if (e.code === '23505') return e.constraint_name ?? e.constraint ?? ''
  }
  return null
}
