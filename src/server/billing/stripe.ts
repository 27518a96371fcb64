import Stripe from 'stripe'
import type { StripeConfig } from '../config'
import type { UserRow } from '../db/schema'

/**
 * Stripe through its official SDK. `apiBase` points the SDK at another address with its
 * own host, port and protocol options: the tests' loopback server, never a second code path.
 */
export function stripeClient(config: StripeConfig, apiBase?: string): Stripe {
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 1,
    timeout: 15_000,
    telemetry: false,
    ...(apiBase ? apiAddress(apiBase) : {}),
  })
}

/** 'http://127.0.0.1:4010' as the Stripe SDK's protocol, host and port options. */
export function apiAddress(base: string): { protocol: 'http' | 'https'; host: string; port: number } {
  const address = new URL(base)
  if (address.protocol !== 'http:' && address.protocol !== 'https:') {
    throw new Error(`Stripe's API address must start with http:// or https://, not ${base}`)
  }
  const protocol = address.protocol === 'http:' ? 'http' : 'https'
  const port = address.port ? Number(address.port) : protocol === 'http' ? 80 : 443
  return { protocol, host: address.hostname, port }
}

/** One coupon per referral percent (decision 017: 10-50), created on first use and reused after. */
export const couponId = (percent: number) => `GRID_REFERRAL_${percent}`

/**
 * The coupon for `percent` off, made once. It lasts as long as the subscription does; each paid invoice
 * sets the subscription's coupon to the discount active then (webhook.routes.ts), so a discount whose 12
 * months are over stops at the next renewal.
 */
export async function referralCoupon(stripe: Stripe, percent: number): Promise<string> {
  const id = couponId(percent)
  try {
    await stripe.coupons.retrieve(id)
    return id
  } catch (error) {
    if (!isMissing(error)) throw error
  }
  try {
    await stripe.coupons.create({
      id,
      percent_off: percent,
      duration: 'forever',
      name: `Referral discount ${percent}%`,
    })
  } catch (error) {
    // Another request made it in between: the coupon exists, which is all that is needed.
    if (!(error instanceof Stripe.errors.StripeError && error.code === 'resource_already_exists')) throw error
  }
  return id
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeError &&
    (error.code === 'resource_missing' || error.statusCode === 404)
  )
}

/**
 * The metadata key holding APP_URL on each Checkout Session and subscription this Grid made, so
 * the webhook cancels a deleted account's subscription only when it is this Grid's (another app may share
 * the Stripe account and its events).
 */
export const GRID_MARK = 'grid'

export interface CheckoutRequest {
  user: UserRow
  priceId: string
  percent: number
  appUrl: string
}

/**
 * A Checkout Session for Monthly Unlimited: a subscription at the price, the user's referral discount as
 * a coupon, and the user's id on the session, its subscription and so on each invoice (the webhook finds
 * the user by it). Back to /settings either way, which says how it went.
 */
export async function createCheckout(stripe: Stripe, request: CheckoutRequest): Promise<string> {
  const { user, priceId, percent, appUrl } = request
  const userId = String(user.id)
  const coupon = percent > 0 ? await referralCoupon(stripe, percent) : null
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price: priceId, quantity: 1 }],
    client_reference_id: userId,
    ...(user.stripeCustomerId ? { customer: user.stripeCustomerId } : { customer_email: user.email }),
    metadata: { userId, [GRID_MARK]: appUrl },
    subscription_data: { metadata: { userId, [GRID_MARK]: appUrl } },
    ...(coupon ? { discounts: [{ coupon }] } : {}),
    success_url: `${appUrl}/settings?billing=success`,
    cancel_url: `${appUrl}/settings?billing=cancel`,
  })
  if (!session.url) throw new Error('Stripe answered a Checkout Session without a url')
  return session.url
}

/** Stripe's statuses of a subscription that will not charge again: nothing left to cancel. */
const ENDED = new Set(['canceled', 'incomplete_expired'])

/** The customer's subscriptions that may still charge (Stripe lists those not canceled by default). */
async function liveSubscriptions(stripe: Stripe, customer: string): Promise<Stripe.Subscription[]> {
  const list = await stripe.subscriptions.list({ customer, limit: 100 })
  return list.data.filter((subscription) => !ENDED.has(subscription.status))
}

/**
 * Decision 050: an account that goes stops paying at once. Every live subscription of its Stripe customer is
 * canceled now (not at the period's end: nobody is left to use it). Answers how many were canceled.
 */
export async function cancelSubscriptionsNow(stripe: Stripe, customer: string): Promise<number> {
  const live = await liveSubscriptions(stripe, customer)
  for (const subscription of live) await cancelSubscriptionNow(stripe, subscription.id)
  return live.length
}

/** Cancels one subscription now; one Stripe already ended is no error (a replayed event, a race). */
export async function cancelSubscriptionNow(stripe: Stripe, id: string): Promise<void> {
  try {
    await stripe.subscriptions.cancel(id)
  } catch (error) {
    if (!isMissing(error)) throw error
  }
}

/**
 * The owner's 'Cancel subscription': each live subscription of the customer stops renewing and runs to
 * the end of the period already paid for. Answers when the last of them ends, or null when there was none.
 */
export async function cancelAtPeriodEnd(stripe: Stripe, customer: string): Promise<Date | null> {
  let endsAt: Date | null = null
  for (const subscription of await liveSubscriptions(stripe, customer)) {
    const updated = subscription.cancel_at_period_end
      ? subscription
      : await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true })
    const end = periodEnd(updated)
    if (endsAt === null || end > endsAt) endsAt = end
  }
  return endsAt
}

/**
 * When a subscription set to cancel at its period's end stops: Stripe sets `cancel_at` to that instant;
 * the period's end is on its items (since API version 2025-03-31) otherwise.
 */
function periodEnd(subscription: Stripe.Subscription): Date {
  const ends = (subscription.items?.data ?? []).map((item) => item.current_period_end)
  const seconds = subscription.cancel_at ?? Math.max(...ends)
  if (!Number.isFinite(seconds))
    throw new Error(`Stripe answered subscription ${subscription.id} without a period`)
  return new Date(seconds * 1000)
}
