import { eq } from 'drizzle-orm'
import { discountPercent, nextPeriod, periodPriceCents } from '../../domain/referrals'
import type { Repositories } from '../app'
import { payments } from '../db/billing-schema'
import type { Db } from '../db/client'
import { type UserRow, users } from '../db/schema'

/**
 * What was paid for. An admin records whole months at $99 less the user's referral discount now (decision 016,
 * Decision 017), the period following the last paid one; Stripe says itself what it charged and for which period.
 */
export type PaymentTerms =
  | { months: number }
  | { period: { start: Date; end: Date }; amountCents: number; discountPercent: number }

export interface PaymentInput {
  terms: PaymentTerms
  source: 'admin' | 'stripe'
  /** The provider's id of the payment (a Stripe invoice): recorded once, whatever the replays. */
  externalId?: string | null
  /** The admin who recorded it; null for the provider. */
  recordedBy?: number | null
}

export interface RecordedPayment {
  paymentId: number
  start: Date
  end: Date
  /** The account is paid through this instant now (never earlier than it already was). */
  paidThrough: Date
  amountCents: number
  discountPercent: number
  /** Whether this was the user's first payment (which starts the referrer's discount). */
  first: boolean
}

/**
 * The one rule for a payment, used by the admin's mark-paid and by Stripe's webhook, inside the caller's
 * transaction: the user's row is locked (two payments at once each extend the period once), the payment
 * row is written (a payment whose externalId is already recorded changes nothing and answers null), the
 * plan becomes Monthly Unlimited paid through the later of the old and new ends, and a first payment
 * starts the discount of whoever referred the user (decision 017). An admin account keeps its plan.
 */
export async function recordPayment(
  tx: Db,
  repos: Pick<Repositories, 'referrals'>,
  userId: number,
  input: PaymentInput,
  now: Date,
): Promise<RecordedPayment | null> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update')
  if (!user) throw new Error(`no user ${userId} to record a payment for`)
  const [earlier] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.userId, user.id))
    .limit(1)
  const { start, end, amountCents, percent } = await termsOf(tx, repos, user, input.terms, now)
  const [row] = await tx
    .insert(payments)
    .values({
      userId: user.id,
      amountCents,
      discountPercent: percent,
      periodStart: start,
      periodEnd: end,
      source: input.source,
      externalId: input.externalId ?? null,
      recordedBy: input.recordedBy ?? null,
      createdAt: now,
    })
    .onConflictDoNothing({ target: payments.externalId })
    .returning({ id: payments.id })
  if (!row) return null
  const paidThrough = user.paidThrough && user.paidThrough > end ? user.paidThrough : end
  await tx
    .update(users)
    .set({ subscriptionTier: user.role === 'admin' ? user.subscriptionTier : 'monthly_paid', paidThrough })
    .where(eq(users.id, user.id))
  if (!earlier) await repos.referrals.activateFor(tx, user, now)
  return {
    paymentId: row.id,
    start,
    end,
    paidThrough,
    amountCents,
    discountPercent: percent,
    first: !earlier,
  }
}

async function termsOf(
  tx: Db,
  repos: Pick<Repositories, 'referrals'>,
  user: UserRow,
  terms: PaymentTerms,
  now: Date,
) {
  if ('period' in terms) {
    const { period, amountCents, discountPercent: percent } = terms
    return { ...period, amountCents, percent }
  }
  const percent = discountPercent(await repos.referrals.activeCount(user.id, now, tx))
  const period = nextPeriod(now, user.paidThrough, terms.months)
  return { ...period, amountCents: periodPriceCents(terms.months, percent), percent }
}

/** The user's referral discount now, in percent (decision 017). */
export async function currentDiscountPercent(
  repos: Pick<Repositories, 'referrals'>,
  userId: number,
  now: Date,
): Promise<number> {
  return discountPercent(await repos.referrals.activeCount(userId, now))
}
