import { createServer } from 'node:net'
import { Writable } from 'node:stream'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_RATE_LIMITS } from '../../src/domain/limits'
import { users } from '../../src/server/db/schema'
import { supportRequests } from '../../src/server/db/support-schema'
import { SmtpSink } from './support/smtp'
import {
  buildTestApp,
  Client,
  freshDatabase,
  signedIn,
  type TestApp,
  testApp,
  testClock,
  testConfig,
} from './support/test-app'

/**
 * Decision 020: the support form stores the request and e-mails support, here through a real SMTP server. Each
 * test sends from its own client IP, so that the per-IP limit never couples tests.
 */
const SUPPORT = 'help-desk@grid.test'
const SENT = 'Support request sent'

let sink: SmtpSink
let t: TestApp
beforeAll(async () => {
  sink = await SmtpSink.start()
  t = await testApp({ mail: { smtpUrl: sink.url, supportEmail: SUPPORT } }, { clock: testClock().now })
})
afterAll(async () => {
  await t?.close()
  await sink?.close()
})

let ipCounter = 0
const freshIp = () => `10.40.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`

const request = (overrides: Record<string, unknown> = {}) => ({
  email: 'fan@example.com',
  subject: 'The grid shows no cells',
  message: 'I placed two bets on the Bears game.\nThe grid stays empty.',
  category: 'bug',
  ...overrides,
})

async function storedRequest(id: number) {
  const [row] = await t.app.db.select().from(supportRequests).where(eq(supportRequests.id, id))
  return row
}

describe('POST /api/support', () => {
  it('stores a signed-out request and e-mails it to the support address', async () => {
    const sent = await new Client(t.app, freshIp()).post(
      '/api/support',
      request({ subject: 'Cannot log in', category: 'account', email: 'Locked.Out@Example.com ' }),
    )
    expect(sent.statusCode).toBe(201)
    const { message, id } = sent.json()
    expect(message).toBe(SENT)
    expect(id).toEqual(expect.any(Number))

    const row = await storedRequest(id)
    expect(row).toMatchObject({
      userId: null,
      email: 'Locked.Out@Example.com',
      subject: 'Cannot log in',
      category: 'account',
      message: 'I placed two bets on the Bears game.\nThe grid stays empty.',
    })
    expect(row?.createdAt).toBeInstanceOf(Date)

    const mail = await sink.nextMail(SUPPORT)
    expect(mail.to).toEqual([SUPPORT])
    expect(mail.from.address).toBe('no-reply@grid.local')
    expect(mail.subject).toBe('[Support] Cannot log in')
    expect(mail.text).toContain('Reply to: Locked.Out@Example.com')
    // The domain part of an address is case-insensitive; mail tools lower-case it.
    expect(mail.replyTo.toLowerCase()).toBe('locked.out@example.com')
    expect(mail.text).toContain('Category: Account')
    expect(mail.text).toContain('User: not signed in')
    expect(mail.text).toContain('I placed two bets on the Bears game.\nThe grid stays empty.')
  })

  it("keeps a signed-in sender's user id and names the account in the mail", async () => {
    const { client, account, user } = await signedIn(t.app, {}, freshIp())
    await sink.nextMail(account.email) // the sign-up's verification mail
    const sent = await client.post('/api/support', request({ email: account.email, category: 'billing' }))
    expect(sent.statusCode).toBe(201)
    const row = await storedRequest(sent.json().id)
    expect(row).toMatchObject({ userId: user.id, email: account.email, category: 'billing' })

    const mail = await sink.nextMail(SUPPORT)
    expect(mail.subject).toBe('[Support] The grid shows no cells')
    expect(mail.text).toContain(`User: #${user.id} ${account.username}`)
    expect(mail.text).toContain('Category: Billing')
    expect(mail.text).toContain('The grid stays empty.')

    // Decision 025: the request holds the sender's address and words, so it goes with the account (the e-mail to
    // support already carried it to whoever answers).
    await t.app.db.delete(users).where(eq(users.id, user.id))
    expect(await storedRequest(sent.json().id)).toBeUndefined()
  })

  it("files a request without a category under the spec's default, bug", async () => {
    const { category: _, ...withoutCategory } = request()
    const sent = await new Client(t.app, freshIp()).post('/api/support', withoutCategory)
    expect(sent.statusCode).toBe(201)
    expect((await storedRequest(sent.json().id))?.category).toBe('bug')
    expect((await sink.nextMail(SUPPORT)).text).toContain('Category: Bug report')
  })

  it('puts a subject on one line before it becomes a mail header', async () => {
    const sent = await new Client(t.app, freshIp()).post(
      '/api/support',
      request({ subject: 'Hello\r\nBcc: victim@example.com' }),
    )
    expect(sent.statusCode).toBe(201)
    const mail = await sink.nextMail(SUPPORT)
    expect(mail.subject).toBe('[Support] Hello Bcc: victim@example.com')
    expect(mail.to).toEqual([SUPPORT])
  })

  it.each([
    [{ email: undefined }, 'email', 'Email is required'],
    [{ email: '   ' }, 'email', 'Email is required'],
    [{ email: 'not-an-address' }, 'email', 'Please enter a valid email address'],
    [{ email: `${'a'.repeat(250)}@example.com` }, 'email', 'Please enter a valid email address'],
    [{ email: 42 }, 'email', 'Email is required'],
    [{ subject: undefined }, 'subject', 'Subject is required'],
    [{ subject: '  ' }, 'subject', 'Subject is required'],
    [{ subject: 's'.repeat(201) }, 'subject', 'Subject must be at most 200 characters'],
    [{ message: undefined }, 'message', 'Message is required'],
    [{ message: '\n\n' }, 'message', 'Message is required'],
    [{ message: 'm'.repeat(5001) }, 'message', 'Message must be at most 5000 characters'],
    [
      { category: 'complaint' },
      'category',
      'Category must be one of: bug, feature, question, account, billing, other',
    ],
  ])('refuses %o with a message for %s', async (overrides, field, message) => {
    const before = await t.app.db.$count(supportRequests)
    const refused = await new Client(t.app, freshIp()).post('/api/support', request(overrides))
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual({ message, field })
    expect(await t.app.db.$count(supportRequests)).toBe(before)
  })

  it('accepts the longest subject and message', async () => {
    const subject = 's'.repeat(200)
    const sent = await new Client(t.app, freshIp()).post(
      '/api/support',
      request({ subject, message: 'm'.repeat(5000) }),
    )
    expect(sent.statusCode).toBe(201)
    expect((await sink.nextMail(SUPPORT)).subject).toBe(`[Support] ${subject}`)
  })

  it('refuses unknown fields and bodies that are not objects', async () => {
    const client = new Client(t.app, freshIp())
    const unknown = await client.post('/api/support', request({ userId: 1 }))
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toEqual({ message: 'Unknown field: userId', field: 'userId' })
    const array = await client.post('/api/support', [request()])
    expect(array.statusCode).toBe(400)
    expect(array.json().message).toBe('The request body must be a JSON object')
  })

  it('allows 5 requests per hour from one IP, then answers 429 with Retry-After', async () => {
    const client = new Client(t.app, freshIp())
    for (let i = 1; i <= DEFAULT_RATE_LIMITS.supportPerIp.limit; i++) {
      const sent = await client.post('/api/support', request({ subject: `Attempt ${i}` }))
      expect(sent.statusCode).toBe(201)
      await sink.nextMail(SUPPORT)
    }
    const before = await t.app.db.$count(supportRequests)
    const limited = await client.post('/api/support', request({ subject: 'One too many' }))
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toEqual({ message: 'Too many attempts. Please wait and try again.' })
    expect(limited.headers['retry-after']).toBe('3600')
    expect(await t.app.db.$count(supportRequests)).toBe(before)
    // Another IP is not held back.
    const other = await new Client(t.app, freshIp()).post('/api/support', request())
    expect(other.statusCode).toBe(201)
    await sink.nextMail(SUPPORT)
  })

  it('does not count refused requests against the limit', async () => {
    const client = new Client(t.app, freshIp())
    for (let i = 0; i < DEFAULT_RATE_LIMITS.supportPerIp.limit + 2; i++) {
      expect((await client.post('/api/support', request({ email: 'typo' }))).statusCode).toBe(400)
    }
    expect((await client.post('/api/support', request())).statusCode).toBe(201)
    await sink.nextMail(SUPPORT)
  })
})

describe('POST /api/support when the mail cannot be sent', () => {
  it('keeps the request, answers 201 and logs the failure', async () => {
    const db = await freshDatabase()
    let logs = ''
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        logs += chunk.toString()
        done()
      },
    })
    const deadSmtp = `smtp://127.0.0.1:${await closedPort()}`
    const app = await buildTestApp(
      db,
      testConfig(db, { mail: { smtpUrl: deadSmtp }, server: { logLevel: 'error' } }),
      {
        logStream,
      },
    )
    try {
      const sent = await new Client(app, freshIp()).post('/api/support', request({ subject: 'Lost?' }))
      expect(sent.statusCode).toBe(201)
      const { message, id } = sent.json()
      expect(message).toBe(SENT)
      const [row] = await app.db.select().from(supportRequests).where(eq(supportRequests.id, id))
      expect(row).toMatchObject({ subject: 'Lost?', email: 'fan@example.com' })
      const failure = logs
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line))
        .find((line) => line.msg === 'support mail failed; the request is stored')
      expect(failure).toMatchObject({ level: 50, supportRequestId: id })
    } finally {
      await app.close()
      await db.drop()
    }
  })
})

/** A loopback port nothing listens on: taken from the OS, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  if (!address || typeof address === 'string') throw new Error('no port')
  return address.port
}
