import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  BILLING_MESSAGES,
  billingPlan,
  cancelSubscriptionAnswer,
  cancelSubscriptionBody,
  checkoutAnswer,
  checkoutBody,
} from '../../contract/billing'
import { centsToDollars, formatDollars } from '../../domain/money'
import { MONTHLY_PRICE_CENTS, periodPriceCents } from '../../domain/referrals'
import { signedInUser } from '../auth/session.plugin'
import { refusals } from '../http/contract'
import { conflict, HttpError } from '../http/errors'
import { currentDiscountPercent } from './payments'
import { cancelAtPeriodEnd, createCheckout } from './stripe'

/**
 * The signed-in side of billing (decisions 016 and 017): what the user's plan is and costs, and Stripe
 * Checkout for Monthly Unlimited when Stripe is configured, and its cancellation. Stripe's webhook is webhook.routes.ts.
 */
export async function billingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { config, repos } = app
  const stripe = app.stripe

  app.get(
    '/api/billing/plan',
    {
      schema: {
        summary: 'The user’s plan and what Monthly Unlimited costs them',
        description:
          'Plan, trial end, trial slots left (null: no cap), paid-through and next payment dates, the referral discount and the price after it (decisions 016 and 017); `configured` says whether the Monthly Unlimited button opens Stripe Checkout; `cancellable` whether a Stripe subscription can be canceled, and `subscriptionEndsAt` when a canceled one ends (then there is no next payment).',
        response: { 200: billingPlan },
      },
    },
    async (request) => {
      const user = signedInUser(request)
      const now = app.clock()
      const percent = user.role === 'admin' ? 0 : await currentDiscountPercent(repos, user.id, now)
      const paid = user.subscriptionTier === 'monthly_paid' && user.paidThrough !== null
      const endsAt = paid ? user.subscriptionEndsAt : null
      return {
        configured: stripe !== null,
        tier: user.subscriptionTier,
        trialEndDate: user.trialEndDate?.toISOString() ?? null,
        trialSlotsLeft: await repos.users.trialSlotsLeft(config.billing.trialSlotCap),
        paidThrough: user.paidThrough?.toISOString() ?? null,
        nextPaymentDate: paid && !endsAt ? (user.paidThrough?.toISOString() ?? null) : null,
        discountPercent: percent,
        monthlyPrice: centsToDollars(MONTHLY_PRICE_CENTS),
        priceAfterDiscount: centsToDollars(periodPriceCents(1, percent)),
        cancellable: stripe !== null && paid && user.stripeCustomerId !== null && !endsAt,
        subscriptionEndsAt: endsAt?.toISOString() ?? null,
      }
    },
  )

  /**
   * Decision 050, 'cancel anytime': the Stripe subscription stops renewing and runs to the end of the period
   * already paid for (Stripe's cancel at period end); the plan lapses then, as any paid period does.
   * Asking again answers the same end. 409 without a subscription, 503 when Stripe cannot be reached.
   */
  const cancelSchema = {
    summary: 'Cancel the Stripe subscription at the end of the paid period',
    description:
      'The subscription stops renewing; the plan runs to the period’s end, answered as `subscriptionEndsAt`. Asking again answers the same end. 409 for admins and without a Stripe subscription; 503 when Stripe cannot be reached.',
    body: cancelSubscriptionBody,
    response: { 200: cancelSubscriptionAnswer, ...refusals(400, 409, 503) },
  }
  app.post('/api/billing/cancel', { schema: cancelSchema }, async (request) => {
    const user = signedInUser(request)
    if (user.role === 'admin') throw conflict(BILLING_MESSAGES.admin)
    const customer = user.stripeCustomerId
    if (!stripe || !customer) throw conflict(BILLING_MESSAGES.noSubscription)
    let endsAt: Date | null
    try {
      endsAt = await cancelAtPeriodEnd(stripe, customer)
    } catch (error) {
      request.log.error({ err: error, user: user.id }, 'stripe cancel failed')
      throw new HttpError(503, BILLING_MESSAGES.providerDown)
    }
    if (!endsAt) throw conflict(BILLING_MESSAGES.noSubscription)
    await repos.users.update(user.id, { subscriptionEndsAt: endsAt })
    request.log.info({ user: user.id, endsAt }, 'stripe subscription set to end')
    return { subscriptionEndsAt: endsAt.toISOString() }
  })

  const checkoutSchema = {
    summary: 'Open Stripe Checkout for Monthly Unlimited',
    description: `Answers the Checkout page’s url: a $${formatDollars(MONTHLY_PRICE_CENTS, 0)} monthly subscription with the user’s referral discount as a coupon, back to /settings?billing=success or cancel. 409 without Stripe keys (an admin records payments instead), for admins, and while a paid period runs; 503 when Stripe cannot be reached.`,
    body: checkoutBody,
    response: { 200: checkoutAnswer, ...refusals(400, 409, 503) },
  }
  app.post('/api/billing/checkout', { schema: checkoutSchema }, async (request) => {
    const user = signedInUser(request)
    if (user.role === 'admin') throw conflict(BILLING_MESSAGES.admin)
    if (!stripe || !config.billing.stripe) throw conflict(BILLING_MESSAGES.notConfigured)
    const now = app.clock()
    if (user.subscriptionTier === 'monthly_paid' && user.paidThrough && user.paidThrough > now) {
      const day = user.paidThrough.toISOString().slice(0, 10)
      throw conflict(`Monthly Unlimited is already paid through ${day}`)
    }
    const percent = await currentDiscountPercent(repos, user.id, now)
    try {
      const url = await createCheckout(stripe, {
        user,
        priceId: config.billing.stripe.priceId,
        percent,
        appUrl: config.http.appUrl,
      })
      request.log.info({ user: user.id, percent }, 'stripe checkout created')
      return { url }
    } catch (error) {
      request.log.error({ err: error, user: user.id }, 'stripe checkout failed')
      throw new HttpError(503, BILLING_MESSAGES.providerDown)
    }
  })
}
