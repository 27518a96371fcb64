import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { ADMIN_USAGE, adminCommand, CLI_REASON } from '../../src/server/cli/admin-command'
import type { Config } from '../../src/server/config'
import {
  buildTestApp,
  type ConfigOverrides,
  freshDatabase,
  newAccount,
  onPostgres,
  signedIn,
  type TestDatabase,
  testConfig,
  withOverrides,
} from './support/test-app'

/**
 * Decision 013: with ADMIN_EMAIL set only that account becomes admin, once verified; unset, the first
 * account does and the start-up log says so. `npm run admin -- promote|demote` works on the configured
 * database, PGlite or PostgreSQL.
 */
const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** A database that outlives one app: a PGlite directory, or a PostgreSQL database. */
async function lastingDatabase(): Promise<{
  config: (o?: ConfigOverrides) => Config
  start: (config: Config, logs?: string[]) => Promise<FastifyInstance>
}> {
  const database = await freshDatabase()
  const dataDir = onPostgres ? null : await mkdtemp(join(tmpdir(), 'grid-admin-'))
  cleanups.push(async () => {
    await database.drop()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })
  return {
    config: (o = {}) => testConfig(database, { ...(dataDir ? { database: { dataDir } } : {}), ...o }),
    start: (config, logs) => startApp(database, config, logs),
  }
}

async function startApp(database: TestDatabase, config: Config, logs?: string[]): Promise<FastifyInstance> {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logs?.push(chunk.toString())
      done()
    },
  })
  const app = await buildTestApp(
    database,
    logs ? withOverrides(config, { server: { logLevel: 'info' } }) : config,
    {
      logStream,
    },
  )
  cleanups.push(() => app.close())
  return app
}

async function verifyEmail(
  app: FastifyInstance,
  client: Awaited<ReturnType<typeof signedIn>>['client'],
  email: string,
) {
  const mail = app.mailer.outbox?.find((m) => m.to === email.toLowerCase() && m.subject.startsWith('Verify'))
  const token = mail?.text.match(/token=([\w-]+)/)?.[1]
  expect((await client.post('/api/auth/verify-email', { token })).statusCode).toBe(200)
}

describe('ADMIN_EMAIL (decision 013)', () => {
  it('makes no one admin for being first; that address becomes admin once it is verified', async () => {
    const { config, start } = await lastingDatabase()
    const app = await start(config({ accounts: { adminEmail: 'boss@example.com' } }))
    const first = await signedIn(app)
    expect(first.user).toMatchObject({ role: 'user', subscriptionTier: 'performance_trial' })
    const boss = await signedIn(app, { email: 'Boss@Example.com' }, '10.7.0.2')
    expect(boss.user.role).toBe('user')
    // Anyone can type an address at sign-up: before it is proved, it grants nothing.
    const early = await boss.client.post(`/api/admin/users/${first.user.id}/suspend`, { reason: 'test' })
    expect(early.statusCode).toBe(403)
    await verifyEmail(app, boss.client, 'boss@example.com')
    expect((await boss.client.get('/api/auth/user')).json()).toMatchObject({
      role: 'admin',
      isAdmin: true,
      subscriptionTier: 'admin',
    })
    const suspend = await boss.client.post(`/api/admin/users/${first.user.id}/suspend`, { reason: 'test' })
    expect(suspend.statusCode).toBe(200)
  })

  it('makes an ADMIN_EMAIL account verified before the setting admin at the next start', async () => {
    const { config, start } = await lastingDatabase()
    const before = await start(config())
    await signedIn(before) // the first account: admin, ADMIN_EMAIL being unset
    const later = await signedIn(before, { email: 'later@example.com' }, '10.7.0.3')
    await verifyEmail(before, later.client, 'later@example.com')
    expect((await later.client.get('/api/auth/user')).json().role).toBe('user')
    await before.close()

    const logs: string[] = []
    const after = await start(config({ accounts: { adminEmail: 'later@example.com' } }), logs)
    expect((await after.repos.users.byId(later.user.id))?.role).toBe('admin')
    expect(logs.join('')).toContain('ADMIN_EMAIL account is now admin (decision 013)')
  })

  it('says at start, on a fresh database without ADMIN_EMAIL, that the first account becomes admin', async () => {
    const { config, start } = await lastingDatabase()
    const logs: string[] = []
    const app = await start(config(), logs)
    expect(logs.join('')).toContain(
      'No ADMIN_EMAIL is set: the first account to sign up becomes admin (decision 013).',
    )
    expect((await signedIn(app)).user.role).toBe('admin')
  })
})

describe('npm run admin (decision 013)', () => {
  it('promotes and demotes an account on the configured database', async () => {
    const { config, start } = await lastingDatabase()
    const app = await start(config())
    // The first account is the admin (decision 013).
    const owner = await signedIn(app)
    const { account, user } = await signedIn(app, {}, '10.7.0.4')
    await app.close()
    const target = config()

    expect(await adminCommand(['promote', account.username.toUpperCase()], target.database)).toBe(
      `${account.username} is now an admin.`,
    )
    expect(await adminCommand(['promote', account.username], target.database)).toBe(
      `${account.username} is already an admin.`,
    )
    const promoted = await start(target)
    expect(await promoted.repos.users.byId(user.id)).toMatchObject({
      role: 'admin',
      subscriptionTier: 'admin',
    })
    await promoted.close()

    expect(await adminCommand(['demote', account.username], target.database)).toBe(
      `${account.username} is no longer an admin (plan: trial_ended).`,
    )
    // The last admin stays one, and the refusal changes nothing: no audit entry either.
    await expect(adminCommand(['demote', owner.account.username], target.database)).rejects.toThrow(
      `${owner.account.username} is the only admin: promote another account first.`,
    )
    const demoted = await start(target)
    expect(await demoted.repos.users.counts()).toMatchObject({ admins: 1 })
    expect(await demoted.repos.users.byId(user.id)).toMatchObject({
      role: 'user',
      subscriptionTier: 'trial_ended',
    })
    // Each change is in the audit trail, by the command line (no admin account); a no-op is not.
    const whom = { id: user.id, username: account.username }
    const { rows } = await demoted.repos.audit.page(1, 10)
    expect(
      rows.map(({ adminId, action, targetId, targetUsername, reason }) => ({
        adminId,
        action,
        target: { id: targetId, username: targetUsername },
        reason,
      })),
    ).toEqual([
      { adminId: null, action: 'demote', target: whom, reason: CLI_REASON },
      { adminId: null, action: 'promote', target: whom, reason: CLI_REASON },
    ])
  })

  it('says what is wrong with a bad command or an unknown name', async () => {
    const { config, start } = await lastingDatabase()
    await (await start(config())).close()
    const nobody = newAccount().username
    await expect(adminCommand(['promote', nobody], config().database)).rejects.toThrow(
      `No account is named ${nobody}.`,
    )
    for (const args of [[], ['promote'], ['crown', 'someone'], ['promote', 'a', 'b']]) {
      await expect(adminCommand(args, config().database)).rejects.toThrow(ADMIN_USAGE)
    }
  })
})
