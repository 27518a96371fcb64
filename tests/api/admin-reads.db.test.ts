import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatCents } from '../../src/domain/money'
import { summarizeBets } from '../../src/domain/statistics'
import { recordedBet } from '../../src/server/bets/bet-rows'
import { bets } from '../../src/server/db/bets-schema'
import { arbRecordedBet, LAKERS_CELTICS } from '../support/bets'
import { storeBet, storeGame } from './support/bets'
import { Client, newAccount, type TestApp, testApp } from './support/test-app'

/**
 * The dashboards' reads (decision 013: admins only): GET /api/master/stats, /api/admin/users (the
 * Master table and the Admin dashboard's activity view) and /api/admin/growth. Figures are written by
 * hand from the bets placed and settled through the API; docs/admin.md defines each.
 */

type Json = Record<string, unknown>

/** A clock the test sets: sign-ups, logins and payments happen when it says. */
function settableClock(start: string) {
  let now = Date.parse(start)
  return {
    now: () => new Date(now),
    set(instant: string) {
      now = Date.parse(instant)
    },
    advance(ms: number) {
      now += ms
    },
  }
}

let ips = 0
const nextIp = () => `10.9.${Math.floor(++ips / 250)}.${ips % 250}`

/** Signs up (from an address of its own, decision 015) and signs in; the account's name starts with `name`. */
async function signUp(app: TestApp['app'], name: string, extra: Json = {}) {
  const client = new Client(app, nextIp())
  const account = newAccount({ username: `${name}${newAccount().username}`, ...extra })
  expect((await client.post('/api/auth/register', account)).statusCode).toBe(201)
  const login = await client.post('/api/auth/login', {
    username: account.username,
    password: account.password,
  })
  expect(login.statusCode, login.body).toBe(200)
  return { client, account, id: login.json().user.id as number }
}

async function signIn(app: TestApp['app'], account: { username: string; password: string }) {
  const client = new Client(app, nextIp())
  const login = await client.post('/api/auth/login', {
    username: account.username,
    password: account.password,
  })
  expect(login.statusCode, login.body).toBe(200)
  return client
}

async function ok(client: Client, url: string) {
  const response = await client.get(url)
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

/** A bet added to a final game is placed and settled at once; any other is confirmed here. */
async function placeSettled(client: Client, body: Json, confirm = true) {
  const placed = await client.post('/api/bets', body)
  expect(placed.statusCode, placed.body).toBe(201)
  const id = placed.json().id as number
  if (confirm && placed.json().betStatus === 'tentative') {
    const confirmed = await client.patch(`/api/bets/${id}/status`, { betStatus: 'committed' })
    expect(confirmed.statusCode, confirmed.body).toBe(200)
  }
  return id
}

const NEW_ROUTES = [
  '/api/master/stats',
  '/api/admin/users',
  '/api/admin/users?view=activity',
  '/api/admin/growth',
]

describe('stats, the user list and the activity view', () => {
  const T = '2026-11-23T18:00:00Z'
  const clock = settableClock('2026-11-23T12:00:00Z')
  let t: TestApp
  let admin: Awaited<ReturnType<typeof signUp>>
  let alice: Awaited<ReturnType<typeof signUp>>
  let bob: Awaited<ReturnType<typeof signUp>>
  let carol: Awaited<ReturnType<typeof signUp>>
  let dave: Awaited<ReturnType<typeof signUp>>
  let eve: Awaited<ReturnType<typeof signUp>>
  const step = () => clock.advance(60_000)

  beforeAll(async () => {
    t = await testApp({}, { clock: clock.now })
    admin = await signUp(t.app, 'boss') // decision 013: the first account is the admin
    step()
    alice = await signUp(t.app, 'alice')
    expect((await alice.client.post('/api/referral/create', { referralCode: 'ALICE1' })).statusCode).toBe(201)
    step()
    bob = await signUp(t.app, 'bob', { referralCode: 'ALICE1' })
    step()
    carol = await signUp(t.app, 'carol')
    step()
    dave = await signUp(t.app, 'dave')
    step()
    eve = await signUp(t.app, 'eve')

    // Chiefs 24, Bills 20, final: bets confirmed on it settle at once (decisions 002, 003 and 004).
    const final = await storeGame(t.app, { status: 'final', homeScore: 24, awayScore: 20, gameTime: 'Final' })
    const later = await storeGame(t.app, { status: 'scheduled' })
    const spread = (gameId: number, team: string, points: number, amount: number) => ({
      gameId,
      betType: 'spread',
      spreadTeam: team,
      spreadPoints: points,
      odds: -110,
      amount,
    })
    step()
    // alice: +100 (won), -50 (lost), 0 (push), a pending placed $30 and a tentative $1,000.
    await placeSettled(alice.client, spread(final.id, 'Chiefs', -3, 110))
    await placeSettled(alice.client, {
      gameId: final.id,
      betType: 'moneyline',
      selection: 'Bills',
      odds: 150,
      amount: 50,
    })
    await placeSettled(alice.client, {
      gameId: final.id,
      betType: 'total',
      overUnder: 'over',
      totalPoints: 44,
      odds: -110,
      amount: 22,
    })
    await placeSettled(alice.client, spread(later.id, 'Chiefs', -3, 30))
    await placeSettled(alice.client, spread(later.id, 'Chiefs', -3, 1000), false)
    step()
    // bob: +100 (Chiefs ML at -200 for $200), -55 (Bills +2.5 lose by 4).
    await placeSettled(bob.client, {
      gameId: final.id,
      betType: 'moneyline',
      selection: 'Chiefs',
      odds: -200,
      amount: 200,
    })
    await placeSettled(bob.client, spread(final.id, 'Bills', 2.5, 55))
    step()
    // dave: +100, then deleted: gone from the platform's figures.
    await placeSettled(dave.client, {
      gameId: final.id,
      betType: 'moneyline',
      selection: 'Chiefs',
      odds: 100,
      amount: 100,
    })

    clock.set(T)
    const boss = await signIn(t.app, admin.account)
    const reason = { reason: 'test' }
    expect((await boss.post(`/api/admin/users/${bob.id}/mark-paid`, reason)).statusCode).toBe(200)
    expect((await boss.post(`/api/admin/users/${carol.id}/suspend`, reason)).statusCode).toBe(200)
    expect((await boss.delete(`/api/admin/users/${dave.id}/soft`, reason)).statusCode).toBe(200)
    // eve was last seen 40 days ago.
    const longAgo = new Date(Date.parse(T) - 40 * 86_400_000)
    await t.app.repos.users.update(eve.id, { lastLoginAt: longAgo, lastActiveAt: longAgo })
    admin.client = boss
  })
  afterAll(() => t.close())

  describe('access (decision 013)', () => {
    it.each(NEW_ROUTES)('GET %s answers 401 signed out and 403 to a non-admin', async (url) => {
      const signedOut = await new Client(t.app).get(url)
      expect(signedOut.statusCode).toBe(401)
      expect(signedOut.json()).toEqual({ message: 'Not authenticated' })
      const refused = await alice.client.get(url)
      expect(refused.statusCode).toBe(403)
      expect(refused.json()).toEqual({ message: 'Admin access required' })
    })
  })

  it('GET /api/master/stats: the platform from settled bets, by hand', async () => {
    expect(await ok(admin.client, '/api/master/stats')).toEqual({
      // boss, alice, bob, carol (suspended) and eve; dave is deleted.
      totalUsers: 5,
      // carol is suspended and eve inactive for 40 days.
      activeUsers: 3,
      // alice 110 + 50 + 22, bob 200 + 55: settled stakes only (decision 007).
      totalWagered: '437.00',
      // alice's 4 placed (not the tentative one) and bob's 2.
      totalBets: 6,
      // alice +100 - 50 + 0, bob +100 - 55 (decision 002).
      totalProfitLoss: '95.00',
      avgUserProfitLoss: '19.00',
      trialUsers: 3,
      paidUsers: 1,
    })
  })

  const list = async (query = '') => ok(admin.client, `/api/admin/users${query}`)
  const names = (page: { users: { username: string }[] }) => page.users.map((u) => u.username)

  it('GET /api/admin/users: rows with the spec’s fields, profit/loss first', async () => {
    const page = await list()
    expect(page).toMatchObject({ view: 'users', total: 5, page: 1, pageSize: 25 })
    expect(names(page)).toEqual([
      alice.account.username,
      bob.account.username,
      admin.account.username,
      carol.account.username,
      eve.account.username,
    ])
    expect(page.users[0]).toEqual({
      id: alice.id,
      username: alice.account.username,
      email: alice.account.email,
      role: 'user',
      subscriptionTier: 'performance_trial',
      createdAt: '2026-11-23T12:01:00.000Z',
      totalBets: 4,
      betsWon: 1,
      betsLost: 1,
      betsPush: 1,
      totalWagered: '182.00',
      totalProfitLoss: '50.00',
      winRate: 1 / 3,
      roi: 27.5, // 50 / 182 = 27.47 %
      avgBetSize: '53.00', // (110 + 50 + 22 + 30) / 4 placed
      lastLogin: '2026-11-23T12:01:00.000Z',
      loginFrequency: 1, // one login in its first week
      isDeleted: false,
      isSuspended: false,
      suspendedUntil: null,
    })
    expect(page.users[3]).toMatchObject({ username: carol.account.username, isSuspended: true, totalBets: 0 })
    expect(page.users[3]).toMatchObject({ winRate: 0, roi: 0, avgBetSize: '0.00', totalProfitLoss: '0.00' })
  })

  it('sorts by each of the spec’s values', async () => {
    const order = async (sortBy: string) => names(await list(`?sortBy=${sortBy}`)).slice(0, 2)
    expect(await order('totalWagered')).toEqual([bob.account.username, alice.account.username])
    expect(await order('winRate')).toEqual([bob.account.username, alice.account.username])
    expect(await order('totalBets')).toEqual([alice.account.username, bob.account.username])
    // The admin signed in last (at T); eve's login is 40 days old.
    expect(names(await list('?sortBy=lastLogin'))[0]).toBe(admin.account.username)
    expect(names(await list('?sortBy=lastLogin')).at(-1)).toBe(eve.account.username)
    expect(names(await list('?sortBy=created'))).toEqual([
      eve.account.username,
      carol.account.username,
      bob.account.username,
      alice.account.username,
      admin.account.username,
    ])
  })

  it('searches username and e-mail in any case, and filters by tier', async () => {
    expect(names(await list(`?search=${alice.account.username.toUpperCase().slice(0, 8)}`))).toEqual([
      alice.account.username,
    ])
    expect(names(await list(`?search=${encodeURIComponent(bob.account.email.toUpperCase())}`))).toEqual([
      bob.account.username,
    ])
    expect((await list('?search=%25')).total).toBe(0) // '%' is a plain character
    expect(names(await list('?filterTier=monthly_paid'))).toEqual([bob.account.username])
    expect(names(await list('?filterTier=admin'))).toEqual([admin.account.username])
    expect((await list('?filterTier=performance_trial')).total).toBe(3)
    expect((await list('?filterTier=trial_ended')).total).toBe(0)
  })

  it('includes deleted users only when asked, and suspended ones unless told not to', async () => {
    const withDeleted = await list('?includeDeleted=true')
    expect(withDeleted.total).toBe(6)
    expect(withDeleted.users[0]).toMatchObject({
      username: dave.account.username,
      isDeleted: true,
      totalProfitLoss: '100.00',
    })
    const withoutSuspended = await list('?includeSuspended=false')
    expect(names(withoutSuspended)).not.toContain(carol.account.username)
    expect(withoutSuspended.total).toBe(4)
  })

  it('pages, with the total', async () => {
    const second = await list('?pageSize=2&page=2')
    expect(second).toMatchObject({ total: 5, page: 2, pageSize: 2 })
    expect(names(second)).toEqual([admin.account.username, carol.account.username])
    expect((await list('?pageSize=2&page=9')).users).toEqual([])
  })

  it('view=activity: the Admin dashboard’s rows, latest activity first', async () => {
    const page = await list('?view=activity')
    expect(page).toMatchObject({ view: 'activity', total: 5 })
    expect(page.activity.at(-1).user.username).toBe(eve.account.username)
    const byName = new Map(
      page.activity.map((row: { user: { username: string } }) => [row.user.username, row]),
    )
    expect(byName.get(alice.account.username)).toEqual({
      user: {
        id: alice.id,
        username: alice.account.username,
        email: alice.account.email,
        createdAt: '2026-11-23T12:01:00.000Z',
      },
      subscriptionStatus: 'Trial',
      // bob signed up with ALICE1 and paid: 10% of $99 (decision 017).
      discountAmount: '9.90',
      totalBets: 4,
      totalWagered: '182.00',
      netProfit: '50.00',
      referralCount: 1,
      // Her last bet, placed after her login.
      lastActivity: '2026-11-23T12:06:00.000Z',
    })
    expect(byName.get(bob.account.username)).toMatchObject({
      subscriptionStatus: 'Paid',
      discountAmount: '0.00',
      referralCount: 0,
      netProfit: '45.00',
    })
    expect(byName.get(admin.account.username)).toMatchObject({
      subscriptionStatus: 'admin',
      lastActivity: T.replace('Z', '.000Z'),
    })
    expect(byName.get(eve.account.username)).toMatchObject({ subscriptionStatus: 'Trial' })
    expect((await list('?view=activity&includeSuspended=false')).total).toBe(4)
  })

  it.each([
    ['?sortBy=profit', 'sortBy'],
    ['?filterTier=free', 'filterTier'],
    ['?includeDeleted=yes', 'includeDeleted'],
    ['?includeSuspended=1', 'includeSuspended'],
    ['?page=0', 'page'],
    ['?page=x', 'page'],
    ['?pageSize=101', 'pageSize'],
    ['?view=table', 'view'],
    ['?view=activity&sortBy=created', 'sortBy'],
    [`?search=${'x'.repeat(101)}`, 'search'],
    ['?sortBy=created&sortBy=winRate', 'sortBy'],
    ['?limit=5', 'limit'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    const response = await admin.client.get(`/api/admin/users${query}`)
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json()).toMatchObject({ field, message: expect.any(String) })
  })
})

describe('the settled rule in SQL agrees with the domain (decision 037)', () => {
  it('sums any mix of tentative, pending and settled bets as summarizeBets does', async () => {
    const t = await testApp()
    try {
      const boss = await signUp(t.app, 'boss')
      const bettor = await signUp(t.app, 'mix')
      const game = await storeGame(t.app, {
        league: 'NBA',
        leagueAlias: 'nba',
        homeTeam: LAKERS_CELTICS.homeTeam,
        awayTeam: LAKERS_CELTICS.awayTeam,
      })
      // Stored as settlement leaves them: each settled bet with the payout settlementFor gives (decision 002).
      for (const bet of fc.sample(arbRecordedBet(LAKERS_CELTICS), { numRuns: 60, seed: 15 })) {
        const row = await storeBet(t.app, bettor.id, game.id, bet, bet.betStatus)
        await t.app.db
          .update(bets)
          .set({ result: bet.result, payoutCents: bet.payout })
          .where(eq(bets.id, row.id))
      }
      const rows = (await t.app.repos.bets.list(bettor.id)).map(({ bet }) => recordedBet(bet))
      const domain = summarizeBets(rows)
      const listed = await ok(boss.client, '/api/admin/users')
      expect(listed.users.find((u: { id: number }) => u.id === bettor.id)).toMatchObject({
        totalBets: domain.placedBets,
        betsWon: domain.won,
        betsLost: domain.lost,
        betsPush: domain.push,
        totalWagered: formatCents(domain.wagered),
        totalProfitLoss: formatCents(domain.net),
        winRate: domain.winRate,
        roi: domain.roi,
      })
      expect(await ok(boss.client, '/api/master/stats')).toMatchObject({
        totalBets: domain.placedBets,
        totalWagered: formatCents(domain.wagered),
        totalProfitLoss: formatCents(domain.net),
      })
    } finally {
      await t.close()
    }
  })
})

describe('GET /api/admin/growth, with the clock moved', () => {
  /** T is Monday 2026-11-23, 12:00 in Chicago, the admin's (default) timezone: the day began at 06:00Z. */
  const T = '2026-11-23T18:00:00Z'
  const clock = settableClock('2026-10-01T12:00:00Z')
  let t: TestApp
  let boss: { username: string; password: string }
  beforeAll(async () => {
    t = await testApp({}, { clock: clock.now })
    boss = (await signUp(t.app, 'boss')).account
  })
  afterAll(() => t.close())

  /** The admin's session is 7 days long: each action signs in again at the clock's time. */
  const asAdmin = () => signIn(t.app, boss)
  const markPaid = async (id: number, months: number) => {
    const response = await (await asAdmin()).post(`/api/admin/users/${id}/mark-paid`, {
      reason: 'paid',
      months,
    })
    expect(response.statusCode, response.body).toBe(200)
  }

  it('counts sign-ups per window, plans, revenue and the forecast, by hand', async () => {
    clock.set('2026-10-10T12:00:00Z') // 44 days before T
    const first = await signUp(t.app, 'first')
    await markPaid(first.id, 1) // $99, outside the last 30 days
    clock.set('2026-10-30T12:00:00Z') // 24 days before: this month
    const second = await signUp(t.app, 'second')
    clock.set('2026-11-15T00:00:00Z')
    await markPaid(second.id, 3) // $297, inside the last 30 days
    clock.set('2026-11-20T12:00:00Z') // this week
    await signUp(t.app, 'third')
    clock.set('2026-11-23T05:00:00Z') // 23:00 on Sunday in Chicago: this week, not today
    await signUp(t.app, 'fourth')
    clock.set('2026-11-23T07:00:00Z') // 01:00 on Monday in Chicago: today
    await signUp(t.app, 'fifth')
    clock.set('2026-11-23T17:00:00Z')
    const sixth = await signUp(t.app, 'sixth')
    clock.set(T)
    const admin = await asAdmin()
    expect((await admin.delete(`/api/admin/users/${sixth.id}/soft`, { reason: 'spam' })).statusCode).toBe(200)

    expect(await ok(admin, '/api/admin/growth')).toEqual({
      // The admin and five users; the sixth is deleted (but did sign up).
      totalUsers: 6,
      todaySignups: 2,
      weekSignups: 4,
      monthSignups: 5,
      paidUsers: 2,
      trialUsers: 3,
      revenue: { monthly: '297.00', total: '396.00' },
      // (2 paid + n x 5 sign-ups x 20%) x $99 = $198 + n x $99.
      forecast: {
        month1: '297.00',
        month2: '396.00',
        month3: '495.00',
        month6: '792.00',
        month12: '1386.00',
      },
    })

    // A day later, Monday's sign-ups are no longer today's; 38 days later none is recent.
    clock.set('2026-11-24T18:00:00Z')
    expect(await ok(await asAdmin(), '/api/admin/growth')).toMatchObject({
      todaySignups: 0,
      weekSignups: 4,
      monthSignups: 5,
    })
    clock.set('2026-12-31T18:00:00Z')
    expect(await ok(await asAdmin(), '/api/admin/growth')).toMatchObject({
      todaySignups: 0,
      weekSignups: 0,
      monthSignups: 0,
      revenue: { monthly: '0.00', total: '396.00' },
      forecast: { month1: '198.00', month12: '198.00' },
    })
  })

  it('reads "today" in the admin’s own timezone', async () => {
    clock.set('2026-12-31T18:00:00Z')
    const admin = await asAdmin()
    // 10:00 in Tokyo on 1 January: only what signed up since 15:00Z counts as today.
    expect((await admin.patch('/api/user/timezone', { timezone: 'Asia/Tokyo' })).statusCode).toBe(200)
    clock.set('2027-01-01T01:00:00Z')
    await signUp(t.app, 'tokyo')
    expect((await ok(admin, '/api/admin/growth')).todaySignups).toBe(1)
    clock.set('2027-01-01T14:59:00Z')
    expect((await ok(admin, '/api/admin/growth')).todaySignups).toBe(1)
    clock.set('2027-01-01T15:00:00Z') // midnight in Tokyo
    expect((await ok(admin, '/api/admin/growth')).todaySignups).toBe(0)
  })
})
