import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A stand-in for api.stripe.com on a loopback port: the SDK reaches it through buildApp's stripeApiBase
 * (its host, port and protocol options). It answers Checkout Sessions, coupons and subscriptions (list by
 * customer, update, cancel: decision 050) in Stripe's documented shapes, and records each request's form
 * parameters for the test to read. `failing` makes every request answer 500, as an outage would.
 */
export interface StripeCall {
  method: string
  path: string
  params: URLSearchParams
}

/** The fields of a Stripe subscription that Grid reads or changes. */
export interface FakeSubscription {
  id: string
  object: 'subscription'
  customer: string
  status: string
  cancel_at_period_end: boolean
  cancel_at: number | null
  items: { object: 'list'; data: { id: string; object: 'subscription_item'; current_period_end: number }[] }
  metadata: Record<string, string>
}

export class FakeStripe {
  readonly calls: StripeCall[] = []
  readonly coupons = new Map<string, number>()
  readonly subscriptions = new Map<string, FakeSubscription>()
  failing = false
  private server: Server | null = null
  private sessions = 0

  /** `checkoutUrl` is where a session sends the browser (Stripe's hosted page; a browser test's stand-in). */
  constructor(
    private readonly checkoutUrl = (id: string, _params: URLSearchParams) =>
      `https://checkout.stripe.test/c/pay/${id}`,
  ) {}

  async start(): Promise<number> {
    const server = createServer((request, response) => {
      void this.answer(request).then(([status, body]) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' })
        response.end(JSON.stringify(body))
      })
    })
    this.server = server
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
    return (server.address() as AddressInfo).port
  }

  stop(): Promise<void> {
    return new Promise((done) => this.server?.close(() => done()))
  }

  of(method: string, path: string): StripeCall[] {
    return this.calls.filter((c) => c.method === method && c.path === path)
  }

  /** A live monthly subscription of `customer` whose paid period ends at `periodEnd` (an ISO instant). */
  subscribe(customer: string, periodEnd: string): FakeSubscription {
    const id = `sub_fake_${this.subscriptions.size + 1}`
    const subscription: FakeSubscription = {
      id,
      object: 'subscription',
      customer,
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      items: {
        object: 'list',
        data: [
          { id: `si_${id}`, object: 'subscription_item', current_period_end: Date.parse(periodEnd) / 1000 },
        ],
      },
      metadata: {},
    }
    this.subscriptions.set(id, subscription)
    return subscription
  }

  private async answer(request: IncomingMessage): Promise<[number, unknown]> {
    let text = ''
    for await (const chunk of request) text += chunk
    const url = new URL(request.url ?? '/', 'http://stripe.test')
    const params = new URLSearchParams(request.method === 'GET' ? url.search : text)
    const call = { method: request.method ?? '', path: url.pathname, params }
    this.calls.push(call)
    if (this.failing) return [500, { error: { type: 'api_error', message: 'Stripe is down (test)' } }]
    const coupon = /^\/v1\/coupons\/(\w+)$/.exec(url.pathname)
    if (call.method === 'GET' && coupon?.[1]) {
      const percent = this.coupons.get(coupon[1])
      if (percent === undefined) return [404, missing(`No such coupon: '${coupon[1]}'`)]
      return [200, couponObject(coupon[1], percent)]
    }
    if (call.method === 'POST' && url.pathname === '/v1/coupons') {
      const id = params.get('id') ?? 'coupon_x'
      this.coupons.set(id, Number(params.get('percent_off')))
      return [200, couponObject(id, Number(params.get('percent_off')))]
    }
    if (call.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const id = `cs_test_${++this.sessions}`
      return [
        200,
        {
          id,
          object: 'checkout.session',
          mode: 'subscription',
          status: 'open',
          client_reference_id: params.get('client_reference_id'),
          customer: params.get('customer'),
          customer_email: params.get('customer_email'),
          success_url: params.get('success_url'),
          cancel_url: params.get('cancel_url'),
          metadata: { userId: params.get('metadata[userId]') },
          url: this.checkoutUrl(id, params),
        },
      ]
    }
    if (call.method === 'GET' && url.pathname === '/v1/subscriptions') {
      // Stripe lists the customer's subscriptions that are not canceled when no status is asked for.
      const data = [...this.subscriptions.values()].filter(
        (s) => s.customer === params.get('customer') && s.status !== 'canceled',
      )
      return [200, { object: 'list', url: '/v1/subscriptions', has_more: false, data }]
    }
    const subscription = /^\/v1\/subscriptions\/(\w+)$/.exec(url.pathname)
    const id = subscription?.[1]
    if (id) return this.subscriptionCall(call.method, id, params)
    return [404, missing(`Unrecognized request URL (${call.method}: ${url.pathname})`)]
  }

  private subscriptionCall(method: string, id: string, params: URLSearchParams): [number, unknown] {
    const known = this.subscriptions.get(id)
    if (method === 'DELETE') {
      if (!known) return [404, missing(`No such subscription: '${id}'`)]
      known.status = 'canceled'
      return [200, known]
    }
    if (method !== 'POST')
      return [404, missing(`Unrecognized request URL (${method}: /v1/subscriptions/${id})`)]
    // An update of a subscription the test did not make (the referral coupon's): answered, not kept.
    if (!known) return [200, { id, object: 'subscription', status: 'active', metadata: {} }]
    if (params.get('cancel_at_period_end') === 'true') {
      known.cancel_at_period_end = true
      // As Stripe does since 2025: cancel_at is set to the end of the current period.
      known.cancel_at = Math.max(...known.items.data.map((item) => item.current_period_end))
    }
    return [200, known]
  }
}

const missing = (message: string) => ({
  error: { type: 'invalid_request_error', code: 'resource_missing', message },
})

const couponObject = (id: string, percent: number) => ({
  id,
  object: 'coupon',
  percent_off: percent,
  duration: 'forever',
  valid: true,
})
