import { z } from 'zod'
import { instant, noBody } from './common'

/** Decision 016: the plan screens (/pricing, the Settings Subscription card) and Stripe billing. */
export { BILLING_MESSAGES } from '../domain/billing'

/** GET /api/billing/plan: the signed-in user's plan, and what Monthly Unlimited costs them now. */
export const billingPlan = z
  .object({
    /** Whether the Monthly Unlimited button opens Stripe Checkout (else an admin records payments). */
    configured: z.boolean(),
    tier: z.string(),
    trialEndDate: instant.nullable(),
    /** Decision 016: trial slots left for new sign-ups; null when there is no cap. */
    trialSlotsLeft: z.number().int().nullable(),
    paidThrough: instant.nullable(),
    /** When Monthly Unlimited is next due (the end of the paid period); null without a paid plan. */
    nextPaymentDate: instant.nullable(),
    /** Decision 017: the referral discount active now, 0-50. */
    discountPercent: z.number().int(),
    /** Dollars a month before and after the discount. */
    monthlyPrice: z.number(),
    priceAfterDiscount: z.number(),
    /** A Stripe subscription the user can cancel ('Cancel subscription' is offered). */
    cancellable: z.boolean(),
    /** The canceled subscription ends (no further charge) at this instant; null while it renews. */
    subscriptionEndsAt: instant.nullable(),
  })
  .meta({ id: 'BillingPlan' })

/** POST /api/billing/cancel: the subscription stops renewing and ends with the period already paid. */
export const cancelSubscriptionBody = noBody
export const cancelSubscriptionAnswer = z.object({ subscriptionEndsAt: instant })

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
 * The parts of an event's object Grid reads, checked once its signature holds. A signed event
 * missing one of them, or holding one of another type, is a 400 naming it (`data.object.amount_paid`)
 * and changes nothing; every other field passes as Stripe sent it.
 */
const stripeId = z.string().min(1).max(255)
/** Stripe sends a related object as its id, or expanded. */
const related = z.union([stripeId, z.looseObject({ id: stripeId })])
const metadata = z.record(z.string(), z.string()).nullish()
/** Unix seconds up to the year 9999, an instant JavaScript and PostgreSQL both hold. */
const seconds = z.number().int().min(0).max(253_402_300_799)
const cents = z.number().int().min(0)

export const stripeInvoice = z.looseObject({
  id: stripeId,
  customer: related.nullish(),
  amount_paid: cents,
  subtotal: cents,
  total_discount_amounts: z.array(z.looseObject({ amount: cents })).nullish(),
  metadata,
  period_start: seconds,
  period_end: seconds,
  parent: z
    .looseObject({
      subscription_details: z.looseObject({ subscription: related.nullish(), metadata }).nullish(),
    })
    .nullish(),
  lines: z
    .looseObject({
      data: z.array(z.looseObject({ period: z.looseObject({ start: seconds, end: seconds }) })),
    })
    .nullish(),
})
export type StripeInvoice = z.infer<typeof stripeInvoice>

export const stripeCheckoutSession = z.looseObject({
  id: stripeId,
  client_reference_id: z.string().nullish(),
  customer: related.nullish(),
  subscription: related.nullish(),
  metadata,
})
export type StripeCheckoutSession = z.infer<typeof stripeCheckoutSession>

export const stripeSubscription = z.looseObject({ id: stripeId, customer: related.nullish(), metadata })
export type StripeSubscription = z.infer<typeof stripeSubscription>

/** An event whose object is `object`, as the handler reads it. */
export const stripeEventOf = <T extends z.ZodType>(object: T) =>
  z.looseObject({ id: stripeId, type: z.string(), data: z.looseObject({ object }) })

/**
 * What the event did: a payment recorded, or already recorded (a replay); the plan lapsed, or kept until
 * its paid period ends; the Stripe customer linked to the user; the subscription of an account that was
 * deleted canceled; or nothing (another event, unknown user).
 */
export const WEBHOOK_OUTCOMES = [
  'recorded',
  'duplicate',
  'lapsed',
  'kept',
  'linked',
  'canceled',
  'ignored',
] as const
export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number]

export const webhookAnswer = z.object({ received: z.literal(true), outcome: z.enum(WEBHOOK_OUTCOMES) })
