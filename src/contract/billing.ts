import { z } from 'zod'
import { instant, noBody } from './common'

/** Issue 15 and D16: the plan screens (/pricing, the Settings Subscription card) and Stripe billing. */
export { BILLING_MESSAGES } from '../domain/billing'

/** GET /api/billing/plan: the signed-in user's plan, and what Monthly Unlimited costs them now. */
export const billingPlan = z
  .object({
    /** Whether the Monthly Unlimited button opens Stripe Checkout (else an admin records payments). */
    configured: z.boolean(),
    tier: z.string(),
    trialEndDate: instant.nullable(),
    /** D16: trial slots left for new sign-ups; null when there is no cap. */
    trialSlotsLeft: z.number().int().nullable(),
    paidThrough: instant.nullable(),
    /** When Monthly Unlimited is next due (the end of the paid period); null without a paid plan. */
    nextPaymentDate: instant.nullable(),
    /** D17: the referral discount active now, 0-50. */
    discountPercent: z.number().int(),
    /** Dollars a month before and after the discount. */
    monthlyPrice: z.number(),
    priceAfterDiscount: z.number(),
  })
  .meta({ id: 'BillingPlan' })

export const checkoutBody = noBody
/** Where the browser goes next: Stripe's hosted Checkout page. */
export const checkoutAnswer = z.object({ url: z.string() })

/**
 * POST /api/billing/webhook: a Stripe event, exactly as Stripe sends it; the handler checks the
 * Stripe-Signature header against the raw bytes before reading anything else.
 */
export const stripeEventBody = z
  .looseObject({ id: z.string('Not a Stripe event'), type: z.string('Not a Stripe event') })
  .meta({ id: 'StripeEvent' })

/**
 * What the event did: a payment recorded, or already recorded (a replay); the plan lapsed, or kept until
 * its paid period ends; the Stripe customer linked to the user; or nothing (another event, unknown user).
 */
export const WEBHOOK_OUTCOMES = ['recorded', 'duplicate', 'lapsed', 'kept', 'linked', 'ignored'] as const
export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number]

export const webhookAnswer = z.object({ received: z.literal(true), outcome: z.enum(WEBHOOK_OUTCOMES) })
