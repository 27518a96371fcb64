import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TIMEZONES } from '../../src/domain/calendar'
import { DEFAULT_LOGIN_THROTTLE } from '../../src/domain/limits'
import { buildApp } from '../../src/server/app'
import { REGISTERED } from '../../src/server/auth/auth.routes'
import { users } from '../../src/server/db/schema'
import { recordRepositoryCalls } from './support/repository-calls'
import {
  buildTestApp,
  Client,
  catchUp,
  freshDatabase,
  newAccount,
  onPostgres,
  registeredUser,
  signedIn,
  TEST_PASSWORD_COST,
  type TestApp,
  type TestDatabase,
  testApp,
  testClock,
  testConfig,
} from './support/test-app'

let t: TestApp
beforeAll(async () => {
  t = await testApp()
  // Decision 013: the first account is the admin; every test below works with ordinary users.
  await signedIn(t.app)
})
afterAll(() => t.close())

// Each test user signs up from its own address, clear of the per-IP limits (decision 015).
let ips = 0
const nextIp = () => `10.2.${Math.floor(++ips / 250)}.${ips % 250}`
const member = (overrides: Record<string, unknown> = {}) => signedIn(t.app, overrides, nextIp())
const register = (body: unknown) => new Client(t.app, nextIp()).post('/api/auth/register', body)

const DAY_MS = 86_400_000

describe('registration', () => {
  async function expectRefused(body: unknown, message: string, field: string) {
    const response = await register(body)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message, field })
  }

  it('names the first missing field', async () => {
    const { username, email, password } = newAccount()
    await expectRefused({}, 'All fields are required', 'username')
    await expectRefused({ email, password }, 'All fields are required', 'username')
    await expectRefused({ username, password }, 'All fields are required', 'email')
    await expectRefused({ username, email }, 'All fields are required', 'password')
    await expectRefused({ username: null, email, password }, 'All fields are required', 'username')
    await expectRefused({ username: '   ', email, password }, 'All fields are required', 'username')
  })

  it('asks for the 18+ and terms acknowledgement the legal pages state', async () => {
    const { acceptTerms: _, ...unacknowledged } = newAccount()
    const message =
      'Please confirm that you are 18 or older and accept the Terms of Service and Privacy Policy'
    await expectRefused(unacknowledged, message, 'acceptTerms')
    await expectRefused({ ...unacknowledged, acceptTerms: false }, message, 'acceptTerms')
    await expectRefused({ ...unacknowledged, acceptTerms: 'yes' }, message, 'acceptTerms')
    expect(await t.app.repos.users.byUsername(unacknowledged.username)).toBeFalsy()
    expect((await register({ ...unacknowledged, acceptTerms: true })).statusCode).toBe(201)
  })

  it('checks the username length after trimming', async () => {
    const account = newAccount()
    await expectRefused(
      { ...account, username: 'ab' },
      'Username must be at least 3 characters long.',
      'username',
    )
    await expectRefused(
      { ...account, username: '  ab  ' },
      'Username must be at least 3 characters long.',
      'username',
    )
    await expectRefused({ ...account, username: '' }, 'All fields are required', 'username')
    await expectRefused(
      { ...account, username: 'a'.repeat(51) },
      'Username must be at most 50 characters long.',
      'username',
    )
    const longest = `${account.username}${'x'.repeat(50)}`.slice(0, 50)
    const ok = await register({ ...account, username: `  ${longest}  ` })
    expect(ok.statusCode).toBe(201)
    expect((await registeredUser(t.app, longest)).username).toBe(longest)
  })

  it('checks the password length', async () => {
    const account = newAccount()
    await expectRefused(
      { ...account, password: '12345' },
      'Password must be at least 6 characters',
      'password',
    )
    await expectRefused({ ...account, password: '' }, 'All fields are required', 'password')
    expect((await register({ ...account, password: '1x3y5z' })).statusCode).toBe(201)
  })

  it('refuses the most common passwords, whatever their case', async () => {
    const message = 'This password is one of the most common ones and easy to guess. Please choose another.'
    for (const password of ['123456', 'password1', 'Qwerty123', 'LETMEIN', 'dragon']) {
      await expectRefused({ ...newAccount(), password }, message, 'password')
    }
    expect((await register(newAccount({ password: 'plum-arch-9-velvet' }))).statusCode).toBe(201)
  })

  it('keeps spaces in a password: the same password signs in, a trimmed one does not', async () => {
    const account = newAccount({ password: '  spaced out pass  ' })
    expect((await register(account)).statusCode).toBe(201)
    const login = (password: string) =>
      new Client(t.app, nextIp()).post('/api/auth/login', { username: account.username, password })
    expect((await login(account.password)).statusCode).toBe(200)
    expect((await login(account.password.trim())).statusCode).toBe(401)
  })

  it('checks the e-mail address and stores it lower case', async () => {
    const account = newAccount()
    for (const email of [
      'not-an-email',
      'a@b',
      '@example.com',
      'a b@example.com',
      `${'a'.repeat(250)}@example.com`,
    ]) {
      await expectRefused({ ...account, email }, 'Please enter a valid email address', 'email')
    }
    await expectRefused({ ...account, email: '  ' }, 'All fields are required', 'email')
    const ok = await register({ ...account, email: `  ${account.email.toUpperCase()} ` })
    expect(ok.statusCode).toBe(201)
    expect((await registeredUser(t.app, account.username)).email).toBe(account.email)
  })

  it('uppercases a valid referral code and refuses a bad one (decision 017)', async () => {
    const message = 'Referral code must be 3-20 letters and numbers'
    for (const referralCode of ['AB-12', 'abc!', 'ab c', 'a'.repeat(21), 'ab', 'ÄBC']) {
      await expectRefused({ ...newAccount(), referralCode }, message, 'referralCode')
    }
    // A code must exist at sign-up.
    const { client } = await member()
    for (const code of ['FRIEND2024', 'A'.repeat(20)]) {
      expect((await client.post('/api/referral/create', { referralCode: code })).statusCode).toBe(201)
    }
    const referredBy = async (referralCode: unknown) => {
      const account = newAccount()
      expect((await register({ ...account, referralCode })).statusCode).toBe(201)
      return (await registeredUser(t.app, account.username)).referralCode
    }
    expect(await referredBy(' friend2024 ')).toBe('FRIEND2024')
    expect(await referredBy('a'.repeat(20))).toBe('A'.repeat(20))
    for (const referralCode of ['', null]) expect(await referredBy(referralCode)).toBeNull()
  })

  it('normalises the username (NFKC) and refuses look-alike, mixed-script and direction characters', async () => {
    const message = 'Username may use only the letters A-Z, digits and . _ -'
    for (const username of ['pаypal', 'ΑDMIN', 'bob\u202Egnp.exe', '\u200Fadmin', 'two words', 'José']) {
      await expectRefused({ ...newAccount(), username }, message, 'username')
    }
    const account = newAccount()
    const typed = account.username.replace('user', 'ｕｓｅｒ')
    expect((await register({ ...account, username: typed })).statusCode).toBe(201)
    expect((await registeredUser(t.app, account.username)).username).toBe(account.username)
  })

  it('refuses a taken username, whatever its case', async () => {
    const { account } = await member()
    const sameName = await register(newAccount({ username: ` ${account.username.toUpperCase()} ` }))
    expect(sameName.statusCode).toBe(409)
    expect(sameName.json()).toEqual({ message: 'Username already taken', field: 'username' })
  })

  it('answers a taken e-mail like a new one, makes no account, and tells the owner (decision 022)', async () => {
    const { account } = await member()
    const stranger = newAccount({ email: account.email.toUpperCase() })
    const fresh = newAccount()
    const [taken, created] = await Promise.all([register(stranger), register(fresh)])
    expect(taken.statusCode).toBe(201)
    expect(taken.json()).toEqual(created.json())
    expect(taken.json()).toEqual({ message: REGISTERED })
    expect(await t.app.repos.users.byUsername(stranger.username)).toBeNull()
    const mails = t.app.mailer.outbox?.filter((m) => m.to === account.email) ?? []
    expect(mails.map((m) => m.subject)).toContain('Someone tried to sign up for Grid with your address')
    const notice = mails.find((m) => m.subject.startsWith('Someone tried'))
    expect(notice?.text).toContain(account.username)
    // The stranger's password and chosen username are not in it, and nothing can sign in with them.
    expect(notice?.text).not.toContain(stranger.username)
    const login = await new Client(t.app, nextIp()).post('/api/auth/login', {
      username: stranger.username,
      password: stranger.password,
    })
    expect(login.statusCode).toBe(401)
  })

  it('does the same database work for a registered e-mail as for a new one, the account insert included (decision 022)', async () => {
    const { account } = await member()
    const calls = recordRepositoryCalls(t.app)
    try {
      expect((await register(newAccount())).statusCode).toBe(201)
      const fresh = calls.take()
      expect((await register(newAccount({ email: account.email }))).statusCode).toBe(201)
      const taken = calls.take()
      // The account insert is tried for both: a taken address's is refused by its unique index, and its
      // owner is read in the same transaction where a new account's verification token is written.
      expect(fresh).toEqual(['users.byUsername', 'users.create', 'tokens.issueFirst'])
      expect(taken).toEqual(['users.byUsername', 'users.create'])
    } finally {
      calls.stop()
    }
  })

  it('answers without waiting for its mail, for a new and a registered e-mail alike (decision 022)', async () => {
    const { account } = await member()
    const mailer = t.app.mailer
    const send = mailer.send
    const held: { to: string; subject: string; release: () => void }[] = []
    // A mail server that takes every message and answers only when the test says so.
    mailer.send = (mail) =>
      new Promise<void>((release) => held.push({ to: mail.to, subject: mail.subject, release }))
    try {
      const fresh = newAccount()
      const answers = await Promise.all([register(fresh), register(newAccount({ email: account.email }))])
      expect(answers.map((r) => r.statusCode)).toEqual([201, 201])
      expect(held.map(({ to, subject }) => ({ to, subject }))).toEqual(
        expect.arrayContaining([
          { to: fresh.email, subject: 'Verify your e-mail for Grid' },
          { to: account.email, subject: 'Someone tried to sign up for Grid with your address' },
        ]),
      )
    } finally {
      mailer.send = send
      for (const mail of held) mail.release()
    }
  })

  it('answers two simultaneous sign-ups with one new e-mail alike, keeping one account (decision 022)', async () => {
    const email = newAccount().email
    const [a, b] = [newAccount({ email }), newAccount({ email })]
    const answers = await Promise.all([register(a), register(b)])
    expect(answers.map((r) => [r.statusCode, r.json()])).toEqual([
      [201, { message: REGISTERED }],
      [201, { message: REGISTERED }],
    ])
    const made = [
      await t.app.repos.users.byUsername(a.username),
      await t.app.repos.users.byUsername(b.username),
    ]
    expect(made.filter((row) => row !== null)).toHaveLength(1)
  })

  it('keeps only one of two simultaneous sign-ups with the same username', async () => {
    const account = newAccount()
    const answers = await Promise.all([
      register(account),
      register({ ...account, email: `other.${account.email}` }),
      register({ ...account, username: account.username.toUpperCase(), email: `third.${account.email}` }),
    ])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409])
  })
})

describe('trial slots (decision 016)', () => {
  let capped: TestApp
  beforeAll(async () => {
    capped = await testApp({ billing: { trialSlotCap: 2 } })
  })
  afterAll(() => capped.close())

  it('gives the capped number of trial slots, then trial_ended', async () => {
    const signUp = async () => {
      const account = newAccount()
      const response = await new Client(capped.app).post('/api/auth/register', account)
      expect(response.statusCode).toBe(201)
      return registeredUser(capped.app, account.username)
    }
    expect(await signUp()).toMatchObject({ role: 'admin', subscriptionTier: 'admin', trialSlotNumber: null })
    const second = await signUp()
    expect(second).toMatchObject({ role: 'user', subscriptionTier: 'performance_trial', trialSlotNumber: 1 })
    expect(second.trialEndDate).toEqual(expect.any(String))
    const third = await signUp()
    expect(third).toMatchObject({ role: 'user', subscriptionTier: 'performance_trial', trialSlotNumber: 2 })
    expect(third.trialEndDate).toEqual(expect.any(String))
    const fourth = await signUp()
    expect(fourth).toMatchObject({
      role: 'user',
      subscriptionTier: 'trial_ended',
      trialSlotNumber: null,
      trialEndDate: null,
    })
  })
})

describe('update username', () => {
  const update = (client: Client, body: unknown) => client.post('/api/auth/update-username', body)
  const rename = (who: { client: Client; account: { password: string } }, newUsername: unknown) =>
    update(who.client, { newUsername, password: who.account.password })

  it('trims and saves the new name; the new name logs in, the old one does not', async () => {
    const who = await member()
    const { client, account } = who
    const newUsername = `${account.username}new`
    const response = await rename(who, `  ${newUsername}  `)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ message: 'Username Updated', user: { username: newUsername } })
    expect((await client.get('/api/auth/user')).json().username).toBe(newUsername)
    const login = (username: string) =>
      new Client(t.app, nextIp()).post('/api/auth/login', { username, password: account.password })
    expect((await login(newUsername)).statusCode).toBe(200)
    expect((await login(account.username)).statusCode).toBe(401)
  })

  it('accepts the unchanged name, and a change of case of one’s own name', async () => {
    const who = await member()
    const { account } = who
    const same = await rename(who, ` ${account.username} `)
    expect(same.statusCode).toBe(200)
    expect(same.json()).toMatchObject({ message: 'Username unchanged', user: { username: account.username } })
    const upper = await rename(who, account.username.toUpperCase())
    expect(upper.statusCode).toBe(200)
    expect(upper.json()).toMatchObject({
      message: 'Username Updated',
      user: { username: account.username.toUpperCase() },
    })
  })

  it('checks the length', async () => {
    const who = await member()
    const { client, account } = who
    const cases: [unknown, string][] = [
      [undefined, 'Username is required'],
      [42, 'Username is required'],
      [' ab ', 'Username must be at least 3 characters long.'],
      ['a'.repeat(51), 'Username must be at most 50 characters long.'],
    ]
    for (const [newUsername, message] of cases) {
      const response = await rename(who, newUsername)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ message, field: 'newUsername' })
    }
    const unknown = await update(client, {
      newUsername: 'valid-name',
      password: account.password,
      username: 'x',
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toEqual({ message: 'Unknown field: username', field: 'username' })
    expect((await client.get('/api/auth/user')).json().username).toBe(account.username)
  })

  it('refuses a name taken by someone else, whatever its case', async () => {
    const other = await member()
    const response = await rename(await member(), other.account.username.toUpperCase())
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({ message: 'Username already taken', field: 'newUsername' })
  })

  it('needs the current password: a wrong or missing one changes nothing', async () => {
    const { client, account } = await member()
    const newUsername = `${account.username}x`
    const cases: [Record<string, unknown>, string][] = [
      [{ newUsername }, 'Enter your current password to change your username'],
      [{ newUsername, password: '' }, 'Enter your current password to change your username'],
      [{ newUsername, password: 'not-the-password' }, 'The password is not correct'],
      [{ newUsername, password: account.password.toUpperCase() }, 'The password is not correct'],
    ]
    for (const [body, message] of cases) {
      const response = await update(client, body)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ message, field: 'password' })
    }
    expect((await client.get('/api/auth/user')).json().username).toBe(account.username)
    const notices = t.app.mailer.outbox?.filter((m) => m.to === account.email) ?? []
    expect(notices.map((m) => m.subject)).not.toContain('Your Grid username was changed')
  })

  it('e-mails the owner the old and the new name', async () => {
    const who = await member()
    const newUsername = `${who.account.username}mail`
    expect((await rename(who, newUsername)).statusCode).toBe(200)
    const notice = t.app.mailer.outbox?.find(
      (m) => m.to === who.account.email && m.subject === 'Your Grid username was changed',
    )
    expect(notice?.text).toContain(`from ${who.account.username} to ${newUsername}`)
    expect(notice?.text).toContain('If this was not you, reset your password now')
  })

  it('normalises (NFKC) and refuses look-alike, mixed-script and direction characters, like sign-up', async () => {
    const who = await member()
    const message = 'Username may use only the letters A-Z, digits and . _ -'
    for (const newUsername of ['pаypal', 'ΑDMIN', 'bob\u202Egnp.exe', 'al\u200Bice', 'two words', 'José']) {
      const response = await rename(who, newUsername)
      expect(response.json()).toEqual({ message, field: 'newUsername' })
    }
    const wide = `ｗｉｄｅ${who.account.username}`.normalize('NFKC')
    const fullWidth = await rename(who, `ｗｉｄｅ${who.account.username}`)
    expect(fullWidth.json()).toMatchObject({ user: { username: wide } })
  })

  it('is rate limited like the other password checks', async () => {
    // The test's clock, so the 15-minute window cannot turn over between the tries.
    const limited = await testApp({}, { clock: testClock().now })
    try {
      await signedIn(limited.app)
      const who = await signedIn(limited.app)
      const tries = []
      for (let i = 0; i < 11; i++)
        tries.push(await update(who.client, { newUsername: 'unused-name', password: 'wrong-password' }))
      expect(tries.slice(0, 10).map((r) => r.statusCode)).toEqual(Array(10).fill(400))
      expect(tries[10]?.statusCode).toBe(429)
      expect((await rename(who, 'unused-name')).statusCode).toBe(429)
    } finally {
      await limited.close()
    }
  })

  it('keeps an existing name outside the rule signing in', async () => {
    const { account, user } = await member()
    const legacy = `Jos\u00e9 ${user.id}`
    await t.app.db.update(users).set({ username: legacy }).where(eq(users.id, user.id))
    await catchUp(t.app)
    const login = await new Client(t.app, nextIp()).post('/api/auth/login', {
      username: legacy,
      password: account.password,
    })
    expect(login.statusCode).toBe(200)
  })
})

describe('time zone', () => {
  const setZone = (client: Client, body: unknown) => client.patch('/api/user/timezone', body)

  it('accepts each of the listed zones', async () => {
    expect(TIMEZONES).toHaveLength(11)
    const { client } = await member()
    expect((await client.get('/api/auth/user')).json().timezone).toBe('America/Chicago')
    for (const { value } of TIMEZONES) {
      const response = await setZone(client, { timezone: value })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toMatchObject({
        message: 'Timezone updated',
        timezone: value,
        user: { timezone: value },
      })
      expect((await client.get('/api/auth/user')).json().timezone).toBe(value)
    }
  })

  it('refuses any other zone', async () => {
    const { client } = await member()
    expect((await setZone(client, { timezone: 'Europe/Paris' })).statusCode).toBe(200)
    for (const timezone of ['Europe/Berlin', 'UTC', 'europe/paris', ' Europe/Paris', '', 42, null]) {
      const response = await setZone(client, { timezone })
      expect(response.statusCode).toBe(400)
      expect(response.json().field).toBe('timezone')
    }
    const berlin = await setZone(client, { timezone: 'Europe/Berlin' })
    expect(berlin.json()).toEqual({ message: 'Choose one of the listed time zones', field: 'timezone' })
    const missing = await setZone(client, {})
    expect(missing.json()).toEqual({ message: 'Timezone is required', field: 'timezone' })
    expect((await client.get('/api/auth/user')).json().timezone).toBe('Europe/Paris')
  })
})

describe('inactivity (decision 021)', () => {
  async function inactiveFor(userId: number, days: number) {
    await t.app.db
      .update(users)
      .set({ lastActiveAt: new Date(Date.now() - days * DAY_MS) })
      .where(eq(users.id, userId))
    await catchUp(t.app)
  }
  const status = async (client: Client) => {
    const response = await client.get('/api/user/inactivity-status')
    expect(response.statusCode).toBe(200)
    return response.json()
  }

  it('shows no banner for a new user', async () => {
    const { client } = await member()
    expect(await status(client)).toEqual({ showBanner: false, daysInactive: 0, timeRemaining: 730 })
  })

  it('shows the banner from 30 days, counting down to deletion', async () => {
    const { client, user } = await member()
    await inactiveFor(user.id, 29)
    expect(await status(client)).toEqual({ showBanner: false, daysInactive: 29, timeRemaining: 701 })
    await inactiveFor(user.id, 30)
    expect(await status(client)).toEqual({ showBanner: true, daysInactive: 30, timeRemaining: 700 })
    await inactiveFor(user.id, 40)
    expect(await status(client)).toEqual({ showBanner: true, daysInactive: 40, timeRemaining: 690 })
    await inactiveFor(user.id, 800)
    expect(await status(client)).toEqual({ showBanner: true, daysInactive: 800, timeRemaining: 0 })
  })

  it('counts no negative days when lastActiveAt is ahead of the server clock', async () => {
    const { client, user } = await member()
    await inactiveFor(user.id, -0.01)
    expect(await status(client)).toEqual({ showBanner: false, daysInactive: 0, timeRemaining: 730 })
  })

  it('resets on stay-active', async () => {
    const { client, user } = await member()
    await inactiveFor(user.id, 40)
    const response = await client.post('/api/user/stay-active')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: 'Thanks! Your account stays active.' })
    expect(await status(client)).toEqual({ showBanner: false, daysInactive: 0, timeRemaining: 730 })
  })
})

describe('signed out', () => {
  it.each([
    ['POST', '/api/auth/update-username', { newUsername: 'someone' }],
    ['PATCH', '/api/user/timezone', { timezone: 'Europe/Paris' }],
    ['GET', '/api/user/inactivity-status', undefined],
    ['POST', '/api/user/stay-active', undefined],
    ['POST', '/api/user/dismiss-inactivity', undefined],
    ['GET', '/api/auth/user', undefined],
  ] as const)('%s %s answers 401', async (method, url, payload) => {
    const response = await new Client(t.app).request({ method, url, ...(payload ? { payload } : {}) })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ message: 'Not authenticated' })
  })
})

describe('navigation', () => {
  it('GET /api/auth/login goes home when signed in and to /login otherwise', async () => {
    const { client } = await member()
    const signedInAnswer = await client.get('/api/auth/login')
    expect(signedInAnswer.statusCode).toBe(302)
    expect(signedInAnswer.headers.location).toBe('/')
    const signedOutAnswer = await new Client(t.app).get('/api/auth/login')
    expect(signedOutAnswer.statusCode).toBe(302)
    expect(signedOutAnswer.headers.location).toBe('/login')
  })

  it('GET /api/logout clears the cookie, ends the session and goes home', async () => {
    const { client } = await member()
    const kept = new Map(client.cookies)
    expect(kept.has('grid_session')).toBe(true)
    const response = await client.get('/api/logout')
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toBe('/')
    const cleared = response.cookies.find((c) => c.name === 'grid_session')
    expect(cleared?.value).toBe('')
    expect(client.cookies.has('grid_session')).toBe(false)
    expect((await client.get('/api/auth/user')).statusCode).toBe(401)
    // The session is gone on the server too, not only from the browser.
    const stale = new Client(t.app)
    for (const [name, value] of kept) stale.cookies.set(name, value)
    expect((await stale.get('/api/auth/user')).statusCode).toBe(401)
    // Signed out already: still goes home.
    const again = await new Client(t.app).get('/api/logout')
    expect(again.statusCode).toBe(302)
    expect(again.headers.location).toBe('/')
  })
})

/** Another client with the same cookies, talking to another app instance. */
function sameBrowser(client: Client, app: FastifyInstance) {
  const other = new Client(app)
  for (const [name, value] of client.cookies) other.cookies.set(name, value)
  return other
}

describe('two app instances on one database (decisions 014 and 015)', () => {
  let database: TestDatabase
  let first: FastifyInstance
  let second: FastifyInstance
  // Still, so that no login delay runs out while a test's guesses are in flight.
  const clock = testClock()
  beforeAll(async () => {
    // Not a copy of the migrated template: these two start on a database no one has migrated yet.
    database = await freshDatabase({ migrated: false })
    const config = testConfig(database)
    const policies = {
      loginThrottle: { ...DEFAULT_LOGIN_THROTTLE, freePerAccountAddress: 2, maxDelaySeconds: 3600 },
    }
    if (onPostgres) {
      // Two pools on one fresh database, started together: they migrate one at a time.
      ;[first, second] = await Promise.all([
        buildTestApp(database, config, { clock: clock.now, policies }),
        buildTestApp(database, config, { clock: clock.now, policies }),
      ])
    } else {
      // PGlite lives in this process: a second instance shares the open database.
      first = await buildTestApp(database, config, { clock: clock.now, policies })
      second = await buildApp(config, {
        database: first.database,
        clock: clock.now,
        policies,
        passwordCost: TEST_PASSWORD_COST,
      })
    }
  })
  afterAll(async () => {
    await second.close()
    await first.close()
    await database.drop()
  })

  it('shares sessions: a login on one is signed in on the other, a logout on one ends it on both', async () => {
    await signedIn(first)
    const { client, account } = await signedIn(first)
    const elsewhere = sameBrowser(client, second)
    const me = await elsewhere.get('/api/auth/user')
    expect(me.statusCode).toBe(200)
    expect(me.json().username).toBe(account.username)
    const login = await new Client(second).post('/api/auth/login', {
      username: account.username,
      password: account.password,
    })
    expect(login.statusCode).toBe(200)
    expect((await elsewhere.get('/api/logout')).statusCode).toBe(302)
    expect((await client.get('/api/auth/user')).statusCode).toBe(401)
  })

  it('shares login failures: failures on both instances count together (decision 015)', async () => {
    const { account } = await signedIn(first, {}, '10.3.0.1')
    const attempt = (app: FastifyInstance) =>
      new Client(app, '10.3.0.1').post('/api/auth/login', {
        username: account.username,
        password: 'wrong-password',
      })
    expect((await attempt(second)).statusCode).toBe(401)
    expect((await attempt(first)).statusCode).toBe(401)
    expect((await attempt(second)).statusCode).toBe(429)
  })

  it('counts guesses sent together to both instances one by one: 200 at once get two password checks (decision 015)', async () => {
    const { account } = await signedIn(first, {}, '10.3.0.2')
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        new Client(i % 2 === 0 ? first : second, '10.3.0.3').post('/api/auth/login', {
          username: account.username,
          password: 'wrong-password',
        }),
      ),
    )
    // Two failures are free for an account at one address; the other guesses wait for them.
    const statuses = answers.map((answer) => answer.statusCode)
    expect(statuses.filter((status) => status === 401)).toHaveLength(2)
    expect(statuses.filter((status) => status === 429)).toHaveLength(198)
  })
})

describe('restart', () => {
  let database: TestDatabase
  let dataDir: string | null = null
  beforeAll(async () => {
    database = await freshDatabase()
    if (!onPostgres) dataDir = await mkdtemp(join(tmpdir(), 'grid-restart-'))
  })
  afterAll(async () => {
    await database.drop()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  it('keeps accounts and sessions across a restart', async () => {
    const config = testConfig(database, dataDir ? { database: { dataDir } } : {})
    const before = await buildTestApp(database, config)
    expect(before.database.kind).toBe(onPostgres ? 'postgres' : 'pglite')
    await signedIn(before)
    const { client, account } = await signedIn(before)
    await before.close()

    const after = await buildTestApp(database, config)
    try {
      const me = await sameBrowser(client, after).get('/api/auth/user')
      expect(me.statusCode).toBe(200)
      expect(me.json()).toMatchObject({ username: account.username, role: 'user', trialSlotNumber: 1 })
      const login = await new Client(after).post('/api/auth/login', {
        username: account.username,
        password: account.password,
      })
      expect(login.statusCode).toBe(200)
      // Not a fresh database: the next sign-up is neither admin (decision 013) nor trial slot 1 (decision 016).
      const next = await signedIn(after)
      expect(next.user).toMatchObject({ role: 'user', trialSlotNumber: 2 })
    } finally {
      await after.close()
    }
  })
})
