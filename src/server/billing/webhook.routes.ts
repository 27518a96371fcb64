import { eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type Stripe from 'stripe'
import { BILLING_MESSAGES, stripeEventBody, type WebhookOutcome, webhookAnswer } from '../../contract/billing'
import { isId } from '../../contract/common'
import { lifecycleStep } from '../../domain/subscription'
import { users } from '../db/schema'
import { refusals } from '../http/contract'
import { badRequest, conflict, HttpError } from '../http/errors'
import { isUniqueViolation } from '../users/users.repository'
import { currentDiscountPercent, recordPayment } from './payments'
import { couponId, referralCoupon, stripeClient } from './stripe'

type Outcome = WebhookOutcome

/**
 * POST /api/billing/webhook: Stripe's signed events (issue 15). Registered outside the signed-in subtree
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
 */
export async function billingWebhookRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { config, repos } = app
  const stripe = config.stripe ? stripeClient(config.stripe) : null

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
    body: stripeEventBody,
    response: { 200: webhookAnswer, ...refusals(400, 409, 503) },
  }
  app.post('/api/billing/webhook', { schema }, async (request) => {
    if (!stripe || !config.stripe) throw conflict(BILLING_MESSAGES.notConfigured)
    const signature = request.headers['stripe-signature']
    const raw = rawBodies.get(request)
    if (typeof signature !== 'string' || signature === '') {
      throw badRequest('The Stripe-Signature header is missing', 'stripe-signature')
    }
    if (!raw) throw badRequest('The body must be a Stripe event in JSON')
    let event: Stripe.Event
    try {
      event = stripe.webhooks.constructEvent(raw, signature, config.stripe.webhookSecret)
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
        return invoicePaid(event.data.object)
      case 'checkout.session.completed':
        return linkCustomer(event.data.object)
      case 'customer.subscription.deleted': {
        const subscription = event.data.object
        return lapse(await userFor(subscription.metadata?.userId, subscription.customer))
      }
      case 'invoice.payment_failed': {
        const invoice = event.data.object
        return lapse(await userFor(invoiceUserId(invoice), invoice.customer))
      }
      default:
        return 'ignored'
    }
  }

  async function invoicePaid(invoice: Stripe.Invoice): Promise<Outcome> {
    const userId = await userFor(invoiceUserId(invoice), invoice.customer)
    if (userId === null) {
      app.log.warn({ invoice: invoice.id }, 'stripe invoice for no known user: ignored')
      return 'ignored'
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
   * D17: the next invoice carries the discount active now (a friend's first payment may have added 10%,
   * or a discount's 12 months ended). A failure answers 503, so Stripe sends the event again; the payment
   * itself is already recorded once.
   */
  async function renewDiscount(invoice: Stripe.Invoice, userId: number, charged: number): Promise<void> {
    const subscription = invoice.parent?.subscription_details?.subscription
    if (!stripe || !subscription) return
    const percent = await currentDiscountPercent(repos, userId, app.clock())
    if (percent === charged) return
    const id = typeof subscription === 'string' ? subscription : subscription.id
    try {
      const discounts = percent > 0 ? [{ coupon: await referralCoupon(stripe, percent) }] : ''
      await stripe.subscriptions.update(id, { discounts })
      app.log.info({ subscription: id, coupon: percent > 0 ? couponId(percent) : null }, 'discount renewed')
    } catch (error) {
      app.log.error({ err: error, subscription: id }, 'stripe discount update failed')
      throw new HttpError(503, BILLING_MESSAGES.providerDown)
    }
  }

  async function linkCustomer(session: Stripe.Checkout.Session): Promise<Outcome> {
    const userId = await userFor(session.client_reference_id ?? session.metadata?.userId, null)
    const customer = typeof session.customer === 'string' ? session.customer : session.customer?.id
    if (userId === null || !customer) return 'ignored'
    try {
      await repos.users.update(userId, { stripeCustomerId: customer })
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
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update')
      if (user?.subscriptionTier !== 'monthly_paid') return 'ignored'
      // The lifecycle's one rule (domain/subscription.ts): a paid plan lapses once its period is over.
      const step = lifecycleStep(user, app.clock())
      if (!step) return 'kept'
      await tx.update(users).set({ subscriptionTier: step.tier }).where(eq(users.id, userId))
      return 'lapsed'
    })
  }

  /** Our user id from the metadata Checkout put there, else the user the Stripe customer is linked to. */
  async function userFor(
    metadataId: string | null | undefined,
    customer: string | { id: string } | null,
  ): Promise<number | null> {
    const id = metadataId && /^\d{1,10}$/.test(metadataId) ? Number(metadataId) : null
    if (id !== null && isId(id)) return (await repos.users.byId(id))?.id ?? null
    const customerId = typeof customer === 'string' ? customer : customer?.id
    if (!customerId) return null
    const [row] = await app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.stripeCustomerId, customerId))
    return row?.id ?? null
  }
}

function invoiceUserId(invoice: Stripe.Invoice): string | undefined {
  return invoice.parent?.subscription_details?.metadata?.userId ?? invoice.metadata?.userId ?? undefined
}

/** The service period the invoice paid for: its lines' (a subscription's month), else the invoice's own. */
function invoicePeriod(invoice: Stripe.Invoice): { start: Date; end: Date } {
  const lines = invoice.lines?.data ?? []
  const starts = lines.map((line) => line.period.start)
  const ends = lines.map((line) => line.period.end)
  const start = starts.length > 0 ? Math.min(...starts) : invoice.period_start
  const end = ends.length > 0 ? Math.max(...ends) : invoice.period_end
  return { start: new Date(start * 1000), end: new Date(end * 1000) }
}

/** The discount Stripe applied, in whole percent of the subtotal. */
function invoicePercent(invoice: Stripe.Invoice): number {
  const discounted = (invoice.total_discount_amounts ?? []).reduce((sum, d) => sum + d.amount, 0)
  return invoice.subtotal > 0 ? Math.round((discounted * 100) / invoice.subtotal) : 0
}
