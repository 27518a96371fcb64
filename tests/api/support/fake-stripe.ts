import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A stand-in for api.stripe.com on a loopback port (issue 15): the SDK reaches it through STRIPE_API_BASE
 * (its host, port and protocol options). It answers Checkout Sessions, coupons and subscription updates in
 * Stripe's documented shapes, and records each request's form parameters for the test to read.
 */
export interface StripeCall {
  method: string
  path: string
  params: URLSearchParams
}

export class FakeStripe {
  readonly calls: StripeCall[] = []
  readonly coupons = new Map<string, number>()
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

  private async answer(request: IncomingMessage): Promise<[number, unknown]> {
    let text = ''
    for await (const chunk of request) text += chunk
    const url = new URL(request.url ?? '/', 'http://stripe.test')
    const params = new URLSearchParams(request.method === 'GET' ? url.search : text)
    const call = { method: request.method ?? '', path: url.pathname, params }
    this.calls.push(call)
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
    const subscription = /^\/v1\/subscriptions\/(\w+)$/.exec(url.pathname)
    if (call.method === 'POST' && subscription?.[1]) {
      return [200, { id: subscription[1], object: 'subscription', status: 'active', metadata: {} }]
    }
    return [404, missing(`Unrecognized request URL (${call.method}: ${url.pathname})`)]
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
