import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type Stripe from 'stripe'
import {
  BILLING_MESSAGES,
  type StripeCheckoutSession,
  type StripeInvoice,
  stripeCheckoutSession,
  stripeEventBody,
  stripeEventOf,
  stripeInvoice,
  stripeSubscription,
  type WebhookOutcome,
  webhookAnswer,
} from '../../contract/billing'
import { isId } from '../../contract/common'
import { lifecycleStep } from '../../domain/subscription'
import { refusals } from '../http/contract'
import { badRequest, conflict, HttpError, parse } from '../http/errors'
import { isUniqueViolation } from '../users/users.repository'
import { currentDiscountPercent, recordPayment } from './payments'
import { cancelSubscriptionNow, couponId, GRID_MARK, referralCoupon } from './stripe'

type Outcome = WebhookOutcome

/**
 * POST /api/billing/webhook: Stripe's signed events. Registered outside the signed-in subtree
 * (Stripe has no session), and Stripe's POSTs carry no Origin or Referer, so the same-origin check
 * (http/security.ts) lets them through; the Stripe-Signature header, checked by the SDK against the raw
 * bytes with STRIPE_WEBHOOK_SECRET, is what admits an event.
 *
 * Payments are recorded from `invoice.paid` alone, as Stripe's subscription guide advises: it comes for
 * the first invoice of a Checkout subscription and for every renewal, and it says what was charged and
 * for which period. `checkout.session.completed` only links the Stripe customer to the user (for later
 * checkouts and for events without our metadata); recording from it too would count the first month
 * twice. `customer.subscription.deleted` and `invoice.payment_failed` lapse the plan only when its paid
 * period is already over: otherwise the user keeps what was paid for, and the lifecycle job lapses it at
 * paidThrough. Every event is safe to replay: an invoice is recorded once (its id is the payment's
 * externalId), and a lapse or a link is a no-op the second time. Other events answer 200 and are ignored.
 *
 * A signed event is still checked for the fields its handler reads (src/contract/billing.ts): a
 * malformed one is a 400 naming the field, and changes nothing. An event about a subscription of an
 * account that was deleted cancels that subscription (`canceled`).
 */
export async function billingWebhookRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { config, repos } = app
  const stripe = app.stripe

  // The signature covers the exact bytes Stripe sent: this scope keeps them beside the parsed event.
  const rawBodies = new WeakMap<FastifyRequest, Buffer>()
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    rawBodies.set(request, body as Buffer)
    try {
      done(null, JSON.parse((body as Buffer).toString('utf8')))
    } catch {
      done(badRequest('The body must be a Stripe event in JSON'), undefined)
    }
  })

  const schema = {
    summary: 'Stripe’s signed events (for Stripe, not for browsers)',
    description:
      'Verified against the Stripe-Signature header (400 when it does not match). invoice.paid records the payment once per invoice and extends the plan to the period’s end; checkout.session.completed links the Stripe customer; customer.subscription.deleted and invoice.payment_failed end the plan when its paid period is over; an event about a subscription of a deleted account cancels it (`canceled`). A signed event missing a field Grid reads, or with one of another type, is a 400 naming it and changes nothing. Replays change nothing; other events are ignored. 409 without Stripe keys.',
    body: stripeEventBody,
    response: { 200: webhookAnswer, ...refusals(400, 409, 503) },
  }
  app.post('/api/billing/webhook', { schema }, async (request) => {
    if (!stripe || !config.billing.stripe) throw conflict(BILLING_MESSAGES.notConfigured)
    const signature = request.headers['stripe-signature']
    const raw = rawBodies.get(request)
    if (typeof signature !== 'string' || signature === '') {
      throw badRequest('The Stripe-Signature header is missing', 'stripe-signature')
    }
    if (!raw) throw badRequest('The body must be a Stripe event in JSON')
    let event: Stripe.Event
    try {
      event = stripe.webhooks.constructEvent(raw, signature, config.billing.stripe.webhookSecret)
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      throw badRequest(`The Stripe signature does not match: ${reason}`, 'stripe-signature')
    }
    const outcome = await handle(event)
    request.log.info({ event: event.id, type: event.type, outcome }, 'stripe event')
    return { received: true as const, outcome }
  })

  async function handle(event: Stripe.Event): Promise<Outcome> {
    switch (event.type) {
      case 'invoice.paid':
        return invoicePaid(parse(stripeEventOf(stripeInvoice), event).data.object)
      case 'checkout.session.completed':
        return linkCustomer(parse(stripeEventOf(stripeCheckoutSession), event).data.object)
      case 'customer.subscription.deleted': {
        const subscription = parse(stripeEventOf(stripeSubscription), event).data.object
        return lapse(await userFor(subscription.metadata?.userId, subscription.customer))
      }
      case 'invoice.payment_failed': {
        const invoice = parse(stripeEventOf(stripeInvoice), event).data.object
        const userId = await userFor(invoiceUserId(invoice), invoice.customer)
        if (userId === null)
          return cancelIfDeleted(invoice.parent?.subscription_details, invoiceSubscription(invoice))
        return lapse(userId)
      }
      default:
        return 'ignored'
    }
  }

  async function invoicePaid(invoice: StripeInvoice): Promise<Outcome> {
    const userId = await userFor(invoiceUserId(invoice), invoice.customer)
    if (userId === null) {
      const outcome = await cancelIfDeleted(
        invoice.parent?.subscription_details,
        invoiceSubscription(invoice),
      )
      app.log.warn({ invoice: invoice.id, outcome }, 'stripe invoice for no known user')
      return outcome
    }
    const percent = invoicePercent(invoice)
    const terms = {
      period: invoicePeriod(invoice),
      amountCents: invoice.amount_paid,
      discountPercent: percent,
    }
    const paid = await app.db.transaction((tx) =>
      recordPayment(
        tx,
        repos,
        userId,
        { terms, source: 'stripe', externalId: invoice.id, recordedBy: null },
        app.clock(),
      ),
    )
    await renewDiscount(invoice, userId, percent)
    return paid ? 'recorded' : 'duplicate'
  }

  /**
   * Decision 017: the next invoice carries the discount active now (a friend's first payment may have added 10%,
   * or a discount's 12 months ended). A failure answers 503, so Stripe sends the event again; the payment
   * itself is already recorded once.
   */
  async function renewDiscount(invoice: StripeInvoice, userId: number, charged: number): Promise<void> {
    const id = invoiceSubscription(invoice)
    if (!stripe || !id) return
    const percent = await currentDiscountPercent(repos, userId, app.clock())
    if (percent === charged) return
    try {
      const discounts = percent > 0 ? [{ coupon: await referralCoupon(stripe, percent) }] : ''
      await stripe.subscriptions.update(id, { discounts })
      app.log.info({ subscription: id, coupon: percent > 0 ? couponId(percent) : null }, 'discount renewed')
    } catch (error) {
      app.log.error({ err: error, subscription: id }, 'stripe discount update failed')
      throw new HttpError(503, BILLING_MESSAGES.providerDown)
    }
  }

  /**
   * A subscription this Grid made (createCheckout puts APP_URL in its metadata) for a user who no
   * longer exists charges nobody's account: it is canceled now. The deletion canceled the subscriptions
   * it could find; this catches one whose customer was not linked yet. A subscription without this
   * Grid's mark (another app on the same Stripe account) is left alone. A failure answers 503 and Stripe
   * retries.
   */
  async function cancelIfDeleted(
    holder: { metadata?: Record<string, string> | null | undefined } | null | undefined,
    subscription: string | null,
  ): Promise<Outcome> {
    const metadata = holder?.metadata
    const id = idOf(metadata?.userId)
    if (!stripe || !subscription || metadata?.[GRID_MARK] !== config.http.appUrl || id === null)
      return 'ignored'
    if (await repos.users.byId(id)) return 'ignored'
    try {
      await cancelSubscriptionNow(stripe, subscription)
    } catch (error) {
      app.log.error({ err: error, subscription }, 'stripe cancel failed for a deleted account')
      throw new HttpError(503, BILLING_MESSAGES.providerDown)
    }
    app.log.info({ subscription }, 'stripe subscription of a deleted account canceled')
    return 'canceled'
  }

  /** Links the customer, and (a new subscription) clears an earlier one's cancellation. */
  async function linkCustomer(session: StripeCheckoutSession): Promise<Outcome> {
    const userId = await userFor(session.client_reference_id ?? session.metadata?.userId, null)
    if (userId === null) return cancelIfDeleted(session, relatedId(session.subscription))
    const customer = relatedId(session.customer)
    if (!customer) return 'ignored'
    try {
      await repos.users.update(userId, { stripeCustomerId: customer, subscriptionEndsAt: null })
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
      app.log.warn({ user: userId, customer }, 'stripe customer already linked to another user')
      return 'ignored'
    }
    return 'linked'
  }

  /** The plan lapses now only when the paid period is over; else at paidThrough (the lifecycle job). */
  async function lapse(userId: number | null): Promise<Outcome> {
    if (userId === null) return 'ignored'
    return app.db.transaction(async (tx) => {
      const user = await repos.users.lockById(userId, tx)
      if (user?.subscriptionTier !== 'monthly_paid') return 'ignored'
      // The lifecycle's one rule (domain/subscription.ts): a paid plan lapses once its period is over.
      const step = lifecycleStep(user, app.clock())
      if (!step) return 'kept'
      await repos.users.update(userId, { subscriptionTier: step.tier }, tx)
      return 'lapsed'
    })
  }

  /** Our user id from the metadata Checkout put there, else the user the Stripe customer is linked to. */
  async function userFor(
    metadataId: string | null | undefined,
    customer: string | { id: string } | null | undefined,
  ): Promise<number | null> {
    const id = idOf(metadataId)
    if (id !== null) return (await repos.users.byId(id))?.id ?? null
    const customerId = relatedId(customer)
    if (!customerId) return null
    return (await repos.users.byStripeCustomer(customerId))?.id ?? null
  }
}

/** A user id as Checkout wrote it into the metadata, or null. */
function idOf(text: string | null | undefined): number | null {
  const id = text && /^\d{1,10}$/.test(text) ? Number(text) : null
  return id !== null && isId(id) ? id : null
}

const relatedId = (value: string | { id: string } | null | undefined) =>
  (typeof value === 'string' ? value : value?.id) ?? null

function invoiceUserId(invoice: StripeInvoice): string | undefined {
  return invoice.parent?.subscription_details?.metadata?.userId ?? invoice.metadata?.userId ?? undefined
}

const invoiceSubscription = (invoice: StripeInvoice) =>
  relatedId(invoice.parent?.subscription_details?.subscription)

/** The service period the invoice paid for: its lines' (a subscription's month), else the invoice's own. */
function invoicePeriod(invoice: StripeInvoice): { start: Date; end: Date } {
  const lines = invoice.lines?.data ?? []
  const starts = lines.map((line) => line.period.start)
  const ends = lines.map((line) => line.period.end)
  const start = starts.length > 0 ? Math.min(...starts) : invoice.period_start
  const end = ends.length > 0 ? Math.max(...ends) : invoice.period_end
  return { start: new Date(start * 1000), end: new Date(end * 1000) }
}

/** The discount Stripe applied, in whole percent of the subtotal. */
function invoicePercent(invoice: StripeInvoice): number {
  const discounted = (invoice.total_discount_amounts ?? []).reduce((sum, d) => sum + d.amount, 0)
  return invoice.subtotal > 0 ? Math.round((discounted * 100) / invoice.subtotal) : 0
}
