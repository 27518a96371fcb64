import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Result } from '../../src/domain/bet'
import { dateRange } from '../../src/domain/calendar'
import { csvHeader, csvRow } from '../../src/domain/csv'
import { settlementFor } from '../../src/domain/settlement'
import { summarizeBets } from '../../src/domain/statistics'
import { recordedBet } from '../../src/server/bets/bet-rows'
import { bets } from '../../src/server/db/bets-schema'
import { games } from '../../src/server/db/games-schema'
import { summaryView } from '../../src/server/stats/summary-view'
import { insertSingles, storeGame } from './support/bets'
import { type Client, signedIn, type TestApp, testApp } from './support/test-app'

/**
 * Decision 043: GET /api/bets/history pages its games (newest first, every bet of a game on one page) and
 * sums the whole range in one aggregate; the CSV export streams the same bytes as the row-by-row rule.
 */
const NOW = '2026-11-23T18:00:00Z'
const ZONE = 'America/New_York'

let t: TestApp
let addresses = 0

beforeAll(async () => {
  t = await testApp({ server: { appNow: NOW } })
})
afterAll(() => t.close())

type Json = Record<string, unknown>
interface Page {
  summary: Json
  bets: { id: number; game: { id: number } }[]
  nextCursor: string | null
}

async function bettor(): Promise<{ client: Client; id: number }> {
  const { client, user } = await signedIn(t.app, {}, `10.1.0.${++addresses}`)
  expect((await client.patch('/api/user/timezone', { timezone: ZONE })).statusCode).toBe(200)
  return { client, id: user.id }
}

/** A small deterministic generator: the same mix on every run and engine. */
function seeded(seed: number) {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state / 2 ** 31
  }
}

const RESULTS: (Result | null)[] = ['won', 'lost', 'push', null]

/**
 * `count` bets of the user over the games, placed over the last 40 days: tentative and committed, won,
 * lost, pushed and pending, settled ones with the payout settlement writes, and a few committed results
 * whose payout is missing (which the rule leaves out of the money).
 */
async function storeMix(userId: number, gameIds: number[], count: number, seed: number) {
  const random = seeded(seed)
  const rows = Array.from({ length: count }, (_, i) => {
    const amount = 100 + Math.floor(random() * 100_000)
    const odds = random() < 0.5 ? -100 - Math.floor(random() * 400) : 100 + Math.floor(random() * 900)
    const committed = random() < 0.8
    const result = committed ? (RESULTS[Math.floor(random() * RESULTS.length)] ?? null) : null
    const unpaid = result !== null && random() < 0.05
    const gameId = gameIds[i % gameIds.length] ?? 0
    return {
      userId,
      gameId,
      betType: 'moneyline' as const,
      selection: `Team ${i % 7} ML`,
      odds,
      amountCents: amount,
      potentialWinCents: 0,
      betStatus: committed ? ('committed' as const) : ('tentative' as const),
      result,
      payoutCents: result === null || unpaid ? null : settlementFor(result, amount, { odds }).payout,
      placedAt: new Date(Date.parse(NOW) - Math.floor(random() * 40 * 86_400_000)),
    }
  })
  // With their legs, as the bet writer stores every single (decision 061): history lists bets by their legs.
  await insertSingles(t.app.db, rows)
}

async function pages(client: Client, query: string): Promise<Page[]> {
  const all: Page[] = []
  for (let cursor: string | null = null; ; ) {
    const response = await client.get(`/api/bets/history?${query}${cursor ? `&cursor=${cursor}` : ''}`)
    expect(response.statusCode, response.body).toBe(200)
    const page = response.json() as Page
    all.push(page)
    cursor = page.nextCursor
    if (cursor === null) return all
  }
}

/** The user's bets in the range as stored, and their games in the history's order. */
async function expected(userId: number, range: { start: Date; end: Date } | null) {
  const rows = await t.app.db
    .select({ bet: bets, game: games })
    .from(bets)
    .innerJoin(games, eq(games.id, bets.gameId))
    .where(eq(bets.userId, userId))
    .orderBy(asc(bets.id))
  const inRange = rows.filter(
    ({ bet }) => !range || (bet.placedAt >= range.start && bet.placedAt < range.end),
  )
  const gameOrder = [...new Map(inRange.map(({ game }) => [game.id, game])).values()]
    .sort((a, b) => b.startTime.getTime() - a.startTime.getTime() || b.id - a.id)
    .map((game) => game.id)
  return { rows: inRange, gameOrder }
}

/** Each page's games, in the history's order (`order`); a page lists its bets newest first. */
function gamesByPage(got: Page[], order: number[]): number[][] {
  return got.map((page) =>
    [...new Set(page.bets.map((bet) => bet.game.id))].sort((a, b) => order.indexOf(a) - order.indexOf(b)),
  )
}

describe('GET /api/bets/history pages', () => {
  it('cover every game once, newest first, each with all its bets, with filters in the user zone', async () => {
    const { client, id } = await bettor()
    const gameIds: number[] = []
    for (let i = 0; i < 23; i++) {
      // Pairs of games share a start time: the id breaks the tie.
      const startTime = new Date(Date.parse(NOW) - Math.floor(i / 2) * 86_400_000)
      gameIds.push((await storeGame(t.app, { startTime })).id)
    }
    await storeMix(id, gameIds, 160, 7)
    const ranges = [
      ['dateFilter=alltime&limit=4', null],
      ['dateFilter=last7days&limit=3', dateRange('last7days', new Date(NOW), ZONE)],
      [
        'dateFilter=custom&startDate=2026-11-01&endDate=2026-11-15&limit=5',
        dateRange('custom', new Date(NOW), ZONE, { startDate: '2026-11-01', endDate: '2026-11-15' }),
      ],
    ] as const
    for (const [query, range] of ranges) {
      const want = await expected(id, range)
      const got = await pages(client, query)
      const limit = Number(/limit=(\d+)/.exec(query)?.[1])
      const pageGames = gamesByPage(got, want.gameOrder)
      for (const games of pageGames) expect(games.length).toBeLessThanOrEqual(limit)
      // Every game once, pages in order, never a game split across pages.
      expect(pageGames.flat()).toEqual(want.gameOrder)
      // Every bet of the range once; within a page, newest bet first.
      const ids = got.flatMap((page) => page.bets.map((bet) => bet.id))
      expect([...ids].sort((a, b) => a - b)).toEqual(want.rows.map(({ bet }) => bet.id))
      for (const page of got) {
        const order = page.bets.map((bet) => bet.id)
        expect(order).toEqual([...order].sort((a, b) => b - a))
      }
      // The summary covers the whole range, on every page.
      const whole = {
        ...summaryView(summarizeBets(want.rows.map(({ bet }) => recordedBet(bet)))),
        openConflicts: 0,
      }
      for (const page of got) expect(page.summary).toEqual(whole)
    }
  })

  it('ends a page before it passes 500 bets, but never splits a game', async () => {
    const { client, id } = await bettor()
    const newest = await storeGame(t.app, { startTime: new Date('2026-11-22T00:00:00Z') })
    const middle = await storeGame(t.app, { startTime: new Date('2026-11-21T00:00:00Z') })
    const oldest = await storeGame(t.app, { startTime: new Date('2026-11-20T00:00:00Z') })
    await storeMix(id, [newest.id], 520, 1)
    await storeMix(id, [middle.id], 300, 2)
    await storeMix(id, [oldest.id], 150, 3)
    const got = await pages(client, 'dateFilter=alltime')
    expect(gamesByPage(got, [newest.id, middle.id, oldest.id])).toEqual([[newest.id], [middle.id, oldest.id]])
    expect(got.map((page) => page.bets.length)).toEqual([520, 450])
  })

  it.each([1, 2, 3])('sums in the database what the domain sums bet by bet (seeded mix %i)', async (seed) => {
    const { client, id } = await bettor()
    const game = await storeGame(t.app)
    await storeMix(id, [game.id], 400, seed * 101)
    const answer = (await client.get('/api/bets/history')).json() as Page
    const { rows } = await expected(id, null)
    expect(answer.summary).toEqual({
      ...summaryView(summarizeBets(rows.map(({ bet }) => recordedBet(bet)))),
      openConflicts: 0,
    })
  })

  it('answers an empty range with zeros and no cursor', async () => {
    const { client } = await bettor()
    const answer = (await client.get('/api/bets/history')).json() as Page
    expect(answer).toEqual({
      summary: expect.objectContaining({ totalBets: 0, netProfit: '0.00', totalWagered: '0.00' }),
      bets: [],
      nextCursor: null,
    })
  })

  it('refuses a bad cursor or limit, naming it', async () => {
    const { client } = await bettor()
    for (const [query, field] of [
      ['cursor=abc', 'cursor'],
      ['cursor=0', 'cursor'],
      // Past the integer range of a game id, which the page's query would fail on.
      ['cursor=9999999999', 'cursor'],
      ['cursor=2147483648', 'cursor'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=2&limit=3', 'limit'],
    ]) {
      const response = await client.get(`/api/bets/history?${query}`)
      expect(response.statusCode, query).toBe(400)
      expect(response.json().field).toBe(field)
    }
    // The export takes the range only.
    expect((await client.get('/api/bets/export/csv?cursor=5')).statusCode).toBe(400)
  })
})

describe('GET /api/bets/export/csv streams', () => {
  it('the same bytes as the row-by-row rule, over many batches, without a length', async () => {
    const { client, id } = await bettor()
    const gameIds: number[] = []
    for (const [home, away] of [
      ['Kansas City "Chiefs", Inc', '=HYPERLINK("x")'],
      ['Los Angeles Lakers', 'Boston Celtics'],
      ['+Plus', '@At'],
      // COPY's text format escapes these on PGlite (db/copy-out.ts); the CSV must carry them unchanged.
      ['Back\\slash\tTab', 'New\nLine\r\\N'],
    ]) {
      gameIds.push((await storeGame(t.app, { homeTeam: home, awayTeam: away })).id)
    }
    await storeMix(id, gameIds, 4_321, 11)
    const response = await client.get('/api/bets/export/csv')
    expect(response.statusCode).toBe(200)
    // Streamed: no length is known when the headers go out.
    expect(response.headers['content-length']).toBeUndefined()
    const { rows } = await expected(id, null)
    const reference =
      csvHeader() +
      rows
        .map(({ bet, game }) =>
          csvRow(
            {
              ...recordedBet(bet),
              sportsbook: bet.sportsbook,
              placedAt: bet.placedAt,
              game: { ...game, sport: game.league },
            },
            ZONE,
          ),
        )
        .join('')
    expect(response.body.length).toBe(reference.length)
    expect(response.body).toBe(reference)
    expect(response.body.split('\r\n')).toHaveLength(4_321 + 2)
  })
})
