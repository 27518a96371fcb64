import { readFileSync } from 'node:fs'
import { and, eq, inArray, isNull, like, sql } from 'drizzle-orm'
import { strFromU8, unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dataExports } from '../../src/server/db/accounts-schema'
import { adminActions } from '../../src/server/db/audit-schema'
import { bets } from '../../src/server/db/bets-schema'
import { payments } from '../../src/server/db/billing-schema'
import { games } from '../../src/server/db/games-schema'
import { loginFailures, rateLimits, sessions, users } from '../../src/server/db/schema'
import { supportRequests } from '../../src/server/db/support-schema'
import { feedGame } from './support/bets'
import { Client, signedIn, type TestApp, testApp, testClock } from './support/test-app'

/**
 * Decisions 021 and 025: the inactivity notices and deletion, deleting an account (its owner's request,
 * an admin's hard delete, inactivity) with its financial records kept de-identified for 7 years, and the
 * data download, also through the e-mailed link for 30 days after.
 */

const DAY = 86_400_000
let ips = 0
const nextIp = () => `10.16.${Math.floor(++ips / 250)}.${ips % 250}`
const clock = testClock('2026-11-23T18:00:00Z')
let t: TestApp
let adminAccount: { username: string; password: string }
let admin: Client

beforeAll(async () => {
  t = await testApp({}, { clock: clock.now })
  const first = await signedIn(t.app, {}, nextIp())
  admin = first.client
  adminAccount = first.account
})
afterAll(() => t.close())

async function signIn(client: Client, account: { username: string; password: string }) {
  const login = await client.post('/api/auth/login', {
    username: account.username,
    password: account.password,
  })
  expect(login.statusCode, login.body).toBe(200)
}

/** A member with two bets, a payment recorded by the admin and a support request. */
async function memberWithRecords() {
  const member = await signedIn(t.app, {}, nextIp())
  const [game] = await t.app.repos.games.upsert([
    feedGame({ startTime: new Date(clock.now().getTime() + DAY) }),
  ])
  const ids: number[] = []
  for (const amount of [50, 25]) {
    const placed = await member.client.post('/api/bets', {
      gameId: game?.id,
      betType: 'moneyline',
      selection: 'Kansas City Chiefs',
      odds: -110,
      amount,
    })
    expect(placed.statusCode, placed.body).toBe(201)
    ids.push(placed.json().id)
  }
  await signIn(admin, adminAccount)
  const paid = await admin.post(`/api/admin/users/${member.user.id}/mark-paid`, { reason: 'bank transfer' })
  expect(paid.statusCode, paid.body).toBe(200)
  const support = await member.client.post('/api/support', {
    email: member.account.email,
    category: 'question',
    subject: 'A question',
    message: 'How do referrals work?',
  })
  expect(support.statusCode, support.body).toBeLessThan(300)
  return { ...member, betIds: ids }
}

const mailsTo = (email: string) => (t.app.mailer.outbox ?? []).filter((m) => m.to === email)

function unzip(body: Buffer): Record<string, string> {
  const files = unzipSync(new Uint8Array(body))
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]))
}

/** The link in the deletion e-mail, as a path on this app. */
function exportLink(email: string): string {
  const mail = mailsTo(email).find((m) => m.subject === 'Your Grid account has been deleted')
  const link = mail?.text.match(/http:\/\/grid\.test(\/api\/data-export\/\S+)/)?.[1]
  if (!link) throw new Error(`no deletion mail with a link to ${email}`)
  return link
}

async function expectDeidentified(userId: number, betIds: number[]) {
  expect(await t.app.db.select().from(users).where(eq(users.id, userId))).toEqual([])
  expect(await t.app.db.select().from(sessions).where(eq(sessions.userId, userId))).toEqual([])
  expect(await t.app.db.select().from(supportRequests).where(eq(supportRequests.userId, userId))).toEqual([])
  const kept = await t.app.db.select().from(bets).where(inArray(bets.id, betIds))
  expect(kept.map((b) => [b.id, b.userId])).toEqual(betIds.map((id) => [id, null]))
  expect(kept.map((b) => b.amountCents).sort()).toEqual([2_500, 5_000])
}

describe('Download my data (decision 025)', () => {
  it('is a ZIP of the account, the bets in Grid’s CSV, referrals and payments', async () => {
    const member = await memberWithRecords()
    await member.client.post('/api/referral/create', { referralCode: 'DATAZIP1' })
    const response = await member.client.get('/api/user/data-export')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/zip')
    expect(response.headers['content-disposition']).toBe('attachment; filename="grid-data-2026-11-23.zip"')
    const files = unzip(response.rawPayload)
    expect(Object.keys(files).sort()).toEqual([
      'README.txt',
      'account.json',
      'bets.csv',
      'payments.csv',
      'referrals.json',
    ])
    const account = JSON.parse(files['account.json'] ?? '')
    expect(account).toMatchObject({
      id: member.user.id,
      username: member.account.username,
      subscriptionTier: 'monthly_paid',
    })
    expect(JSON.stringify(account)).not.toContain('argon2')
    // The bets file is exactly the history's CSV export.
    expect(files['bets.csv']).toBe((await member.client.get('/api/bets/export/csv')).body)
    // The download keeps each bet's sportsbook and placed time, as the export does.
    expect(files['bets.csv']?.split('\r\n')[0]).toMatch(/,Sportsbook,Placed$/)
    expect(files['bets.csv']?.trim().split('\r\n')).toHaveLength(3)
    expect(files['payments.csv']).toMatch(
      /^Date,Period Start,Period End,Amount,Discount %,Source\r\n.+,99\.00,0,admin\r\n$/,
    )
    expect(JSON.parse(files['referrals.json'] ?? '').codes.map((c: { code: string }) => c.code)).toEqual([
      'DATAZIP1',
    ])
  })

  it('needs a session', async () => {
    const response = await new (admin.constructor as typeof Client)(t.app, nextIp()).get(
      '/api/user/data-export',
    )
    expect(response.statusCode).toBe(401)
  })
})

describe('deleting one’s own account (decision 025)', () => {
  it('asks for the password, then removes personal data at once and keeps bets and payments unnamed', async () => {
    const member = await memberWithRecords()
    const wrong = await member.client.delete('/api/user/account', { password: 'not-my-password' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toEqual({ message: 'The password is not correct', field: 'password' })
    expect((await member.client.delete('/api/user/account', {})).json().field).toBe('password')

    await signIn(admin, adminAccount)
    const done = await member.client.delete('/api/user/account', { password: member.account.password })
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json().message).toMatch(/deleted/)
    expect((await member.client.get('/api/auth/user')).statusCode).toBe(401)
    const login = await member.client.post('/api/auth/login', {
      username: member.account.username,
      password: member.account.password,
    })
    expect(login.statusCode).toBe(401)
    await expectDeidentified(member.user.id, member.betIds)
    const [payment] = await t.app.db.select().from(payments).where(isNull(payments.userId))
    expect(payment?.amountCents).toBe(9_900)

    // Decision 013: an admin is demoted before its account can go.
    const refused = await admin.delete('/api/user/account', { password: adminAccount.password })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toMatch(/^An admin account cannot be deleted here/)

    // The e-mailed link serves the archive made at deletion, to anyone holding it, for 30 days.
    const link = exportLink(member.account.email)
    const stranger = new (admin.constructor as typeof Client)(t.app, nextIp())
    const download = await stranger.get(link)
    expect(download.statusCode).toBe(200)
    expect(unzip(download.rawPayload)['bets.csv']?.trim().split('\r\n')).toHaveLength(3)
    expect((await stranger.get(`${link}x`)).json()).toEqual({
      message: 'This download link is invalid or has expired',
    })
  })
})

describe('an admin’s hard delete is the same deletion (decision 025), audited', () => {
  it('keeps the records unnamed, mails the link and records the action', async () => {
    const member = await memberWithRecords()
    await signIn(admin, adminAccount)
    const response = await admin.delete(`/api/admin/users/${member.user.id}/hard`, {
      reason: 'asked by phone',
      confirmPassword: 'HARD_DELETE_CONFIRM',
    })
    expect(response.statusCode, response.body).toBe(200)
    await expectDeidentified(member.user.id, member.betIds)
    expect(exportLink(member.account.email)).toMatch(/^\/api\/data-export\//)
    const [entry] = await t.app.db
      .select()
      .from(adminActions)
      .where(and(eq(adminActions.targetId, member.user.id), eq(adminActions.action, 'hard delete')))
    expect(entry).toMatchObject({ action: 'hard delete', reason: 'asked by phone' })
  })
})

describe('the e-mailed download link', () => {
  it('dies an hour after its first download', async () => {
    const member = await signedIn(t.app, {}, nextIp())
    const removed = await member.client.delete('/api/user/account', { password: member.account.password })
    expect(removed.statusCode).toBe(200)
    const link = exportLink(member.account.email)
    const holder = new Client(t.app, nextIp())
    // Unused, it waits its 30 days.
    clock.advance(2 * DAY)
    expect((await holder.get(link)).statusCode).toBe(200)
    // A download that broke can be tried again at once...
    clock.advance(59 * 60_000)
    expect((await holder.get(link)).statusCode).toBe(200)
    // ...but an hour after the first one, the link found later in a mailbox is dead.
    clock.advance(2 * 60_000)
    const late = await holder.get(link)
    expect(late.statusCode).toBe(404)
    expect(late.json()).toEqual({ message: 'This download link is invalid or has expired' })
  })
})

const MAPPING = {
  date: 'Placed',
  league: 'League',
  event: 'Event',
  market: 'Market',
  selection: 'Pick',
  odds: 'Price',
  stake: 'Stake',
  result: 'Result',
}
const UNLINKED_FILE = [
  'Placed,League,Event,Market,Pick,Price,Stake,Result',
  '2026-11-20,NBA,Springfield Isotopes @ Shelbyville Sharks,Moneyline,Springfield Isotopes,+200,25,W',
].join('\n')

describe('nothing keeps a deleted account’s name, address or id', () => {
  it('drops its rate-limit counters and login failures, and de-identifies its imports', async () => {
    const member = await signedIn(t.app, {}, nextIp())
    const { username, email, password } = member.account
    const { id } = member.user
    // Its traces: failed logins at two addresses, a reset asked by e-mail and by username, a download,
    // and an imported bet that matched no game (a placeholder game named after the account).
    for (const ip of [nextIp(), nextIp()]) {
      const wrong = await new Client(t.app, ip).post('/api/auth/login', {
        username,
        password: 'not-it-at-all',
      })
      expect(wrong.statusCode).toBe(401)
    }
    const stranger = new Client(t.app, nextIp())
    expect((await stranger.post('/api/auth/forgot-password', { email })).statusCode).toBe(200)
    const reset = await stranger.post('/api/auth/reset-password', {
      username,
      newPassword: 'another-secret-1',
    })
    expect(reset.statusCode).toBe(200)
    expect((await member.client.get('/api/user/data-export')).statusCode).toBe(200)
    const imported = await member.client.request({
      method: 'POST',
      url: `/api/bets/import?columns=${encodeURIComponent(JSON.stringify(MAPPING))}&unlinked=true`,
      payload: UNLINKED_FILE,
      headers: { 'content-type': 'text/csv' },
    })
    expect(imported.json()).toMatchObject({ imported: 1, unlinked: 1 })

    const names = (key: string) =>
      key.includes(username.toLowerCase()) || key.includes(email.toLowerCase()) || key.endsWith(`:user:${id}`)
    const counters = async () => (await t.app.db.select().from(rateLimits)).filter((r) => names(r.key))
    const failures = async () => (await t.app.db.select().from(loginFailures)).filter((r) => names(r.key))
    expect((await counters()).map((r) => r.key).sort()).toEqual(
      [
        `data-export:user:${id}`,
        `import-days:user:${id}`,
        `imports:user:${id}`,
        `reset:account:${email.toLowerCase()}`,
        `reset:account:${username.toLowerCase()}`,
      ].sort(),
    )
    expect(await failures()).toHaveLength(2)
    const [bet] = await t.app.db.select().from(bets).where(eq(bets.userId, id))
    expect(bet?.importKey).toEqual(expect.any(String))
    const placeholder = async () =>
      (
        await t.app.db
          .select()
          .from(games)
          .where(eq(games.id, bet?.gameId ?? 0))
      )[0]
    expect((await placeholder())?.providerId.startsWith(`${id}:`)).toBe(true)

    expect((await member.client.delete('/api/user/account', { password })).statusCode).toBe(200)
    expect(await counters()).toEqual([])
    expect(await failures()).toEqual([])
    const [kept] = await t.app.db
      .select()
      .from(bets)
      .where(eq(bets.id, bet?.id ?? 0))
    expect(kept).toMatchObject({ userId: null, importKey: null, gameId: bet?.gameId })
    const game = await placeholder()
    expect(game).toMatchObject({ provider: 'unlinked', providerId: `deleted:${game?.id}` })
    // What keys on the stranger's address alone is theirs, and stays until its window is over.
    const theirs = await t.app.db.select().from(rateLimits).where(like(rateLimits.key, 'reset:ip:%'))
    expect(theirs.length).toBeGreaterThan(0)
  })

  it('purges counters and login failures that are over on the account job’s schedule', async () => {
    const ip = nextIp()
    const guesser = new Client(t.app, ip)
    await guesser.post('/api/auth/login', { username: 'nobody-by-this-name', password: 'a-wrong-password' })
    await guesser.post('/api/auth/forgot-password', { email: 'nobody@example.com' })
    const atIp = async () => ({
      counters: (await t.app.db.select().from(rateLimits)).filter((r) => r.key.includes(ip)).length,
      failures: (await t.app.db.select().from(loginFailures)).filter((r) => r.key.includes(ip)).length,
    })
    expect(await atIp()).toEqual({ counters: 1, failures: 2 })
    await t.app.runAccountJob()
    expect(await atIp()).toEqual({ counters: 1, failures: 2 })
    clock.advance(DAY + 60_000)
    expect((await t.app.runAccountJob())?.purged.limits).toBeGreaterThanOrEqual(3)
    expect(await atIp()).toEqual({ counters: 0, failures: 0 })
  })

  it('de-identifies what deletions before it left behind (migration 0015’s hand-written part)', async () => {
    const member = await memberWithRecords()
    const [betId = 0] = member.betIds
    const [left] = await t.app.repos.games.upsert([feedGame({ startTime: clock.now() })])
    const [owned] = await t.app.repos.games.upsert([feedGame({ startTime: clock.now() })])
    // As an earlier deletion left them: an unnamed bet with its import key, a placeholder named after
    // an account that is gone; and a placeholder of an account that still exists.
    await t.app.db.update(bets).set({ userId: null, importKey: 'an-old-key' }).where(eq(bets.id, betId))
    await t.app.db
      .update(games)
      .set({ provider: 'unlinked', providerId: '2000000000:abc' })
      .where(eq(games.id, left?.id ?? 0))
    await t.app.db
      .update(games)
      .set({ provider: 'unlinked', providerId: `${member.user.id}:def` })
      .where(eq(games.id, owned?.id ?? 0))
    const migration = readFileSync(
      new URL('../../drizzle/0015_subscription_cancel.sql', import.meta.url),
      'utf8',
    )
    const handWritten = migration
      .slice(migration.indexOf('-- hand-written:'))
      .split('--> statement-breakpoint')
    for (const statement of handWritten) await t.app.db.execute(sql.raw(statement))

    expect((await t.app.db.select().from(bets).where(eq(bets.id, betId)))[0]?.importKey).toBeNull()
    const providerOf = async (gameId = 0) =>
      (await t.app.db.select().from(games).where(eq(games.id, gameId)))[0]?.providerId
    expect(await providerOf(left?.id)).toBe(`deleted:${left?.id}`)
    expect(await providerOf(owned?.id)).toBe(`${member.user.id}:def`)
  })
})

describe('inactivity (decision 021): notices at 30 days, 30 and 7 days before deletion, deletion at 730', () => {
  it('sends each notice once, starts again on sign-in, deletes on the day, then the link and records expire', async () => {
    const member = await memberWithRecords()
    const back = await signedIn(t.app, {}, nextIp())
    const subjects = () => mailsTo(member.account.email).map((m) => m.subject)
    const notices = () => subjects().filter((s) => s.startsWith('Your Grid account will be deleted'))
    const run = () => t.app.runAccountJob()

    clock.advance(30 * DAY - 1000)
    await signIn(admin, adminAccount) // the admin stays active (and admins are never deleted for inactivity)
    await run()
    expect(notices()).toEqual([])
    clock.advance(1000)
    await run()
    expect(notices()).toEqual(['Your Grid account will be deleted in 700 days'])
    await run()
    expect(notices()).toHaveLength(1)

    // The banner says the same to the user who signs in: 30 days inactive, the count to deletion restarted
    // by the sign-in (it said 0 days and no banner, since the sign-in had reset the count).
    await signIn(back.client, back.account)
    expect((await back.client.get('/api/user/inactivity-status')).json()).toEqual({
      showBanner: true,
      daysInactive: 30,
      timeRemaining: 730,
    })

    clock.advance(670 * DAY)
    await signIn(admin, adminAccount)
    await run()
    clock.advance(23 * DAY)
    await signIn(admin, adminAccount)
    await run()
    expect(notices()).toEqual([
      'Your Grid account will be deleted in 7 days',
      'Your Grid account will be deleted in 30 days',
      'Your Grid account will be deleted in 700 days',
    ])
    // 'back' signed in on day 30, so its count started again: on day 700 it was 670 days inactive.
    expect(
      mailsTo(back.account.email)
        .map((m) => m.subject)
        .filter((s) => s.includes('will be deleted')),
    ).toEqual([
      'Your Grid account will be deleted in 60 days',
      'Your Grid account will be deleted in 700 days',
    ])

    clock.advance(7 * DAY)
    await signIn(admin, adminAccount)
    expect((await run())?.accountsDeleted).toBeGreaterThanOrEqual(1)
    await expectDeidentified(member.user.id, member.betIds)
    expect(subjects()).toContain('Your Grid account has been deleted')
    const link = exportLink(member.account.email)
    expect((await admin.get(link)).statusCode).toBe(200)
    expect(await t.app.repos.users.byId(back.user.id)).not.toBeNull()

    // docs/spec/product-spec.md §9: the link works 30 days; then the archive is purged.
    clock.advance(30 * DAY)
    expect((await admin.get(link)).statusCode).toBe(404)
    expect((await run())?.purged.exports).toBeGreaterThanOrEqual(1)
    expect(
      await t.app.db
        .select({ id: dataExports.id })
        .from(dataExports)
        .where(eq(dataExports.formerUserId, member.user.id)),
    ).toEqual([])
  })

  it('purges de-identified bets and payments after 7 years, and keeps every owned record', async () => {
    const owned = await t.app.db
      .select({ id: bets.id })
      .from(bets)
      .where(eq(bets.userId, (await t.app.repos.users.byUsername(adminAccount.username))?.id ?? -1))
    const anonymous = await t.app.db.select({ id: bets.id }).from(bets).where(isNull(bets.userId))
    expect(anonymous.length).toBeGreaterThan(0)
    clock.advance(7 * 366 * DAY)
    const result = await t.app.runAccountJob()
    expect(result?.purged).toMatchObject({ bets: anonymous.length })
    expect(await t.app.db.select().from(bets).where(isNull(bets.userId))).toEqual([])
    expect(await t.app.db.select().from(payments).where(isNull(payments.userId))).toEqual([])
    expect(
      await t.app.db
        .select({ id: bets.id })
        .from(bets)
        .where(eq(bets.userId, (await t.app.repos.users.byUsername(adminAccount.username))?.id ?? -1)),
    ).toEqual(owned)
  })
})
