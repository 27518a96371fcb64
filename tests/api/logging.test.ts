import { Writable } from 'node:stream'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildApp } from '../../src/server/app'
import { Client, freshDatabase, newAccount, type TestDatabase, testConfig } from './support/test-app'

/** Issue 3: structured logs with request ids, and no password, token or code ever logged. */
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
  app = await buildApp(testConfig(db, { logLevel: 'info' }), { logStream })
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
    // D11: the new password is typed again on the page; it must not reach the log either.
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
