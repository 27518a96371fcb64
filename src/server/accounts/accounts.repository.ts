import { and, eq, gt, isNull, lt, lte, ne, or, sql } from 'drizzle-orm'
import { UNVERIFIED_SLOT_HOURS } from '../../domain/subscription'
import { randomToken, type SecretHasher } from '../auth/crypto'
import { dataExports } from '../db/accounts-schema'
import { bets } from '../db/bets-schema'
import { payments } from '../db/billing-schema'
import type { Db } from '../db/client'
import { type UserRow, users } from '../db/schema'

/** Decision 025: financial records (bets, payments) are kept de-identified this long, then purged. */
export const FINANCIAL_RETENTION_YEARS = 7
/** docs/spec/product-spec.md §9: a terminated account's data can be downloaded for 30 days. */
export const EXPORT_LINK_DAYS = 30
/** How long a download link lives after its first use (time enough to retry a broken download). */
export const EXPORT_LINK_AFTER_USE_MINUTES = 60
const DAY_MS = 86_400_000
const HOUR_MS = 3_600_000

/** The account lifecycle's reads and writes (the account job, deletion, the data download). */
export function accountsRepository(db: Db, hash: SecretHasher) {
  const exportHash = (token: string) => hash('data-export', token)

  return {
    /**
     * Accounts a lifecycle step may be due for: a trial past its end or unverified past 48 hours, a paid
     * period over. A coarse filter; `lifecycleStep` (domain/subscription.ts) decides for each.
     */
    async lifecycleCandidates(now: Date): Promise<UserRow[]> {
      const unverifiedBefore = new Date(now.getTime() - UNVERIFIED_SLOT_HOURS * HOUR_MS)
      return db
        .select()
        .from(users)
        .where(
          or(
            and(
              eq(users.subscriptionTier, 'performance_trial'),
              or(
                isNull(users.trialEndDate),
                lte(users.trialEndDate, now),
                and(isNull(users.emailVerifiedAt), lte(users.createdAt, unverifiedBefore)),
              ),
            ),
            and(
              eq(users.subscriptionTier, 'monthly_paid'),
              or(isNull(users.paidThrough), lte(users.paidThrough, now)),
            ),
          ),
        )
    },

    /**
     * Moves an account on, provided nothing changed since it was read (a payment recorded meanwhile moves
     * the period on, and then this writes nothing). True when written.
     */
    async applyStep(
      user: UserRow,
      values: { subscriptionTier: string; trialSlotNumber?: null },
    ): Promise<boolean> {
      const unchanged = and(
        eq(users.id, user.id),
        eq(users.subscriptionTier, user.subscriptionTier),
        user.paidThrough ? eq(users.paidThrough, user.paidThrough) : isNull(users.paidThrough),
      )
      const written = await db.update(users).set(values).where(unchanged).returning({ id: users.id })
      return written.length > 0
    },

    /** Decision 021: users (never admins, never accounts an admin deleted) inactive for `days` or more. */
    async inactiveSince(days: number, now: Date): Promise<UserRow[]> {
      const before = new Date(now.getTime() - days * DAY_MS)
      return db
        .select()
        .from(users)
        .where(and(ne(users.role, 'admin'), eq(users.isDeleted, false), lte(users.lastActiveAt, before)))
    },

    /** Counts a notice as sent, unless the user came back meanwhile (which set the count back to 0). */
    async noticeSent(user: UserRow, notices: number): Promise<boolean> {
      const written = await db
        .update(users)
        .set({ inactivityNotices: notices })
        .where(and(eq(users.id, user.id), eq(users.lastActiveAt, user.lastActiveAt)))
        .returning({ id: users.id })
      return written.length > 0
    },

    /**
     * Decision 021: 'I'm Here!' is activity (as signing in is: users.recordLogin): the count and its notices start
     * again, and the absence the banner showed is acknowledged.
     */
    async recordActivity(userId: number, now: Date) {
      await db
        .update(users)
        .set({ lastActiveAt: now, inactivityNotices: 0, absenceDays: null })
        .where(eq(users.id, userId))
    },

    /** The banner's dismissal: the absence it showed is acknowledged, without counting as activity. */
    async dismissAbsence(userId: number) {
      await db.update(users).set({ absenceDays: null }).where(eq(users.id, userId))
    },

    /** Keeps a terminated account's archive for 30 days; answers the link's token (only its hash is stored). */
    async storeExport(tx: Db, formerUserId: number, archive: Uint8Array, now: Date): Promise<string> {
      const token = randomToken()
      await tx.insert(dataExports).values({
        tokenHash: exportHash(token),
        formerUserId,
        archive,
        createdAt: now,
        expiresAt: new Date(now.getTime() + EXPORT_LINK_DAYS * DAY_MS),
      })
      return token
    },

    /**
     * The archive behind a link, if the link is live. The first download cuts the link's life
     * to EXPORT_LINK_AFTER_USE_MINUTES from then (never longer than its 30 days), so a link found later
     * in a mailbox or a log is dead, while a download that broke can be tried again at once.
     */
    async useExport(token: string, now: Date) {
      const cut = new Date(now.getTime() + EXPORT_LINK_AFTER_USE_MINUTES * 60_000)
      const [row] = await db
        .update(dataExports)
        .set({ expiresAt: sql`least(${dataExports.expiresAt}, ${cut.toISOString()}::timestamptz)` })
        .where(and(eq(dataExports.tokenHash, exportHash(token)), gt(dataExports.expiresAt, now)))
        .returning()
      return row ?? null
    },

    /**
     * Decision 025: financial records of deleted accounts older than 7 years, and expired download archives, go.
     * Records still tied to an account stay: they are the account's own history.
     */
    async purge(now: Date): Promise<{ bets: number; payments: number; exports: number }> {
      const cutoff = new Date(now)
      cutoff.setUTCFullYear(cutoff.getUTCFullYear() - FINANCIAL_RETENTION_YEARS)
      return db.transaction(async (tx) => {
        const oldBets = await tx
          .delete(bets)
          .where(and(isNull(bets.userId), lt(bets.placedAt, cutoff)))
          .returning({ id: bets.id })
        const oldPayments = await tx
          .delete(payments)
          .where(and(isNull(payments.userId), lt(payments.createdAt, cutoff)))
          .returning({ id: payments.id })
        const expired = await tx
          .delete(dataExports)
          .where(lte(dataExports.expiresAt, now))
          .returning({ id: dataExports.id })
        return { bets: oldBets.length, payments: oldPayments.length, exports: expired.length }
      })
    },

    /**
     * Locks the account row for its deletion, provided it is still there and (decision 021: for inactivity) its
     * owner has not come back since the job read it. True when the deletion may go on.
     */
    async lockForDeletion(tx: Db, user: UserRow, onlyIfInactive: boolean): Promise<boolean> {
      const [row] = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(eq(users.id, user.id), onlyIfInactive ? eq(users.lastActiveAt, user.lastActiveAt) : undefined),
        )
        .for('update')
      return row !== undefined
    },

    /** Decision 025: the account row goes; sessions, tokens, codes and requests with it, bets and payments stay unnamed. */
    async deleteUser(tx: Db, userId: number): Promise<void> {
      await tx.delete(users).where(eq(users.id, userId))
    },
  }
}

export type AccountsRepository = ReturnType<typeof accountsRepository>
