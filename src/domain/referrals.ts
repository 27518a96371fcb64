import { ACCOUNT_MESSAGES } from './accounts'
import { type Cents, divRound } from './money'

/** Decision 016: Monthly Unlimited is $99 a month. */
export const MONTHLY_PRICE_CENTS: Cents = 9_900
/** Decision 017: each referred friend who pays takes 10% off for 12 months; at most 5 count at once (50%). */
export const REFERRAL_DISCOUNT_PERCENT = 10
export const MAX_ACTIVE_REFERRALS = 5
export const DISCOUNT_MONTHS = 12

/**
 * Decision 017 and the spec's referral texts (sections 5 and 8), one copy for the route's schema and the screen:
 * the web shows the blank message itself and the server's message for the rest.
 */
export const REFERRAL_MESSAGES = {
  blank: 'Please enter a referral code',
  shape: ACCOUNT_MESSAGES.referralCode,
  created: 'Referral code created successfully!',
  taken: 'That referral code is already taken',
  /** Sign-up: a code must exist when it is given, so no one can take it later and become the referrer. */
  unknown: 'That referral code does not exist. Check it, or leave the field empty.',
  failed: 'Failed to create referral code',
  copied: 'Copied!',
} as const

/** The referrer's discount in percent, from the discounts active now. */
export function discountPercent(activeDiscounts: number): number {
  return Math.min(Math.max(0, activeDiscounts), MAX_ACTIVE_REFERRALS) * REFERRAL_DISCOUNT_PERCENT
}

/** What the discount takes off a month (docs/spec/product-spec.md §9: $99 times the percent), in cents. */
export function monthlyDiscountCents(percent: number): Cents {
  return divRound(MONTHLY_PRICE_CENTS * percent, 100)
}

/** What `months` of Monthly Unlimited cost at a discount, in cents: each month's price rounded once. */
export function periodPriceCents(months: number, percent: number): Cents {
  return months * (MONTHLY_PRICE_CENTS - monthlyDiscountCents(percent))
}

/**
 * The same day `months` calendar months later (UTC), or the month's last day when it is shorter: a
 * discount from 31 January runs to 31 January next year, a month paid on 31 January to 28 February.
 */
export function addMonths(from: Date, months: number): Date {
  const target = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + months, 1))
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate()
  target.setUTCDate(Math.min(from.getUTCDate(), lastDay))
  target.setUTCHours(
    from.getUTCHours(),
    from.getUTCMinutes(),
    from.getUTCSeconds(),
    from.getUTCMilliseconds(),
  )
  return target
}

/** A paid period starts where the last one ends, or now when there is none or it has lapsed. */
export function nextPeriod(now: Date, paidThrough: Date | null, months: number): { start: Date; end: Date } {
  const start = paidThrough && paidThrough > now ? paidThrough : now
  return { start, end: addMonths(start, months) }
}

/** Decision 025-minded: a referrer sees who joined, not the friend's whole address ('j***@example.com'). */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at <= 0) return '***'
  return `${email[0]}***${email.slice(at)}`
}
