import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { oneTimeTokens } from '../../src/server/db/schema'
import { recordRepositoryCalls } from './support/repository-calls'
import { linkIn, SmtpSink, tokenIn } from './support/smtp'
import { Client, newAccount, registeredUser, signedIn, type TestApp, testApp } from './support/test-app'

/**
 * E-mail verification, forgot/reset password and the decision 011 password change, with the mail received by a
 * real SMTP server. Each test uses its own client IP, so that decision 015's per-IP limits never couple tests.
 */
const VERIFIED = 'Email successfully verified!'
const VERIFY_EXPIRED = 'Verification token has expired'
const INVALID_VERIFY = 'Invalid verification link'
const FORGOT_MESSAGE = 'If an account exists for that email, we sent a link to reset the password.'
const CHANGE_MESSAGE = 'If that account exists, we e-mailed a link to confirm the new password.'
const RESET_DONE = 'Your password has been updated. Please log in with your new password.'
const INVALID_RESET = 'Invalid reset link. Please request a new password reset.'
const RESET_EXPIRED = 'This reset link has expired. Please request a new password reset.'
const INVALID_LOGIN = 'Invalid username or password'
const RESET_MAIL = 'Reset your Grid password'
const CHANGE_MAIL = 'Confirm your new Grid password'
const CHANGED_MAIL = 'Your Grid password was changed'

let sink: SmtpSink
let t: TestApp
beforeAll(async () => {
  sink = await SmtpSink.start()
  t = await testApp({ mail: { smtpUrl: sink.url } })
})
afterAll(async () => {
  await t?.close()
  await sink?.close()
})

let ipCounter = 0
const freshIp = () => `10.20.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`

/** Signed in on a fresh IP, with the verification mail of the sign-up already taken from the sink. */
async function userWithMail(overrides: Record<string, unknown> = {}) {
  const ip = freshIp()
  const signed = await signedIn(t.app, overrides, ip)
  const verification = await sink.nextMail(signed.account.email)
  return { ...signed, ip, verification }
}

async function expireTokens(userId: number, kind: string) {
  await t.app.db
    .update(oneTimeTokens)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.kind, kind)))
}

/**
 * Opens a decision 011 link as a person would: the page asks for the new password again; its form POSTs the token
 * with what was typed. Returns the answer that ends the flow (the GET's own when the link is already dead).
 */
async function openChangeLink(client: Client, link: URL, typed: string) {
  const page = await client.get(link.pathname + link.search)
  if (page.statusCode !== 200) return page
  expect(page.headers['content-type']).toMatch(/text\/html/)
  const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1] ?? ''
  return client.request({
    method: 'POST',
    url: '/api/auth/confirm-password-change',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://grid.test' },
    payload: new URLSearchParams({ token, password: typed }).toString(),
  })
}

function login(ip: string, username: string, password: string) {
  return new Client(t.app, ip).post('/api/auth/login', { username, password })
}

describe('e-mail verification', () => {
  it('sends a verification mail over SMTP to the new address', async () => {
    const account = newAccount()
    const registered = await new Client(t.app, freshIp()).post('/api/auth/register', account)
    expect(registered.statusCode).toBe(201)
    expect((await registeredUser(t.app, account.username)).emailVerified).toBe(false)
    const mail = await sink.nextMail(account.email)
    expect(mail.to).toEqual([account.email.toLowerCase()])
    expect(mail.from).toEqual({ address: 'no-reply@grid.local', name: 'Grid' })
    expect(mail.subject).toBe('Verify your e-mail for Grid')
    expect(mail.text).toContain(`Hi ${account.username},`)
    const link = linkIn(mail)
    expect(link.origin).toBe('http://grid.test')
    expect(link.pathname).toBe('/verify-email')
    expect(tokenIn(mail)).toMatch(/^[\w-]{43}$/)
  })

  it('verifies the address when the link is followed', async () => {
    const { client, verification } = await userWithMail()
    expect((await client.get('/api/auth/user')).json().emailVerified).toBe(false)
    const verified = await client.post('/api/auth/verify-email', { token: tokenIn(verification) })
    expect(verified.statusCode).toBe(200)
    expect(verified.json()).toEqual({ message: VERIFIED })
    const me = await client.get('/api/auth/user')
    expect(me.statusCode).toBe(200)
    expect(me.json().emailVerified).toBe(true)
  })

  it('still says verified when the same link is opened again', async () => {
    const { client, verification } = await userWithMail()
    const token = tokenIn(verification)
    expect((await client.post('/api/auth/verify-email', { token })).statusCode).toBe(200)
    const again = await new Client(t.app, freshIp()).post('/api/auth/verify-email', { token })
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual({ message: VERIFIED })
    expect((await client.get('/api/auth/user')).json().emailVerified).toBe(true)
  })

  it('refuses an expired link', async () => {
    const { client, user, verification } = await userWithMail()
    await expireTokens(user.id, 'verify_email')
    const expired = await client.post('/api/auth/verify-email', { token: tokenIn(verification) })
    expect(expired.statusCode).toBe(400)
    expect(expired.json()).toEqual({ message: VERIFY_EXPIRED, field: 'token' })
    expect((await client.get('/api/auth/user')).json().emailVerified).toBe(false)
  })

  it('refuses a made-up token', async () => {
    const client = new Client(t.app, freshIp())
    const madeUp = await client.post('/api/auth/verify-email', { token: 'not-a-real-token' })
    expect(madeUp.statusCode).toBe(400)
    expect(madeUp.json()).toEqual({ message: INVALID_VERIFY, field: 'token' })
  })

  it('refuses a missing or empty token', async () => {
    const client = new Client(t.app, freshIp())
    for (const body of [{}, { token: '' }, { token: '   ' }, { token: 42 }]) {
      const response = await client.post('/api/auth/verify-email', body)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ message: INVALID_VERIFY, field: 'token' })
    }
  })

  it('resends a fresh link on request, and the old one stops working', async () => {
    const { client, account, verification } = await userWithMail()
    const oldToken = tokenIn(verification)
    const resent = await client.post('/api/auth/resend-verification')
    expect(resent.statusCode).toBe(200)
    expect(resent.json()).toEqual({ message: 'A new verification link is on its way' })
    const fresh = await sink.nextMail(account.email)
    expect(fresh.subject).toBe('Verify your e-mail for Grid')
    const newToken = tokenIn(fresh)
    expect(newToken).not.toBe(oldToken)

    const old = await client.post('/api/auth/verify-email', { token: oldToken })
    expect(old.statusCode).toBe(400)
    expect(old.json()).toEqual({ message: INVALID_VERIFY, field: 'token' })
    expect((await client.get('/api/auth/user')).json().emailVerified).toBe(false)

    const ok = await client.post('/api/auth/verify-email', { token: newToken })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toEqual({ message: VERIFIED })
    const after = await client.post('/api/auth/resend-verification')
    expect(after.statusCode).toBe(200)
    expect(after.json()).toEqual({ message: 'Your email is already verified' })
  })

  it('asks to sign in before resending', async () => {
    const response = await new Client(t.app, freshIp()).post('/api/auth/resend-verification')
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ message: 'Not authenticated' })
  })
})

describe('forgot and reset password', () => {
  it('answers a known and an unknown address alike, and mails only the known one', async () => {
    const { account } = await userWithMail()
    const unknownEmail = `nobody-${Date.now().toString(36)}@example.com`
    const client = new Client(t.app, freshIp())
    const unknown = await client.post('/api/auth/forgot-password', { email: unknownEmail })
    const known = await client.post('/api/auth/forgot-password', { email: account.email.toUpperCase() })
    expect(known.statusCode).toBe(200)
    expect(unknown.statusCode).toBe(known.statusCode)
    expect(known.json().message).toBe(FORGOT_MESSAGE)
    expect(unknown.json().message).toBe(known.json().message)

    const mail = await sink.nextMail(account.email)
    expect(mail.subject).toBe('Reset your Grid password')
    expect(linkIn(mail).pathname).toBe('/reset-password')
    // Decision 012: outside production the answer carries the same link, for development.
    expect(known.json().resetLink).toBe(linkIn(mail).href)
    expect(unknown.json()).toEqual({ message: FORGOT_MESSAGE })
    expect(sink.mailTo(unknownEmail)).toEqual([])
  })

  it('does the same database work for an unknown address as for a known one', async () => {
    const { account } = await userWithMail()
    const calls = recordRepositoryCalls(t.app)
    try {
      const client = new Client(t.app, freshIp())
      await client.post('/api/auth/forgot-password', { email: account.email })
      const known = calls.take()
      await client.post('/api/auth/forgot-password', { email: `nobody-${account.email}` })
      expect(calls.take()).toEqual(known)
      expect(known).toEqual(['tokens.issueForEmail'])
    } finally {
      calls.stop()
    }
    expect((await sink.nextMail(account.email, RESET_MAIL)).text).toContain('/reset-password?token=')
  })

  it('answers in production before anything that depends on the address runs', async () => {
    const prod = await testApp({ server: { nodeEnv: 'production' }, mail: { smtpUrl: sink.url } })
    const { tokens } = prod.app.repos
    const issueForEmail = tokens.issueForEmail
    const held: (() => void)[] = []
    // The link's statements wait until the test lets them run.
    tokens.issueForEmail = (...args) =>
      new Promise<void>((run) => held.push(run)).then(() => issueForEmail(...args))
    try {
      await signedIn(prod.app) // the admin
      const { account } = await signedIn(prod.app, {}, freshIp())
      const client = new Client(prod.app, freshIp())
      for (const email of [account.email, `nobody-${account.email}`]) {
        const answer = await client.post('/api/auth/forgot-password', { email })
        expect(answer.json()).toEqual({ message: FORGOT_MESSAGE })
      }
      expect(held).toHaveLength(2)
      for (const run of held) run()
      expect((await sink.nextMail(account.email, RESET_MAIL)).text).toContain('/reset-password?token=')
    } finally {
      tokens.issueForEmail = issueForEmail
      for (const run of held) run()
      await prod.close()
    }
  })

  it('keeps only the newest reset link of an account open', async () => {
    const { account, user } = await userWithMail()
    const client = new Client(t.app, freshIp())
    for (let i = 0; i < 2; i++) await client.post('/api/auth/forgot-password', { email: account.email })
    const open = await t.app.db
      .select({ usedAt: oneTimeTokens.usedAt })
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.userId, user.id), eq(oneTimeTokens.kind, 'password_reset')))
    expect(open.map((row) => row.usedAt === null).sort()).toEqual([false, true])
  })

  it('resets the password once with the mailed link and ends the sessions', async () => {
    const { client, account, ip } = await userWithMail()
    expect((await client.get('/api/auth/user')).statusCode).toBe(200)
    expect((await client.post('/api/auth/forgot-password', { email: account.email })).statusCode).toBe(200)
    const token = tokenIn(await sink.nextMail(account.email, RESET_MAIL))

    const reset = await new Client(t.app, ip).post('/api/auth/reset-password', {
      token,
      newPassword: 'brand-new-pass',
    })
    expect(reset.statusCode).toBe(200)
    expect(reset.json()).toEqual({ message: RESET_DONE })

    expect((await client.get('/api/auth/user')).statusCode).toBe(401)
    const old = await login(ip, account.username, account.password)
    expect(old.statusCode).toBe(401)
    expect(old.json()).toEqual({ message: INVALID_LOGIN })
    expect((await login(ip, account.username, 'brand-new-pass')).statusCode).toBe(200)

    const again = await new Client(t.app, ip).post('/api/auth/reset-password', {
      token,
      newPassword: 'another-pass',
    })
    expect(again.statusCode).toBe(400)
    expect(again.json()).toEqual({ message: INVALID_RESET, field: 'token' })
    expect((await login(ip, account.username, 'brand-new-pass')).statusCode).toBe(200)
    expect((await login(ip, account.username, 'another-pass')).statusCode).toBe(401)
  })

  it('refuses an expired reset link and keeps the password', async () => {
    const { client, account, user, ip } = await userWithMail()
    await client.post('/api/auth/forgot-password', { email: account.email })
    const token = tokenIn(await sink.nextMail(account.email, RESET_MAIL))
    await expireTokens(user.id, 'password_reset')
    const expired = await client.post('/api/auth/reset-password', { token, newPassword: 'brand-new-pass' })
    expect(expired.statusCode).toBe(400)
    expect(expired.json()).toEqual({ message: RESET_EXPIRED, field: 'token' })
    expect((await client.get('/api/auth/user')).statusCode).toBe(200)
    expect((await login(ip, account.username, account.password)).statusCode).toBe(200)
    expect((await login(ip, account.username, 'brand-new-pass')).statusCode).toBe(401)
  })

  it('refuses a made-up, missing or non-string token', async () => {
    const client = new Client(t.app, freshIp())
    for (const token of ['made-up-token', '', '   ', null, 7]) {
      const response = await client.post('/api/auth/reset-password', { token, newPassword: 'brand-new-pass' })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ message: INVALID_RESET, field: 'token' })
    }
  })

  it('refuses a password under 6 characters and leaves the link usable', async () => {
    const { account, ip } = await userWithMail()
    const client = new Client(t.app, ip)
    await client.post('/api/auth/forgot-password', { email: account.email })
    const token = tokenIn(await sink.nextMail(account.email, RESET_MAIL))
    const short = await client.post('/api/auth/reset-password', { token, newPassword: '12345' })
    expect(short.statusCode).toBe(400)
    expect(short.json()).toEqual({ message: 'Password must be at least 6 characters', field: 'newPassword' })
    const ok = await client.post('/api/auth/reset-password', { token, newPassword: '1x3y5z' })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toEqual({ message: RESET_DONE })
  })

  it('makes an earlier link void when a new one is asked for', async () => {
    const { account, ip } = await userWithMail()
    const client = new Client(t.app, ip)
    await client.post('/api/auth/forgot-password', { email: account.email })
    const first = tokenIn(await sink.nextMail(account.email, RESET_MAIL))
    await client.post('/api/auth/forgot-password', { email: account.email })
    const second = tokenIn(await sink.nextMail(account.email, RESET_MAIL))
    const stale = await client.post('/api/auth/reset-password', {
      token: first,
      newPassword: 'brand-new-pass',
    })
    expect(stale.statusCode).toBe(400)
    expect(stale.json()).toEqual({ message: INVALID_RESET, field: 'token' })
    expect(
      (await client.post('/api/auth/reset-password', { token: second, newPassword: 'brand-new-pass' }))
        .statusCode,
    ).toBe(200)
  })
})

describe('Decision 011: the Reset tab e-mails a confirmation link', () => {
  it('changes nothing until the link is opened, then applies the password and ends the sessions', async () => {
    const { client, account, ip } = await userWithMail()
    const asked = await new Client(t.app, ip).post('/api/auth/reset-password', {
      username: account.username,
      newPassword: 'changed-by-link',
    })
    expect(asked.statusCode).toBe(200)
    expect(asked.json()).toEqual({ message: CHANGE_MESSAGE })

    const mail = await sink.nextMail(account.email)
    expect(mail.subject).toBe(CHANGE_MAIL)
    expect(mail.text).toContain(account.username)
    const link = linkIn(mail)
    expect(link.pathname).toBe('/api/auth/confirm-password-change')

    // Not applied yet: the old password and the session still work.
    expect((await client.get('/api/auth/user')).statusCode).toBe(200)
    expect((await login(ip, account.username, 'changed-by-link')).statusCode).toBe(401)
    expect((await login(ip, account.username, account.password)).statusCode).toBe(200)

    // Fetching the link alone (a mail scanner, a link preview) changes nothing.
    const preview = await new Client(t.app, ip).get(link.pathname + link.search)
    expect(preview.statusCode).toBe(200)
    expect(preview.body).toContain('Confirm new password')
    expect(preview.body).toContain('type="password"')
    expect((await client.get('/api/auth/user')).statusCode).toBe(200)
    expect((await login(ip, account.username, account.password)).statusCode).toBe(200)

    const opened = await openChangeLink(new Client(t.app, ip), link, 'changed-by-link')
    expect(opened.statusCode).toBe(303)
    expect(opened.headers.location).toBe('/login?passwordChange=done')

    expect((await client.get('/api/auth/user')).statusCode).toBe(401)
    expect((await login(ip, account.username, account.password)).statusCode).toBe(401)
    expect((await login(ip, account.username, 'changed-by-link')).statusCode).toBe(200)
  })

  it('applies nothing when the link is opened a second time', async () => {
    const { account, ip } = await userWithMail()
    const client = new Client(t.app, ip)
    await client.post('/api/auth/reset-password', {
      username: account.username,
      newPassword: 'changed-by-link',
    })
    const link = linkIn(await sink.nextMail(account.email, CHANGE_MAIL))
    expect((await openChangeLink(client, link, 'changed-by-link')).headers.location).toBe(
      '/login?passwordChange=done',
    )

    // The owner moves on to a third password; the old link must not bring the second one back.
    await client.post('/api/auth/forgot-password', { email: account.email })
    const token = tokenIn(await sink.nextMail(account.email, RESET_MAIL))
    expect(
      (await client.post('/api/auth/reset-password', { token, newPassword: 'third-password' })).statusCode,
    ).toBe(200)
    const signedInClient = new Client(t.app, ip)
    const session = await signedInClient.post('/api/auth/login', {
      username: account.username,
      password: 'third-password',
    })
    expect(session.statusCode).toBe(200)

    const second = await openChangeLink(client, link, 'changed-by-link')
    expect(second.statusCode).toBe(302)
    expect(second.headers.location).toBe('/login?passwordChange=expired')
    expect((await login(ip, account.username, 'changed-by-link')).statusCode).toBe(401)
    expect((await login(ip, account.username, 'third-password')).statusCode).toBe(200)
    expect((await signedInClient.get('/api/auth/user')).statusCode).toBe(200)
  })

  it('refuses an expired link and keeps the password', async () => {
    const { client, account, user, ip } = await userWithMail()
    await client.post('/api/auth/reset-password', {
      username: account.username,
      newPassword: 'changed-by-link',
    })
    const link = linkIn(await sink.nextMail(account.email, CHANGE_MAIL))
    await expireTokens(user.id, 'password_change')
    const opened = await client.get(link.pathname + link.search)
    expect(opened.statusCode).toBe(302)
    expect(opened.headers.location).toBe('/login?passwordChange=expired')
    expect((await client.get('/api/auth/user')).statusCode).toBe(200)
    expect((await login(ip, account.username, account.password)).statusCode).toBe(200)
  })

  it('redirects a made-up or missing token to the invalid state', async () => {
    const client = new Client(t.app, freshIp())
    for (const url of [
      '/api/auth/confirm-password-change?token=made-up',
      '/api/auth/confirm-password-change',
      '/api/auth/confirm-password-change?token=a&token=b',
    ]) {
      const response = await client.get(url)
      expect(response.statusCode).toBe(302)
      expect(response.headers.location).toBe('/login?passwordChange=invalid')
    }
  })

  it('answers an unknown username like a known one and mails nobody', async () => {
    const { account, ip } = await userWithMail()
    const client = new Client(t.app, ip)
    const before = sink.received.length
    const unknown = await client.post('/api/auth/reset-password', {
      username: 'nobody-here',
      newPassword: 'whatever1',
    })
    const known = await client.post('/api/auth/reset-password', {
      username: account.username,
      newPassword: 'whatever1',
    })
    expect(unknown.statusCode).toBe(200)
    expect(known.statusCode).toBe(200)
    expect(unknown.json()).toEqual(known.json())
    expect(known.json()).toEqual({ message: CHANGE_MESSAGE })
    await sink.nextMail(account.email)
    expect(sink.received.slice(before).map((m) => m.to)).toEqual([[account.email.toLowerCase()]])
  })

  it('voids a pending change once the password is reset another way, and the reset link once it is changed', async () => {
    const { account, ip } = await userWithMail()
    const client = new Client(t.app, ip)
    await client.post('/api/auth/reset-password', {
      username: account.username,
      newPassword: 'changed-by-link',
    })
    const change = linkIn(await sink.nextMail(account.email, CHANGE_MAIL))
    await client.post('/api/auth/forgot-password', { email: account.email })
    const reset = tokenIn(await sink.nextMail(account.email, RESET_MAIL))

    expect((await openChangeLink(client, change, 'changed-by-link')).headers.location).toBe(
      '/login?passwordChange=done',
    )
    const stale = await client.post('/api/auth/reset-password', {
      token: reset,
      newPassword: 'from-old-reset',
    })
    expect(stale.statusCode).toBe(400)
    expect(stale.json()).toEqual({ message: INVALID_RESET, field: 'token' })
    expect((await login(ip, account.username, 'changed-by-link')).statusCode).toBe(200)

    await client.post('/api/auth/reset-password', {
      username: account.username,
      newPassword: 'pending-change',
    })
    const pending = linkIn(await sink.nextMail(account.email, CHANGE_MAIL))
    await client.post('/api/auth/forgot-password', { email: account.email })
    const token = tokenIn(await sink.nextMail(account.email, RESET_MAIL))
    expect(
      (await client.post('/api/auth/reset-password', { token, newPassword: 'reset-wins' })).statusCode,
    ).toBe(200)
    expect((await client.get(pending.pathname + pending.search)).headers.location).toBe(
      '/login?passwordChange=expired',
    )
    expect((await login(ip, account.username, 'reset-wins')).statusCode).toBe(200)
    expect((await login(ip, account.username, 'pending-change')).statusCode).toBe(401)
  })
})

describe('Decision 011: the link asks for the new password again', () => {
  async function requestedChange() {
    const user = await userWithMail()
    await new Client(t.app, user.ip).post('/api/auth/reset-password', {
      username: user.account.username,
      newPassword: 'changed-by-link',
    })
    return { ...user, link: linkIn(await sink.nextMail(user.account.email, CHANGE_MAIL)) }
  }

  it('changes nothing when what is typed is not the password that was requested', async () => {
    const { client, account, ip, link } = await requestedChange()
    const wrong = await openChangeLink(new Client(t.app, ip), link, 'someone-elses-guess')
    expect(wrong.statusCode).toBe(400)
    expect(wrong.headers['content-type']).toMatch(/text\/html/)
    expect(wrong.body).toContain('That is not the new password that was requested.')
    // One click by someone who did not make the request: the old password and the session stand.
    expect((await client.get('/api/auth/user')).statusCode).toBe(200)
    expect((await login(ip, account.username, account.password)).statusCode).toBe(200)
    expect((await login(ip, account.username, 'changed-by-link')).statusCode).toBe(401)
    // The owner, typing the password they chose, still can.
    const right = await openChangeLink(new Client(t.app, ip), link, 'changed-by-link')
    expect(right.headers.location).toBe('/login?passwordChange=done')
    expect((await login(ip, account.username, 'changed-by-link')).statusCode).toBe(200)
  })

  it('spends the link after five wrong tries, even against the right password', async () => {
    const { account, ip, link } = await requestedChange()
    for (let i = 0; i < 5; i++) {
      expect((await openChangeLink(new Client(t.app, ip), link, `guess-number-${i}`)).statusCode).toBe(400)
    }
    const sixth = await openChangeLink(new Client(t.app, ip), link, 'changed-by-link')
    expect(sixth.headers.location).toBe('/login?passwordChange=expired')
    expect((await login(ip, account.username, account.password)).statusCode).toBe(200)
  })

  it('tells the owner by e-mail after the change, whichever way it was made (decision 014)', async () => {
    const { account, ip, link } = await requestedChange()
    await openChangeLink(new Client(t.app, ip), link, 'changed-by-link')
    const changed = await sink.nextMail(account.email, CHANGED_MAIL)
    expect(changed.text).toContain(
      'If this was not you, reset your password now at http://grid.test/forgot-password',
    )

    const client = new Client(t.app, ip)
    await client.post('/api/auth/forgot-password', { email: account.email })
    const token = tokenIn(await sink.nextMail(account.email, RESET_MAIL))
    await client.post('/api/auth/reset-password', { token, newPassword: 'reset-once-more' })
    expect((await sink.nextMail(account.email, CHANGED_MAIL)).subject).toBe(CHANGED_MAIL)
  })
})

describe('development outbox and production (decision 012)', () => {
  it('keeps mail in the dev outbox when there is no SMTP server', async () => {
    const dev = await testApp()
    try {
      const client = new Client(dev.app)
      const account = newAccount()
      expect((await client.post('/api/auth/register', account)).statusCode).toBe(201)
      const forgot = await client.post('/api/auth/forgot-password', { email: account.email })
      expect(forgot.statusCode).toBe(200)
      const outbox = await client.get('/api/dev/outbox')
      expect(outbox.statusCode).toBe(200)
      const { messages } = outbox.json() as {
        messages: { to: string; subject: string; text: string; from: string }[]
      }
      expect(messages.map((m) => [m.to, m.subject])).toEqual([
        [account.email, 'Reset your Grid password'],
        [account.email, 'Verify your e-mail for Grid'],
      ])
      expect(messages[0]?.from).toBe('Grid <no-reply@grid.local>')
      expect(messages[0]?.text).toContain(forgot.json().resetLink)
      const token = new URL(forgot.json().resetLink).searchParams.get('token')
      const reset = await client.post('/api/auth/reset-password', { token, newPassword: 'brand-new-pass' })
      expect(reset.json()).toEqual({ message: RESET_DONE })
      expect(sink.mailTo(account.email)).toEqual([])
    } finally {
      await dev.close()
    }
  })

  it('has no outbox and no resetLink in production, and still mails the link', async () => {
    const prod = await testApp({ server: { nodeEnv: 'production' }, mail: { smtpUrl: sink.url } })
    try {
      const client = new Client(prod.app)
      const outbox = await client.get('/api/dev/outbox')
      expect(outbox.statusCode).toBe(404)
      expect(outbox.json()).toEqual({ message: 'Not found' })

      const account = newAccount()
      expect((await client.post('/api/auth/register', account)).statusCode).toBe(201)
      await sink.nextMail(account.email)
      const forgot = await client.post('/api/auth/forgot-password', { email: account.email })
      expect(forgot.statusCode).toBe(200)
      expect(forgot.json()).toEqual({ message: FORGOT_MESSAGE })
      expect(forgot.json()).not.toHaveProperty('resetLink')
      const token = tokenIn(await sink.nextMail(account.email, RESET_MAIL))
      const reset = await client.post('/api/auth/reset-password', { token, newPassword: 'brand-new-pass' })
      expect(reset.json()).toEqual({ message: RESET_DONE })
    } finally {
      await prod.close()
    }
  })

  it('never opens the outbox in production, even without an SMTP server', async () => {
    const prod = await testApp({ server: { nodeEnv: 'production' }, mail: { smtpUrl: null } })
    try {
      expect(prod.app.mailer.outbox).toBeNull()
      expect((await new Client(prod.app).get('/api/dev/outbox')).statusCode).toBe(404)
    } finally {
      await prod.close()
    }
  })
})
