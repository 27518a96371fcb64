import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WIRE_BET_TYPES } from '../../src/domain/bet'
import { BET_FORM_MESSAGES } from '../../src/domain/bet-form'
import type { FeedGame } from '../../src/domain/game'
import { buildGrid, scoreRanges, toGridOutcomes } from '../../src/domain/outcome-grid'
import { bets } from '../../src/server/db/bets-schema'
import { spread, total } from '../support/bets'
import { betById, insertSingles, storeBet, storeGame } from './support/bets'
import { expectLegsInStep } from './support/legs'
import { Client, signedIn, type TestApp, testApp } from './support/test-app'

/** Monday 2026-11-23, 12:00 in Chicago (the default zone). */
const NOW = '2026-11-23T18:00:00Z'

let t: TestApp
let client: Client
let userId: number
let other: Client
let admin: Client

beforeAll(async () => {
  t = await testApp({ server: { appNow: NOW } })
  admin = (await signedIn(t.app)).client // decision 013: the first account is the admin
  const signed = await signedIn(t.app)
  client = signed.client
  userId = signed.user.id
  other = (await signedIn(t.app)).client
})
afterAll(() => t.close())

/** Each from its own address: sign-up is rate limited per IP (decision 015). */
let addresses = 0
const newBettor = () => signedIn(t.app, {}, `10.0.0.${++addresses}`)

type Json = Record<string, unknown>

function spreadBody(gameId: number, overrides: Json = {}): Json {
  return {
    gameId,
    betType: 'spread',
    selection: 'Chiefs -3',
    spreadTeam: 'Chiefs',
    spreadPoints: -3,
    odds: -110,
    amount: 110,
    potentialWin: 100,
    sportsbook: 'DraftKings',
    userId: 999_999,
    ...overrides,
  }
}

async function place(body: Json, as = client) {
  const response = await as.post('/api/bets', body)
  expect(response.statusCode, response.body).toBe(201)
  return response.json() as Json & { id: number }
}

describe('POST /api/bets', () => {
  it('creates a tentative bet for the signed-in user, whatever userId the body says (decisions 008 and 010)', async () => {
    const game = await storeGame(t.app)
    const bet = await place(spreadBody(game.id))
    expect(bet).toMatchObject({
      userId,
      gameId: game.id,
      betType: 'spread',
      selection: 'Kansas City Chiefs -3',
      spreadTeam: 'Kansas City Chiefs',
      spreadPoints: -3,
      odds: -110,
      amount: '110.00',
      potentialWin: '100.00',
      sportsbook: 'DraftKings',
      betStatus: 'tentative',
      result: null,
      payout: null,
      // Placed on the server's clock (APP_NOW here), not the database's.
      placedAt: expect.stringMatching(/^2026-11-23T18:/),
    })
  })

  it('composes totals and moneylines, takes amounts as decimal strings, and defaults the sportsbook', async () => {
    const game = await storeGame(t.app)
    const over = await place({
      gameId: game.id,
      betType: 'total',
      overUnder: 'over',
      totalPoints: 47.5,
      odds: 150,
      amount: '20.5',
    })
    expect(over).toMatchObject({
      selection: 'Over 47.5',
      amount: '20.50',
      potentialWin: '30.75',
      sportsbook: 'Manual Entry',
    })
    const ml = await place({
      gameId: game.id,
      betType: 'moneyline',
      selection: 'Bills ML',
      odds: -105,
      amount: 0.01,
    })
    // Decision 001: -105 on one cent wins 0.95 cents, rounded to 0.01.
    expect(ml).toMatchObject({ selection: 'Buffalo Bills ML', potentialWin: '0.01' })
  })

  it('offers the draw in soccer only (decision 004)', async () => {
    const soccer = await storeGame(t.app, {
      league: 'EPL',
      leagueAlias: 'eng.1',
      homeTeam: 'Arsenal',
      awayTeam: 'Chelsea',
    })
    expect(
      await place({ gameId: soccer.id, betType: 'moneyline', selection: 'Draw', odds: 240, amount: 10 }),
    ).toMatchObject({
      selection: 'Draw',
    })
    const nfl = await storeGame(t.app)
    const refused = await client.post('/api/bets', {
      gameId: nfl.id,
      betType: 'moneyline',
      selection: 'Draw',
      odds: 240,
      amount: 10,
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual({ message: BET_FORM_MESSAGES.drawOnlySoccer, field: 'selection' })
  })

  it.each([
    ['amount 0', { amount: 0 }, 'amount', BET_FORM_MESSAGES.amountPositive],
    ['a negative amount', { amount: -5 }, 'amount', BET_FORM_MESSAGES.amountPositive],
    ['an amount of 1e12', { amount: 1e12 }, 'amount', BET_FORM_MESSAGES.amountTooLarge],
    ['an amount over the cap', { amount: 1_000_000.01 }, 'amount', BET_FORM_MESSAGES.amountTooLarge],
    ["an amount of 'abc'", { amount: 'abc' }, 'amount', BET_FORM_MESSAGES.amountFormat],
    ['sub-cent amounts', { amount: 1.005 }, 'amount', BET_FORM_MESSAGES.amountFormat],
    ['no amount', { amount: undefined }, 'amount', BET_FORM_MESSAGES.amountRequired],
    ['an empty amount', { amount: '' }, 'amount', BET_FORM_MESSAGES.amountRequired],
    ['odds of -99', { odds: -99 }, 'odds', BET_FORM_MESSAGES.odds],
    ['odds of 0', { odds: 0 }, 'odds', BET_FORM_MESSAGES.odds],
    ['odds as text', { odds: '-110' }, 'odds', BET_FORM_MESSAGES.odds],
    ['points off the half-point step', { spreadPoints: -3.3 }, 'spreadPoints', BET_FORM_MESSAGES.pointsStep],
    [
      'a quarter line outside soccer',
      { spreadPoints: -3.25 },
      'spreadPoints',
      BET_FORM_MESSAGES.quarterOnlySoccer,
    ],
    ['a spread without points', { spreadPoints: null }, 'selection', BET_FORM_MESSAGES.requiredForType],
    ['a spread without a team', { spreadTeam: '' }, 'selection', BET_FORM_MESSAGES.requiredForType],
    ['a team not in the game', { spreadTeam: 'Lakers' }, 'spreadTeam', BET_FORM_MESSAGES.unknownTeam],
    [
      'an unknown bet type',
      { betType: 'futures' },
      'betType',
      `Bet type must be one of ${WIRE_BET_TYPES.join(', ')}`,
    ],
    ['an unknown field', { boost: true }, 'boost', 'Unknown field: boost'],
  ])('refuses %s with the field and the reason', async (_, change, field, message) => {
    const game = await storeGame(t.app)
    const before = await t.app.db.select().from(bets).where(eq(bets.userId, userId))
    const response = await client.post('/api/bets', spreadBody(game.id, change))
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message, field })
    expect(await t.app.db.select().from(bets).where(eq(bets.userId, userId))).toHaveLength(before.length)
  })

  it('refuses a total without its parts, and a total of zero', async () => {
    const game = await storeGame(t.app)
    const base = { gameId: game.id, betType: 'total', odds: -110, amount: 10 }
    expect((await client.post('/api/bets', { ...base, totalPoints: 8.5 })).json()).toEqual({
      message: BET_FORM_MESSAGES.requiredForType,
      field: 'selection',
    })
    expect((await client.post('/api/bets', { ...base, overUnder: 'under', totalPoints: 0 })).json()).toEqual({
      message: BET_FORM_MESSAGES.totalPositive,
      field: 'totalPoints',
    })
  })

  it("refuses a game id past PostgreSQL's integer range with a 400, not a 500", async () => {
    for (const gameId of [2_147_483_648, 3_000_000_000, Number.MAX_SAFE_INTEGER, 1e300]) {
      const response = await client.post('/api/bets', spreadBody(gameId))
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ message: 'Choose a game', field: 'gameId' })
    }
    expect((await client.post('/api/bets', spreadBody(2_147_483_647))).statusCode).toBe(404)
  })

  it('refuses overlong text where a number is expected', async () => {
    const game = await storeGame(t.app)
    const long = '1'.repeat(33)
    for (const field of ['amount', 'potentialWin', 'userId']) {
      const response = await client.post('/api/bets', spreadBody(game.id, { [field]: long }))
      expect(response.statusCode).toBe(400)
      expect(response.json().field).toBe(field)
    }
  })

  it('answers 404 for a game that does not exist and 401 when signed out', async () => {
    const missing = await client.post('/api/bets', spreadBody(987_654))
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ message: 'Game not found' })
    expect((await new Client(t.app).post('/api/bets', spreadBody(1))).statusCode).toBe(401)
  })
})

describe('confirming and deleting (decisions 008 and 010)', () => {
  it('confirms a tentative bet once; a committed bet cannot be confirmed again or deleted', async () => {
    const game = await storeGame(t.app)
    const bet = await place(spreadBody(game.id))
    const confirmed = await client.patch(`/api/bets/${bet.id}/status`, { betStatus: 'committed' })
    expect(confirmed.statusCode).toBe(200)
    expect(confirmed.json()).toMatchObject({ id: bet.id, betStatus: 'committed', result: null })

    const again = await client.patch(`/api/bets/${bet.id}/status`, { betStatus: 'committed' })
    expect(again.statusCode).toBe(409)
    const removed = await client.delete(`/api/bets/${bet.id}`)
    expect(removed.statusCode).toBe(409)
    expect(removed.json().message).toBe('Committed bets cannot be deleted. Only pending bets can be deleted.')
    expect(await betById(t.app, bet.id)).toMatchObject({ betStatus: 'committed' })
  })

  it('deletes a tentative bet', async () => {
    const game = await storeGame(t.app)
    const bet = await place(spreadBody(game.id))
    const removed = await client.delete(`/api/bets/${bet.id}`)
    expect(removed.statusCode).toBe(200)
    expect(removed.json()).toEqual({ message: 'Bet deleted successfully', id: bet.id })
    expect(await betById(t.app, bet.id)).toBeUndefined()
    expect((await client.delete(`/api/bets/${bet.id}`)).statusCode).toBe(404)
  })

  it("treats another user's bet as missing, and changes nothing", async () => {
    const game = await storeGame(t.app)
    const bet = await place(spreadBody(game.id))
    for (const response of [
      await other.patch(`/api/bets/${bet.id}/status`, { betStatus: 'committed' }),
      await other.delete(`/api/bets/${bet.id}`),
    ]) {
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ message: 'Bet not found' })
    }
    expect(await betById(t.app, bet.id)).toMatchObject({ betStatus: 'tentative' })
    const theirs = (await other.get('/api/bets')).json() as Json[]
    expect(theirs.map((b) => b.id)).not.toContain(bet.id)
  })

  it('refuses a bad id, a bad status body and unknown fields', async () => {
    const game = await storeGame(t.app)
    const bet = await place(spreadBody(game.id))
    expect((await client.patch('/api/bets/abc/status', { betStatus: 'committed' })).json()).toEqual({
      message: 'id must be a whole number from 1 to 2147483647',
      field: 'id',
    })
    const wrong = await client.patch(`/api/bets/${bet.id}/status`, { betStatus: 'tentative' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().field).toBe('betStatus')
    const extra = await client.patch(`/api/bets/${bet.id}/status`, { betStatus: 'committed', result: 'won' })
    expect(extra.json()).toEqual({ message: 'Unknown field: result', field: 'result' })
    expect(await betById(t.app, bet.id)).toMatchObject({ betStatus: 'tentative', result: null })
  })

  it('settles at once a tentative bet confirmed on a game that is already final', async () => {
    const game = await storeGame(t.app, { status: 'final', homeScore: 24, awayScore: 20, gameTime: 'Final' })
    // Entered while the game was on; the game has ended since.
    const bet = await storeBet(t.app, userId, game.id, spread('Kansas City Chiefs', -3.5), 'tentative')
    const confirmed = (await client.patch(`/api/bets/${bet.id}/status`, { betStatus: 'committed' })).json()
    expect(confirmed).toMatchObject({ result: 'won', payout: '210.00' })
    // Settled by the app clock at the confirmation, which runs on from NOW.
    const settledAt = Date.parse(confirmed.settledAt)
    expect(settledAt).toBeGreaterThanOrEqual(Date.parse(NOW))
    expect(settledAt).toBeLessThanOrEqual(t.app.clock().getTime())
  })
})

describe('a bet added to a final game', () => {
  it('is recorded as placed and settled at once, in the answer and in the history', async () => {
    const fresh = await newBettor()
    const game = await storeGame(t.app, { status: 'final', homeScore: 24, awayScore: 20, gameTime: 'Final' })
    const won = await place(spreadBody(game.id, { spreadPoints: -3.5 }), fresh.client)
    expect(won).toMatchObject({ betStatus: 'committed', result: 'won', payout: '210.00' })
    expect(Date.parse(String(won.settledAt))).toBeGreaterThanOrEqual(Date.parse(NOW))
    const lost = await place(spreadBody(game.id, { spreadPoints: -4.5, amount: 50 }), fresh.client)
    expect(lost).toMatchObject({ betStatus: 'committed', result: 'lost', payout: '0.00' })
    expect(await betById(t.app, lost.id)).toMatchObject({ result: 'lost', payoutCents: 0 })

    expect((await fresh.client.get('/api/bets/active')).json()).toEqual([])
    const { summary } = (await fresh.client.get('/api/bets/history')).json()
    expect(summary).toMatchObject({ placedBets: 2, tentativeBets: 0, settledBets: 2, pending: 0 })
    expect(summary.netProfit).toBe('50.00')
  })

  it('stays tentative on a game that is not final (decision 008)', async () => {
    const game = await storeGame(t.app, { status: 'in_progress', homeScore: 24, awayScore: 20 })
    expect(await place(spreadBody(game.id))).toMatchObject({ betStatus: 'tentative', result: null })
  })
})

describe('editing a tentative bet (decision 008)', () => {
  const editBody = (overrides: Json = {}) => {
    const { gameId: _game, ...body } = spreadBody(0, overrides)
    return body
  }

  it('changes the terms and computes To Win again', async () => {
    const game = await storeGame(t.app)
    const bet = await place(spreadBody(game.id))
    const response = await client.patch(`/api/bets/${bet.id}`, {
      betType: 'total',
      overUnder: 'under',
      totalPoints: 47.5,
      odds: 150,
      amount: '20.50',
      sportsbook: 'FanDuel',
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({
      id: bet.id,
      gameId: game.id,
      betType: 'total',
      selection: 'Under 47.5',
      overUnder: 'under',
      totalPoints: 47.5,
      spreadTeam: null,
      spreadPoints: null,
      odds: 150,
      amount: '20.50',
      potentialWin: '30.75',
      sportsbook: 'FanDuel',
      betStatus: 'tentative',
    })
    expect(await betById(t.app, bet.id)).toMatchObject({ selection: 'Under 47.5', potentialWinCents: 3075 })
    const listed = ((await client.get('/api/bets')).json() as Json[]).find((b) => b.id === bet.id)
    expect(listed).toMatchObject({ selection: 'Under 47.5', amount: '20.50' })
  })

  it('checks an edit as it checks a new bet: the same 400s, naming the field, and nothing changes', async () => {
    const game = await storeGame(t.app)
    const bet = await place(spreadBody(game.id))
    for (const [overrides, field, message] of [
      [{ amount: 0 }, 'amount', BET_FORM_MESSAGES.amountPositive],
      [{ odds: -99 }, 'odds', BET_FORM_MESSAGES.odds],
      [{ spreadTeam: 'Lakers' }, 'spreadTeam', BET_FORM_MESSAGES.unknownTeam],
      [{ spreadPoints: 3.3 }, 'spreadPoints', BET_FORM_MESSAGES.pointsStep],
    ] as const) {
      const created = await client.post('/api/bets', spreadBody(game.id, overrides))
      const edited = await client.patch(`/api/bets/${bet.id}`, editBody(overrides))
      expect(edited.statusCode).toBe(400)
      expect(edited.json()).toEqual(created.json())
      expect(edited.json()).toEqual({ message, field })
    }
    const moved = await client.patch(`/api/bets/${bet.id}`, { ...editBody(), gameId: game.id })
    expect(moved.json()).toEqual({ message: 'Unknown field: gameId', field: 'gameId' })
    expect(await betById(t.app, bet.id)).toMatchObject({
      selection: 'Kansas City Chiefs -3',
      amountCents: 11_000,
    })
  })

  it('refuses a committed bet with 409, another user’s bet with 404, and a bad id with 400', async () => {
    const game = await storeGame(t.app)
    const bet = await place(spreadBody(game.id))
    expect((await other.patch(`/api/bets/${bet.id}`, editBody({ amount: 5 }))).json()).toEqual({
      message: 'Bet not found',
    })
    await client.patch(`/api/bets/${bet.id}/status`, { betStatus: 'committed' })
    const committed = await client.patch(`/api/bets/${bet.id}`, editBody({ amount: 5 }))
    expect(committed.statusCode).toBe(409)
    expect(committed.json().message).toBe(
      'Committed bets cannot be edited. Only tentative bets can be edited.',
    )
    expect(await betById(t.app, bet.id)).toMatchObject({ betStatus: 'committed', amountCents: 11_000 })
    expect((await client.patch('/api/bets/abc', editBody())).json()).toEqual({
      message: 'id must be a whole number from 1 to 2147483647',
      field: 'id',
    })
  })

  it('leaves a tentative bet on a final game tentative and unsettled (a what-if)', async () => {
    const game = await storeGame(t.app, { status: 'final', homeScore: 24, awayScore: 20, gameTime: 'Final' })
    const bet = await storeBet(t.app, userId, game.id, spread('Kansas City Chiefs', -3.5), 'tentative')
    const edited = await client.patch(`/api/bets/${bet.id}`, editBody({ spreadPoints: -4.5 }))
    expect(edited.json()).toMatchObject({ betStatus: 'tentative', result: null, spreadPoints: -4.5 })
  })
})

describe('lists', () => {
  it('active holds unsettled bets with their game; money as decimal strings', async () => {
    const fresh = await newBettor()
    const live = await storeGame(t.app, {
      status: 'in_progress',
      homeScore: 10,
      awayScore: 3,
      gameTime: '5:00 - 2nd',
    })
    const done = await storeGame(t.app, { status: 'final', homeScore: 10, awayScore: 3, gameTime: 'Final' })
    const open = await place(spreadBody(live.id), fresh.client)
    const settled = await place(spreadBody(done.id), fresh.client)

    const active = (await fresh.client.get('/api/bets/active')).json() as Json[]
    expect(active.map((b) => b.id)).toEqual([open.id])
    expect(active[0]).toMatchObject({
      amount: '110.00',
      potentialWin: '100.00',
      game: { id: live.id, isLive: true },
    })
    expect(((await fresh.client.get('/api/bets')).json() as Json[]).map((b) => b.id)).toEqual([
      settled.id,
      open.id,
    ])

    const status = (await fresh.client.get('/api/bets/live-status')).json()
    // Chiefs -3 at 10-3: covering by 4 so far.
    expect(status).toEqual([
      {
        betId: open.id,
        gameId: live.id,
        selection: 'Kansas City Chiefs -3',
        betStatus: 'tentative',
        homeScore: 10,
        awayScore: 3,
        standing: 'winning',
        netIfFinal: '100.00',
      },
    ])
  })
})

describe('the two lists, a page at a time', () => {
  type Listed = Json & { id: number }
  /** Every page of `path`, `limit` bets at a time, following the next page's cursor header. */
  async function pages(as: Client, path: string, limit: number) {
    const all: Listed[][] = []
    for (let cursor: string | null = null; ; ) {
      const response = await as.get(`${path}?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`)
      expect(response.statusCode, response.body).toBe(200)
      all.push(response.json())
      const next = response.headers['x-next-cursor']
      cursor = typeof next === 'string' ? next : null
      if (cursor === null) return all
    }
  }

  it('answers the bare list, newest first, and pages it by limit and the X-Next-Cursor header', async () => {
    const fresh = await newBettor()
    const game = await storeGame(t.app)
    const placed: number[] = []
    for (let i = 0; i < 5; i++) placed.push((await place(spreadBody(game.id), fresh.client)).id)
    const newestFirst = [...placed].reverse()
    const whole = await fresh.client.get('/api/bets')
    expect(whole.headers['x-next-cursor']).toBeUndefined()
    expect((whole.json() as Listed[]).map((b) => b.id)).toEqual(newestFirst)
    const paged = await pages(fresh.client, '/api/bets', 2)
    expect(paged.map((page) => page.map((b) => b.id))).toEqual([
      newestFirst.slice(0, 2),
      newestFirst.slice(2, 4),
      newestFirst.slice(4),
    ])
    expect(paged[0]?.[0]).toMatchObject({ amount: '110.00', game: { id: game.id } })
    // The active list pages alike, over the unsettled bets only.
    const settled = await storeGame(t.app, {
      status: 'final',
      homeScore: 10,
      awayScore: 3,
      gameTime: 'Final',
    })
    const done = await place(spreadBody(settled.id), fresh.client)
    await fresh.client.patch(`/api/bets/${done.id}/status`, { betStatus: 'committed' })
    const active = await pages(fresh.client, '/api/bets/active', 3)
    expect(active.map((page) => page.map((b) => b.id))).toEqual([
      newestFirst.slice(0, 3),
      newestFirst.slice(3),
    ])
  })

  it('answers at most 1,000 bets at once, whatever the account holds', async () => {
    const fresh = await newBettor()
    const game = await storeGame(t.app)
    const row = { userId: fresh.user.id, gameId: game.id, betType: 'moneyline' as const, odds: -110 }
    const rows = Array.from({ length: 1_001 }, (_, i) => ({
      ...row,
      selection: `Kansas City Chiefs ML ${i}`,
      amountCents: 1000 + i,
      potentialWinCents: 909,
      betStatus: 'committed' as const,
    }))
    await insertSingles(t.app.db, rows)
    for (const path of ['/api/bets', '/api/bets/active']) {
      const first = await fresh.client.get(path)
      const page = first.json() as Listed[]
      expect(page).toHaveLength(1_000)
      expect(first.headers['x-next-cursor']).toBe(String(page.at(-1)?.id))
      const rest = await fresh.client.get(`${path}?cursor=${first.headers['x-next-cursor']}`)
      expect(rest.json()).toHaveLength(1)
      expect(rest.headers['x-next-cursor']).toBeUndefined()
    }
  })

  it('refuses a bad cursor or limit, naming it', async () => {
    for (const path of ['/api/bets', '/api/bets/active']) {
      for (const [query, field] of [
        ['cursor=abc', 'cursor'],
        ['cursor=0', 'cursor'],
        ['cursor=9999999999', 'cursor'],
        ['limit=0', 'limit'],
        ['limit=1001', 'limit'],
        ['limit=2&limit=3', 'limit'],
        ['page=2', 'page'],
      ]) {
        const response = await client.get(`${path}?${query}`)
        expect(response.statusCode, `${path}?${query}`).toBe(400)
        expect(response.json().field).toBe(field)
      }
    }
  })
})

describe('history filters in the user time zone', () => {
  async function placedAt(as: Client, instant: string) {
    const game = await storeGame(t.app)
    const bet = await place(spreadBody(game.id), as)
    await t.app.db
      .update(bets)
      .set({ placedAt: new Date(instant) })
      .where(eq(bets.id, bet.id))
    return bet.id
  }
  const history = async (as: Client, query: string) =>
    ((await as.get(`/api/bets/history?${query}`)).json().bets as Json[]).map((b) => b.id)

  it('counts a bet placed at 23:30 in Chicago on that local day', async () => {
    const bettor = (await newBettor()).client
    const sundayNight = await placedAt(bettor, '2026-11-23T05:30:00Z') // Sunday 23:30 CST
    const mondayMorning = await placedAt(bettor, '2026-11-23T06:30:00Z') // Monday 00:30 CST
    expect(await history(bettor, 'dateFilter=today')).toEqual([mondayMorning])
    expect(await history(bettor, 'dateFilter=custom&startDate=2026-11-22&endDate=2026-11-22')).toEqual([
      sundayNight,
    ])
    expect(await history(bettor, 'dateFilter=alltime')).toEqual([mondayMorning, sundayNight])
    expect(await history(bettor, '')).toEqual([mondayMorning, sundayNight])
  })

  it('keeps whole local days across the DST change (Sunday 2026-11-01, a 25-hour day)', async () => {
    const bettor = (await newBettor()).client
    const lastOfOctober = await placedAt(bettor, '2026-11-01T04:59:00Z') // Oct 31, 23:59 CDT
    const firstHour = await placedAt(bettor, '2026-11-01T05:00:00Z') // Nov 1, 00:00 CDT
    const lastHour = await placedAt(bettor, '2026-11-02T05:59:00Z') // Nov 1, 23:59 CST
    const nextDay = await placedAt(bettor, '2026-11-02T06:00:00Z') // Nov 2, 00:00 CST
    expect(await history(bettor, 'dateFilter=custom&startDate=2026-11-01&endDate=2026-11-01')).toEqual([
      lastHour,
      firstHour,
    ])
    expect(await history(bettor, 'dateFilter=custom&startDate=2026-10-31&endDate=2026-11-02')).toEqual([
      nextDay,
      lastHour,
      firstHour,
      lastOfOctober,
    ])
  })

  it('refuses an unknown filter and a custom range without both dates', async () => {
    expect((await client.get('/api/bets/history?dateFilter=fortnight')).json()).toEqual({
      message: 'Unknown date filter: fortnight',
      field: 'dateFilter',
    })
    const half = await client.get('/api/bets/history?dateFilter=custom&startDate=2026-11-01')
    expect(half.statusCode).toBe(400)
    expect(half.json().field).toBe('endDate')
    const bad = await client.get('/api/bets/history?dateFilter=custom&startDate=2026-11-01&endDate=March')
    expect(bad.json()).toEqual({ message: 'Not an ISO date or timestamp: March', field: 'endDate' })
  })

  it('refuses a repeated or overlong query value, naming it', async () => {
    const repeated = await client.get(
      '/api/bets/history?dateFilter=custom&startDate=2026-11-01&startDate=2026-11-02',
    )
    expect(repeated.json()).toEqual({ message: 'startDate must be given once', field: 'startDate' })
    const long = await client.get(`/api/bets/history?dateFilter=${'x'.repeat(65)}`)
    expect(long.json()).toEqual({ message: 'dateFilter is too long', field: 'dateFilter' })
  })

  it.each([
    ['0000-01-01', '0000-01-02', 'startDate', '0000-01-01'],
    ['0001-01-01', '0001-01-02', 'startDate', '0001-01-01'],
    ['0000-01-01T00:00:00Z', '2026-11-01', 'startDate', '0000-01-01T00:00:00Z'],
    ['2026-11-01', '9999-12-31', 'endDate', '9999-12-31'],
    ['1899-12-31', '1899-12-31', 'startDate', '1899-12-31'],
  ])(
    'refuses a custom range from %s to %s, outside 1900-2200, with a 400',
    async (start, end, field, text) => {
      const response = await client.get(
        `/api/bets/history?dateFilter=custom&startDate=${start}&endDate=${end}`,
      )
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({
        message: `Dates must be from 1900-01-01 to 2200-12-31: ${text}`,
        field,
      })
    },
  )
})

describe('CSV export', () => {
  it('streams the spec columns with inert formulas, quoting, and 2/1 decimals', async () => {
    const bettor = (await newBettor()).client
    const game = await storeGame(t.app, {
      homeTeam: 'Kansas City "Chiefs", Inc',
      awayTeam: '=HYPERLINK("x")',
      status: 'final',
      homeScore: 30,
      awayScore: 10,
    })
    const bet = await place(
      spreadBody(game.id, { spreadTeam: 'Kansas City "Chiefs", Inc', amount: 33.33 }),
      bettor,
    )
    await bettor.patch(`/api/bets/${bet.id}/status`, { betStatus: 'committed' })
    const response = await bettor.get('/api/bets/export/csv?dateFilter=alltime')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toBe('attachment; filename="bet-history-2026-11-23.csv"')
    const lines = response.body.split('\r\n')
    expect(lines[0]).toBe(
      'Date,Game,Sport,Bet Type,Selection,Odds,Amount,Status,Result,Payout,Profit/Loss,ROI %,Sportsbook,Placed',
    )
    expect(lines[1]).toBe(
      `2026-11-23,"'=HYPERLINK(""x"") @ Kansas City ""Chiefs"", Inc",NFL,Spread,"Kansas City ""Chiefs"", Inc -3",-110,33.33,committed,won,63.63,30.30,90.9,DraftKings,${bet.placedAt}`,
    )
    expect(lines).toHaveLength(3)
  })

  it('filters like the history and refuses what the history refuses', async () => {
    const bettor = (await newBettor()).client
    const game = await storeGame(t.app)
    await place(spreadBody(game.id), bettor)
    const none = await bettor.get(
      '/api/bets/export/csv?dateFilter=custom&startDate=2020-01-01&endDate=2020-01-02',
    )
    expect(none.body.split('\r\n')).toHaveLength(2)
    expect((await bettor.get('/api/bets/export/csv?dateFilter=nope')).statusCode).toBe(400)
  })

  it.each(['0000', '0001'])(
    'answers a custom range in year %s with a 400 in JSON, before any CSV header',
    async (year) => {
      const bettor = (await newBettor()).client
      await place(spreadBody((await storeGame(t.app)).id), bettor)
      const response = await bettor.get(
        `/api/bets/export/csv?dateFilter=custom&startDate=${year}-01-01&endDate=${year}-01-02`,
      )
      expect(response.statusCode).toBe(400)
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(response.headers['content-disposition']).toBeUndefined()
      expect(response.json()).toEqual({
        message: `Dates must be from 1900-01-01 to 2200-12-31: ${year}-01-01`,
        field: 'startDate',
      })
    },
  )
})

describe('stats', () => {
  it('summarizes settled committed bets (decision 007) with breakdowns by sport and bet type', async () => {
    const bettor = await newBettor()
    const nfl = await storeGame(t.app, { status: 'final', homeScore: 24, awayScore: 20 })
    const nba = await storeGame(t.app, {
      league: 'NBA',
      leagueAlias: 'nba',
      homeTeam: 'Los Angeles Lakers',
      awayTeam: 'Boston Celtics',
      status: 'final',
      homeScore: 100,
      awayScore: 110,
    })
    const won = await place(spreadBody(nfl.id), bettor.client)
    const lost = await place(
      { gameId: nba.id, betType: 'moneyline', selection: 'Lakers', odds: 150, amount: 50 },
      bettor.client,
    )
    // Bets added to final games are placed and settled at once; a what-if stays tentative.
    expect([won.betStatus, lost.betStatus]).toEqual(['committed', 'committed'])
    await storeBet(t.app, bettor.user.id, nba.id, total('over', 200.5, 500), 'tentative')

    const stats = (await bettor.client.get('/api/stats/user')).json()
    expect(stats).toMatchObject({
      userId: bettor.user.id,
      totalBets: 3,
      placedBets: 2,
      tentativeBets: 1,
      settledBets: 2,
      won: 1,
      lost: 1,
      pending: 1,
      totalWagered: '160.00',
      netProfit: '50.00',
      winRate: 0.5,
      roi: 31.3, // 50 / 160 = 31.25 %, rounded once to one decimal, half away from zero (decision 036)
    })
    expect(stats.bySport.map((s: Json) => [s.sport, s.label, s.netProfit])).toEqual([
      ['NFL', 'NFL', '100.00'],
      ['NBA', 'NBA', '-50.00'],
    ])
    expect(stats.byBetType.map((s: Json) => [s.betType, s.label, s.totalBets])).toEqual([
      ['spread', 'Spread', 1],
      ['total', 'Over/Under', 1],
      ['moneyline', 'Moneyline', 1],
    ])
    expect((await bettor.client.get(`/api/stats/user/${bettor.user.id}`)).json()).toEqual(stats)
    expect((await other.get(`/api/stats/user/${bettor.user.id}`)).statusCode).toBe(404)
    expect((await admin.get(`/api/stats/user/${bettor.user.id}`)).json()).toEqual(stats)
    expect((await admin.get('/api/stats/user/999999')).statusCode).toBe(404)
  })
})

describe('the outcome grid', () => {
  it('equals the domain grid over the user bets, and follows every bet change on the next call', async () => {
    const bettor = await newBettor()
    const game = await storeGame(t.app, { status: 'in_progress', homeScore: 7, awayScore: 3 })
    // Each cell's probability is the score distribution's (tests/api/probability.test.ts); here, the money.
    const gameGrid = async () => {
      const response = await bettor.client.get(`/api/outcome-matrix/${game.id}`)
      expect(response.statusCode).toBe(200)
      return withoutProbability(response.json())
    }
    const ranges = scoreRanges('NFL', { home: 7, away: 3 })
    const expected = (terms: Parameters<typeof buildGrid>[0]['bets']) =>
      toGridOutcomes(buildGrid({ matchup: game, bets: terms, ...ranges })).outcomes

    const empty = await gameGrid()
    expect(empty).toMatchObject({ gameId: game.id, sport: 'NFL', homeScore: 7, awayScore: 3, betCount: 0 })
    expect(empty.homeRange).toEqual(ranges.home)
    expect(empty.outcomes).toEqual(expected([]))

    const first = await place(spreadBody(game.id), bettor.client)
    expect((await gameGrid()).outcomes).toEqual(expected([spread('Kansas City Chiefs', -3)]))
    const second = await place(
      { gameId: game.id, betType: 'total', overUnder: 'under', totalPoints: 44, odds: 120, amount: 25 },
      bettor.client,
    )
    const both = [spread('Kansas City Chiefs', -3), total('under', 44, 2_500, 120)]
    expect((await gameGrid()).outcomes).toEqual(expected(both))
    await bettor.client.patch(`/api/bets/${first.id}/status`, { betStatus: 'committed' })
    expect((await gameGrid()).outcomes).toEqual(expected(both))
    await bettor.client.delete(`/api/bets/${second.id}`)
    expect((await gameGrid()).outcomes).toEqual(expected([spread('Kansas City Chiefs', -3)]))
    // Someone else's bets never enter this user's grid.
    await place(spreadBody(game.id, { spreadPoints: 10, amount: 999 }), other)
    expect((await gameGrid()).outcomes).toEqual(expected([spread('Kansas City Chiefs', -3)]))
  })

  it('follows the score, marks impossible ties (decision 006), and is never stored by the browser', async () => {
    const bettor = await newBettor()
    const game = await storeGame(t.app, {
      league: 'MLB',
      leagueAlias: 'mlb',
      homeTeam: 'Chicago Cubs',
      awayTeam: 'Colorado Rockies',
      status: 'in_progress',
      homeScore: 1,
      awayScore: 0,
    })
    await place(
      { gameId: game.id, betType: 'moneyline', selection: 'Cubs', odds: -150, amount: 15 },
      bettor.client,
    )
    const first = await bettor.client.get(`/api/outcome-matrix/${game.id}`)
    const body = withoutProbability(first.json())
    expect(body.tiesImpossible).toBe(true)
    // Row 1-x: a 1-1 final cannot happen in MLB (N/A); 1-0 wins $10 on $15 at -150, 1-2 loses the stake.
    expect(body.outcomes[0].outcomes.slice(0, 3)).toEqual([
      { awayScore: 0, profit: 10, roi: 66.7 },
      { awayScore: 1, profit: 0, roi: 0, impossible: true },
      { awayScore: 2, profit: -15, roi: -100 },
    ])
    // A user's bets are never kept in a browser or proxy cache.
    expect(first.headers['cache-control']).toBe('no-store')

    await t.app.repos.games.upsert([{ ...feedOf(game), homeScore: 2, awayScore: 0 }])
    const moved = await bettor.client.get(`/api/outcome-matrix/${game.id}`)
    expect(moved.json()).toMatchObject({ homeScore: 2, homeRange: { min: 2 } })
  })

  it('answers 404 for a missing game and 400 for a bad id', async () => {
    expect((await client.get('/api/outcome-matrix/999999')).json()).toEqual({ message: 'Game not found' })
    expect((await client.get('/api/outcome-matrix/x')).statusCode).toBe(400)
    expect((await new Client(t.app).get('/api/outcome-matrix/1')).statusCode).toBe(401)
  })
})

type GridAnswer = { outcomes: { homeScore: number; outcomes: { probability?: number }[] }[] }

function withoutProbability<M extends GridAnswer>(gameGrid: M): M {
  for (const row of gameGrid.outcomes) for (const cell of row.outcomes) delete cell.probability
  return gameGrid
}

/** A stored game back as the feed would send it, to replay a score change. */
function feedOf(game: Awaited<ReturnType<typeof storeGame>>): FeedGame {
  const { id: _id, version: _version, createdAt: _c, updatedAt: _u, ...fields } = game
  return { ...fields, provider: 'simulated', league: 'MLB', status: 'in_progress' }
}

describe('the legs (decision 061)', () => {
  it('holds, after every bet this file placed, edited, confirmed, deleted and settled, one leg per bet equal to it', async () => {
    expect(await expectLegsInStep(t.app.db)).toBeGreaterThan(0)
  })
})
