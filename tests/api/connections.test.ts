import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { FeedGame } from '../../src/domain/game'
import { CONNECTION_MESSAGES, SPORTSBOOKS } from '../../src/domain/sportsbooks'
import { ConfigError, loadConfig } from '../../src/server/config'
import { internalId } from '../../src/server/connections/sharpsports'
import { bets } from '../../src/server/db/bets-schema'
import { feedGame } from './support/bets'
import { FakeSharpSports, PRIVATE_KEY, PUBLIC_KEY, UNKNOWN_GAME_LEG } from './support/fake-sharpsports'
import { expectLegsInStep } from './support/legs'
import { Client, signedIn, type TestApp, testApp, testClock } from './support/test-app'

/**
 * Sportsbook connections (docs/spec/product-spec.md §2, §3, §7 and §8, decision 020): the SharpSports adapter against a
 * loopback server answering in the BetSlip API's documented shapes, and the same routes without partner
 * keys, where the status says partner access is required and connect and sync refuse with that reason.
 */

const fake = new FakeSharpSports()
const clock = testClock('2026-11-23T18:00:00Z')
let t: TestApp
let bare: TestApp
let slipGame: FeedGame
let ips = 0
const nextIp = () => `10.16.${Math.floor(++ips / 250)}.${ips % 250}`

beforeAll(async () => {
  const baseUrl = await fake.start()
  t = await testApp(
    {
      connections: {
        sharpSports: {
          apiKey: PRIVATE_KEY,
          publicKey: PUBLIC_KEY,
          baseUrl,
          linkUrl: 'https://ui.sharpsports.test/link',
          timeoutMs: 2000,
        },
      },
    },
    { clock: clock.now },
  )
  bare = await testApp({}, { clock: clock.now })
  // The game the partner's slips are on, as a feed stored it: Bills at Chiefs, 2026-11-24 01:15 UTC.
  slipGame = feedGame()
  await t.app.repos.games.upsert([slipGame])
})

afterAll(async () => {
  await t?.close()
  await bare?.close()
  await fake.stop()
})

/** A signed-in bettor who has connected DraftKings: Connect, then the hosted link finished at the partner. */
async function connectedBettor() {
  const who = await signedIn(t.app, {}, nextIp())
  const connect = await who.client.post('/api/sportsbooks/connect', { sportsbook: 'draftkings' })
  expect(connect.statusCode, connect.body).toBe(200)
  const partnerId = internalId({ id: who.user.id })
  fake.link(partnerId, 'dk')
  return { ...who, partnerId }
}

async function sync(client: Client) {
  const answer = await client.post('/api/sportsbooks/sync')
  expect(answer.statusCode, answer.body).toBe(200)
  // Decision 062: the new bets by kind add up to the new bets (these slips are singles).
  const { tickets, ...result } = answer.json().result as {
    newBets: number
    updatedBets: number
    errors: { sportsbook: string | null; externalId: string | null; reason: string }[]
    skipped: number
    tickets: Record<string, number>
  }
  expect(tickets).toMatchObject({ single: result.newBets, parlay: 0, teaser: 0 })
  return result
}

async function statusOf(client: Client, id: string) {
  const answer = await client.get('/api/sportsbooks/connections')
  expect(answer.statusCode, answer.body).toBe(200)
  return answer.json().availableSportsbooks.find((book: { id: string }) => book.id === id).status
}

describe('with SharpSports configured', () => {
  it('says the partner is ready and lists both sportsbooks as available', async () => {
    const { client } = await signedIn(t.app, {}, nextIp())
    const status = await client.get('/api/sportsbooks/status')
    expect(status.json()).toEqual({
      opticOddsAvailable: true,
      status: 'ready',
      syncInterval: '30 seconds',
      partner: 'SharpSports',
    })
    const list = await client.get('/api/sportsbooks/connections')
    expect(list.json()).toEqual({
      availableSportsbooks: SPORTSBOOKS.map(({ id, name, description }) => ({
        id,
        name,
        description,
        status: 'available',
      })),
    })
  })

  it('connects through a context: the public key, the user as internalId, the hosted link page', async () => {
    const { client, user } = await signedIn(t.app, {}, nextIp())
    const before = fake.calls.length
    const answer = await client.post('/api/sportsbooks/connect', { sportsbook: 'draftkings' })
    expect(answer.statusCode, answer.body).toBe(200)
    const { message, linkUrl } = answer.json()
    expect(message).toContain('DraftKings')
    expect(linkUrl).toMatch(/^https:\/\/ui\.sharpsports\.test\/link\/CTX_\d+$/)
    const [context] = fake.calls.slice(before)
    expect(context).toMatchObject({
      method: 'POST',
      path: '/v1/context',
      authorization: `Token ${PUBLIC_KEY}`,
      body: { internalId: `grid-user-${user.id}`, redirectUrl: 'http://grid.test/connections' },
    })
    // Until the bettor finishes at the partner, the book is still available...
    expect(await statusOf(client, 'draftkings')).toBe('available')
    // ...and once the partner reports it linked, connected (asked with the private key).
    fake.link(internalId(user), 'dk')
    const asked = fake.calls.length
    expect(await statusOf(client, 'draftkings')).toBe('connected')
    expect(await statusOf(client, 'fanduel')).toBe('available')
    const reads = fake.calls.slice(asked)
    expect(reads.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /v1/bettors',
      expect.stringMatching(/^GET \/v1\/bettors\/BTTR_\d+\/bettorAccounts$/),
    ])
    expect(reads[0]?.query.get('internalId')).toBe(`grid-user-${user.id}`)
    expect(reads.every((call) => call.authorization === `Token ${PRIVATE_KEY}`)).toBe(true)

    const again = await client.post('/api/sportsbooks/connect', { sportsbook: 'draftkings' })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe('DraftKings is already connected')
  })

  it('syncs new bets, counts a graded one as updated, and adds nothing on a re-sync', async () => {
    const { client, user, partnerId } = await connectedBettor()
    const spread = fake.addSlip(partnerId, 'dk')
    fake.addSlip(
      partnerId,
      'dk',
      { oddsAmerican: 150, atRisk: 2000 },
      { proposition: 'moneyline', position: 'Buffalo Bills', line: null, oddsAmerican: 150 },
    )
    fake.addSlip(partnerId, 'dk', {}, { proposition: 'total', position: 'Over', line: 47.5 })
    const before = fake.calls.length
    expect(await sync(client)).toEqual({ newBets: 3, updatedBets: 0, errors: [], skipped: 0 })
    const calls = fake.calls.slice(before).map((call) => `${call.method} ${call.path}`)
    expect(calls).toContainEqual(expect.stringMatching(/^POST \/v1\/bettors\/BTTR_\d+\/refresh$/))
    expect(calls).toContainEqual(expect.stringMatching(/^GET \/v1\/bettors\/BTTR_\d+\/betSlips$/))

    const stored = await t.app.db.select().from(bets).where(eq(bets.userId, user.id)).orderBy(bets.id)
    expect(
      stored.map((bet) => [bet.selection, bet.odds, bet.amountCents, bet.sportsbook, bet.betStatus]),
    ).toEqual([
      ['Kansas City Chiefs -3.5', -110, 11000, 'DraftKings', 'committed'],
      ['Buffalo Bills ML', 150, 2000, 'DraftKings', 'committed'],
      ['Over 47.5', -110, 11000, 'DraftKings', 'committed'],
    ])
    expect(stored[0]?.placedAt.toISOString()).toBe('2026-11-23T21:03:02.000Z')
    expect(stored.every((bet) => bet.result === null)).toBe(true)

    expect(await sync(client)).toEqual({ newBets: 0, updatedBets: 0, errors: [], skipped: 0 })

    // The book grades the spread a win: the result and decision 002's payout (stake + To Win) come with it.
    fake.grade(String(spread.id), 'win')
    expect(await sync(client)).toEqual({ newBets: 0, updatedBets: 1, errors: [], skipped: 0 })
    const [won] = await t.app.db
      .select()
      .from(bets)
      .where(eq(bets.id, stored[0]?.id ?? 0))
    expect([won?.result, won?.potentialWinCents, won?.payoutCents]).toEqual(['won', 10000, 21000])
    expect(await sync(client)).toEqual({ newBets: 0, updatedBets: 0, errors: [], skipped: 0 })

    const history = await client.get('/api/bets/history')
    expect(history.json().bets).toHaveLength(3)
  })

  it('lists bets it cannot store with the reason, and counts kinds Grid does not track apart', async () => {
    const { client, partnerId } = await connectedBettor()
    const unknownGame = fake.addSlip(partnerId, 'dk', {}, UNKNOWN_GAME_LEG)
    const wrongTeam = fake.addSlip(partnerId, 'dk', {}, { position: 'Denver Broncos' })
    const parlay = fake.addSlip(partnerId, 'dk', { type: 'parlay', oddsAmerican: 264 })
    fake.addSlip(partnerId, 'dk', {}, { proposition: 'player_prop', position: 'Mahomes over 1.5 TD' })
    fake.addSlip(partnerId, 'dk', {}, { segmentId: 'SEGM_1H' })
    expect(parlay.type).toBe('parlay')
    const result = await sync(client)
    expect(result).toEqual({
      newBets: 0,
      updatedBets: 0,
      skipped: 3,
      errors: [
        {
          sportsbook: 'DraftKings',
          externalId: unknownGame.id,
          reason: 'No game in Grid matches Atlanta Hawks @ Memphis Grizzlies (NBA) yet',
        },
        {
          sportsbook: 'DraftKings',
          externalId: wrongTeam.id,
          reason: 'Choose one of the two teams playing this game (spreadTeam)',
        },
      ],
    })
  })

  it('leaves out bets from books the user has not connected in Grid', async () => {
    const { client, partnerId } = await connectedBettor()
    fake.link(partnerId, 'mg')
    fake.addSlip(partnerId, 'mg')
    fake.addSlip(partnerId, 'dk')
    expect(await sync(client)).toMatchObject({ newBets: 1, errors: [] })
  })

  it('disconnects: the partner removes access, Grid forgets the book, synced bets stay (decision 020)', async () => {
    const { client, user, partnerId } = await connectedBettor()
    fake.addSlip(partnerId, 'dk')
    expect(await sync(client)).toMatchObject({ newBets: 1 })
    // A link finished at the partner but never seen by Grid is ended too.
    await client.post('/api/sportsbooks/connect', { sportsbook: 'fanduel' })
    fake.link(partnerId, 'fd')
    const fanduel = await client.delete('/api/sportsbooks/connections/fanduel')
    expect(fanduel.statusCode, fanduel.body).toBe(200)
    expect(fake.accountOf(partnerId, 'fd')?.access).toBe(false)
    const account = fake.accountOf(partnerId, 'dk')
    const before = fake.calls.length
    const answer = await client.delete('/api/sportsbooks/connections/draftkings')
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json().message).toBe('DraftKings disconnected. Bets already synced stay in your history.')
    expect(fake.calls.slice(before)).toMatchObject([
      {
        method: 'PUT',
        path: `/v1/bettorAccounts/${account?.id}/removeAccess`,
        authorization: `Token ${PUBLIC_KEY}`,
      },
    ])
    expect(account?.access).toBe(false)
    expect(await statusOf(client, 'draftkings')).toBe('available')
    // Nothing connected: a sync asks the partner for no bets and stores none.
    expect(await sync(client)).toEqual({ newBets: 0, updatedBets: 0, errors: [], skipped: 0 })
    expect(await t.app.db.select().from(bets).where(eq(bets.userId, user.id))).toHaveLength(1)

    const twice = await client.delete('/api/sportsbooks/connections/draftkings')
    expect(twice.statusCode).toBe(404)
    expect(twice.json().message).toBe('DraftKings is not connected')

    // Linking again turns the same partner account back on (docs: account management).
    await client.post('/api/sportsbooks/connect', { sportsbook: 'draftkings' })
    fake.link(partnerId, 'dk')
    expect(await statusOf(client, 'draftkings')).toBe('connected')
    expect(await sync(client)).toEqual({ newBets: 0, updatedBets: 0, errors: [], skipped: 0 })
  })

  it('ends the partner’s access when the account is deleted (decision 025)', async () => {
    const { client, account, partnerId } = await connectedBettor()
    fake.link(partnerId, 'fd')
    const deleted = await client.delete('/api/user/account', { password: account.password })
    expect(deleted.statusCode, deleted.body).toBe(200)
    await vi.waitFor(() => {
      expect(fake.accountOf(partnerId, 'dk')?.access).toBe(false)
      expect(fake.accountOf(partnerId, 'fd')?.access).toBe(false)
    })
  })

  it('answers 503 when the partner is down, and keeps the connection as it was', async () => {
    const { client } = await connectedBettor()
    fake.down = true
    try {
      const failed = await client.post('/api/sportsbooks/sync')
      expect(failed.statusCode).toBe(503)
      expect(failed.json().message).toBe(CONNECTION_MESSAGES.partnerDown)
      const connect = await client.post('/api/sportsbooks/connect', { sportsbook: 'fanduel' })
      expect(connect.statusCode).toBe(503)
      const disconnect = await client.delete('/api/sportsbooks/connections/draftkings')
      expect(disconnect.statusCode).toBe(503)
      // The list still answers, from what Grid last knew.
      const list = await client.get('/api/sportsbooks/connections')
      expect(list.statusCode).toBe(200)
    } finally {
      fake.down = false
    }
    expect(await statusOf(client, 'draftkings')).toBe('connected')
  })

  it("calls the bettor's own paths whatever the partner's id: the id is one encoded path segment", async () => {
    const who = await signedIn(t.app, {}, nextIp())
    const connect = await who.client.post('/api/sportsbooks/connect', { sportsbook: 'draftkings' })
    expect(connect.statusCode, connect.body).toBe(200)
    const partnerId = internalId({ id: who.user.id })
    const hostile = '../../v1/context#'
    fake.link(partnerId, 'dk', hostile)
    fake.addSlip(partnerId, 'dk')
    const before = fake.calls.length
    expect((await sync(who.client)).newBets).toBe(1)
    const calls = fake.calls.slice(before)
    // Never another endpoint with the private key: only the bettor lookup and the bettor's own paths.
    const bettorPaths = calls.filter((call) => call.path !== '/v1/bettors')
    expect(bettorPaths.map((call) => `${call.method} ${call.path}`)).toEqual([
      `GET /v1/bettors/${encodeURIComponent(hostile)}/bettorAccounts`,
      `POST /v1/bettors/${encodeURIComponent(hostile)}/refresh`,
      `GET /v1/bettors/${encodeURIComponent(hostile)}/betSlips`,
    ])
  })

  it('answers 503 when the partner answers in a shape it does not document, never a 500', async () => {
    const { client } = await connectedBettor()
    const pending = await signedIn(t.app, {}, nextIp())
    expect(
      (await pending.client.post('/api/sportsbooks/connect', { sportsbook: 'fanduel' })).statusCode,
    ).toBe(200)
    fake.malformed = true
    try {
      const failed = await client.post('/api/sportsbooks/sync')
      expect(failed.statusCode).toBe(503)
      expect(failed.json().message).toBe(CONNECTION_MESSAGES.partnerDown)
      expect((await client.post('/api/sportsbooks/connect', { sportsbook: 'fanduel' })).statusCode).toBe(503)
      // A pending link's look at the partner fails too: the list answers from what Grid last knew.
      const list = await pending.client.get('/api/sportsbooks/connections')
      expect(list.statusCode, list.body).toBe(200)
    } finally {
      fake.malformed = false
    }
  })

  it('asks the partner about pending links at most 6 times a minute per user, answering as last known', async () => {
    const who = await signedIn(t.app, {}, nextIp())
    expect((await who.client.post('/api/sportsbooks/connect', { sportsbook: 'draftkings' })).statusCode).toBe(
      200,
    )
    const partnerId = internalId({ id: who.user.id })
    const lookups = () =>
      fake.of('GET', /^\/v1\/bettors$/).filter((call) => call.query.get('internalId') === partnerId).length
    for (let i = 0; i < 10; i++) expect(await statusOf(who.client, 'draftkings')).toBe('available')
    expect(lookups()).toBe(6)
    // The link finished at the partner: the next window's look sees it.
    fake.link(partnerId, 'dk')
    expect(await statusOf(who.client, 'draftkings')).toBe('available')
    clock.advance(60_000)
    expect(await statusOf(who.client, 'draftkings')).toBe('connected')
    expect(lookups()).toBe(7)
  })

  it('limits Sync Now to 6 a minute per user (each one is a refresh the partner bills)', async () => {
    const { client } = await connectedBettor()
    for (let i = 0; i < 6; i++) await sync(client)
    const limited = await client.post('/api/sportsbooks/sync')
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['retry-after']).toBeDefined()
  })

  it('refuses bad input with the field and the reason', async () => {
    const { client } = await signedIn(t.app, {}, nextIp())
    const unknown = await client.post('/api/sportsbooks/connect', { sportsbook: 'bookie-bob' })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toEqual({ message: CONNECTION_MESSAGES.unknownSportsbook, field: 'sportsbook' })
    const missing = await client.post('/api/sportsbooks/connect', {})
    expect(missing.statusCode).toBe(400)
    expect(missing.json().field).toBe('sportsbook')
    const extra = await client.post('/api/sportsbooks/sync', { force: true })
    expect(extra.statusCode).toBe(400)
    expect(extra.json().field).toBe('force')
    const badId = await client.delete('/api/sportsbooks/connections/bookie-bob')
    expect(badId.statusCode).toBe(400)
    expect(badId.json().field).toBe('id')
  })

  it('answers 401 signed out', async () => {
    const stranger = new Client(t.app, nextIp())
    for (const [method, url] of [
      ['GET', '/api/sportsbooks/connections'],
      ['GET', '/api/sportsbooks/status'],
      ['POST', '/api/sportsbooks/connect'],
      ['POST', '/api/sportsbooks/sync'],
      ['DELETE', '/api/sportsbooks/connections/draftkings'],
    ] as const) {
      const answer = await stranger.request({ method, url, ...(method === 'POST' ? { payload: {} } : {}) })
      expect(answer.statusCode, `${method} ${url}`).toBe(401)
    }
  })

  // Last of this app's tests: the slips' game ends here.
  it('keeps the book’s grade that the final score contradicts, as a conflict until the bettor chooses (decision 027)', async () => {
    const { client, partnerId } = await connectedBettor()
    const slip = fake.addSlip(partnerId, 'dk')
    expect(await sync(client)).toMatchObject({ newBets: 1, errors: [] })
    await t.app.repos.games.upsert([
      { ...slipGame, status: 'final', homeScore: 20, awayScore: 24, gameTime: 'Final' },
    ])
    // The book says Chiefs -3.5 won; Bills 24 - Chiefs 20 says it lost.
    fake.grade(String(slip.id), 'win')
    expect(await sync(client)).toMatchObject({ updatedBets: 1, errors: [] })
    const [bet] = (await client.get('/api/bets/history')).json().bets
    expect(bet).toMatchObject({
      selection: 'Kansas City Chiefs -3.5',
      result: 'won',
      payout: '210.00',
      conflict: { fileResult: 'won', scoreResult: 'lost' },
    })
    const chosen = await client.post(`/api/bets/${bet.id}/resolve-conflict`, { result: 'score' })
    expect(chosen.json()).toMatchObject({ result: 'lost', payout: '0.00', conflict: null })
  })
})

describe('without partner keys', () => {
  it('says partner access is required, and connect and sync refuse with that reason', async () => {
    const { client } = await signedIn(bare.app, {}, nextIp())
    const status = await client.get('/api/sportsbooks/status')
    expect(status.json()).toEqual({
      opticOddsAvailable: false,
      status: 'partner_required',
      syncInterval: '30 seconds',
      partner: null,
    })
    const list = await client.get('/api/sportsbooks/connections')
    expect(list.json().availableSportsbooks.map((book: { status: string }) => book.status)).toEqual([
      'available',
      'available',
    ])
    for (const answer of [
      await client.post('/api/sportsbooks/connect', { sportsbook: 'draftkings' }),
      await client.post('/api/sportsbooks/sync'),
    ]) {
      expect(answer.statusCode).toBe(409)
      expect(answer.json().message).toBe(CONNECTION_MESSAGES.partnerRequired)
    }
    const disconnect = await client.delete('/api/sportsbooks/connections/draftkings')
    expect(disconnect.statusCode).toBe(404)
  })

  it('refuses half the keys at start', () => {
    expect(() => loadConfig({ SHARPSPORTS_API_KEY: 'private' })).toThrow(ConfigError)
    expect(() => loadConfig({ SHARPSPORTS_PUBLIC_KEY: 'public' })).toThrow(/SHARPSPORTS_API_KEY/)
    expect(loadConfig({}).connections.sharpSports).toBeNull()
    expect(
      loadConfig({
        SHARPSPORTS_API_KEY: 'a',
        SHARPSPORTS_PUBLIC_KEY: 'b',
        SHARPSPORTS_BASE_URL: 'http://x:1/',
      }).connections.sharpSports,
    ).toMatchObject({ baseUrl: 'http://x:1', linkUrl: 'https://ui.sharpsports.io/link' })
  })
})

describe('the legs (decision 061)', () => {
  it('holds, after every bet this file synced, re-synced, settled and chose, one leg per bet equal to it', async () => {
    expect(await expectLegsInStep(t.app.db)).toBeGreaterThan(0)
  })
})
