import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  Client,
  catchUp,
  newAccount,
  registeredUser,
  signedIn,
  type TestApp,
  testApp,
} from './support/test-app'

let t: TestApp
let admin: Client
let adminId: number
beforeAll(async () => {
  t = await testApp()
  // Decision 013: the first account on a fresh database is the admin.
  const first = await signedIn(t.app)
  expect(first.user.role).toBe('admin')
  admin = first.client
  adminId = first.user.id
})
afterAll(() => t.close())

// Each test user signs up and logs in from its own address, clear of the per-IP limits (decision 015).
let ips = 0
const nextIp = () => `10.1.${Math.floor(++ips / 250)}.${ips % 250}`
const member = () => signedIn(t.app, {}, nextIp())

type Method = 'POST' | 'DELETE'
const ROUTES: [Method, string, Record<string, unknown>][] = [
  ['POST', 'suspend', { reason: 'spam' }],
  ['POST', 'restore', { reason: 'appeal' }],
  ['DELETE', 'soft', { reason: 'asked to leave' }],
  ['DELETE', 'hard', { reason: 'asked to be forgotten', confirmPassword: 'HARD_DELETE_CONFIRM' }],
]

function act(client: Client, method: Method, action: string, id: number | string, body: unknown) {
  return client.request({ method, url: `/api/admin/users/${id}/${action}`, payload: body as string })
}
const suspend = (id: number, body: unknown) => act(admin, 'POST', 'suspend', id, body)
const restore = (id: number, body: unknown = { reason: 'appeal accepted' }) =>
  act(admin, 'POST', 'restore', id, body)
const softDelete = (id: number, body: unknown = { reason: 'asked to leave' }) =>
  act(admin, 'DELETE', 'soft', id, body)
const hardDelete = (id: number, body: unknown) => act(admin, 'DELETE', 'hard', id, body)

function login(account: { username: string; password: string }) {
  return new Client(t.app, nextIp()).post('/api/auth/login', {
    username: account.username,
    password: account.password,
  })
}

async function expectLoginRefused(account: { username: string; password: string }) {
  const response = await login(account)
  expect(response.statusCode).toBe(401)
  expect(response.json()).toEqual({ message: 'Invalid username or password' })
}

/** ' until 2026-11-30 14:05 UTC' for the ISO instant 2026-11-30T14:05:…Z. */
const utcUntil = (iso: string) => ` until ${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`

/** The right password of a suspended account is told so; a wrong one is an invalid login like any other. */
async function expectSuspended(account: { username: string; password: string }, until = '') {
  const response = await login(account)
  expect(response.statusCode).toBe(403)
  expect(response.json()).toEqual({
    message: `This account is suspended${until}. Contact support@grid.local if you think this is a mistake.`,
  })
  await expectLoginRefused({ ...account, password: `${account.password}-wrong` })
}

describe('access (decision 013)', () => {
  it.each(ROUTES)('%s /api/admin/users/:id/%s answers 401 signed out', async (method, action, body) => {
    const { user } = await member()
    const response = await act(new Client(t.app), method, action, user.id, body)
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ message: 'Not authenticated' })
    // Nothing happened to the account.
    expect((await t.app.repos.users.byId(user.id))?.isSuspended).toBe(false)
  })

  it.each(ROUTES)('%s /api/admin/users/:id/%s answers 403 for a non-admin', async (method, action, body) => {
    const victim = await member()
    const { client, user } = await member()
    expect(user.role).toBe('user')
    for (const id of [victim.user.id, adminId, user.id]) {
      const response = await act(client, method, action, id, body)
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({ message: 'Admin access required' })
    }
    const row = await t.app.repos.users.byId(victim.user.id)
    expect(row).toMatchObject({ isSuspended: false, isDeleted: false })
    expect((await victim.client.get('/api/auth/user')).statusCode).toBe(200)
  })

  it.each(ROUTES)(
    '%s /api/admin/users/:id/%s refuses the admin acting on themselves',
    async (method, action, body) => {
      const response = await act(admin, method, action, adminId, body)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ message: 'You cannot change your own account here', field: 'id' })
      expect((await admin.get('/api/auth/user')).statusCode).toBe(200)
    },
  )

  it.each(ROUTES)(
    '%s /api/admin/users/:id/%s answers 404 for an unknown user',
    async (method, action, body) => {
      for (const id of [999_999, 2_147_483_647]) {
        const response = await act(admin, method, action, id, body)
        expect(response.statusCode).toBe(404)
        expect(response.json()).toEqual({ message: 'User not found' })
      }
    },
  )

  it.each(ROUTES)(
    '%s /api/admin/users/:id/%s answers 400 for an id that is not a user id',
    async (method, action, body) => {
      for (const id of ['abc', '1.5', '0', '-3', '0x10', '1e3', '99999999999', '2147483648', '%20']) {
        const response = await act(admin, method, action, id, body)
        expect(response.statusCode).toBe(400)
        expect(response.json()).toEqual({
          message: 'id must be a whole number from 1 to 2147483647',
          field: 'id',
        })
      }
    },
  )
})

describe('suspend and restore', () => {
  it('requires a reason', async () => {
    const { user, client } = await member()
    for (const body of [undefined, {}, { reason: '' }, { reason: '   ' }, { reason: null }]) {
      const response = await suspend(user.id, body)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ message: 'A reason is required', field: 'reason' })
    }
    expect((await client.get('/api/auth/user')).statusCode).toBe(200)
  })

  it('refuses a suspendedUntil that is not a date-time, and unknown fields', async () => {
    const { user } = await member()
    const bad = await suspend(user.id, { reason: 'spam', suspendedUntil: 'next week' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().field).toBe('suspendedUntil')
    const unknown = await suspend(user.id, { reason: 'spam', days: 3 })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toEqual({ message: 'Unknown field: days', field: 'days' })
  })

  it.each([
    ['in year 0000', '0000-01-01T00:00:00Z', 'suspendedUntil must be in the future'],
    ['a day ago', new Date(Date.now() - 86_400_000).toISOString(), 'suspendedUntil must be in the future'],
    ['now', 'now', 'suspendedUntil must be in the future'],
    [
      'more than ten years ahead',
      new Date(Date.now() + 3_660 * 86_400_000).toISOString(),
      'suspendedUntil must be at most 10 years ahead; leave it out to suspend until restored',
    ],
    [
      'in year 9999',
      '9999-12-31T23:59:59+14:00',
      'suspendedUntil must be at most 10 years ahead; leave it out to suspend until restored',
    ],
  ])('refuses a suspendedUntil %s with a 400, and suspends no one', async (_name, until, message) => {
    const { user, client } = await member()
    const suspendedUntil = until === 'now' ? t.app.clock().toISOString() : until
    const response = await suspend(user.id, { reason: 'spam', suspendedUntil })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message, field: 'suspendedUntil' })
    expect((await t.app.repos.users.byId(user.id))?.isSuspended).toBe(false)
    expect((await client.get('/api/auth/user')).statusCode).toBe(200)
  })

  it('takes a suspendedUntil just under ten years ahead, in any offset', async () => {
    const { user } = await member()
    const until = new Date(Date.now() + 3_640 * 86_400_000)
    const written = `${until.toISOString().slice(0, 19)}+00:00`
    expect((await suspend(user.id, { reason: 'long ban', suspendedUntil: written })).statusCode).toBe(200)
    expect((await t.app.repos.users.byId(user.id))?.suspendedUntil?.toISOString().slice(0, 19)).toBe(
      written.slice(0, 19),
    )
  })

  it('ends the suspended user’s session at once and blocks login, until restored', async () => {
    const { user, client, account } = await member()
    const response = await suspend(user.id, { reason: 'spam' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: `${account.username} is suspended` })
    const me = await client.get('/api/auth/user')
    expect(me.statusCode).toBe(401)
    expect(me.json()).toEqual({ message: 'Not authenticated' })
    await expectSuspended(account)

    const restoreWithoutReason = await restore(user.id, {})
    expect(restoreWithoutReason.statusCode).toBe(400)
    expect(restoreWithoutReason.json()).toEqual({ message: 'A reason is required', field: 'reason' })
    await expectSuspended(account)

    const restored = await restore(user.id)
    expect(restored.statusCode).toBe(200)
    expect(restored.json()).toEqual({ message: `${account.username} is restored` })
    expect((await login(account)).statusCode).toBe(200)
  })

  it('blocks login until a future suspendedUntil, and says until when (in UTC)', async () => {
    const { user, client, account } = await member()
    const until = new Date(Date.now() + 3 * 86_400_000).toISOString()
    expect((await suspend(user.id, { reason: 'cool off', suspendedUntil: until })).statusCode).toBe(200)
    expect((await client.get('/api/auth/user')).statusCode).toBe(401)
    await expectSuspended(account, utcUntil(until))
  })

  it('does not block login once suspendedUntil has passed', async () => {
    const { user, account } = await member()
    const until = new Date(Date.now() + 3_600_000).toISOString()
    expect((await suspend(user.id, { reason: 'cool off', suspendedUntil: until })).statusCode).toBe(200)
    await expectSuspended(account, utcUntil(until))
    // The hour goes by.
    await t.app.repos.users.update(user.id, { suspendedUntil: new Date(Date.now() - 1000) })
    const again = new Client(t.app, nextIp())
    const response = await again.post('/api/auth/login', {
      username: account.username,
      password: account.password,
    })
    expect(response.statusCode).toBe(200)
    expect((await again.get('/api/auth/user')).json().username).toBe(account.username)
  })
})

describe('soft delete', () => {
  it('requires a reason', async () => {
    const { user, client } = await member()
    const response = await softDelete(user.id, {})
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message: 'A reason is required', field: 'reason' })
    expect((await client.get('/api/auth/user')).statusCode).toBe(200)
  })

  it('ends the session at once and blocks login; restore brings the account back', async () => {
    const { user, client, account } = await member()
    const response = await softDelete(user.id)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: `${account.username} is deleted (restorable)` })
    expect((await client.get('/api/auth/user')).statusCode).toBe(401)
    await expectLoginRefused(account)
    // The row stays (restorable), and its username stays taken.
    expect(await t.app.repos.users.byId(user.id)).toMatchObject({ isDeleted: true })
    const reuse = await new Client(t.app, nextIp()).post(
      '/api/auth/register',
      newAccount({ username: account.username }),
    )
    expect(reuse.statusCode).toBe(409)

    expect((await restore(user.id)).statusCode).toBe(200)
    expect((await login(account)).statusCode).toBe(200)
  })
})

describe('hard delete', () => {
  it('requires the confirmation and a reason', async () => {
    const { user, client } = await member()
    for (const body of [{ reason: 'gone' }, { reason: 'gone', confirmPassword: 'hard_delete_confirm' }]) {
      const response = await hardDelete(user.id, body)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({
        message: 'Type HARD_DELETE_CONFIRM to confirm',
        field: 'confirmPassword',
      })
    }
    const noReason = await hardDelete(user.id, { confirmPassword: 'HARD_DELETE_CONFIRM' })
    expect(noReason.statusCode).toBe(400)
    expect(noReason.json()).toEqual({ message: 'A reason is required', field: 'reason' })
    expect((await client.get('/api/auth/user')).statusCode).toBe(200)
  })

  it('removes the row: a kept cookie answers 401 and the login is refused', async () => {
    const { user, client, account } = await member()
    const kept = [...client.cookies]
    const response = await hardDelete(user.id, {
      reason: 'asked to be forgotten',
      confirmPassword: 'HARD_DELETE_CONFIRM',
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: `${account.username} is permanently deleted` })
    expect(await t.app.repos.users.byId(user.id)).toBeNull()

    const stale = new Client(t.app)
    for (const [name, value] of kept) stale.cookies.set(name, value)
    expect((await stale.get('/api/auth/user')).statusCode).toBe(401)
    expect((await client.get('/api/auth/user')).statusCode).toBe(401)
    await expectLoginRefused(account)

    const again = await hardDelete(user.id, { reason: 'twice', confirmPassword: 'HARD_DELETE_CONFIRM' })
    expect(again.statusCode).toBe(404)
    expect(again.json()).toEqual({ message: 'User not found' })
    // The username and e-mail are free again.
    const reuse = await new Client(t.app, nextIp()).post('/api/auth/register', account)
    expect(reuse.statusCode).toBe(201)
    expect((await registeredUser(t.app, account.username)).role).toBe('user')
  })
})

describe('the audit trail', () => {
  type Entry = {
    id: number
    at: string
    action: string
    admin: { id: number; username: string | null } | null
    target: { id: number; username: string | null }
    reason: string
    until: string | null
  }
  const trail = async (
    query = '',
  ): Promise<{ entries: Entry[]; total: number; page: number; pageSize: number }> => {
    const response = await admin.get(`/api/admin/audit${query}`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json()
  }
  const adminName = async () => (await admin.get('/api/auth/user')).json().username as string

  it('records who did what to whom, why and when, for every action, newest first', async () => {
    const { user, account } = await member()
    const until = new Date(Date.now() + 3 * 86_400_000).toISOString()
    const before = (await trail()).total
    expect((await suspend(user.id, { reason: 'spam links', suspendedUntil: until })).statusCode).toBe(200)
    expect((await restore(user.id, { reason: 'appeal accepted' })).statusCode).toBe(200)
    expect((await softDelete(user.id, { reason: 'asked to leave' })).statusCode).toBe(200)
    const { entries, total } = await trail()
    expect(total).toBe(before + 3)
    const me = { id: adminId, username: await adminName() }
    const whom = { id: user.id, username: account.username }
    expect(entries.slice(0, 3)).toMatchObject([
      { action: 'soft delete', admin: me, target: whom, reason: 'asked to leave', until: null },
      { action: 'restore', admin: me, target: whom, reason: 'appeal accepted', until: null },
      { action: 'suspend', admin: me, target: whom, reason: 'spam links', until },
    ])
    for (const entry of entries.slice(0, 3)) expect(Date.parse(entry.at)).not.toBeNaN()
  })

  it('keeps the entry of a hard delete with the username the account had, and nothing else of it', async () => {
    const { user, account } = await member()
    const response = await hardDelete(user.id, {
      reason: 'asked to be forgotten',
      confirmPassword: 'HARD_DELETE_CONFIRM',
    })
    expect(response.statusCode).toBe(200)
    const [latest] = (await trail()).entries
    expect(latest).toMatchObject({
      action: 'hard delete',
      target: { id: user.id, username: account.username },
      reason: 'asked to be forgotten',
    })
    expect(JSON.stringify(latest)).not.toContain(account.email)
  })

  it('records nothing for a refused action', async () => {
    const { user } = await member()
    const before = (await trail()).total
    expect((await suspend(user.id, { reason: '' })).statusCode).toBe(400)
    expect((await suspend(999_999, { reason: 'ghost' })).statusCode).toBe(404)
    expect((await hardDelete(user.id, { reason: 'oops' })).statusCode).toBe(400)
    expect((await trail()).total).toBe(before)
  })

  it('is for admins only, paginated, and cannot be changed', async () => {
    const { client } = await member()
    expect((await client.get('/api/admin/audit')).statusCode).toBe(403)
    expect((await new Client(t.app).get('/api/admin/audit')).statusCode).toBe(401)
    const { user } = await member()
    await suspend(user.id, { reason: 'one' })
    await restore(user.id, { reason: 'two' })
    const first = await trail('?page=1&pageSize=1')
    const second = await trail('?page=2&pageSize=1')
    expect(first).toMatchObject({ page: 1, pageSize: 1 })
    expect(first.entries).toHaveLength(1)
    expect(second.entries[0]?.id).toBeLessThan(first.entries[0]?.id ?? 0)
    expect((await admin.get('/api/admin/audit?pageSize=500')).json()).toEqual({
      message: 'pageSize must be between 1 and 100',
      field: 'pageSize',
    })
    expect((await admin.get('/api/admin/audit?page=x')).json()).toMatchObject({ field: 'page' })
    const id = first.entries[0]?.id
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      expect((await admin.request({ method, url: `/api/admin/audit/${id}` })).statusCode).toBe(404)
    }
  })
})

describe('admins acting on admins', () => {
  /** Another admin, signed in: promoted as the command line would, and heard by the session cache. */
  async function otherAdmin() {
    const who = await member()
    await t.app.repos.users.setAdmin(who.user.id, true)
    await catchUp(t.app)
    return who
  }
  const demote = (client: Client, id: number, body: unknown = { reason: 'left the team' }) =>
    client.request({ method: 'POST', url: `/api/admin/users/${id}/demote`, payload: body as string })
  const auditTotal = async () => (await admin.get('/api/admin/audit')).json().total as number

  it.each(ROUTES.filter(([, action]) => action !== 'restore'))(
    '%s /api/admin/users/:id/%s refuses another admin with 403, saying to demote it first, and changes nothing',
    async (method, action, body) => {
      const other = await otherAdmin()
      const before = await auditTotal()
      const response = await act(admin, method, action, other.user.id, body)
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({
        message: expect.stringContaining('is an admin. Demote the account first'),
      })
      expect(await t.app.repos.users.byId(other.user.id)).toMatchObject({
        role: 'admin',
        isSuspended: false,
        isDeleted: false,
      })
      expect((await other.client.get('/api/admin/audit')).statusCode).toBe(200)
      expect(await auditTotal()).toBe(before)
    },
  )

  it('demotes another admin as its own audited action; then the account can be suspended and deleted', async () => {
    const other = await otherAdmin()
    const demoted = await demote(admin, other.user.id)
    expect(demoted.statusCode, demoted.body).toBe(200)
    expect(demoted.json()).toEqual({ message: `${other.account.username} is no longer an admin` })
    expect(await t.app.repos.users.byId(other.user.id)).toMatchObject({
      role: 'user',
      subscriptionTier: 'trial_ended',
    })
    // The demoted account's session is an admin's no more.
    expect((await other.client.get('/api/admin/audit')).statusCode).toBe(403)
    const [entry] = (await admin.get('/api/admin/audit')).json().entries
    expect(entry).toMatchObject({
      action: 'demote',
      admin: { id: adminId },
      target: { id: other.user.id, username: other.account.username },
      reason: 'left the team',
    })
    expect((await suspend(other.user.id, { reason: 'now a user' })).statusCode).toBe(200)
    expect(
      (await hardDelete(other.user.id, { reason: 'gone', confirmPassword: 'HARD_DELETE_CONFIRM' }))
        .statusCode,
    ).toBe(200)
  })

  it('keeps the name of an admin who acted, after that admin is demoted and hard-deleted', async () => {
    const other = await otherAdmin()
    const { user } = await member()
    const suspended = await act(other.client, 'POST', 'suspend', user.id, { reason: 'by the other admin' })
    expect(suspended.statusCode).toBe(200)
    expect((await demote(admin, other.user.id)).statusCode).toBe(200)
    const deleted = await hardDelete(other.user.id, {
      reason: 'gone',
      confirmPassword: 'HARD_DELETE_CONFIRM',
    })
    expect(deleted.statusCode).toBe(200)
    const entries = (await admin.get('/api/admin/audit?pageSize=5')).json().entries
    expect(entries.find((entry: { reason: string }) => entry.reason === 'by the other admin')).toMatchObject({
      action: 'suspend',
      admin: { id: other.user.id, username: other.account.username },
      target: { id: user.id },
    })
  })

  it('refuses to demote oneself (400), an account that is no admin (409), and lets no demoted admin act', async () => {
    const self = await demote(admin, adminId)
    expect(self.statusCode).toBe(400)
    expect(self.json()).toEqual({ message: 'You cannot change your own account here', field: 'id' })
    const { user } = await member()
    const notAdmin = await demote(admin, user.id)
    expect(notAdmin.statusCode).toBe(409)
    expect(notAdmin.json()).toMatchObject({ field: 'id' })
    // A demoted admin cannot demote the one who demoted them: the last admin stays one.
    const other = await otherAdmin()
    expect((await demote(admin, other.user.id)).statusCode).toBe(200)
    const back = await demote(other.client, adminId)
    expect(back.statusCode).toBe(403)
    expect((await t.app.repos.users.byId(adminId))?.role).toBe('admin')
  })

  it('requires a reason to demote', async () => {
    const other = await otherAdmin()
    const response = await demote(admin, other.user.id, { reason: ' ' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message: 'A reason is required', field: 'reason' })
    expect((await t.app.repos.users.byId(other.user.id))?.role).toBe('admin')
  })
})
