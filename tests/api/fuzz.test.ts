import fc from 'fast-check'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, calendarDay } from '../../src/domain/calendar'
import { csvHeader } from '../../src/domain/csv'
import { FEED_DAYS_AHEAD, FIRST_FEED_DAY } from '../../src/domain/feed-days'
import { games } from '../../src/server/db/games-schema'
import { users } from '../../src/server/db/schema'
import { spread } from '../support/bets'
import { storeBet, storeGame } from './support/bets'
import {
  BODY_METHODS,
  IMPORT_COLUMNS,
  importFile,
  jsonText,
  KNOWN,
  type Known,
  type PathValue,
  paramNames,
  type RequestPlan,
  requestPlan,
  type Shape,
} from './support/fuzz-requests'
import {
  buildTestApp,
  Client,
  freshDatabase,
  signedIn,
  type TestDatabase,
  testConfig,
} from './support/test-app'

/**
 * No request makes a 500. Generated malformed requests go to every route the app registers (an
 * onRoute hook collects them, so a route added later is fuzzed too), signed out, as a user and as the
 * admin. Each answer must be below 500 and complete: a body as long as its Content-Length, JSON that
 * parses (an error with its message), a CSV that ends. Rate limits (429) and redirects are answers too.
 */
type Who = 'signed out' | 'user' | 'admin'
interface Route {
  method: string
  url: string
}

const routes: Route[] = []
let db: TestDatabase
let app: FastifyInstance
/** The signed-in identities: the browser each uses, the account to sign in again with, and its id. */
let identities: Record<Exclude<Who, 'signed out'>, Awaited<ReturnType<typeof signedIn>>>
let gameId: number
let sent = 0

beforeAll(async () => {
  db = await freshDatabase()
  app = await buildTestApp(db, testConfig(db), {
    onRoute: (route) => {
      // The live event stream never ends, so an injected request never completes: events.db.test.ts sends
      // its requests over real connections, malformed ones included.
      if (route.url === '/api/events') return
      for (const method of [route.method].flat()) routes.push({ method, url: route.url })
    },
  })
  // Decision 013: the first account is the admin.
  identities = { admin: await signedIn(app, {}, '10.9.0.1'), user: await signedIn(app, {}, '10.9.0.2') }
  gameId = (await storeGame(app)).id
})
afterAll(async () => {
  await app.close()
  await db.drop()
})

/** Valid values by field name, so that a route's answers lead the fuzz past its first checks. */
let unique = 0
const FIELD_SEEDS: Record<string, () => unknown> = {
  gameId: () => gameId,
  betType: () => 'spread',
  odds: () => -110,
  amount: () => 10,
  spreadTeam: () => 'Kansas City Chiefs',
  spreadPoints: () => -3.5,
  selection: () => 'Kansas City Chiefs -3.5',
  betStatus: () => 'committed',
  reason: () => 'fuzz',
  suspendedUntil: () => new Date(app.clock().getTime() + 86_400_000).toISOString(),
  confirmPassword: () => 'HARD_DELETE_CONFIRM',
  username: () => `fuzz${++unique}`,
  newUsername: () => `fuzzed${++unique}`,
  email: () => `fuzz${++unique}@example.com`,
  password: () => 'correct-horse-battery',
  newPassword: () => 'correct-horse-battery',
  code: () => '123456',
  method: () => 'email',
  timezone: () => 'America/Chicago',
  subject: () => 'Help',
  message: () => 'Please help',
  category: () => 'bug',
  token: () => 'not-a-token',
  totalPoints: () => 45.5,
  overUnder: () => 'over',
  sportsbook: () => 'DraftKings',
  potentialWin: () => 100,
  userId: () => identities.user.user.id,
  cellPhone: () => '+1 555 0100',
  referralCode: () => `REF${++unique}`,
}
const seedFor = (field: string) => (FIELD_SEEDS[field] ?? (() => 'fuzz'))()

const owner = (who: Who) => identities[who === 'signed out' ? 'user' : who].user.id

async function pathText(value: PathValue, who: Who): Promise<string> {
  if ('text' in value) return value.text
  return String(await knownValue(value.known, who))
}

/** Fresh rows, so that what one request deletes or suspends the next still finds. */
async function knownValue(known: Known, who: Who): Promise<string | number> {
  switch (known) {
    case 'user': {
      const n = ++unique
      const [victim] = await app.db
        .insert(users)
        .values({
          username: `victim${n}`,
          email: `victim${n}@example.com`,
          passwordHash: 'x',
          subscriptionTier: 'trial_ended',
        })
        .returning({ id: users.id })
      return victim?.id ?? 0
    }
    case 'bet':
      return (await storeBet(app, owner(who), gameId, spread('Kansas City Chiefs', -3.5), 'tentative')).id
    case 'game':
      return gameId
    case 'self':
      return owner(who)
    case 'espn':
      return 'espn'
  }
}

/**
 * Signs an identity in again when a fuzzed request ended its session (a logout): each answer that
 * refuses it or sets a cookie is followed by a look at GET /api/auth/user.
 */
async function stillSignedIn(who: Exclude<Who, 'signed out'>, answer: LightMyRequestResponse): Promise<void> {
  if (answer.statusCode !== 401 && answer.headers['set-cookie'] === undefined) return
  const { client, account } = identities[who]
  if ((await client.get('/api/auth/user')).statusCode === 200) return
  const login = await client.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: account.username, password: account.password },
    remoteAddress: `10.10.${(sent >> 8) & 255}.${sent & 255}`,
  })
  if (login.statusCode !== 200) throw new Error(`${who} could not sign in again: ${login.body}`)
}

type Sent =
  | { description: string; response: LightMyRequestResponse }
  | { description: string; error: unknown }

async function send(who: Who, route: Route, plan: RequestPlan): Promise<Sent> {
  const values: Record<string, string> = {}
  for (const [name, value] of Object.entries(plan.params)) values[name] = await pathText(value, who)
  const path = route.url.replace(/:(\w+)/g, (_match, name: string) => values[name] ?? '').replace('*', 'fuzz')
  const url = plan.query ? `${path}?${plan.query}` : path
  const headers: Record<string, string> = {
    ...(plan.contentType ? { 'content-type': plan.contentType } : {}),
    ...(plan.origin ? { origin: plan.origin } : {}),
  }
  const payload =
    plan.body === null ? undefined : 'json' in plan.body ? jsonText(plan.body.json) : plan.body.text
  const description = `${who}: ${route.method} ${url.slice(0, 300)} ${payload?.slice(0, 300) ?? ''}`
  sent++
  const remoteAddress = `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`
  // Signed out, a browser with no cookies; signed in, the identity's own.
  const client = who === 'signed out' ? new Client(app) : identities[who].client
  try {
    const response = await client.request({
      method: route.method as 'GET',
      url,
      headers,
      payload,
      remoteAddress,
    })
    if (who !== 'signed out') await stillSignedIn(who, response)
    return { description, response }
  } catch (error) {
    return { description, error }
  }
}

/** What is wrong with an answer, or null. */
function defect(method: string, sent: Sent): string | null {
  if ('error' in sent) return `no complete answer: ${String(sent.error)}`
  const { statusCode, headers, rawPayload, body } = sent.response
  if (statusCode >= 500) return `${statusCode} ${body.slice(0, 200)}`
  if (method === 'HEAD') return null
  const length = headers['content-length']
  if (length !== undefined && Number(length) !== rawPayload.length) {
    return `Content-Length ${length} but ${rawPayload.length} bytes`
  }
  const type = String(headers['content-type'] ?? '')
  if (type.startsWith('application/json')) {
    let json: unknown
    try {
      json = JSON.parse(body)
    } catch {
      return `incomplete JSON: ${body.slice(-100)}`
    }
    if (statusCode >= 400 && typeof (json as { message?: unknown })?.message !== 'string') {
      return `a ${statusCode} without a message: ${body.slice(0, 200)}`
    }
  }
  if (type.startsWith('text/csv') && (!body.startsWith(csvHeader()) || !body.endsWith('\r\n'))) {
    return `a CSV that does not end properly: ${body.slice(-100)}`
  }
  return null
}

const asSent = (shape: Shape, body: Record<string, unknown> = shape.body): RequestPlan => ({
  params: Object.fromEntries(Object.entries(shape.params).map(([name, known]) => [name, { known }])),
  query: '',
  body: { json: body },
  contentType: 'application/json',
  origin: null,
})

/** What a route takes, and whether it turned this identity away (401, 403) before reading its input. */
interface Learned {
  shape: Shape
  barred: boolean
}

/** A field no schema has: a strict one names it among the unknown fields, a route that reads no body does not. */
const PROBE = 'fuzzProbe'

/**
 * Learns what a route takes from its own answers: the first known path value it does not refuse as
 * missing or malformed; for a body, each field it names as missing, filled with a valid value, then the
 * optional fields among those the fuzz knows (a strict schema lists every field it does not take), then
 * the path value again. Every answer on the way is checked like any other.
 */
async function learn(who: Who, route: Route, defects: string[]): Promise<Learned> {
  const shape: Shape = { params: {}, body: {} }
  let asked = 0
  let barred = false
  const ask = async (body: Record<string, unknown> = shape.body) => {
    const sent = await send(who, route, asSent(shape, body))
    const found = defect(route.method, sent)
    if (found) defects.push(`${sent.description} -> ${found}`)
    const answer = refusal('response' in sent ? sent.response : null)
    // Only the first answer tells: a 401 to a complete login is an answer to the input.
    if (asked++ === 0) barred = answer.status === 401 || answer.status === 403
    return answer
  }
  const names = paramNames(route.url)
  const learnParams = async () => {
    for (const known of names.length > 0 ? KNOWN : []) {
      for (const name of names) shape.params[name] = known
      const { status, field } = await ask()
      if (barred || (status !== 404 && !names.includes(field ?? ''))) return
    }
  }
  await learnParams()
  if (barred || !BODY_METHODS.has(route.method)) return { shape, barred }
  for (let step = 0; step < 12; step++) {
    const { status, field } = await ask()
    if (status !== 400 || field === null || field in shape.body || names.includes(field)) break
    shape.body[field] = seedFor(field)
  }
  let offered = Object.keys(FIELD_SEEDS).filter((field) => !(field in shape.body))
  for (let step = 0; step < 6 && offered.length > 0; step++) {
    const trial = { ...shape.body, ...Object.fromEntries(offered.map((field) => [field, seedFor(field)])) }
    const { status, field, unknown } = await ask({ ...trial, [PROBE]: true })
    if (!unknown.includes(PROBE)) break
    const refused = [...unknown, ...(status === 400 && field !== null ? [field] : [])]
    offered = offered.filter((name) => !refused.includes(name))
    if (unknown.length === 1) {
      Object.assign(shape.body, Object.fromEntries(offered.map((name) => [name, trial[name]])))
      break
    }
  }
  // Again with a body the route takes: a refusal of the body may have hidden a 404 for the path.
  await learnParams()
  return { shape, barred }
}

/** The status of an answer, the field it refuses, and the unknown fields it lists ('Unknown field: a, b'). */
function refusal(response: LightMyRequestResponse | null) {
  const status = response?.statusCode ?? 0
  if (!response?.body || !String(response.headers['content-type']).startsWith('application/json')) {
    return { status, field: null, unknown: [] as string[] }
  }
  const { field, message } = JSON.parse(response.body) as { field?: unknown; message?: unknown }
  const listed = typeof message === 'string' && message.startsWith('Unknown field: ')
  return {
    status,
    field: typeof field === 'string' ? field : null,
    unknown: listed ? message.slice('Unknown field: '.length).split(', ') : [],
  }
}

/**
 * More requests where there is more to break: each path value and body field the route takes. An
 * identity turned away at the door gets one more (the refusal itself is checked).
 */
function runsFor(who: Who, route: Route, { shape, barred }: Learned): number {
  if (route.method === 'HEAD' || barred) return 1
  const parts = Math.min(6, Object.keys(shape.params).length + Object.keys(shape.body).length)
  return who === 'signed out' ? 2 + parts : 3 + parts
}

describe('malformed requests to every route', () => {
  it('collects the routes from the app itself', () => {
    expect(routes.length).toBeGreaterThan(40)
    expect(routes).toContainEqual({ method: 'GET', url: '/api/health' })
  })

  it.each<Who>(['signed out', 'user', 'admin'])(
    'answers each %s request below 500, with a complete body',
    async (who) => {
      const defects: string[] = []
      for (const route of routes) {
        const learned = await learn(who, route, defects)
        await fc
          .assert(
            fc.asyncProperty(requestPlan(route.method, route.url, learned.shape), async (plan) => {
              const answer = await send(who, route, plan)
              const found = defect(route.method, answer)
              if (found) throw new Error(`${answer.description} -> ${found}`)
            }),
            { numRuns: runsFor(who, route, learned), endOnFailure: true },
          )
          .catch((error: unknown) => {
            // The request that failed, and the seed that generates it again (fc.assert's { seed }).
            const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error
            const seed = String(error).match(/seed: (-?\d+)/)?.[1]
            defects.push(`${cause instanceof Error ? cause.message : String(cause)} (seed ${seed})`)
          })
      }
      expect(defects).toEqual([])
    },
    300_000,
  )

  it('imports files dated far in the past and future below 500, asking the feed only for its own days', async () => {
    const { client } = identities.user
    const columns = encodeURIComponent(JSON.stringify(IMPORT_COLUMNS))
    await fc.assert(
      fc.asyncProperty(importFile, fc.boolean(), async (file, unlinked) => {
        sent++
        const response = await client.request({
          method: 'POST',
          url: `/api/bets/import?columns=${columns}${unlinked ? '&unlinked=true' : ''}`,
          payload: file.text,
          headers: { 'content-type': 'text/csv' },
        })
        const found = defect('POST', { description: file.text, response })
        if (found) throw new Error(`${file.text} -> ${found}`)
        if (response.statusCode !== 200) return
        const answer = response.json()
        const notes = answer.duplicates.length + answer.unmatched.length + answer.failed.length
        // Every row is imported or comes back with its reason.
        expect(answer.imported + notes).toBe(file.rows)
      }),
      { numRuns: 60 },
    )
    // Not one game of a day no feed holds was fetched (the day's feed games start within a day of it).
    const stored = await app.db.select({ startTime: games.startTime, provider: games.provider }).from(games)
    const today = calendarDay(app.clock(), 'America/New_York')
    const outside = stored.filter(
      (game) =>
        game.provider !== 'unlinked' &&
        (calendarDay(game.startTime, 'UTC') < addDays(FIRST_FEED_DAY, -1) ||
          calendarDay(game.startTime, 'UTC') > addDays(today, FEED_DAYS_AHEAD + 1)),
    )
    expect(outside).toEqual([])
  }, 300_000)

  it('still answers afterwards, with both identities signed in', async () => {
    expect(sent).toBeGreaterThan(300)
    for (const { client } of Object.values(identities)) {
      expect((await client.get('/api/auth/user')).statusCode).toBe(200)
    }
    const health = await app.inject({ method: 'GET', url: '/api/health' })
    expect(health.statusCode).toBe(200)
    expect(health.json()).toEqual({ ok: true })
  })
})
