import { and, asc, count, eq, gt, lte } from 'drizzle-orm'
import { addMonths, DISCOUNT_MONTHS } from '../../domain/referrals'
import { referralCodes, referralDiscounts } from '../db/billing-schema'
import type { Db } from '../db/client'
import { type UserRow, users } from '../db/schema'
import { violatedUniqueIndex } from '../users/users.repository'

/** A user may keep this many codes: enough to share one per place, not a table to fill. */
export const MAX_CODES_PER_USER = 50

/** Decision 017: referral codes, who signed up with them, and the discounts their first payments started. */
export function referralsRepository(db: Db) {
  return {
    /** Who holds a code now (sign-up binds the friend to them), or null when no one does. */
    async ownerOf(code: string): Promise<number | null> {
      const [row] = await db
        .select({ ownerId: referralCodes.ownerId })
        .from(referralCodes)
        .where(eq(referralCodes.code, code))
      return row?.ownerId ?? null
    },

    /** 'taken' when another user (or this one) already has the code, 'full' at the per-user limit. */
    async createCode(ownerId: number, code: string, at: Date): Promise<'created' | 'taken' | 'full'> {
      const [held] = await db
        .select({ n: count() })
        .from(referralCodes)
        .where(eq(referralCodes.ownerId, ownerId))
      if ((held?.n ?? 0) >= MAX_CODES_PER_USER) return 'full'
      try {
        await db.insert(referralCodes).values({ code, ownerId, createdAt: at })
        return 'created'
      } catch (error) {
        if (violatedUniqueIndex(error) !== null) return 'taken'
        throw error
      }
    },

    /** The user's codes, the accounts they referred (bound at sign-up), and the discounts they started. */
    async overview(userId: number) {
      const codes = await db
        .select()
        .from(referralCodes)
        .where(eq(referralCodes.ownerId, userId))
        .orderBy(asc(referralCodes.createdAt), asc(referralCodes.code))
      const referred = await db
        .select({ id: users.id, username: users.username, email: users.email, code: users.referralCode })
        .from(users)
        .where(and(eq(users.referredBy, userId), eq(users.isDeleted, false)))
        .orderBy(asc(users.id))
      const discounts = await db
        .select()
        .from(referralDiscounts)
        .where(eq(referralDiscounts.referrerId, userId))
        .orderBy(asc(referralDiscounts.activatedAt), asc(referralDiscounts.id))
      return { codes, referred, discounts }
    },

    /**
     * In the transaction recording `payer`'s first payment: whoever referred the payer at sign-up gets
     * 10% off for 12 months from now (one discount per friend).
     */
    async activateFor(tx: Db, payer: UserRow, now: Date): Promise<void> {
      if (payer.referredBy === null || payer.referralCode === null) return
      await tx
        .insert(referralDiscounts)
        .values({
          referrerId: payer.referredBy,
          referredUserId: payer.id,
          code: payer.referralCode,
          activatedAt: now,
          endsAt: addMonths(now, DISCOUNT_MONTHS),
          status: 'active',
        })
        .onConflictDoNothing()
    },

    /** The discounts active for a referrer now (the caller caps the percent, domain/referrals.ts). */
    async activeCount(referrerId: number, now: Date, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(referralDiscounts)
        .where(
          and(
            eq(referralDiscounts.referrerId, referrerId),
            eq(referralDiscounts.status, 'active'),
            gt(referralDiscounts.endsAt, now),
          ),
        )
      return row?.n ?? 0
    },

    /** Ends the discounts whose 12 months are over; answers how many. */
    async expire(now: Date): Promise<number> {
      const ended = await db
        .update(referralDiscounts)
        .set({ status: 'expired' })
        .where(and(eq(referralDiscounts.status, 'active'), lte(referralDiscounts.endsAt, now)))
        .returning({ id: referralDiscounts.id })
      return ended.length
    },
  }
}

export type ReferralsRepository = ReturnType<typeof referralsRepository>
