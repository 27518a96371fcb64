import { z } from 'zod'
import { REFERRAL_CODE } from '../domain/accounts'
import { REFERRAL_MESSAGES } from '../domain/referrals'
import { instant } from './common'

/** Decision 017 and the spec's Referrals screen (sections 3, 5, 7 and 8); the texts live in the domain. */
export { REFERRAL_MESSAGES }

export const createReferralBody = z
  .object({
    referralCode: z
      .string(REFERRAL_MESSAGES.blank)
      .trim()
      .min(1, REFERRAL_MESSAGES.blank)
      .transform((code) => code.toUpperCase())
      .pipe(z.string().regex(REFERRAL_CODE, REFERRAL_MESSAGES.shape)),
  })
  .strict()

export const referralCreated = z.object({
  message: z.string(),
  referralCode: z.string(),
  /** The site root with `?ref=CODE`, which prefills sign-up. */
  link: z.string(),
})

export const referralStats = z
  .object({
    /** Percent off the referrer's subscription now: 10 per active referral, at most 50. */
    currentDiscount: z.number().int(),
    /** $99 times that percent, in dollars. */
    monthlyDiscountAmount: z.number(),
    activeReferrals: z.number().int(),
    /** Of the 5 that can count at once. */
    slotsRemaining: z.number().int(),
    /** Accounts that signed up with one of the user's codes. */
    totalReferrals: z.number().int(),
    activeDiscounts: z.array(
      z.object({ id: z.number().int(), discountPercentage: z.number(), endDate: instant }),
    ),
    referralDetails: z.array(
      z.object({
        id: z.number().int(),
        referralCode: z.string(),
        /** active: the friend paid and the 12 months run; pending: signed up, not paid yet; expired. */
        status: z.enum(['active', 'pending', 'expired']),
        /** The friend's username and a masked address (only its first letter and domain). */
        referredUser: z.object({ username: z.string(), email: z.string() }).nullable(),
      }),
    ),
    codes: z.array(
      z.object({
        referralCode: z.string(),
        link: z.string(),
        createdAt: instant,
        referred: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'ReferralStats' })
