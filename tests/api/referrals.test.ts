import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { Client, newAccount, signedIn, type TestApp, testApp, testClock } from './support/test-app'

/** Decision 017: referral codes, the discount a paying friend starts, and admin-recorded payments. */

let t: TestApp
let admin: Client
const clock = testClock('2026-11-23T18:00:00Z')
let ips = 0
const nextIp = () => `10.5.${Math.floor(++ips / 250)}.${ips % 250}`

let adminAccount: { username: string; password: string }

beforeAll(async () => {
  t = await testApp({}, { clock: clock.now })
  const first = await signedIn(t.app) // decision 013: the first account is the admin
  admin = first.client
  adminAccount = first.account
})
afterAll(() => t.close())
beforeEach(() => clock.advance(61_000))

const member = (overrides: Record<string, unknown> = {}) => signedIn(t.app, overrides, nextIp())

async function createCode(client: Client, referralCode: unknown) {
  return client.post('/api/referral/create', { referralCode })
}

async function stats(client: Client) {
  const response = await client.get('/api/referral/stats')
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

async function markPaid(userId: number, body: Record<string, unknown> = { reason: 'paid by bank transfer' }) {
  return admin.post(`/api/admin/users/${userId}/mark-paid`, body)
}

let codes = 0
const freshCode = () => `FRIEND${++codes}X`

describe('referral codes', () => {
  it('creates a code stored uppercase, with its sign-up link, and refuses a taken one', async () => {
    const { client } = await member()
    const code = freshCode()
    const created = await createCode(client, `  ${code.toLowerCase()} `)
    expect(created.statusCode).toBe(201)
    expect(created.json()).toEqual({
      message: 'Referral code created successfully!',
      referralCode: code,
      link: `${t.app.config.http.appUrl}/?ref=${code}`,
    })
    const other = (await member()).client
    const taken = await createCode(other, code)
    expect(taken.statusCode).toBe(409)
    expect(taken.json()).toEqual({ message: 'That referral code is already taken', field: 'referralCode' })
  })

  it.each([
    ['', 'Please enter a referral code'],
    ['   ', 'Please enter a referral code'],
    ['AB', 'Referral code must be 3-20 letters and numbers'],
    ['A'.repeat(21), 'Referral code must be 3-20 letters and numbers'],
    ['NO-DASH', 'Referral code must be 3-20 letters and numbers'],
    [42, 'Please enter a referral code'],
  ])('refuses %j with the field and the reason', async (code, message) => {
    const { client } = await member()
    const response = await createCode(client, code)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message, field: 'referralCode' })
  })

  it('is for signed-in users only', async () => {
    expect((await createCode(new Client(t.app), 'ANON1')).statusCode).toBe(401)
    expect((await new Client(t.app).get('/api/referral/stats')).statusCode).toBe(401)
  })
})

describe('the referral discount (decision 017)', () => {
  it('starts at a friend’s first payment: 10% for 12 months per friend, at most 5 (50%)', async () => {
    const referrer = await member()
    const code = freshCode()
    expect((await createCode(referrer.client, code)).statusCode).toBe(201)
    const friends = []
    for (let i = 0; i < 6; i++) friends.push(await member({ referralCode: code }))

    const before = await stats(referrer.client)
    expect(before).toMatchObject({
      currentDiscount: 0,
      activeReferrals: 0,
      totalReferrals: 6,
      slotsRemaining: 5,
    })
    expect(before.referralDetails).toHaveLength(6)
    expect(before.referralDetails[0]).toMatchObject({
      referralCode: code,
      status: 'pending',
      referredUser: {
        username: friends[0]?.account.username,
        email: 'u***@example.com',
      },
    })
    expect(before.codes).toEqual([
      {
        referralCode: code,
        link: `${t.app.config.http.appUrl}/?ref=${code}`,
        createdAt: expect.any(String),
        referred: 6,
      },
    ])

    const expected = [
      [1, 10, 9.9],
      [2, 20, 19.8],
      [3, 30, 29.7],
      [4, 40, 39.6],
      [5, 50, 49.5],
      [6, 50, 49.5],
    ]
    for (const [paid, percent, saving] of expected) {
      const friend = friends[(paid ?? 1) - 1]
      expect((await markPaid(friend?.user.id ?? 0)).statusCode).toBe(200)
      expect(await stats(referrer.client)).toMatchObject({
        currentDiscount: percent,
        monthlyDiscountAmount: saving,
        activeReferrals: paid,
        slotsRemaining: Math.max(0, 5 - (paid ?? 0)),
      })
    }
    // A second payment by the same friend starts nothing more.
    expect((await markPaid(friends[0]?.user.id ?? 0)).statusCode).toBe(200)
    const after = await stats(referrer.client)
    expect(after.activeReferrals).toBe(6)
    expect(after.activeDiscounts).toHaveLength(6)
    expect(after.activeDiscounts[0]).toMatchObject({
      discountPercentage: 10,
      endDate: expect.stringMatching(/^2027-11-23/),
    })
    expect(after.referralDetails.every((d: { status: string }) => d.status === 'active')).toBe(true)

    // The referrer's own payment is at the discounted price: 50% off $99 is $49.50 a month.
    const own = await markPaid(referrer.user.id, { reason: 'card', months: 2 })
    expect(own.json()).toMatchObject({ amount: 99, discountPercent: 50 })
  })

  it('ends after 12 months; expire-discounts marks them and the discount falls to 0', async () => {
    const referrer = await member()
    const code = freshCode()
    await createCode(referrer.client, code)
    const friend = await member({ referralCode: code })
    await markPaid(friend.user.id)
    expect((await stats(referrer.client)).currentDiscount).toBe(10)
    clock.advance(366 * 86_400_000)
    // A year on, every session has ended: both sign in again.
    const again = new Client(t.app, nextIp())
    const relogin = await again.post('/api/auth/login', {
      username: referrer.account.username,
      password: referrer.account.password,
    })
    expect(relogin.statusCode, relogin.body).toBe(200)
    admin = new Client(t.app, nextIp())
    const adminLogin = await admin.post('/api/auth/login', {
      username: adminAccount.username,
      password: adminAccount.password,
    })
    expect(adminLogin.statusCode, adminLogin.body).toBe(200)
    // Past its end it no longer counts, even before the clean-up runs.
    expect((await stats(again)).currentDiscount).toBe(0)
    const expired = await admin.post('/api/admin/expire-discounts')
    expect(expired.statusCode).toBe(200)
    expect(expired.json()).toMatchObject({ message: 'Expired old discounts successfully' })
    expect(expired.json().expired).toBeGreaterThanOrEqual(1)
    expect((await stats(again)).referralDetails[0].status).toBe('expired')
    expect((await admin.post('/api/admin/expire-discounts')).json().expired).toBe(0)
  })

  it('refuses a code that does not exist at sign-up; whoever creates it later refers no one', async () => {
    const code = freshCode()
    const refused = await new Client(t.app, nextIp()).post(
      '/api/auth/register',
      newAccount({ referralCode: code.toLowerCase() }),
    )
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual({
      message: 'That referral code does not exist. Check it, or leave the field empty.',
      field: 'referralCode',
    })
    const friend = await member()
    const squatter = await member()
    expect((await createCode(squatter.client, code)).statusCode).toBe(201)
    await markPaid(friend.user.id)
    expect(await stats(squatter.client)).toMatchObject({ totalReferrals: 0, activeReferrals: 0 })
  })

  it('binds the friend to the code’s owner: the code freed by a deleted account refers no one', async () => {
    const referrer = await member()
    const code = freshCode()
    expect((await createCode(referrer.client, code)).statusCode).toBe(201)
    const friend = await member({ referralCode: code })
    const deleted = await referrer.client.delete('/api/user/account', { password: referrer.account.password })
    expect(deleted.statusCode, deleted.body).toBe(200)
    const squatter = await member()
    expect((await createCode(squatter.client, code)).statusCode).toBe(201)
    expect((await markPaid(friend.user.id)).statusCode).toBe(200)
    const seen = await stats(squatter.client)
    expect(seen).toMatchObject({ totalReferrals: 0, activeReferrals: 0, referralDetails: [] })
    expect(seen.codes).toEqual([expect.objectContaining({ referralCode: code, referred: 0 })])
  })

  it('limits code creation per user, so trying names cannot list the codes others hold', async () => {
    const { client } = await member()
    const tries = []
    for (let i = 0; i < 11; i++) tries.push((await createCode(client, freshCode())).statusCode)
    expect(tries).toEqual([...Array(10).fill(201), 429])
    clock.advance(3_600_000)
    expect((await createCode(client, freshCode())).statusCode).toBe(201)
  })
})

describe('an admin-recorded payment (billing without Stripe)', () => {
  it('makes the plan Monthly Unlimited through a period that follows the last, audited', async () => {
    const { user, client } = await member()
    const first = await markPaid(user.id, { reason: 'bank transfer', months: 1 })
    expect(first.statusCode).toBe(200)
    const firstEnd = first.json().paidThrough as string
    expect(first.json()).toMatchObject({ amount: 99, discountPercent: 0 })
    const second = await markPaid(user.id, { reason: 'bank transfer', months: 3 })
    const secondEnd = new Date(firstEnd)
    secondEnd.setUTCMonth(secondEnd.getUTCMonth() + 3)
    expect(second.json()).toMatchObject({ amount: 297, paidThrough: secondEnd.toISOString() })
    expect((await client.get('/api/auth/user')).json().subscriptionTier).toBe('monthly_paid')
    const [latest] = (await admin.get('/api/admin/audit')).json().entries
    expect(latest).toMatchObject({
      action: 'mark paid',
      target: { id: user.id },
      reason: 'bank transfer',
      until: secondEnd.toISOString(),
    })
  })

  it('refuses bad months, an admin, a missing user, and non-admins', async () => {
    const { user, client } = await member()
    for (const months of [0, 13, 1.5, '2']) {
      const response = await markPaid(user.id, { reason: 'x', months })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ field: 'months' })
    }
    expect((await markPaid(user.id, { months: 1 })).json()).toMatchObject({ field: 'reason' })
    expect((await markPaid(999_999)).statusCode).toBe(404)
    expect((await client.post(`/api/admin/users/${user.id}/mark-paid`, { reason: 'me' })).statusCode).toBe(
      403,
    )
    expect((await client.post('/api/admin/expire-discounts')).statusCode).toBe(403)
    expect((await client.get('/api/auth/user')).json().subscriptionTier).not.toBe('monthly_paid')
  })
})
