import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_RATE_LIMITS } from '../../src/domain/limits'
import { Client, newAccount, signedIn, type TestApp, testApp, testClock } from './support/test-app'

let t: TestApp
beforeAll(async () => {
  t = await testApp()
})
afterAll(() => t.close())

const LOGIN = '/api/auth/login'
const REGISTER = '/api/auth/register'

// Each request comes from its own address, so that the per-IP limits (decision 015) never interfere.
let ips = 0
const nextIp = () => `10.9.${Math.floor(++ips / 250)}.${ips % 250}`

function post(url: string, headers: Record<string, string>, payload: unknown = {}) {
  return t.app.inject({ method: 'POST', url, headers, payload: payload as string, remoteAddress: nextIp() })
}

describe('same-origin check (decision 014)', () => {
  it('refuses a cross-origin POST', async () => {
    const response = await post(
      LOGIN,
      { origin: 'https://evil.example' },
      { username: 'someone', password: 'secret' },
    )
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({ message: 'Cross-origin request refused' })
  })

  it('allows a same-origin POST', async () => {
    const account = newAccount()
    const response = await post(REGISTER, { origin: 'http://grid.test' }, account)
    expect(response.statusCode).toBe(201)
  })

  it('refuses a POST whose Referer is another site', async () => {
    const response = await post(
      LOGIN,
      { referer: 'https://evil.example/page' },
      { username: 'a', password: 'b' },
    )
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({ message: 'Cross-origin request refused' })
  })

  it('allows a POST whose Referer is this site', async () => {
    const response = await post(
      LOGIN,
      { referer: 'http://grid.test/login' },
      { username: 'nobody-here', password: 'b' },
    )
    expect(response.statusCode).toBe(401)
  })

  it('allows a same-origin POST whose Origin spells out the default port', async () => {
    const response = await post(
      LOGIN,
      { origin: 'http://grid.test:80' },
      { username: 'nobody-here', password: 'b' },
    )
    expect(response.statusCode).toBe(401)
    // The request's own host counts as same-origin too (a deployment reached by another name).
    const own = await post(
      LOGIN,
      { host: 'grid.example:80', origin: 'http://grid.example' },
      { username: 'nobody-here', password: 'b' },
    )
    expect(own.statusCode).toBe(401)
  })

  it('refuses an Origin that is not a URL', async () => {
    const response = await post(LOGIN, { origin: 'null' }, { username: 'a', password: 'b' })
    expect(response.statusCode).toBe(403)
  })

  it('refuses a cross-origin PATCH and DELETE as well', async () => {
    const { client } = await signedIn(t.app, {}, nextIp())
    const patch = await client.request({
      method: 'PATCH',
      url: '/api/user/timezone',
      headers: { origin: 'https://evil.example' },
      payload: { timezone: 'Europe/Paris' },
    })
    expect(patch.statusCode).toBe(403)
    const del = await client.request({
      method: 'DELETE',
      url: '/api/admin/users/1/soft',
      headers: { origin: 'https://evil.example' },
      payload: { reason: 'x' },
    })
    expect(del.statusCode).toBe(403)
  })

  it('lets a cross-origin GET through (safe method)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { origin: 'https://evil.example' },
    })
    expect(response.statusCode).toBe(401)
  })
})

describe('security headers', () => {
  it.each([
    ['a success', 'GET', LOGIN],
    ['a refusal', 'GET', '/api/auth/user'],
    ['a not found', 'GET', '/api/nope'],
  ])('are on %s', async (_name, method, url) => {
    const response = await t.app.inject({ method: method as 'GET', url })
    expect(response.headers['content-security-policy']).toMatch(/(^|; )default-src 'self'(;|$)/)
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['x-frame-options']).toBe('DENY')
  })

  it('are on a cross-origin refusal', async () => {
    const response = await post(LOGIN, { origin: 'https://evil.example' })
    expect(response.statusCode).toBe(403)
    expect(response.headers['x-frame-options']).toBe('DENY')
    expect(response.headers['content-security-policy']).toMatch(/default-src 'self'/)
  })
})

describe('rate limits (decision 015)', () => {
  // The app clock stands still until a test moves it: no fixed window turns over during a test.
  const clock = testClock()
  const tight = { limit: 3, windowSeconds: 3_600 }
  let limited: TestApp
  beforeAll(async () => {
    limited = await testApp(
      {},
      {
        policies: {
          rateLimits: { ...DEFAULT_RATE_LIMITS, registerPerIp: tight },
          loginThrottle: { freePerAccountAddress: 3, freePerAddress: 6, maxDelaySeconds: 900 },
        },
        clock: clock.now,
      },
    )
  })
  afterAll(() => limited.close())

  function expectTooMany(
    response: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
    message = 'Too many attempts. Please wait and try again.',
  ) {
    expect(response.statusCode).toBe(429)
    expect(response.json()).toEqual({ message })
    const retryAfter = String(response.headers['retry-after'])
    expect(retryAfter).toMatch(/^\d+$/)
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1)
    return Number(retryAfter)
  }
  const SLOWED = 'Too many failed attempts. Please wait and try again.'

  function later(seconds: number) {
    clock.advance(seconds * 1000)
  }

  const login = (ip: string, username: string, password: string) =>
    new Client(limited.app, ip).post(LOGIN, { username, password })

  it('slows an account at one address after its free failures, with a delay that grows', async () => {
    const { account } = await signedIn(limited.app, {}, '10.0.1.1')
    for (let i = 0; i < 3; i++)
      expect((await login('10.0.1.2', account.username, 'wrong-password')).statusCode).toBe(401)
    expect(
      expectTooMany(await login('10.0.1.2', account.username.toUpperCase(), 'wrong-password'), SLOWED),
    ).toBe(1)
    // While the delay runs even the right password waits; the refused try is not a failure.
    expectTooMany(await login('10.0.1.2', account.username, account.password), SLOWED)
    later(2)
    expect((await login('10.0.1.2', account.username, 'wrong-password')).statusCode).toBe(401)
    expect(expectTooMany(await login('10.0.1.2', account.username, 'wrong-password'), SLOWED)).toBe(2)
    later(3)
    expect((await login('10.0.1.2', account.username, 'wrong-password')).statusCode).toBe(401)
    expect(expectTooMany(await login('10.0.1.2', account.username, 'wrong-password'), SLOWED)).toBe(4)
    // Once it has run, the right password signs in and clears the count.
    later(5)
    expect((await login('10.0.1.2', account.username, account.password)).statusCode).toBe(200)
    expect((await login('10.0.1.2', account.username, 'wrong-password')).statusCode).toBe(401)
  })

  it('never locks the owner out: a guesser elsewhere slows only itself', async () => {
    const { account } = await signedIn(limited.app, {}, '10.0.2.1')
    for (let i = 0; i < 3; i++) await login('10.0.2.66', account.username, 'wrong-password')
    expectTooMany(await login('10.0.2.66', account.username, 'wrong-password'), SLOWED)
    expect((await login('10.0.2.1', account.username, account.password)).statusCode).toBe(200)
  })

  it('counts failures only: signing in again and again slows nobody', async () => {
    const { account } = await signedIn(limited.app, {}, '10.0.3.1')
    for (let i = 0; i < 8; i++)
      expect((await login('10.0.3.1', account.username, account.password)).statusCode).toBe(200)
  })

  it('slows an address that tries one password on many accounts', async () => {
    for (let i = 0; i < 6; i++) {
      expect((await login('10.0.4.1', `nobody${i}`, 'wrong-password')).statusCode).toBe(401)
    }
    expectTooMany(await login('10.0.4.1', 'nobody-else', 'wrong-password'), SLOWED)
    // Another address is not affected.
    expect((await login('10.0.4.2', 'nobody-else', 'x')).statusCode).toBe(401)
  })

  /** Sends `count` wrong guesses at once; answers by status. */
  async function guessesTogether(ip: string, usernames: (i: number) => string, count: number) {
    const answers = await Promise.all(
      Array.from({ length: count }, (_, i) => login(ip, usernames(i), 'wrong-password')),
    )
    for (const answer of answers.filter((a) => a.statusCode === 429)) expectTooMany(answer, SLOWED)
    return {
      checked: answers.filter((a) => a.statusCode === 401).length,
      refused: answers.filter((a) => a.statusCode === 429).length,
    }
  }

  it('counts guesses sent together one by one: 200 at once past the free failures get one password check', async () => {
    const { account } = await signedIn(limited.app, {}, '10.0.6.1')
    for (let i = 0; i < 3; i++)
      expect((await login('10.0.6.2', account.username, 'wrong-password')).statusCode).toBe(401)
    later(1)
    expect(await guessesTogether('10.0.6.2', () => account.username, 200)).toEqual({
      checked: 1,
      refused: 199,
    })
  })

  it('counts guesses on many accounts sent together one by one: 200 at once get one password check', async () => {
    for (let i = 0; i < 6; i++)
      expect((await login('10.0.6.3', `sprayed${i}`, 'wrong-password')).statusCode).toBe(401)
    later(1)
    expect(await guessesTogether('10.0.6.3', (i) => `sprayed-together${i}`, 200)).toEqual({
      checked: 1,
      refused: 199,
    })
  })

  /** `count` failures on made-up accounts from `ip`, waiting out each delay. */
  async function spray(ip: string, count: number) {
    for (let i = 0; i < count; i++) {
      let answer = await login(ip, `sprayer${ip}-${i}`, 'wrong-password')
      if (answer.statusCode === 429) {
        later(expectTooMany(answer, SLOWED))
        answer = await login(ip, `sprayer${ip}-${i}`, 'wrong-password')
      }
      expect(answer.statusCode).toBe(401)
    }
  }

  it('never refuses the right password at an address the account signed in from, however much is guessed there', async () => {
    const { account: owner } = await signedIn(limited.app, {}, '10.0.7.1')
    const { account: newcomer } = await signedIn(limited.app, {}, '10.0.7.2')
    await spray('10.0.7.1', 56)
    expectTooMany(await login('10.0.7.1', 'sprayer-next', 'wrong-password'), SLOWED)
    expect((await login('10.0.7.1', owner.username, owner.password)).statusCode).toBe(200)
    // The owner's own failures there count for their account only, and still slow it after its free ones.
    for (let i = 0; i < 3; i++)
      expect((await login('10.0.7.1', owner.username, 'wrong-password')).statusCode).toBe(401)
    expectTooMany(await login('10.0.7.1', owner.username, owner.password), SLOWED)
    // An account that has never signed in from the sprayed address waits like a guesser would.
    expectTooMany(await login('10.0.7.1', newcomer.username, newcomer.password), SLOWED)
  })

  it('limits registrations per IP', async () => {
    const client = new Client(limited.app, '10.0.5.1')
    for (let i = 0; i < 3; i++) {
      expect((await client.post(REGISTER, newAccount())).statusCode).toBe(201)
    }
    const wait = expectTooMany(await client.post(REGISTER, newAccount()))
    expect((await new Client(limited.app, '10.0.5.2').post(REGISTER, newAccount())).statusCode).toBe(201)
    // Retry-After is the rest of the window: after it, the next window counts from zero.
    later(wait - 1)
    expectTooMany(await client.post(REGISTER, newAccount()))
    later(1)
    expect((await client.post(REGISTER, newAccount())).statusCode).toBe(201)
  })
})

describe('malformed input never answers 500', () => {
  const json = { 'content-type': 'application/json' }

  it('refuses invalid JSON', async () => {
    const response = await post(LOGIN, json, '{"username": "a",')
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON' })
  })

  it('refuses a text/plain body', async () => {
    const response = await post(LOGIN, { 'content-type': 'text/plain' }, 'username=a&password=b')
    expect(response.statusCode).toBe(415)
    expect(response.json()).toEqual({ message: 'Send the body as application/json' })
  })

  it('refuses a form-encoded body', async () => {
    const response = await post(
      LOGIN,
      { 'content-type': 'application/x-www-form-urlencoded' },
      'username=a&password=b',
    )
    expect(response.statusCode).toBe(415)
    expect(response.json()).toEqual({ message: 'Send the body as application/json' })
  })

  it('refuses an empty body sent as JSON', async () => {
    const response = await post(LOGIN, json, '')
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON' })
  })

  it('answers a POST without a body with the missing fields', async () => {
    const response = await t.app.inject({ method: 'POST', url: LOGIN })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message: 'Username is required', field: 'username' })
  })

  it.each([
    ['an array', '[1, 2]'],
    ['a number', '42'],
    ['a string', '"hello"'],
    ['null', 'null'],
    ['true', 'true'],
  ])('refuses %s as the body', async (_name, body) => {
    for (const url of [LOGIN, REGISTER]) {
      const response = await post(url, json, body)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ message: 'The request body must be a JSON object' })
    }
  })

  it('refuses a body over 1 MiB', async () => {
    const huge = JSON.stringify({ username: 'a'.repeat(1_100_000), password: 'b' })
    const response = await post(LOGIN, json, huge)
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({ message: 'The request body is too large' })
  })

  it('refuses a body with unknown fields, naming the field', async () => {
    const response = await post(LOGIN, json, { username: 'a', password: 'b', isAdmin: true })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message: 'Unknown field: isAdmin', field: 'isAdmin' })
    const register = await post(REGISTER, json, { ...newAccount(), role: 'admin' })
    expect(register.statusCode).toBe(400)
    expect(register.json()).toEqual({ message: 'Unknown field: role', field: 'role' })
  })

  it('refuses text holding a NUL character, which PostgreSQL cannot store', async () => {
    const login = await post(LOGIN, json, { username: 'a\u0000b', password: 'secret' })
    expect(login.statusCode).toBe(400)
    expect(login.json()).toEqual({ message: 'Text must not contain NUL characters', field: 'username' })
    const register = await post(REGISTER, json, { ...newAccount(), email: 'a\u0000b@example.com' })
    expect(register.statusCode).toBe(400)
    expect(register.json()).toEqual({ message: 'Text must not contain NUL characters', field: 'email' })
  })

  it('answers a very long, random username like any unknown one', async () => {
    // The per-account rate-limit key holds the username; a long one must not overflow its index entry.
    const username = randomBytes(30_000).toString('base64')
    const login = await post(LOGIN, json, { username, password: 'secret' })
    expect(login.statusCode).toBe(401)
    expect(login.json()).toEqual({ message: 'Invalid username or password' })
    const reset = await post('/api/auth/reset-password', json, { username, newPassword: 'new-secret' })
    expect(reset.statusCode).toBe(200)
  })

  it('refuses a deeply nested body', async () => {
    const depth = 100_000
    const body = `{"username":${'['.repeat(depth)}${']'.repeat(depth)},"password":"x"}`
    const response = await post(LOGIN, json, body)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message: 'Username is required', field: 'username' })
  })

  it('refuses a URL with bad percent-encoding', async () => {
    for (const url of ['/api/auth/%zz', '/api/admin/users/%E0%A4%A/suspend']) {
      const response = await t.app.inject({ method: 'GET', url })
      expect(response.statusCode).toBe(400)
      expect(Object.keys(response.json())).toEqual(['message'])
    }
  })

  it('refuses fields of the wrong type', async () => {
    const response = await post(LOGIN, json, { username: 12, password: ['b'] })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message: 'Username is required', field: 'username' })
  })

  it.each([
    ['garbage', 'grid_session=%%%garbage%%%'],
    ['a 10 kB value', `grid_session=${'x'.repeat(10_240)}`],
    ['odd bytes', 'grid_session=\u00ff\u00fe%E0%A4%A; other=\u0001\u007f; =; ;;'],
    ['no name', '=value; grid_session'],
  ])('treats a session cookie of %s as signed out', async (_name, cookie) => {
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })
    expect(me.statusCode).toBe(401)
    expect(me.json()).toEqual({ message: 'Not authenticated' })
    const login = await t.app.inject({ method: 'GET', url: LOGIN, headers: { cookie } })
    expect(login.statusCode).toBe(302)
    expect(login.headers.location).toBe('/login')
  })

  it('answers an unknown /api path 404 in JSON', async () => {
    for (const url of ['/api/nope', '/api', '/api/auth/user/extra', '/api/nope?x=%zz']) {
      const response = await t.app.inject({ method: 'GET', url })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ message: 'Not found' })
    }
  })

  it('answers a non-GET unknown path 404 in JSON', async () => {
    for (const [method, url] of [
      ['POST', '/api/nope'],
      ['PUT', LOGIN],
      ['DELETE', '/api/auth/user'],
      ['POST', '/anything'],
    ] as const) {
      const response = await t.app.inject({ method, url, payload: { a: 1 } })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ message: 'Not found' })
    }
  })

  it('answers a GET outside /api 404 in JSON when no web app is served', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/settings' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ message: 'Not found' })
  })
})
