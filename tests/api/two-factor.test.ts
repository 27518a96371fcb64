import { and, eq } from 'drizzle-orm'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_RATE_LIMITS } from '../../src/domain/limits'
import { oneTimeTokens, users } from '../../src/server/db/schema'
import type { Mail } from '../../src/server/mail/mailer'
import { Client, type newAccount, signedIn, type TestApp, testApp, testClock } from './support/test-app'

let t: TestApp
beforeAll(async () => {
  t = await testApp()
})
afterAll(() => t.close())

const PENDING_COOKIE = 'grid_2fa'
const SESSION_COOKIE = 'grid_session'
const SIGN_IN_EXPIRED = { message: 'Your sign-in expired. Please log in again.' }
const WRONG = { message: 'Invalid verification code', field: 'code' }
const LOCKED = { message: 'Too many wrong codes. Request a new code.', field: 'code' }
const EXPIRED = { message: 'This code has expired. Request a new one.', field: 'code' }

// Sign-up is limited to 10 per IP per hour and 2FA to 30 per IP (decision 015): every test comes from its own address.
let ips = 0
const nextIp = () => `10.20.${Math.floor(++ips / 250)}.${(ips % 250) + 1}`

type Account = ReturnType<typeof newAccount>

/** A code of the right shape that is not `code`. */
const otherThan = (code: string) => (code === '000000' ? '111111' : '000000')

function codeOf(response: LightMyRequestResponse): string {
  const code = response.json().codeForDev
  expect(code).toMatch(/^\d{6}$/)
  return code
}

/** The code in the newest verification-code mail to `email`, from the development outbox. */
function mailedCode(email: string, outbox: Mail[] | null = t.app.mailer.outbox): string {
  const mail = (outbox ?? []).find((m) => m.to === email && m.subject === 'Your Grid verification code')
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1]
  if (!code) throw new Error(`no verification code mailed to ${email}`)
  return code
}

/** Signs up and signs in, then turns on e-mail 2FA through the setup flow. */
async function withEmailTwoFactor(app: FastifyInstance = t.app, ip = nextIp()) {
  const signed = await signedIn(app, {}, ip)
  const enable = await signed.client.post('/api/auth/2fa/enable', { method: 'email' })
  expect(enable.statusCode).toBe(200)
  const verify = await signed.client.post('/api/auth/2fa/verify', { code: codeOf(enable) })
  expect(verify.statusCode).toBe(200)
  return { ...signed, ip }
}

/** A fresh browser that has given the right password and now owes a code. */
async function pendingLogin(account: Account, ip: string, app: FastifyInstance = t.app) {
  const client = new Client(app, ip)
  const login = await client.post('/api/auth/login', {
    username: account.username,
    password: account.password,
  })
  expect(login.statusCode).toBe(200)
  expect(login.json()).toMatchObject({ requiresTwoFactor: true })
  return { client, login }
}

async function expirePendingCodes(userId: number, kind: 'login_2fa' | 'setup_2fa') {
  await t.app.db
    .update(oneTimeTokens)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.kind, kind)))
}

describe('turning two-factor on and off', () => {
  it('enables e-mail 2FA with a code that is mailed and shown as codeForDev', async () => {
    const { client, account } = await signedIn(t.app, {}, nextIp())
    const enable = await client.post('/api/auth/2fa/enable', { method: 'email' })
    expect(enable.statusCode).toBe(200)
    expect(enable.json()).toEqual({
      method: 'email',
      message: 'Code sent via email',
      codeForDev: expect.any(String),
    })
    const code = codeOf(enable)
    expect(mailedCode(account.email)).toBe(code)

    const before = await client.get('/api/auth/user')
    expect(before.json()).toMatchObject({ twoFactorEnabled: false, twoFactorMethod: null })

    const verify = await client.post('/api/auth/2fa/verify', { code })
    expect(verify.statusCode).toBe(200)
    expect(verify.json()).toMatchObject({
      message: '2FA Enabled Successfully',
      user: { username: account.username, twoFactorEnabled: true, twoFactorMethod: 'email' },
    })
    const me = await client.get('/api/auth/user')
    expect(me.statusCode).toBe(200)
    expect(me.json()).toMatchObject({
      username: account.username,
      twoFactorEnabled: true,
      twoFactorMethod: 'email',
    })
  })

  it('says in each code e-mail what the code is for: turning 2FA on, or signing in', async () => {
    const ip = nextIp()
    const { account } = await withEmailTwoFactor(t.app, ip)
    const codeMail = () =>
      (t.app.mailer.outbox ?? []).find(
        (m) => m.to === account.email && m.subject === 'Your Grid verification code',
      )
    const setup = codeMail()?.text
    expect(setup).toContain('Enter it in Settings to turn on two-factor sign-in')
    expect(setup).toContain('If you did not ask for this, change your password')
    expect(setup).not.toContain('did not try to sign in')
    await pendingLogin(account, ip)
    const login = codeMail()?.text
    expect(login).toContain('Enter it to finish signing in to Grid.')
    expect(login).toContain('If you did not try to sign in, change your password.')
  })

  it('refuses sms without a phone on file and allows it with one', async () => {
    const ip = nextIp()
    const noPhone = await signedIn(t.app, {}, ip)
    const refused = await noPhone.client.post('/api/auth/2fa/enable', { method: 'sms' })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual({ message: 'Add a phone number first', field: 'method' })
    expect((await noPhone.client.get('/api/auth/user')).json()).toMatchObject({ twoFactorEnabled: false })

    const { client, account } = await signedIn(t.app, { cellPhone: '+1 555 010 2030' }, ip)
    const mailsBefore = (t.app.mailer.outbox ?? []).filter((m) => m.to === account.email).length
    const enable = await client.post('/api/auth/2fa/enable', { method: 'sms' })
    expect(enable.statusCode).toBe(200)
    expect(enable.json()).toEqual({
      method: 'sms',
      message: 'Code sent via sms',
      codeForDev: expect.any(String),
    })
    // An SMS code is not e-mailed.
    expect((t.app.mailer.outbox ?? []).filter((m) => m.to === account.email)).toHaveLength(mailsBefore)
    const verify = await client.post('/api/auth/2fa/verify', { code: codeOf(enable) })
    expect(verify.statusCode).toBe(200)
    expect(verify.json().user).toMatchObject({
      twoFactorEnabled: true,
      twoFactorMethod: 'sms',
      cellPhone: '+1 555 010 2030',
    })

    const { login } = await pendingLogin(account, ip)
    expect(login.json()).toEqual({
      requiresTwoFactor: true,
      twoFactorMethod: 'phone',
      codeForDev: expect.any(String),
    })
  })

  it('refuses a wrong setup code and leaves 2FA off', async () => {
    const { client } = await signedIn(t.app, {}, nextIp())
    const code = codeOf(await client.post('/api/auth/2fa/enable', { method: 'email' }))
    const wrong = await client.post('/api/auth/2fa/verify', { code: otherThan(code) })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toEqual(WRONG)
    expect((await client.get('/api/auth/user')).json()).toMatchObject({ twoFactorEnabled: false })
  })

  it('resends a setup code: the new one enables 2FA, the old one no longer works', async () => {
    const { client, account } = await signedIn(t.app, {}, nextIp())
    const first = codeOf(await client.post('/api/auth/2fa/enable', { method: 'email' }))
    const resend = await client.post('/api/auth/2fa/send-code')
    expect(resend.statusCode).toBe(200)
    expect(resend.json()).toEqual({ method: 'email', codeForDev: expect.any(String) })
    const second = codeOf(resend)
    expect(second).not.toBe(first)
    expect(mailedCode(account.email)).toBe(second)
    expect((await client.post('/api/auth/2fa/verify', { code: first })).json()).toEqual(WRONG)
    const verify = await client.post('/api/auth/2fa/verify', { code: second })
    expect(verify.statusCode).toBe(200)
    expect(verify.json().user).toMatchObject({ twoFactorEnabled: true, twoFactorMethod: 'email' })
  })

  it('refuses send-code when no setup was started', async () => {
    const { client } = await signedIn(t.app, {}, nextIp())
    const response = await client.post('/api/auth/2fa/send-code')
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message: 'Choose a method to set up two-factor authentication first' })
  })

  it('disables 2FA with the current password, after which login needs no code', async () => {
    const { client, account, ip } = await withEmailTwoFactor()
    const disable = await client.post('/api/auth/2fa/disable', { password: account.password })
    expect(disable.statusCode).toBe(200)
    expect(disable.json()).toMatchObject({
      message: '2FA Disabled',
      user: { twoFactorEnabled: false, twoFactorMethod: null },
    })
    expect((await client.get('/api/auth/user')).json()).toMatchObject({
      twoFactorEnabled: false,
      twoFactorMethod: null,
    })

    const browser = new Client(t.app, ip)
    const login = await browser.post('/api/auth/login', {
      username: account.username,
      password: account.password,
    })
    expect(login.statusCode).toBe(200)
    expect(login.json()).toMatchObject({ requiresTwoFactor: false, user: { username: account.username } })
    expect(login.json()).not.toHaveProperty('codeForDev')
    expect(browser.cookies.has(PENDING_COOKIE)).toBe(false)
    expect((await browser.get('/api/auth/user')).statusCode).toBe(200)
  })

  it('keeps 2FA on without the right current password (decision 014)', async () => {
    const { client, account } = await withEmailTwoFactor()
    const missing = await client.post('/api/auth/2fa/disable')
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toEqual({
      message: 'Enter your password to turn two-factor sign-in off',
      field: 'password',
    })
    const wrong = await client.post('/api/auth/2fa/disable', { password: `${account.password}!` })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toEqual({ message: 'The password is not correct', field: 'password' })
    // Passwords are never trimmed: the right one with a space added is another password.
    const spaced = await client.post('/api/auth/2fa/disable', { password: ` ${account.password}` })
    expect(spaced.statusCode).toBe(400)
    expect((await client.get('/api/auth/user')).json()).toMatchObject({ twoFactorEnabled: true })
  })
})

describe('signing in with two-factor', () => {
  it('answers requiresTwoFactor with no session until the right code is verified', async () => {
    const { account, ip } = await withEmailTwoFactor()
    const { client, login } = await pendingLogin(account, ip)
    expect(login.json()).toEqual({
      requiresTwoFactor: true,
      twoFactorMethod: 'email',
      codeForDev: expect.any(String),
    })
    const code = codeOf(login)
    expect(mailedCode(account.email)).toBe(code)
    const setCookie = String(login.headers['set-cookie'])
    expect(setCookie).toMatch(/^grid_2fa=/)
    expect(setCookie).toMatch(/HttpOnly/i)
    expect(setCookie).toMatch(/SameSite=Lax/i)
    expect(setCookie).toMatch(/Path=\/(;|$)/)
    expect(setCookie).toMatch(/Max-Age=600/)
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false)
    const signedOut = await client.get('/api/auth/user')
    expect(signedOut.statusCode).toBe(401)
    expect(signedOut.json()).toEqual({ message: 'Not authenticated' })

    const verify = await client.post('/api/auth/2fa/verify', { code })
    expect(verify.statusCode).toBe(200)
    expect(verify.json()).toMatchObject({
      message: 'Verification Successful',
      user: { username: account.username },
    })
    expect(client.cookies.has(SESSION_COOKIE)).toBe(true)
    expect(client.cookies.has(PENDING_COOKIE)).toBe(false)
    const me = await client.get('/api/auth/user')
    expect(me.statusCode).toBe(200)
    expect(me.json()).toMatchObject({ username: account.username, twoFactorEnabled: true })
  })

  it('refuses a wrong login code without opening a session', async () => {
    const { account, ip } = await withEmailTwoFactor()
    const { client, login } = await pendingLogin(account, ip)
    const wrong = await client.post('/api/auth/2fa/verify', { code: otherThan(codeOf(login)) })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toEqual(WRONG)
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false)
    expect((await client.get('/api/auth/user')).statusCode).toBe(401)
  })

  it('resends a login code: a new code arrives and the old one stops working', async () => {
    const { account, ip } = await withEmailTwoFactor()
    const { client, login } = await pendingLogin(account, ip)
    const first = codeOf(login)

    const resend = await client.post('/api/auth/2fa/send-code')
    expect(resend.statusCode).toBe(200)
    expect(resend.json()).toMatchObject({ method: 'email', codeForDev: expect.any(String) })
    const second = codeOf(resend)
    expect(second).not.toBe(first)
    expect(mailedCode(account.email)).toBe(second)

    const old = await client.post('/api/auth/2fa/verify', { code: first })
    expect(old.statusCode).toBe(400)
    expect(old.json()).toEqual(WRONG)
    expect((await client.get('/api/auth/user')).statusCode).toBe(401)

    const verify = await client.post('/api/auth/2fa/verify', { code: second })
    expect(verify.statusCode).toBe(200)
    expect((await client.get('/api/auth/user')).statusCode).toBe(200)
  })

  it('keeps a pending login to 10 minutes from the password step, however many codes are sent (decision 014)', async () => {
    const { account, ip, user } = await withEmailTwoFactor()
    const { client } = await pendingLogin(account, ip)
    const expiry = async () => {
      const [row] = await t.app.db
        .select({ expiresAt: oneTimeTokens.expiresAt })
        .from(oneTimeTokens)
        .where(and(eq(oneTimeTokens.userId, user.id), eq(oneTimeTokens.kind, 'login_2fa')))
      return row?.expiresAt.getTime() ?? 0
    }
    const started = await expiry()
    expect(started - Date.now()).toBeGreaterThan(9 * 60_000)
    expect(started - Date.now()).toBeLessThanOrEqual(10 * 60_000)
    const cookie = client.cookies.get(PENDING_COOKIE)
    for (let i = 0; i < 3; i++) expect((await client.post('/api/auth/2fa/send-code')).statusCode).toBe(200)
    expect(await expiry()).toBe(started)
    expect(client.cookies.get(PENDING_COOKIE)).toBe(cookie)
    // Its ten minutes run out: a resend yields no code, and the sign-in starts over.
    await expirePendingCodes(user.id, 'login_2fa')
    const late = await client.post('/api/auth/2fa/send-code')
    expect(late.statusCode).toBe(401)
    expect(late.json()).toEqual(SIGN_IN_EXPIRED)
  })

  it('locks the code after 5 wrong tries, even against the right one, until a resend', async () => {
    const { account, ip } = await withEmailTwoFactor()
    const { client, login } = await pendingLogin(account, ip)
    const code = codeOf(login)
    for (let attempt = 1; attempt <= 5; attempt++) {
      const wrong = await client.post('/api/auth/2fa/verify', { code: otherThan(code) })
      expect(wrong.statusCode).toBe(400)
      expect(wrong.json()).toEqual(WRONG)
    }
    const sixth = await client.post('/api/auth/2fa/verify', { code })
    expect(sixth.statusCode).toBe(400)
    expect(sixth.json()).toEqual(LOCKED)
    expect((await client.get('/api/auth/user')).statusCode).toBe(401)

    const resend = await client.post('/api/auth/2fa/send-code')
    expect(resend.statusCode).toBe(200)
    const fresh = codeOf(resend)
    const verify = await client.post('/api/auth/2fa/verify', { code: fresh })
    expect(verify.statusCode).toBe(200)
    expect((await client.get('/api/auth/user')).statusCode).toBe(200)
  })

  it('locks a setup code after 5 wrong tries as well', async () => {
    const { client } = await signedIn(t.app, {}, nextIp())
    const code = codeOf(await client.post('/api/auth/2fa/enable', { method: 'email' }))
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await client.post('/api/auth/2fa/verify', { code: otherThan(code) })).json()).toEqual(WRONG)
    }
    const sixth = await client.post('/api/auth/2fa/verify', { code })
    expect(sixth.statusCode).toBe(400)
    expect(sixth.json()).toEqual(LOCKED)
    expect((await client.get('/api/auth/user')).json()).toMatchObject({ twoFactorEnabled: false })
  })

  it('refuses an expired login code and ends the pending login', async () => {
    const { account, ip, user } = await withEmailTwoFactor()
    const { client, login } = await pendingLogin(account, ip)
    await expirePendingCodes(user.id, 'login_2fa')
    const verify = await client.post('/api/auth/2fa/verify', { code: codeOf(login) })
    expect(verify.statusCode).toBe(401)
    expect(verify.json()).toEqual(SIGN_IN_EXPIRED)
    expect(client.cookies.has(PENDING_COOKIE)).toBe(false)
    expect((await client.get('/api/auth/user')).statusCode).toBe(401)
  })

  it('does not resend a code for an expired pending login', async () => {
    const { account, ip, user } = await withEmailTwoFactor()
    const { client } = await pendingLogin(account, ip)
    const pendingCookie = client.cookies.get(PENDING_COOKIE) ?? ''
    await expirePendingCodes(user.id, 'login_2fa')
    const resend = await client.post('/api/auth/2fa/send-code')
    expect(resend.statusCode).toBe(401)
    expect(resend.json()).toEqual(SIGN_IN_EXPIRED)
    expect(client.cookies.has(PENDING_COOKIE)).toBe(false)
    // Sending the old cookie again changes nothing.
    client.cookies.set(PENDING_COOKIE, pendingCookie)
    expect((await client.post('/api/auth/2fa/send-code')).statusCode).toBe(401)
  })

  it('refuses an expired setup code', async () => {
    const { client, user } = await signedIn(t.app, {}, nextIp())
    const code = codeOf(await client.post('/api/auth/2fa/enable', { method: 'email' }))
    await expirePendingCodes(user.id, 'setup_2fa')
    const verify = await client.post('/api/auth/2fa/verify', { code })
    expect(verify.statusCode).toBe(400)
    expect(verify.json()).toEqual(EXPIRED)
    expect((await client.get('/api/auth/user')).json()).toMatchObject({ twoFactorEnabled: false })
  })

  it('accepts a login code only once', async () => {
    const { account, ip } = await withEmailTwoFactor()
    const { client, login } = await pendingLogin(account, ip)
    const code = codeOf(login)
    const pendingCookie = client.cookies.get(PENDING_COOKIE) ?? ''
    expect((await client.post('/api/auth/2fa/verify', { code })).statusCode).toBe(200)

    // Someone who copied the pending-login cookie and the code gets nothing out of them afterwards.
    const copy = new Client(t.app, ip)
    copy.cookies.set(PENDING_COOKIE, pendingCookie)
    const again = await copy.post('/api/auth/2fa/verify', { code })
    expect(again.statusCode).toBe(401)
    expect(again.json()).toEqual(SIGN_IN_EXPIRED)
    expect(copy.cookies.has(SESSION_COOKIE)).toBe(false)
    expect((await copy.get('/api/auth/user')).statusCode).toBe(401)

    // Nor can the spent pending login ask for a new code (that would skip the password).
    copy.cookies.set(PENDING_COOKIE, pendingCookie)
    const mailsBefore = (t.app.mailer.outbox ?? []).filter((m) => m.to === account.email).length
    const resend = await copy.post('/api/auth/2fa/send-code')
    expect(resend.statusCode).toBe(401)
    expect(resend.json()).toEqual(SIGN_IN_EXPIRED)
    expect((t.app.mailer.outbox ?? []).filter((m) => m.to === account.email)).toHaveLength(mailsBefore)
  })

  it('accepts a setup code only once', async () => {
    const { client } = await signedIn(t.app, {}, nextIp())
    const code = codeOf(await client.post('/api/auth/2fa/enable', { method: 'email' }))
    expect((await client.post('/api/auth/2fa/verify', { code })).statusCode).toBe(200)
    const again = await client.post('/api/auth/2fa/verify', { code })
    expect(again.statusCode).toBe(400)
    expect(again.json()).toEqual({ message: 'Request a new code', field: 'code' })
  })

  it('opens no session for an account suspended while the code was pending', async () => {
    const { account, ip, user } = await withEmailTwoFactor()
    const { client, login } = await pendingLogin(account, ip)
    await t.app.db.update(users).set({ isSuspended: true }).where(eq(users.id, user.id))
    const verify = await client.post('/api/auth/2fa/verify', { code: codeOf(login) })
    expect(verify.statusCode).toBe(401)
    expect(verify.json()).toEqual(SIGN_IN_EXPIRED)
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false)
  })
})

describe('refusals', () => {
  it('answers 401 to verify, send-code, enable and disable with no pending login and no session', async () => {
    const client = new Client(t.app, nextIp())
    const verify = await client.post('/api/auth/2fa/verify', { code: '123456' })
    expect(verify.statusCode).toBe(401)
    expect(verify.json()).toEqual({ message: 'Not authenticated' })
    const resend = await client.post('/api/auth/2fa/send-code')
    expect(resend.statusCode).toBe(401)
    expect(resend.json()).toEqual({ message: 'Not authenticated' })
    expect((await client.post('/api/auth/2fa/enable', { method: 'email' })).statusCode).toBe(401)
    expect((await client.post('/api/auth/2fa/disable')).statusCode).toBe(401)
  })

  it('answers 401 to a made-up pending-login cookie', async () => {
    const client = new Client(t.app, nextIp())
    client.cookies.set(PENDING_COOKIE, 'not-a-real-token')
    const verify = await client.post('/api/auth/2fa/verify', { code: '123456' })
    expect(verify.statusCode).toBe(401)
    expect(verify.json()).toEqual({ message: 'Not authenticated' })
  })

  it('asks for the code when it is empty or missing, and for 6 digits', async () => {
    const { client } = await signedIn(t.app, {}, nextIp())
    await client.post('/api/auth/2fa/enable', { method: 'email' })
    const enterCode = { message: 'Please enter the verification code', field: 'code' }
    for (const body of [{ code: '' }, { code: '   ' }, {}, { code: null }]) {
      const response = await client.post('/api/auth/2fa/verify', body)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual(enterCode)
    }
    const empty = await new Client(t.app, nextIp()).post('/api/auth/2fa/verify', { code: '' })
    expect(empty.statusCode).toBe(400)
    expect(empty.json()).toEqual(enterCode)
    for (const code of ['12345', '1234567', 'abcdef']) {
      const response = await client.post('/api/auth/2fa/verify', { code })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ message: 'The code is 6 digits', field: 'code' })
    }
  })

  it('refuses unknown body fields and unknown methods', async () => {
    const { client } = await signedIn(t.app, {}, nextIp())
    const enable = await client.post('/api/auth/2fa/enable', { method: 'email', twoFactorEnabled: true })
    expect(enable.statusCode).toBe(400)
    expect(enable.json()).toEqual({ message: 'Unknown field: twoFactorEnabled', field: 'twoFactorEnabled' })
    const method = await client.post('/api/auth/2fa/enable', { method: 'carrier-pigeon' })
    expect(method.statusCode).toBe(400)
    expect(method.json()).toEqual({ message: 'Method must be email or sms', field: 'method' })
    const code = codeOf(await client.post('/api/auth/2fa/enable', { method: 'email' }))
    const verify = await client.post('/api/auth/2fa/verify', { code, userId: 1 })
    expect(verify.statusCode).toBe(400)
    expect(verify.json()).toEqual({ message: 'Unknown field: userId', field: 'userId' })
    // The refused request spent no attempt: the code still works.
    expect((await client.post('/api/auth/2fa/verify', { code })).statusCode).toBe(200)
  })
})

describe('production and rate limits', () => {
  it('never returns codeForDev in production', async () => {
    const prod = await testApp({ server: { nodeEnv: 'production' }, mail: { smtpUrl: 'smtp://127.0.0.1:1' } })
    try {
      // No SMTP server listens there: catch the mail instead of sending it, newest first like the outbox.
      const sent: Mail[] = []
      prod.app.mailer.send = async (mail) => {
        sent.unshift(mail)
      }
      const ip = nextIp()
      const { client, account } = await signedIn(prod.app, {}, ip)
      const enable = await client.post('/api/auth/2fa/enable', { method: 'email' })
      expect(enable.statusCode).toBe(200)
      expect(enable.json()).toEqual({ method: 'email', message: 'Code sent via email' })
      const resend = await client.post('/api/auth/2fa/send-code')
      expect(resend.statusCode).toBe(200)
      expect(resend.json()).toEqual({ method: 'email' })
      const verify = await client.post('/api/auth/2fa/verify', { code: mailedCode(account.email, sent) })
      expect(verify.statusCode).toBe(200)

      const browser = new Client(prod.app, ip)
      const login = await browser.post('/api/auth/login', {
        username: account.username,
        password: account.password,
      })
      expect(login.statusCode).toBe(200)
      expect(login.json()).toEqual({ requiresTwoFactor: true, twoFactorMethod: 'email' })
      const loginResend = await browser.post('/api/auth/2fa/send-code')
      expect(loginResend.statusCode).toBe(200)
      expect(loginResend.json()).not.toHaveProperty('codeForDev')
      expect(
        (await browser.post('/api/auth/2fa/verify', { code: mailedCode(account.email, sent) })).statusCode,
      ).toBe(200)
      expect((await browser.get('/api/auth/user')).statusCode).toBe(200)
    } finally {
      await prod.close()
    }
  })

  it('answers 429 with Retry-After past the per-account 2FA limit', async () => {
    const limited = await testApp(
      {},
      {
        policies: {
          rateLimits: { ...DEFAULT_RATE_LIMITS, twoFactorPerAccount: { limit: 3, windowSeconds: 900 } },
        },
        clock: testClock().now,
      },
    )
    try {
      const ip = nextIp()
      const { client } = await signedIn(limited.app, {}, ip)
      expect((await client.post('/api/auth/2fa/enable', { method: 'email' })).statusCode).toBe(200)
      expect((await client.post('/api/auth/2fa/send-code')).statusCode).toBe(200)
      const third = await client.post('/api/auth/2fa/send-code')
      expect(third.statusCode).toBe(200)
      const code = codeOf(third)

      const fourth = await client.post('/api/auth/2fa/verify', { code })
      expect(fourth.statusCode).toBe(429)
      expect(fourth.json()).toEqual({ message: 'Too many attempts. Please wait and try again.' })
      expect(fourth.headers['retry-after']).toBe('900')
      expect((await client.get('/api/auth/user')).json()).toMatchObject({ twoFactorEnabled: false })

      // The limit is the account's, not the address's: another account from the same address goes on.
      const other = await signedIn(limited.app, {}, ip)
      expect((await other.client.post('/api/auth/2fa/enable', { method: 'email' })).statusCode).toBe(200)
    } finally {
      await limited.close()
    }
  })
})

describe('one browser, two people', () => {
  it('drops an abandoned 2FA step when someone else signs in on the same browser', async () => {
    const ip = nextIp()
    const alice = await withEmailTwoFactor(t.app, ip)
    const { client } = await pendingLogin(alice.account, ip)
    expect(client.cookies.has(PENDING_COOKIE)).toBe(true)

    const bob = await signedIn(t.app, {}, ip)
    const login = await client.post('/api/auth/login', {
      username: bob.account.username,
      password: bob.account.password,
    })
    expect(login.statusCode).toBe(200)
    expect(client.cookies.has(PENDING_COOKIE)).toBe(false)

    // Bob's setup codes are checked against Bob's setup, not Alice's pending login.
    const enable = await client.post('/api/auth/2fa/enable', { method: 'email' })
    const verify = await client.post('/api/auth/2fa/verify', { code: codeOf(enable) })
    expect(verify.statusCode).toBe(200)
    expect(verify.json().user).toMatchObject({ username: bob.account.username, twoFactorEnabled: true })
  })

  it('ends the old session when a new sign-in starts, and logout clears a pending step', async () => {
    const ip = nextIp()
    const alice = await withEmailTwoFactor(t.app, ip)
    const bob = await signedIn(t.app, {}, ip)
    const started = await bob.client.post('/api/auth/login', {
      username: alice.account.username,
      password: alice.account.password,
    })
    expect(started.json()).toMatchObject({ requiresTwoFactor: true })
    expect((await bob.client.get('/api/auth/user')).statusCode).toBe(401)
    await bob.client.get('/api/logout')
    expect(bob.client.cookies.has(PENDING_COOKIE)).toBe(false)
  })

  it('answers 503, not 500, when the code cannot be mailed', async () => {
    const ip = nextIp()
    const alice = await withEmailTwoFactor(t.app, ip)
    const send = t.app.mailer.send
    t.app.mailer.send = async () => {
      throw new Error('SMTP down')
    }
    try {
      const login = await new Client(t.app, ip).post('/api/auth/login', {
        username: alice.account.username,
        password: alice.account.password,
      })
      expect(login.statusCode).toBe(503)
      expect(login.json().message).toMatch(/could not send your code/)
    } finally {
      t.app.mailer.send = send
    }
  })
})
