import { eq } from 'drizzle-orm'
import Stripe from 'stripe'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { BILLING_MESSAGES } from '../../src/contract/billing'
import { apiAddress } from '../../src/server/billing/stripe'
import { ConfigError, loadConfig } from '../../src/server/config'
import { payments } from '../../src/server/db/billing-schema'
import { users } from '../../src/server/db/schema'
import { FakeStripe } from './support/fake-stripe'
import { Client, signedIn, type TestApp, testApp, testClock } from './support/test-app'

/**
 * Decision 047: billing through Stripe, with the official SDK pointed (buildApp's stripeApiBase, as its host, port and
 * protocol options) at a loopback server that answers in Stripe's documented shapes and records what it
 * was asked; webhook events are signed with the SDK's own test helper. And billing without Stripe keys.
 */

const WEBHOOK_SECRET = 'whsec_grid_test_secret'
const PRICE = 'price_monthly_unlimited'
const signer = new Stripe('sk_test_signer')

const fake = new FakeStripe()
const clock = testClock('2026-11-23T18:00:00Z')
let t: TestApp
let admin: Client
let adminAccount: { username: string; password: string }
let stripePort: number
let ips = 0
const nextIp = () => `10.9.${Math.floor(++ips / 250)}.${ips % 250}`
const member = (overrides: Record<string, unknown> = {}) => signedIn(t.app, overrides, nextIp())

beforeAll(async () => {
  const port = await fake.start()
  stripePort = port
  t = await testApp(
    {
      billing: {
        stripe: {
          secretKey: 'sk_test_grid',
          priceId: PRICE,
          webhookSecret: WEBHOOK_SECRET,
        },
      },
    },
    { stripeApiBase: `http://127.0.0.1:${port}`, clock: clock.now },
  )
  // Decision 013: the first account is the admin.
  ;({ client: admin, account: adminAccount } = await signedIn(t.app))
})
afterAll(async () => {
  await t?.close()
  await fake.stop()
})
beforeEach(() => clock.advance(61_000))

let codes = 0
/** A referrer whose `paying` referred friends have paid (admin-recorded): 10% each (decision 017). */
async function referrerWith(paying: number) {
  const referrer = await member()
  const code = `BILL${++codes}X`
  expect((await referrer.client.post('/api/referral/create', { referralCode: code })).statusCode).toBe(201)
  for (let i = 0; i < paying; i++) {
    const friend = await member({ referralCode: code })
    expect((await markPaid(friend.user.id)).statusCode).toBe(200)
  }
  return { ...referrer, code }
}

function markPaid(userId: number, months = 1) {
  return admin.post(`/api/admin/users/${userId}/mark-paid`, { reason: 'bank transfer', months })
}

async function plan(client: Client) {
  const response = await client.get('/api/billing/plan')
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000)
let invoices = 0

/** An invoice.paid event's invoice as Stripe sends it for a subscription's month. */
function invoice(options: {
  userId?: number
  customer?: string
  amountPaid: number
  subtotal?: number
  start: string
  end: string
  subscription?: string
  /** The subscription carries this Grid's mark (APP_URL), as Checkout made it. */
  marked?: boolean
}) {
  const subtotal = options.subtotal ?? 9900
  const mark = options.marked ? { grid: 'http://grid.test' } : {}
  const id = `in_test_${++invoices}`
  return {
    id,
    object: 'invoice',
    amount_paid: options.amountPaid,
    amount_due: options.amountPaid,
    subtotal,
    total: options.amountPaid,
    total_discount_amounts:
      subtotal > options.amountPaid ? [{ amount: subtotal - options.amountPaid, discount: 'di_test' }] : [],
    currency: 'usd',
    customer: options.customer ?? 'cus_unlinked',
    status: 'paid',
    billing_reason: 'subscription_create',
    metadata: {},
    period_start: seconds(options.start),
    period_end: seconds(options.start),
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: {
        subscription: options.subscription ?? 'sub_test',
        metadata: options.userId === undefined ? null : { userId: String(options.userId), ...mark },
      },
    },
    lines: {
      object: 'list',
      has_more: false,
      data: [
        {
          id: `il_${id}`,
          object: 'line_item',
          amount: subtotal,
          currency: 'usd',
          period: { start: seconds(options.start), end: seconds(options.end) },
        },
      ],
    },
  }
}

let events = 0
function event<T>(type: string, object: T) {
  return {
    id: `evt_test_${++events}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  }
}

/** Posts an event as Stripe does: no session, no Origin, signed with the webhook secret. */
function deliver(body: unknown, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(body)
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret })
  return new Client(t.app, '54.187.174.169').request({
    method: 'POST',
    url: '/api/billing/webhook',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  })
}

async function paymentsOf(userId: number) {
  return t.app.db.select().from(payments).where(eq(payments.userId, userId))
}

async function row(userId: number) {
  const [user] = await t.app.db.select().from(users).where(eq(users.id, userId))
  if (!user) throw new Error('no user')
  return user
}

describe('configuration', () => {
  it('turns Stripe on with all three keys, and says which is missing otherwise', () => {
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PRICE_ID: 'price_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
    })
    expect(config.billing.stripe).toEqual({
      secretKey: 'sk_test_1',
      priceId: 'price_1',
      webhookSecret: 'whsec_1',
    })
    // The tests' stand-in address (BuildOptions.stripeApiBase) as the SDK's options.
    expect(apiAddress('http://127.0.0.1:12111')).toEqual({ protocol: 'http', host: '127.0.0.1', port: 12111 })
    expect(loadConfig({}).billing.stripe).toBeNull()
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(ConfigError)
    expect(() => apiAddress('ftp://x')).toThrow(/Stripe's API address must start with http/)
  })
})

describe('GET /api/billing/plan', () => {
  it('gives the trial, the slots left, and the price at no discount', async () => {
    const { client, user } = await member()
    const answer = await plan(client)
    expect(answer).toEqual({
      configured: true,
      tier: 'performance_trial',
      trialEndDate: user.trialEndDate,
      trialSlotsLeft: 50 - (user.trialSlotNumber ?? 0),
      paidThrough: null,
      nextPaymentDate: null,
      discountPercent: 0,
      monthlyPrice: 99,
      priceAfterDiscount: 99,
      cancellable: false,
      subscriptionEndsAt: null,
    })
    expect((await new Client(t.app).get('/api/billing/plan')).statusCode).toBe(401)
  })

  it('gives the referral discount and the price after it (decision 017)', async () => {
    const referrer = await referrerWith(2)
    expect(await plan(referrer.client)).toMatchObject({ discountPercent: 20, priceAfterDiscount: 79.2 })
  })
})

describe('POST /api/billing/checkout', () => {
  it('opens a subscription Checkout at the price with the referral discount as a coupon', async () => {
    const referrer = await referrerWith(2)
    const response = await referrer.client.post('/api/billing/checkout', {})
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\d+$/)

    // The coupon did not exist: looked up, then made once at 20% off for as long as the subscription runs.
    expect(fake.of('GET', '/v1/coupons/GRID_REFERRAL_20')).toHaveLength(1)
    const [made] = fake.of('POST', '/v1/coupons')
    expect(Object.fromEntries(made?.params ?? [])).toMatchObject({
      id: 'GRID_REFERRAL_20',
      percent_off: '20',
      duration: 'forever',
    })
    const session = fake.of('POST', '/v1/checkout/sessions').at(-1)?.params
    expect(Object.fromEntries(session ?? [])).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': PRICE,
      'line_items[0][quantity]': '1',
      client_reference_id: String(referrer.user.id),
      customer_email: referrer.account.email,
      'metadata[userId]': String(referrer.user.id),
      'subscription_data[metadata][userId]': String(referrer.user.id),
      // This Grid's mark, so its webhook knows the subscription as its own after a deletion.
      'metadata[grid]': 'http://grid.test',
      'subscription_data[metadata][grid]': 'http://grid.test',
      'discounts[0][coupon]': 'GRID_REFERRAL_20',
      success_url: 'http://grid.test/settings?billing=success',
      cancel_url: 'http://grid.test/settings?billing=cancel',
    })

    // Another user at 20% reuses the coupon.
    const other = await referrerWith(2)
    expect((await other.client.post('/api/billing/checkout', {})).statusCode).toBe(200)
    expect(fake.of('POST', '/v1/coupons')).toHaveLength(1)
    expect(fake.of('POST', '/v1/checkout/sessions').at(-1)?.params.get('discounts[0][coupon]')).toBe(
      'GRID_REFERRAL_20',
    )
  })

  it('sends no coupon without a discount', async () => {
    const { client, user } = await member()
    expect((await client.post('/api/billing/checkout', {})).statusCode).toBe(200)
    const session = fake.of('POST', '/v1/checkout/sessions').at(-1)?.params
    expect(session?.get('client_reference_id')).toBe(String(user.id))
    expect([...(session?.keys() ?? [])].some((key) => key.startsWith('discounts'))).toBe(false)
  })

  it('refuses admins, a running paid period, and a body', async () => {
    const adminAnswer = await admin.post('/api/billing/checkout', {})
    expect(adminAnswer.statusCode).toBe(409)
    expect(adminAnswer.json()).toEqual({ message: BILLING_MESSAGES.admin })
    const { client, user } = await member()
    expect((await client.post('/api/billing/checkout', { price: 1 })).json()).toMatchObject({
      field: 'price',
    })
    await markPaid(user.id)
    const paid = await client.post('/api/billing/checkout', {})
    expect(paid.statusCode).toBe(409)
    expect(paid.json().message).toMatch(/^Monthly Unlimited is already paid through 2026-12-/)
    expect((await new Client(t.app).post('/api/billing/checkout', {})).statusCode).toBe(401)
  })
})

describe('POST /api/billing/webhook', () => {
  it('records invoice.paid once: the amount Stripe charged, the period, the plan and the referral', async () => {
    const referrer = await referrerWith(0)
    const friend = await member({ referralCode: referrer.code })
    const paidEvent = event(
      'invoice.paid',
      invoice({
        userId: friend.user.id,
        amountPaid: 9900,
        start: '2026-11-23T18:10:00Z',
        end: '2026-12-23T18:10:00Z',
      }),
    )
    const first = await deliver(paidEvent)
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toEqual({ received: true, outcome: 'recorded' })

    const user = await row(friend.user.id)
    expect(user.subscriptionTier).toBe('monthly_paid')
    expect(user.paidThrough?.toISOString()).toBe('2026-12-23T18:10:00.000Z')
    const recorded = await paymentsOf(friend.user.id)
    expect(recorded).toHaveLength(1)
    expect(recorded[0]).toMatchObject({
      amountCents: 9900,
      discountPercent: 0,
      source: 'stripe',
      externalId: paidEvent.data.object.id,
      recordedBy: null,
    })
    expect(recorded[0]?.periodStart.toISOString()).toBe('2026-11-23T18:10:00.000Z')
    // Decision 017: the friend's first payment starts the referrer's 10%.
    expect((await plan(referrer.client)).discountPercent).toBe(10)

    // Stripe sends it again (a retry, or the same invoice in a new event): nothing changes.
    const replay = await deliver(paidEvent)
    expect(replay.json()).toEqual({ received: true, outcome: 'duplicate' })
    const again = await deliver({ ...paidEvent, id: 'evt_other' })
    expect(again.json()).toEqual({ received: true, outcome: 'duplicate' })
    expect(await paymentsOf(friend.user.id)).toHaveLength(1)
    expect((await plan(referrer.client)).discountPercent).toBe(10)
    expect((await row(friend.user.id)).paidThrough?.toISOString()).toBe('2026-12-23T18:10:00.000Z')

    // The friend's plan screen shows the paid period.
    expect(await plan(friend.client)).toMatchObject({
      tier: 'monthly_paid',
      paidThrough: '2026-12-23T18:10:00.000Z',
      nextPaymentDate: '2026-12-23T18:10:00.000Z',
    })
  })

  it('records the discounted amount and sets the next invoice’s coupon to the discount now', async () => {
    const referrer = await referrerWith(2)
    const updates = () => fake.of('POST', '/v1/subscriptions/sub_referrer')
    const charged = await deliver(
      event(
        'invoice.paid',
        invoice({
          userId: referrer.user.id,
          amountPaid: 7920,
          start: '2026-11-23T18:30:00Z',
          end: '2026-12-23T18:30:00Z',
          subscription: 'sub_referrer',
        }),
      ),
    )
    expect(charged.json().outcome).toBe('recorded')
    expect((await paymentsOf(referrer.user.id))[0]).toMatchObject({ amountCents: 7920, discountPercent: 20 })
    // Charged at the discount active now: the subscription's coupon stays as it is.
    expect(updates()).toHaveLength(0)

    // A third friend pays: the next renewal is at 30% off.
    const friend = await member({ referralCode: referrer.code })
    await markPaid(friend.user.id)
    const renewal = await deliver(
      event(
        'invoice.paid',
        invoice({
          userId: referrer.user.id,
          amountPaid: 7920,
          start: '2026-12-23T18:30:00Z',
          end: '2027-01-23T18:30:00Z',
          subscription: 'sub_referrer',
        }),
      ),
    )
    expect(renewal.json().outcome).toBe('recorded')
    expect((await row(referrer.user.id)).paidThrough?.toISOString()).toBe('2027-01-23T18:30:00.000Z')
    expect(updates()).toHaveLength(1)
    expect(updates()[0]?.params.get('discounts[0][coupon]')).toBe('GRID_REFERRAL_30')
    expect(fake.coupons.get('GRID_REFERRAL_30')).toBe(30)
  })

  it('links the customer at checkout.session.completed and finds the user by it later', async () => {
    const { client, user } = await member()
    const completed = event('checkout.session.completed', {
      id: 'cs_test_linked',
      object: 'checkout.session',
      mode: 'subscription',
      client_reference_id: String(user.id),
      customer: 'cus_linked_1',
      subscription: 'sub_linked_1',
      metadata: { userId: String(user.id) },
    })
    expect((await deliver(completed)).json()).toEqual({ received: true, outcome: 'linked' })
    expect((await deliver(completed)).json()).toEqual({ received: true, outcome: 'linked' })
    expect((await row(user.id)).stripeCustomerId).toBe('cus_linked_1')
    // Checkout again (say the first one was abandoned): the customer is reused instead of an e-mail.
    expect((await client.post('/api/billing/checkout', {})).statusCode).toBe(200)
    const session = fake.of('POST', '/v1/checkout/sessions').at(-1)?.params
    expect(session?.get('customer')).toBe('cus_linked_1')
    expect(session?.has('customer_email')).toBe(false)
    // An invoice without our metadata (a subscription made in Stripe's dashboard): by its customer.
    const paid = await deliver(
      event(
        'invoice.paid',
        invoice({
          customer: 'cus_linked_1',
          amountPaid: 9900,
          start: '2026-11-24T00:00:00Z',
          end: '2026-12-24T00:00:00Z',
        }),
      ),
    )
    expect(paid.json().outcome).toBe('recorded')
    expect((await row(user.id)).subscriptionTier).toBe('monthly_paid')
  })

  it('lapses on subscription.deleted or payment_failed only once the paid period is over', async () => {
    const { user } = await member()
    await deliver(
      event(
        'invoice.paid',
        invoice({
          userId: user.id,
          amountPaid: 9900,
          start: '2026-11-24T00:00:00Z',
          end: '2026-12-01T00:00:00Z',
        }),
      ),
    )
    const deleted = event('customer.subscription.deleted', {
      id: 'sub_gone',
      object: 'subscription',
      status: 'canceled',
      customer: 'cus_unlinked',
      metadata: { userId: String(user.id) },
    })
    // Paid through 1 December: the user keeps the plan until then (the lifecycle job lapses it there).
    expect((await deliver(deleted)).json().outcome).toBe('kept')
    expect((await row(user.id)).subscriptionTier).toBe('monthly_paid')

    clock.advance(8 * 86_400_000)
    expect((await deliver(deleted)).json().outcome).toBe('lapsed')
    expect((await row(user.id)).subscriptionTier).toBe('trial_ended')
    expect((await deliver(deleted)).json().outcome).toBe('ignored')

    const other = await member()
    await deliver(
      event(
        'invoice.paid',
        invoice({
          userId: other.user.id,
          amountPaid: 9900,
          start: '2026-12-01T00:00:00Z',
          end: '2027-01-01T00:00:00Z',
        }),
      ),
    )
    expect((await row(other.user.id)).subscriptionTier).toBe('monthly_paid')
    clock.advance(32 * 86_400_000)
    const failed = event('invoice.payment_failed', {
      ...invoice({
        userId: other.user.id,
        amountPaid: 0,
        start: '2027-01-01T00:00:00Z',
        end: '2027-02-01T00:00:00Z',
      }),
      status: 'open',
    })
    expect((await deliver(failed)).json().outcome).toBe('lapsed')
    expect((await row(other.user.id)).subscriptionTier).toBe('trial_ended')
  })

  it('refuses a bad or missing signature with the reason, and ignores other events', async () => {
    const body = event(
      'invoice.paid',
      invoice({ userId: 1, amountPaid: 9900, start: '2026-11-24T00:00:00Z', end: '2026-12-24T00:00:00Z' }),
    )
    const forged = await deliver(body, 'whsec_someone_else')
    expect(forged.statusCode).toBe(400)
    expect(forged.json()).toMatchObject({
      field: 'stripe-signature',
      message: expect.stringMatching(/^The Stripe signature does not match: .*signature/i),
    })
    const unsigned = await new Client(t.app).request({
      method: 'POST',
      url: '/api/billing/webhook',
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    })
    expect(unsigned.statusCode).toBe(400)
    expect(unsigned.json()).toEqual({
      message: 'The Stripe-Signature header is missing',
      field: 'stripe-signature',
    })
    const notJson = await new Client(t.app).request({
      method: 'POST',
      url: '/api/billing/webhook',
      payload: '{"id":',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
    })
    expect(notJson.statusCode).toBe(400)
    expect(await paymentsOf(1)).toHaveLength(0)

    const other = await deliver(event('customer.created', { id: 'cus_new', object: 'customer' }))
    expect(other.statusCode).toBe(200)
    expect(other.json()).toEqual({ received: true, outcome: 'ignored' })
  })
})

describe('a signed but malformed event', () => {
  it('answers 400 naming the field, and changes nothing', async () => {
    const { user } = await member()
    const good = invoice({
      userId: user.id,
      amountPaid: 9900,
      start: '2026-11-24T00:00:00Z',
      end: '2026-12-24T00:00:00Z',
    })
    const malformed: [unknown, string][] = [
      [event('invoice.paid', { ...good, amount_paid: undefined }), 'data.object.amount_paid'],
      [event('invoice.paid', { ...good, amount_paid: '9900' }), 'data.object.amount_paid'],
      [
        event('invoice.paid', { ...good, lines: { data: [{ id: 'il_x' }] } }),
        'data.object.lines.data.0.period',
      ],
      [event('invoice.paid', { ...good, period_start: 1e300 }), 'data.object.period_start'],
      [{ ...event('invoice.paid', good), data: undefined }, 'data'],
      [event('invoice.paid', null), 'data.object'],
      [event('invoice.payment_failed', { ...good, subtotal: -1 }), 'data.object.subtotal'],
      [event('checkout.session.completed', { id: 'cs_x', customer: 12 }), 'data.object.customer'],
      [event('customer.subscription.deleted', { id: 'sub_x', metadata: 'x' }), 'data.object.metadata'],
    ]
    for (const [body, field] of malformed) {
      const answer = await deliver(body)
      expect(answer.statusCode, answer.body).toBe(400)
      expect(answer.json().field).toBe(field)
    }
    expect(await paymentsOf(user.id)).toHaveLength(0)
    expect((await row(user.id)).subscriptionTier).toBe('performance_trial')
    expect((await deliver(event('invoice.paid', good))).json().outcome).toBe('recorded')
  })
})

const DAY = 86_400_000
const daysFrom = (from: Date, days: number) => new Date(from.getTime() + days * DAY).toISOString()

/**
 * A member who subscribed through Checkout: Stripe's customer linked (checkout.session.completed), a live
 * subscription at the stand-in, and its first month paid (invoice.paid).
 */
async function subscriber() {
  const subscribed = await member()
  const { id } = subscribed.user
  const customer = `cus_subscriber_${id}`
  const paidThrough = daysFrom(clock.now(), 30)
  const subscription = fake.subscribe(customer, paidThrough)
  const completed = event('checkout.session.completed', {
    id: `cs_subscriber_${id}`,
    object: 'checkout.session',
    client_reference_id: String(id),
    customer,
    subscription: subscription.id,
    metadata: { userId: String(id), grid: 'http://grid.test' },
  })
  expect((await deliver(completed)).json().outcome).toBe('linked')
  const paid = invoice({
    userId: id,
    customer,
    amountPaid: 9900,
    start: clock.now().toISOString(),
    end: paidThrough,
    subscription: subscription.id,
    marked: true,
  })
  expect((await deliver(event('invoice.paid', paid))).json().outcome).toBe('recorded')
  return { ...subscribed, customer, subscription, paidThrough }
}

const cancels = (id: string) => fake.of('DELETE', `/v1/subscriptions/${id}`)

async function adminSignedIn(): Promise<Client> {
  const { username, password } = adminAccount
  const login = await admin.post('/api/auth/login', { username, password })
  expect(login.statusCode, login.body).toBe(200)
  return admin
}

describe('POST /api/billing/cancel', () => {
  it('ends the subscription with the paid period through Stripe, and the plan says when', async () => {
    const s = await subscriber()
    expect(await plan(s.client)).toMatchObject({
      tier: 'monthly_paid',
      cancellable: true,
      subscriptionEndsAt: null,
      nextPaymentDate: s.paidThrough,
    })
    const canceled = await s.client.post('/api/billing/cancel', {})
    expect(canceled.statusCode, canceled.body).toBe(200)
    expect(canceled.json()).toEqual({ subscriptionEndsAt: s.paidThrough })
    const updates = fake.of('POST', `/v1/subscriptions/${s.subscription.id}`)
    expect(updates.map((u) => u.params.get('cancel_at_period_end'))).toEqual(['true'])
    // It runs to the end of the month paid for: not canceled now, and the plan stays until then.
    expect(fake.subscriptions.get(s.subscription.id)?.status).toBe('active')
    expect(cancels(s.subscription.id)).toHaveLength(0)
    expect(await plan(s.client)).toMatchObject({
      tier: 'monthly_paid',
      paidThrough: s.paidThrough,
      nextPaymentDate: null,
      cancellable: false,
      subscriptionEndsAt: s.paidThrough,
    })

    // Asked again: the same end, and Stripe is not asked to change anything.
    expect((await s.client.post('/api/billing/cancel', {})).json()).toEqual({
      subscriptionEndsAt: s.paidThrough,
    })
    expect(fake.of('POST', `/v1/subscriptions/${s.subscription.id}`)).toHaveLength(1)
  })

  it('refuses admins and users without a subscription, and answers 503 when Stripe is down', async () => {
    const adminAnswer = await (await adminSignedIn()).post('/api/billing/cancel', {})
    expect(adminAnswer.statusCode).toBe(409)
    expect(adminAnswer.json()).toEqual({ message: BILLING_MESSAGES.admin })
    const { client } = await member()
    const none = await client.post('/api/billing/cancel', {})
    expect(none.statusCode).toBe(409)
    expect(none.json()).toEqual({ message: BILLING_MESSAGES.noSubscription })
    expect((await client.post('/api/billing/cancel', { now: true })).json().field).toBe('now')

    const s = await subscriber()
    fake.failing = true
    try {
      const down = await s.client.post('/api/billing/cancel', {})
      expect(down.statusCode).toBe(503)
      expect(down.json()).toEqual({ message: BILLING_MESSAGES.providerDown })
    } finally {
      fake.failing = false
    }
    expect(await plan(s.client)).toMatchObject({ cancellable: true, subscriptionEndsAt: null })
    expect((await new Client(t.app).post('/api/billing/cancel', {})).statusCode).toBe(401)
  })
})

describe('deleting an account stops its subscription', () => {
  it('cancels at once before the owner’s deletion; while Stripe is down, refuses with 503 and deletes nothing', async () => {
    const s = await subscriber()
    const remove = () => s.client.delete('/api/user/account', { password: s.account.password })
    fake.failing = true
    try {
      const down = await remove()
      expect(down.statusCode).toBe(503)
      expect(down.json()).toEqual({ message: BILLING_MESSAGES.deletionProviderDown })
    } finally {
      fake.failing = false
    }
    expect((await row(s.user.id)).username).toBe(s.account.username)
    expect((await s.client.get('/api/auth/user')).statusCode).toBe(200)

    const done = await remove()
    expect(done.statusCode, done.body).toBe(200)
    expect(cancels(s.subscription.id)).toHaveLength(1)
    expect(fake.subscriptions.get(s.subscription.id)?.status).toBe('canceled')
    expect(await t.app.repos.users.byId(s.user.id)).toBeNull()
  })

  it('cancels at once before an admin’s hard delete; while Stripe is down, refuses with 503 and records nothing', async () => {
    const s = await subscriber()
    const boss = await adminSignedIn()
    const hard = () =>
      boss.delete(`/api/admin/users/${s.user.id}/hard`, {
        reason: 'asked by phone',
        confirmPassword: 'HARD_DELETE_CONFIRM',
      })
    fake.failing = true
    try {
      const down = await hard()
      expect(down.statusCode).toBe(503)
      expect(down.json()).toEqual({ message: BILLING_MESSAGES.deletionProviderDown })
    } finally {
      fake.failing = false
    }
    expect(await t.app.repos.users.byId(s.user.id)).not.toBeNull()
    const audit = await boss.get('/api/admin/audit')
    expect(JSON.stringify(audit.json())).not.toContain('hard delete')

    expect((await hard()).statusCode).toBe(200)
    expect(fake.subscriptions.get(s.subscription.id)?.status).toBe('canceled')
    expect(await t.app.repos.users.byId(s.user.id)).toBeNull()
  })

  it('cancels a deleted account’s subscription when its events come, if this Grid made it', async () => {
    // Deleted before checkout.session.completed linked its customer: the deletion found nothing to cancel.
    const gone = await member()
    expect(
      (await gone.client.delete('/api/user/account', { password: gone.account.password })).statusCode,
    ).toBe(200)
    const end = daysFrom(clock.now(), 30)
    const orphan = fake.subscribe('cus_orphan', end)
    const late = (marked: boolean, subscription: string) =>
      event(
        'invoice.paid',
        invoice({
          userId: gone.user.id,
          customer: 'cus_orphan',
          amountPaid: 9900,
          start: clock.now().toISOString(),
          end,
          subscription,
          marked,
        }),
      )
    const lateEvent = late(true, orphan.id)
    const paid = await deliver(lateEvent)
    expect(paid.json()).toEqual({ received: true, outcome: 'canceled' })
    expect(fake.subscriptions.get(orphan.id)?.status).toBe('canceled')
    // A replay finds it canceled already: still no error.
    expect((await deliver(lateEvent)).json().outcome).toBe('canceled')
    const recorded = await t.app.db
      .select()
      .from(payments)
      .where(eq(payments.externalId, lateEvent.data.object.id))
    expect(recorded).toEqual([])

    // Another app's subscription on the same Stripe account (no mark of this Grid) is left alone.
    const foreign = fake.subscribe('cus_foreign', end)
    expect((await deliver(late(false, foreign.id))).json().outcome).toBe('ignored')
    expect(fake.subscriptions.get(foreign.id)?.status).toBe('active')

    const completed = fake.subscribe('cus_orphan_2', end)
    const session = event('checkout.session.completed', {
      id: 'cs_after_deletion',
      object: 'checkout.session',
      client_reference_id: String(gone.user.id),
      customer: 'cus_orphan_2',
      subscription: completed.id,
      metadata: { userId: String(gone.user.id), grid: 'http://grid.test' },
    })
    expect((await deliver(session)).json().outcome).toBe('canceled')
    expect(fake.subscriptions.get(completed.id)?.status).toBe('canceled')
  })
})

describe('inactivity deletion stops the subscription too', () => {
  const own = testClock('2026-11-23T18:00:00Z')
  let quiet: TestApp
  beforeAll(async () => {
    quiet = await testApp(
      {
        billing: {
          stripe: {
            secretKey: 'sk_test_grid',
            priceId: PRICE,
            webhookSecret: WEBHOOK_SECRET,
          },
        },
      },
      { stripeApiBase: `http://127.0.0.1:${stripePort}`, clock: own.now },
    )
  })
  afterAll(() => quiet.close())

  it('cancels it at once on the day, and waits for the next run while Stripe is down', async () => {
    const boss = await signedIn(quiet.app) // the admin: never deleted for inactivity
    const { user } = await signedIn(quiet.app, {}, '10.97.0.2')
    await quiet.app.repos.users.update(user.id, { stripeCustomerId: 'cus_inactive' })
    const subscription = fake.subscribe('cus_inactive', daysFrom(own.now(), 30))

    own.advance(730 * DAY)
    const { username, password } = boss.account
    expect((await boss.client.post('/api/auth/login', { username, password })).statusCode).toBe(200)
    fake.failing = true
    try {
      expect((await quiet.app.runAccountJob())?.accountsDeleted).toBe(0)
    } finally {
      fake.failing = false
    }
    expect(await quiet.app.repos.users.byId(user.id)).not.toBeNull()
    expect(fake.subscriptions.get(subscription.id)?.status).toBe('active')

    expect((await quiet.app.runAccountJob())?.accountsDeleted).toBe(1)
    expect(fake.subscriptions.get(subscription.id)?.status).toBe('canceled')
    expect(await quiet.app.repos.users.byId(user.id)).toBeNull()
  })
})

describe('when Stripe cannot be reached', () => {
  it('answers checkout with 503 and a reason, never a 500', async () => {
    const closed = new FakeStripe()
    const port = await closed.start()
    await closed.stop()
    const down = await testApp(
      { billing: { stripe: { secretKey: 'sk_test_grid', priceId: PRICE, webhookSecret: WEBHOOK_SECRET } } },
      { stripeApiBase: `http://127.0.0.1:${port}` },
    )
    try {
      await signedIn(down.app) // the admin
      const { client } = await signedIn(down.app, {}, '10.98.0.2')
      const answer = await client.post('/api/billing/checkout', {})
      expect(answer.statusCode).toBe(503)
      expect(answer.json()).toEqual({ message: BILLING_MESSAGES.providerDown })
    } finally {
      await down.close()
    }
  })
})

describe('without Stripe keys', () => {
  let bare: TestApp
  beforeAll(async () => {
    bare = await testApp({}, { clock: clock.now })
  })
  afterAll(() => bare.close())

  it('refuses checkout with the explanation; an admin records the payment instead', async () => {
    const boss = (await signedIn(bare.app)).client
    const { client, user } = await signedIn(bare.app, {}, '10.99.0.2')
    expect(await plan(client)).toMatchObject({ configured: false, tier: 'performance_trial' })
    const refused = await client.post('/api/billing/checkout', {})
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({ message: BILLING_MESSAGES.notConfigured })
    const hook = await new Client(bare.app).request({
      method: 'POST',
      url: '/api/billing/webhook',
      payload: JSON.stringify(event('invoice.paid', {})),
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
    })
    expect(hook.statusCode).toBe(409)

    const paid = await boss.post(`/api/admin/users/${user.id}/mark-paid`, { reason: 'cash', months: 2 })
    expect(paid.statusCode, paid.body).toBe(200)
    const after = await plan(client)
    expect(after).toMatchObject({ tier: 'monthly_paid', nextPaymentDate: paid.json().paidThrough })
    expect(after.paidThrough).toBe(paid.json().paidThrough)
  })
})
