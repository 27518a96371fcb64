import { createHash, createHmac } from 'node:crypto'
import { Writable } from 'node:stream'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_RATE_LIMITS, type Policies } from '../../src/domain/limits'
import { appSettings, oneTimeTokens } from '../../src/server/db/schema'
import { UNTRUSTED_PROXY_WARNING } from '../../src/server/http/proxy-warning'
import {
  buildTestApp,
  Client,
  type ConfigOverrides,
  freshDatabase,
  newAccount,
  signedIn,
  testConfig,
} from './support/test-app'

/**
 * "safe by default": production behaviour of a fresh install (decision 012), headers and cookies that
 * follow APP_URL (decision 014), the logout navigation, proxies (decision 015) and how secrets are stored.
 */
const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function start(overrides: ConfigOverrides = {}, policies: Partial<Policies> = {}) {
  const database = await freshDatabase()
  let logs = ''
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logs += chunk.toString()
      done()
    },
  })
  const app = await buildTestApp(
    database,
    testConfig(database, { ...overrides, server: { logLevel: 'info', ...overrides.server } }),
    { logStream, policies },
  )
  cleanups.push(async () => {
    await app.close()
    await database.drop()
  })
  return { app, logs: () => logs }
}

/** The log lines (pino JSON), parsed. */
const lines = (logs: string) =>
  logs
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown> & { msg: string })

describe('production without SMTP_URL (decision 012)', () => {
  it('writes each e-mail to the log for the operator, one line with its link, and never over HTTP', async () => {
    const { app, logs } = await start({ server: { nodeEnv: 'production' }, mail: { smtpUrl: null } })
    expect(logs()).toContain('SMTP_URL is not set: e-mails are not sent but written to this log')
    const client = new Client(app)
    const account = newAccount()
    expect((await client.post('/api/auth/register', account)).statusCode).toBe(201)
    const forgot = await client.post('/api/auth/forgot-password', { email: account.email })
    expect(forgot.json()).not.toHaveProperty('resetLink')
    expect((await client.get('/api/dev/outbox')).statusCode).toBe(404)

    await expect
      .poll(() => lines(logs()).filter((l) => l.msg === 'e-mail written to the log (no SMTP_URL)'))
      .toHaveLength(2)
    const mails = lines(logs())
      .filter((l) => l.msg === 'e-mail written to the log (no SMTP_URL)')
      .map((l) => l.mail as { to: string; subject: string; text: string })
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      [account.email, 'Verify your e-mail for Grid'],
      [account.email, 'Reset your Grid password'],
    ])
    // The operator can follow the link in the log: the reset works end to end.
    const token = mails[1]?.text.match(/token=([\w-]+)/)?.[1]
    const reset = await client.post('/api/auth/reset-password', { token, newPassword: 'from-the-log-1' })
    expect(reset.statusCode).toBe(200)
  })

  it('sends no codeForDev at login; the code is in the log', async () => {
    const { app, logs } = await start({ server: { nodeEnv: 'production' }, mail: { smtpUrl: null } })
    await signedIn(app) // the admin
    const { client, account } = await signedIn(app, {}, '10.8.0.2')
    await client.post('/api/auth/2fa/enable', { method: 'email' })
    const code = logs().match(/Your Grid verification code is (\d{6})/)?.[1]
    expect((await client.post('/api/auth/2fa/verify', { code })).statusCode).toBe(200)
    const login = await new Client(app, '10.8.0.3').post('/api/auth/login', {
      username: account.username,
      password: account.password,
    })
    expect(login.json()).toEqual({ requiresTwoFactor: true, twoFactorMethod: 'email' })
  })
})

describe('headers and cookies follow APP_URL (decision 014)', () => {
  it('over https: HSTS, Secure cookies with __Host- names, on path /', async () => {
    const { app } = await start({ http: { appUrl: 'https://grid.example' } })
    const { client } = await signedIn(app)
    const login = await client.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: (await client.get('/api/auth/user')).json().username, password: 'correct-horse' },
    })
    expect(login.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
    const cookie = String(login.headers['set-cookie'])
    expect(cookie).toMatch(/^__Host-grid_session=/)
    expect(cookie).toMatch(/; Secure/)
    expect(cookie).toMatch(/; Path=\/(;|$)/)
    expect(cookie).not.toMatch(/Domain=/i)
    expect(client.cookies.has('__Host-grid_session')).toBe(true)
    expect((await client.get('/api/auth/user')).statusCode).toBe(200)
    // A plain-named cookie (set by a sibling subdomain, say) is not read over https.
    const planted = new Client(app)
    planted.cookies.set('grid_session', client.cookies.get('__Host-grid_session') ?? '')
    expect((await planted.get('/api/auth/user')).statusCode).toBe(401)
  })

  it('over http (however the request came): no HSTS, no Secure, plain names', async () => {
    const { app } = await start({ http: { appUrl: 'http://grid.test', trustProxy: 1 } })
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: newAccount(),
      headers: { 'x-forwarded-proto': 'https' },
    })
    expect(response.headers['strict-transport-security']).toBeUndefined()
    const { client, account } = await signedIn(app, {}, '10.8.1.2')
    const login = await client.post('/api/auth/login', {
      username: account.username,
      password: account.password,
    })
    expect(String(login.headers['set-cookie'])).toMatch(/^grid_session=/)
    expect(String(login.headers['set-cookie'])).not.toMatch(/Secure/)
  })

  it('puts no-store and the security headers on every API answer, framework errors included', async () => {
    const { app } = await start()
    const { client } = await signedIn(app)
    for (const response of [
      await client.get('/api/auth/user'),
      await client.get('/api/games/live'),
      await client.get('/api/bets'),
      await client.get('/api/nope'),
      await new Client(app).get('/api/auth/user'),
      await app.inject({ method: 'GET', url: '/api/bets/%E0%A4%A' }),
      await app.inject({
        method: 'POST',
        url: '/api/bets',
        payload: '{not json',
        headers: { 'content-type': 'application/json' },
      }),
    ]) {
      expect(response.headers['cache-control']).toBe('no-store')
      expect(response.headers['content-security-policy']).toMatch(/default-src 'self'/)
      expect(response.headers['x-frame-options']).toBe('DENY')
      expect(response.headers['x-content-type-options']).toBe('nosniff')
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin')
    }
  })
})

describe('GET /api/logout refuses cross-site navigations', () => {
  it.each([
    ['cross-site', 403],
    ['same-site', 403],
    ['same-origin', 302],
    ['none', 302],
  ])('Sec-Fetch-Site %s answers %i', async (site, status) => {
    const { app } = await start()
    const { client } = await signedIn(app)
    const response = await client.request({
      method: 'GET',
      url: '/api/logout',
      headers: { 'sec-fetch-site': site },
    })
    expect(response.statusCode).toBe(status)
    expect((await client.get('/api/auth/user')).statusCode).toBe(status === 403 ? 200 : 401)
  })
})

describe('client addresses behind a proxy (decision 015)', () => {
  const tight = { limit: 1, windowSeconds: 86_400 }
  const register = (app: FastifyInstance, forwardedFor: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: newAccount(),
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-for': forwardedFor },
    })

  const proxyWarnings = (logs: string) => lines(logs).filter((line) => line.msg === UNTRUSTED_PROXY_WARNING)

  it.each([
    ['a hop count', 1],
    ['the proxy address', ['10.0.0.1']],
    ['the proxy network', ['10.0.0.0/24']],
  ])(
    'with %s, takes the address the proxy saw, never the part the client wrote',
    async (_name, trustProxy) => {
      const { app, logs } = await start(
        { http: { trustProxy } },
        { rateLimits: { ...DEFAULT_RATE_LIMITS, registerPerIp: tight } },
      )
      expect((await register(app, '203.0.113.7')).statusCode).toBe(201)
      // The same client writing a different left part is still 203.0.113.7 to the limit.
      expect((await register(app, '1.1.1.1, 203.0.113.7')).statusCode).toBe(429)
      expect((await register(app, '198.51.100.4, 203.0.113.7')).statusCode).toBe(429)
      // Another client behind the same proxy has its own allowance.
      expect((await register(app, '203.0.113.8')).statusCode).toBe(201)
      expect(proxyWarnings(logs())).toEqual([])
    },
  )

  it('without a trusted proxy, says once in the log that requests come through one, naming TRUST_PROXY', async () => {
    const { app, logs } = await start()
    await new Client(app).post('/api/auth/register', newAccount())
    expect(proxyWarnings(logs())).toEqual([])
    for (const address of ['203.0.113.7', '203.0.113.8', '203.0.113.9']) await register(app, address)
    expect(proxyWarnings(logs())).toEqual([expect.objectContaining({ level: 40, address: '10.0.0.1' })])
  })

  it('without a trusted proxy, ignores X-Forwarded-For', async () => {
    const { app } = await start({}, { rateLimits: { ...DEFAULT_RATE_LIMITS, registerPerIp: tight } })
    expect((await register(app, '203.0.113.7')).statusCode).toBe(201)
    expect((await register(app, '203.0.113.8')).statusCode).toBe(429)
  })
})

describe('stored secrets', () => {
  async function setupCodeRow(app: FastifyInstance) {
    const { client, user } = await signedIn(app)
    const code: string = (await client.post('/api/auth/2fa/enable', { method: 'email' })).json().codeForDev
    const [row] = await app.db
      .select()
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.userId, user.id), eq(oneTimeTokens.kind, 'setup_2fa')))
    return { code, stored: row?.codeHash ?? '' }
  }

  it('keeps a 6-digit code as an HMAC under the server secret: trying every code does not find it', async () => {
    const { app } = await start()
    const { code, stored } = await setupCodeRow(app)
    let found: string | null = null
    for (let n = 0; n < 1_000_000 && found === null; n++) {
      const candidate = String(n).padStart(6, '0')
      if (createHash('sha256').update(candidate).digest('hex') === stored) found = candidate
    }
    expect(found).toBeNull()
    // With the secret (generated once, kept in the database for every instance) it is the code's HMAC.
    const [secret] = await app.db.select().from(appSettings).where(eq(appSettings.key, 'app_secret'))
    expect(secret?.value.length).toBeGreaterThanOrEqual(43)
    expect(
      createHmac('sha256', secret?.value ?? '')
        .update(`code:${code}`)
        .digest('hex'),
    ).toBe(stored)
  })

  it('uses APP_SECRET when it is set, and stores none', async () => {
    const appSecret = 'a-configured-secret-of-forty-characters!'
    const { app } = await start({ accounts: { appSecret } })
    const { code, stored } = await setupCodeRow(app)
    expect(createHmac('sha256', appSecret).update(`code:${code}`).digest('hex')).toBe(stored)
    expect(await app.db.select().from(appSettings)).toEqual([])
  })
})
