import { Writable } from 'node:stream'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { buildApp } from '../../src/server/app'
import { users } from '../../src/server/db/schema'
import {
  buildTestApp,
  Client,
  freshDatabase,
  newAccount,
  type TestDatabase,
  testConfig,
} from './support/test-app'

/** Structured logs with request ids, and no password, token or code ever logged. */
let logs = ''
let db: TestDatabase
let app: Awaited<ReturnType<typeof buildApp>>

beforeAll(async () => {
  db = await freshDatabase()
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logs += chunk.toString()
      done()
    },
  })
  app = await buildTestApp(db, testConfig(db, { server: { logLevel: 'info' } }), { logStream })
  app.get('/test/failing-query', () => failingQuery(app))
})
afterAll(async () => {
  await app.close()
  await db.drop()
})

it('logs every request with an id and never a password, code, cookie or token', async () => {
  const client = new Client(app)
  const account = newAccount({ password: 'pa55word-never-logged' })
  await client.post('/api/auth/register', account)
  const login = await client.post('/api/auth/login', {
    username: account.username,
    password: account.password,
  })
  expect(login.statusCode).toBe(200)
  const enable = await client.post('/api/auth/2fa/enable', { method: 'email' })
  const code: string = enable.json().codeForDev
  await client.post('/api/auth/2fa/verify', { code })
  await client.post('/api/auth/reset-password', {
    username: account.username,
    newPassword: 'another-secret-1',
  })
  const mail = app.mailer.outbox?.find((m) => m.subject.includes('Confirm your new'))
  const token = mail?.text.match(/token=([\w-]+)/)?.[1] ?? ''
  expect(token.length).toBeGreaterThan(20)
  await client.get(`/api/auth/confirm-password-change?token=${token}`)
  await client.request({
    method: 'POST',
    url: '/api/auth/confirm-password-change',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    // Decision 011: the new password is typed again on the page; it must not reach the log either.
    payload: `token=${token}&password=another-secret-1`,
  })

  const lines = logs
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
  const requests = lines.filter((l) => l.msg === 'incoming request')
  expect(requests.length).toBeGreaterThanOrEqual(7)
  const session = client.cookies.get('grid_session') ?? 'no-session-cookie'
  expect((await client.get('/api/auth/user')).statusCode).toBe(401)
  expect(requests.every((l) => typeof l.reqId === 'string' && l.reqId.length > 0)).toBe(true)
  for (const secret of [account.password, 'another-secret-1', code, token, session]) {
    expect(logs).not.toContain(secret)
  }
})

it('never logs the token of an e-mailed data-export link, which is in its path', async () => {
  const owner = new Client(app, '10.23.0.1')
  const account = newAccount()
  await owner.post('/api/auth/register', account)
  const { username, password } = account
  expect((await owner.post('/api/auth/login', { username, password })).statusCode).toBe(200)
  expect((await owner.delete('/api/user/account', { password })).statusCode).toBe(200)
  const mail = app.mailer.outbox?.find((m) => m.to === account.email && m.subject.includes('deleted'))
  const token = mail?.text.match(/\/api\/data-export\/([\w-]+)/)?.[1] ?? ''
  expect(token.length).toBeGreaterThan(20)
  const before = logs.length
  expect((await new Client(app, '10.23.0.2').get(`/api/data-export/${token}`)).statusCode).toBe(200)
  expect(logs.slice(before)).toContain('"path":"/api/data-export/:token"')
  expect(logs).not.toContain(token)
})

/** Secret-looking values bound to queries that fail. */
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$never-logged-hash'
const EMAIL = 'secret.owner@example.com'

/**
 * Two database errors whose bound parameters hold secrets: a value out of range beside a password hash,
 * and an e-mail address already taken (PostgreSQL's detail quotes the key: 'Key (lower(email))=(...)').
 */
async function failingQuery(app: FastifyInstance): Promise<never> {
  const taken = await app.repos.users.byEmail(EMAIL)
  if (!taken) {
    await app.db
      .insert(users)
      .values({ username: 'secret-owner', email: EMAIL, passwordHash: HASH, subscriptionTier: 'trial_ended' })
    await app.db
      .select()
      .from(users)
      .where(and(eq(users.passwordHash, HASH), eq(users.id, 3_000_000_000)))
  }
  await app.db
    .insert(users)
    .values({ username: 'someone-else', email: EMAIL, passwordHash: HASH, subscriptionTier: 'trial_ended' })
  throw new Error('unreachable: the insert above fails')
}

it('logs a failed query with its SQL and error code, never its bound values (hashes, e-mail addresses)', async () => {
  const before = logs.length
  for (let attempt = 0; attempt < 2; attempt++) {
    const response = await app.inject({ method: 'GET', url: '/test/failing-query' })
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({ message: 'Something went wrong. Please try again.' })
  }
  // Also logged outside a request, as the background jobs do.
  await failingQuery(app).catch((error: unknown) => app.log.error({ err: error }, 'feed sync failed'))
  await failingQuery(app).catch((error: unknown) => app.log.error(error))

  const lines = logs
    .slice(before)
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
    .filter((line) => line.level === 50)
  expect(lines).toHaveLength(4)
  const [outOfRange, ...taken] = lines.map((line) => line.err)
  expect(outOfRange).toMatchObject({ type: 'DrizzleQueryError', code: '22003' })
  expect(outOfRange.message).toMatch(
    /^Failed query: select .* from "users" where \("users"\."password_hash" = \$1 and "users"\."id" = \$2\)/,
  )
  // PostgreSQL quotes the value it refused; the log names its placeholder instead.
  expect(outOfRange.message).toMatch(/: value \$2 is out of range for type integer$/)
  expect(outOfRange.stack).toContain('Failed query: select')
  for (const err of taken) {
    expect(err).toMatchObject({ type: 'DrizzleQueryError', code: '23505' })
    // PGlite's field is `constraint`, postgres.js's `constraint_name`.
    expect(err.constraint ?? err.constraint_name).toBe('users_email_lower')
    expect(err.message).toMatch(
      /^Failed query: insert into "users" .*: duplicate key value violates unique constraint "users_email_lower"$/,
    )
  }
  const text = logs.slice(before)
  for (const secret of [HASH, EMAIL, '3000000000', 'c2VjcmV0LXNhbHQ']) expect(text).not.toContain(secret)
})
