import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PLAN_REQUIRED } from '../../src/domain/subscription'
import { referralDiscounts } from '../../src/server/db/billing-schema'
import { users } from '../../src/server/db/schema'
import { feedGame } from './support/bets'
import { Client, signedIn, type TestApp, testApp, testClock } from './support/test-app'

/**
 * Decisions 016 and 017: the plan lifecycle with the clock moved. What an account may do follows its plan
 * to the second (the session reads the effective tier); the account job writes the change down, e-mails
 * the owner, releases unverified trial slots and ends referral discounts.
 */

const DAY = 86_400_000
const HOUR = 3_600_000
let ips = 0
const nextIp = () => `10.15.${Math.floor(++ips / 250)}.${ips % 250}`

function setup(overrides: Record<string, unknown> = {}) {
  const clock = testClock('2026-11-23T18:00:00Z')
  const state = {} as { t: TestApp; admin: Client; adminAccount: { username: string; password: string } }
  beforeAll(async () => {
    state.t = await testApp(overrides, { clock: clock.now })
    const first = await signedIn(state.t.app, {}, nextIp()) // decision 013: the first account is the admin
    state.admin = first.client
    state.adminAccount = first.account
  })
  afterAll(() => state.t.close())
  /** The admin's client, signed in afresh: the tests move the clock past sessions' 7 days. */
  const admin = async () => {
    await signIn(state.admin, state.adminAccount)
    return state.admin
  }
  return { clock, state, admin }
}

const member = (t: TestApp) => signedIn(t.app, {}, nextIp())
const tierOf = async (t: TestApp, id: number) => (await t.app.repos.users.byId(id))?.subscriptionTier
const mailsTo = (t: TestApp, email: string) => (t.app.mailer.outbox ?? []).filter((m) => m.to === email)

/** Sessions last 7 days (decision 014): a test that moves the clock further signs in again. */
async function signIn(client: Client, account: { username: string; password: string }) {
  const login = await client.post('/api/auth/login', {
    username: account.username,
    password: account.password,
  })
  expect(login.statusCode, login.body).toBe(200)
}

async function verify(t: TestApp, client: Client, userId: number) {
  const { token } = await t.app.repos.tokens.issue('verify_email', userId)
  const response = await client.post('/api/auth/verify-email', { token })
  expect(response.statusCode, response.body).toBe(200)
}

describe('the 7-day trial (decision 016)', () => {
  const { clock, state, admin } = setup()

  it('ends on time: refused at once, written down by the job, the owner e-mailed', async () => {
    const { t } = state
    const { client, user, account } = await member(t)
    await verify(t, client, user.id)
    expect(user.subscriptionTier).toBe('performance_trial')
    const [game] = await t.app.repos.games.upsert([
      feedGame({ startTime: new Date(clock.now().getTime() + 9 * DAY) }),
    ])
    const bet = {
      gameId: game?.id,
      betType: 'moneyline',
      selection: 'Kansas City Chiefs',
      odds: -110,
      amount: 50,
    }
    expect((await client.post('/api/bets', bet)).statusCode).toBe(201)

    clock.advance(7 * DAY - 1000)
    await signIn(client, account)
    expect((await client.get('/api/auth/user')).json().subscriptionTier).toBe('performance_trial')
    clock.advance(1000)

    // Before any job runs, the server already treats the trial as over.
    expect((await client.get('/api/auth/user')).json().subscriptionTier).toBe('trial_ended')
    const refused = await client.post('/api/bets', bet)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual({ message: PLAN_REQUIRED, field: 'plan' })
    for (const path of [
      '/api/suggestions/user',
      `/api/suggestions/game/${game?.id}`,
      `/api/live-probability/${game?.id}`,
    ]) {
      const answer = await client.get(path)
      expect(answer.statusCode, path).toBe(403)
      expect(answer.json().field, path).toBe('plan')
    }
    // What a trial_ended account keeps: its grid (without probabilities), history, export and settings.
    const gameGrid = await client.get(`/api/outcome-matrix/${game?.id}`)
    expect(gameGrid.statusCode).toBe(200)
    expect(gameGrid.json().probability).toBeNull()
    expect((await client.get('/api/bets/history')).json().bets).toHaveLength(1)
    expect((await client.get('/api/bets/export/csv')).statusCode).toBe(200)
    expect((await client.patch('/api/user/timezone', { timezone: 'America/New_York' })).statusCode).toBe(200)

    expect(await tierOf(t, user.id)).toBe('performance_trial')
    const run = await t.app.runAccountJob()
    expect(run).toMatchObject({ trialsEnded: 1, slotsReleased: 0, paidLapsed: 0 })
    expect(await tierOf(t, user.id)).toBe('trial_ended')
    expect(mailsTo(t, account.email).map((m) => m.subject)).toContain('Your Grid trial has ended')
    // The slot stays taken: it counted against the onboarding cap.
    expect((await t.app.repos.users.byId(user.id))?.trialSlotNumber).toBe(user.trialSlotNumber)

    const again = await t.app.runAccountJob()
    expect(again).toMatchObject({ trialsEnded: 0 })
  })

  it('a payment restores what the trial gave, and a period that lapses takes it away again', async () => {
    const { t } = state
    const { client, user, account } = await member(t)
    clock.advance(8 * DAY)
    await signIn(client, account)
    expect((await client.get('/api/auth/user')).json().subscriptionTier).toBe('trial_ended')
    const paid = await (await admin()).post(`/api/admin/users/${user.id}/mark-paid`, {
      reason: 'bank transfer',
    })
    expect(paid.statusCode, paid.body).toBe(200)
    expect((await client.get('/api/auth/user')).json().subscriptionTier).toBe('monthly_paid')
    expect((await client.get('/api/suggestions/user')).statusCode).toBe(200)

    const through = new Date(paid.json().paidThrough).getTime()
    clock.advance(through - clock.now().getTime() - 1000)
    await signIn(client, account)
    expect((await client.get('/api/suggestions/user')).statusCode).toBe(200)
    clock.advance(1000)
    expect((await client.get('/api/suggestions/user')).statusCode).toBe(403)
    expect(await t.app.runAccountJob()).toMatchObject({ paidLapsed: 1 })
    expect(await tierOf(t, user.id)).toBe('trial_ended')
  })
})

describe('trial slots (decision 016): a slot unverified for 48 hours goes back to the pool', () => {
  const { clock, state } = setup({ billing: { trialSlotCap: 2 } })

  it('releases the slot, gives it to the next sign-up, and gives one back on verifying while one is free', async () => {
    const { t } = state
    const late = await member(t)
    const prompt = await member(t)
    await verify(t, prompt.client, prompt.user.id)
    expect([late.user.trialSlotNumber, prompt.user.trialSlotNumber]).toEqual([1, 2])
    expect(await t.app.repos.users.trialSlotsLeft(2)).toBe(0)
    const full = await member(t)
    expect(full.user).toMatchObject({ subscriptionTier: 'trial_ended', trialSlotNumber: null })

    clock.advance(48 * HOUR - 1000)
    expect(await t.app.runAccountJob()).toMatchObject({ slotsReleased: 0 })
    clock.advance(1000)
    expect((await late.client.get('/api/auth/user')).json().subscriptionTier).toBe('trial_ended')
    expect(await t.app.runAccountJob()).toMatchObject({ slotsReleased: 1, trialsEnded: 0 })
    const released = await t.app.repos.users.byId(late.user.id)
    expect(released).toMatchObject({ subscriptionTier: 'trial_ended', trialSlotNumber: null })
    expect(await t.app.repos.users.trialSlotsLeft(2)).toBe(1)
    expect(mailsTo(t, late.account.email).map((m) => m.subject)).toContain(
      'Verify your e-mail to keep your Grid trial',
    )

    // Verifying gets the slot back while it is free, with the trial's original end.
    await verify(t, late.client, late.user.id)
    const back = await t.app.repos.users.byId(late.user.id)
    expect(back).toMatchObject({ subscriptionTier: 'performance_trial', trialSlotNumber: 1 })
    expect(back?.trialEndDate?.toISOString()).toBe(late.user.trialEndDate)
    expect(await t.app.repos.users.trialSlotsLeft(2)).toBe(0)
  })

  it('a released slot goes to the next sign-up (the lowest free number), and a late verifier then waits', async () => {
    const { t } = state
    await t.app.db
      .update(users)
      .set({ trialSlotNumber: null, subscriptionTier: 'trial_ended' })
      .where(eq(users.trialSlotNumber, 2))
    const next = await member(t)
    expect(next.user).toMatchObject({ subscriptionTier: 'performance_trial', trialSlotNumber: 2 })
    const unverified = next
    clock.advance(49 * HOUR)
    expect(await t.app.runAccountJob()).toMatchObject({ slotsReleased: 1 })
    const taker = await member(t)
    expect(taker.user.trialSlotNumber).toBe(2)
    await verify(t, unverified.client, unverified.user.id)
    expect(await t.app.repos.users.byId(unverified.user.id)).toMatchObject({
      subscriptionTier: 'trial_ended',
      trialSlotNumber: null,
    })
  })
})

describe('referral discounts end after 12 months (decision 017), by the job as by the admin button', () => {
  const { clock, state, admin } = setup()

  it('the daily pass expires a discount whose 12 months are over, and not a day before', async () => {
    const { t } = state
    const asAdmin = await admin()
    const referrer = await member(t)
    expect(
      (await referrer.client.post('/api/referral/create', { referralCode: 'JOBTEST1' })).statusCode,
    ).toBe(201)
    const friend = await signedIn(t.app, { referralCode: 'JOBTEST1' }, nextIp())
    expect(
      (await asAdmin.post(`/api/admin/users/${friend.user.id}/mark-paid`, { reason: 'paid', months: 12 }))
        .statusCode,
    ).toBe(200)
    // The referrer pays too, so the lapse of their own plan does not muddle the count.
    expect(
      (await asAdmin.post(`/api/admin/users/${referrer.user.id}/mark-paid`, { reason: 'paid', months: 12 }))
        .statusCode,
    ).toBe(200)
    expect((await referrer.client.get('/api/referral/stats')).json()).toMatchObject({
      currentDiscount: 10,
      activeReferrals: 1,
    })

    clock.advance(365 * DAY - HOUR)
    expect(await t.app.runAccountJob()).toMatchObject({ discountsExpired: 0 })
    clock.advance(HOUR)
    expect(await t.app.runAccountJob()).toMatchObject({ discountsExpired: 1 })
    await signIn(referrer.client, referrer.account)
    const [discount] = await t.app.db
      .select()
      .from(referralDiscounts)
      .where(eq(referralDiscounts.referrerId, referrer.user.id))
    expect(discount?.status).toBe('expired')
    expect((await referrer.client.get('/api/referral/stats')).json()).toMatchObject({
      currentDiscount: 0,
      activeReferrals: 0,
    })
  })
})

describe('the inactivity banner after a long absence (decision 021): signing in is activity', () => {
  const { clock, state } = setup()
  const status = async (client: Client) => {
    const response = await client.get('/api/user/inactivity-status')
    expect(response.statusCode, response.body).toBe(200)
    return response.json()
  }

  it.each([31, 400])(
    'shows the %i idle days on the first visit after signing in, until I’m Here!',
    async (idle) => {
      const { t } = state
      const { client, account } = await member(t)
      clock.advance(idle * DAY)
      await signIn(client, account)
      const banner = { showBanner: true, daysInactive: idle, timeRemaining: 730 }
      expect(await status(client)).toEqual(banner)
      // Still there on the next visit, and from another browser: the absence is the account's.
      clock.advance(DAY)
      const other = new Client(t.app, nextIp())
      await signIn(other, account)
      expect(await status(other)).toEqual(banner)
      expect(await status(client)).toEqual(banner)

      expect((await client.post('/api/user/stay-active')).statusCode).toBe(200)
      expect(await status(client)).toEqual({ showBanner: false, daysInactive: 0, timeRemaining: 730 })
      expect(await status(other)).toEqual({ showBanner: false, daysInactive: 0, timeRemaining: 730 })
    },
  )

  it('shows it until dismissed, which is not activity; a sign-in after a short gap shows none', async () => {
    const { t } = state
    const { client, account } = await member(t)
    clock.advance(6 * DAY)
    await signIn(client, account)
    expect(await status(client)).toEqual({ showBanner: false, daysInactive: 0, timeRemaining: 730 })

    clock.advance(45 * DAY)
    await signIn(client, account)
    expect(await status(client)).toEqual({ showBanner: true, daysInactive: 45, timeRemaining: 730 })
    clock.advance(2 * DAY)
    const dismissed = await client.post('/api/user/dismiss-inactivity')
    expect(dismissed.statusCode).toBe(200)
    expect(dismissed.json()).toEqual({ message: 'Inactivity notice dismissed' })
    // Dismissing acknowledges the absence; only activity restarts the count to deletion.
    expect(await status(client)).toEqual({ showBanner: false, daysInactive: 2, timeRemaining: 728 })
    clock.advance(DAY)
    await signIn(client, account)
    expect(await status(client)).toEqual({ showBanner: false, daysInactive: 0, timeRemaining: 730 })
  })
})
