import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, signedIn, type TestApp, testApp } from './support/test-app'

/**
 * Decision 014: credentials carry a version. Any password change, 2FA change or suspension ends every
 * other session and every pending two-factor login, including a login whose password check was in flight
 * while the change committed; the owner is e-mailed about each change.
 */
let t: TestApp
beforeAll(async () => {
  t = await testApp()
  await signedIn(t.app) // decision 013: the first account is the admin, who suspends below.
})
afterAll(() => t.close())

const SIGN_IN_EXPIRED = { message: 'Your sign-in expired. Please log in again.' }
const PASSWORD_CHANGED = 'Your Grid password was changed'

let ips = 0
const nextIp = () => `10.40.${Math.floor(++ips / 250)}.${(ips % 250) + 1}`

async function admin() {
  const { client } = await signedIn(t.app, {}, nextIp())
  await t.app.repos.users.setAdmin((await client.get('/api/auth/user')).json().id, true)
  return client
}

/** Another browser of the same person, signed in with the password. */
async function anotherBrowser(account: { username: string; password: string }) {
  const client = new Client(t.app, nextIp())
  const login = await client.post('/api/auth/login', {
    username: account.username,
    password: account.password,
  })
  expect(login.statusCode).toBe(200)
  return { client, login }
}

async function withTwoFactor() {
  const signed = await signedIn(t.app, {}, nextIp())
  const enable = await signed.client.post('/api/auth/2fa/enable', { method: 'email' })
  await signed.client.post('/api/auth/2fa/verify', { code: enable.json().codeForDev })
  return signed
}

/** A browser that gave the password and owes a code: the pending login and its code. */
async function pendingLogin(account: { username: string; password: string }) {
  const { client, login } = await anotherBrowser(account)
  expect(login.json()).toMatchObject({ requiresTwoFactor: true })
  return { client, code: login.json().codeForDev as string }
}

/** Resets the password through the e-mailed link, as the owner would. */
async function resetPassword(app: FastifyInstance, email: string, newPassword: string) {
  const client = new Client(app, nextIp())
  const forgot = await client.post('/api/auth/forgot-password', { email })
  const token = new URL(forgot.json().resetLink).searchParams.get('token')
  const reset = await client.post('/api/auth/reset-password', { token, newPassword })
  expect(reset.statusCode).toBe(200)
}

/**
 * The next time a login reads this account, its password changes (to 'changed-meanwhile') before the
 * login goes on: the change commits while the login's argon2 check would be running. Returns the undo.
 */
function changePasswordWhenLoginReads(account: { username: string; email: string }): () => void {
  const users = t.app.repos.users
  const byUsername = users.byUsername
  users.byUsername = async (name) => {
    const row = await byUsername(name)
    if (row?.username === account.username) {
      users.byUsername = byUsername
      await resetPassword(t.app, account.email, 'changed-meanwhile')
    }
    return row
  }
  return () => {
    users.byUsername = byUsername
  }
}

const mailsTo = (email: string) => (t.app.mailer.outbox ?? []).filter((m) => m.to === email)

describe('a password change', () => {
  it('ends every session and every pending two-factor login', async () => {
    const { client, account } = await withTwoFactor()
    const pending = await pendingLogin(account)
    await resetPassword(t.app, account.email, 'a-whole-new-one')
    expect((await client.get('/api/auth/user')).statusCode).toBe(401)
    const verify = await pending.client.post('/api/auth/2fa/verify', { code: pending.code })
    expect(verify.statusCode).toBe(401)
    expect(verify.json()).toEqual(SIGN_IN_EXPIRED)
    expect((await pending.client.get('/api/auth/user')).statusCode).toBe(401)
    expect(mailsTo(account.email).map((m) => m.subject)).toContain(PASSWORD_CHANGED)
  })

  it('ends a login whose password check was in flight while the change committed', async () => {
    const { account } = await signedIn(t.app, {}, nextIp())
    // The change commits after the login has read the account and before its session opens: while
    // argon2 checks the old password, in real time.
    const restore = changePasswordWhenLoginReads(account)
    try {
      const racing = new Client(t.app, nextIp())
      const login = await racing.post('/api/auth/login', {
        username: account.username,
        password: account.password,
      })
      expect(login.statusCode).toBe(401)
      expect(login.json()).toEqual({ message: 'Invalid username or password' })
      expect((await racing.get('/api/auth/user')).statusCode).toBe(401)
    } finally {
      restore()
    }
    expect((await anotherBrowser({ ...account, password: 'changed-meanwhile' })).login.statusCode).toBe(200)
  })

  it('ends a two-factor login whose password step raced the change', async () => {
    const { account } = await withTwoFactor()
    const restore = changePasswordWhenLoginReads(account)
    try {
      const login = await new Client(t.app, nextIp()).post('/api/auth/login', {
        username: account.username,
        password: account.password,
      })
      expect(login.statusCode).toBe(401)
      expect(login.json()).not.toHaveProperty('codeForDev')
    } finally {
      restore()
    }
  })
})

describe('a two-factor change', () => {
  it('turning it on ends the other sessions, keeps this one, and e-mails the owner', async () => {
    const { client, account } = await signedIn(t.app, {}, nextIp())
    const other = await anotherBrowser(account)
    const enable = await client.post('/api/auth/2fa/enable', { method: 'email' })
    expect((await client.post('/api/auth/2fa/verify', { code: enable.json().codeForDev })).statusCode).toBe(
      200,
    )
    expect((await client.get('/api/auth/user')).statusCode).toBe(200)
    expect((await other.client.get('/api/auth/user')).statusCode).toBe(401)
    expect(mailsTo(account.email).map((m) => m.subject)).toContain(
      'Two-factor sign-in is now on for your Grid account',
    )
  })

  it('turning it off ends the other sessions and pending logins, keeps this one, and e-mails the owner', async () => {
    const { client, account } = await withTwoFactor()
    const pending = await pendingLogin(account)
    const disable = await client.post('/api/auth/2fa/disable', { password: account.password })
    expect(disable.statusCode).toBe(200)
    expect((await client.get('/api/auth/user')).statusCode).toBe(200)
    expect((await pending.client.post('/api/auth/2fa/verify', { code: pending.code })).json()).toEqual(
      SIGN_IN_EXPIRED,
    )
    const notice = mailsTo(account.email).find((m) =>
      m.subject.startsWith('Two-factor sign-in was turned off'),
    )
    expect(notice?.text).toContain('If this was not you')
  })
})

describe('a suspension', () => {
  it('ends pending two-factor logins as well as sessions, and a restore does not revive them', async () => {
    const boss = await admin()
    const { client, account, user } = await withTwoFactor()
    const pending = await pendingLogin(account)
    const suspend = await boss.post(`/api/admin/users/${user.id}/suspend`, { reason: 'checking' })
    expect(suspend.statusCode).toBe(200)
    expect((await boss.post(`/api/admin/users/${user.id}/restore`, { reason: 'fine' })).statusCode).toBe(200)
    expect((await client.get('/api/auth/user')).statusCode).toBe(401)
    expect((await pending.client.post('/api/auth/2fa/verify', { code: pending.code })).json()).toEqual(
      SIGN_IN_EXPIRED,
    )
    // A fresh sign-in after the restore works as usual.
    expect((await pendingLogin(account)).code).toMatch(/^\d{6}$/)
  })
})
