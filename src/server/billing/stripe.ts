import Stripe from 'stripe'
import type { StripeConfig } from '../config'
import type { UserRow } from '../db/schema'

/**
 * Stripe through its official SDK (issue 15). STRIPE_API_BASE points the SDK at another address with its
 * own host, port and protocol options: the tests' loopback server, never a second code path.
 */
export function stripeClient(config: StripeConfig): Stripe {
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 1,
    timeout: 15_000,
    telemetry: false,
    ...(config.apiBase ?? {}),
  })
}

/** One coupon per referral percent (D17: 10-50), created on first use and reused after. */
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
    metadata: { userId },
    subscription_data: { metadata: { userId } },
    ...(coupon ? { discounts: [{ coupon }] } : {}),
    success_url: `${appUrl}/settings?billing=success`,
    cancel_url: `${appUrl}/settings?billing=cancel`,
  })
  if (!session.url) throw new Error('Stripe answered a Checkout Session without a url')
  return session.url
}
