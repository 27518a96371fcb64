import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BetTerms, normalizeResult, type Result } from '../../src/domain/bet'
import { type BreakdownRow, breakdownsOf } from '../../src/domain/bet-breakdowns'
import { formatCents } from '../../src/domain/money'
import type { BetSummary } from '../../src/domain/statistics'
import { termsColumns } from '../../src/server/bets/bet-rows'
import { bets } from '../../src/server/db/bets-schema'
import { games } from '../../src/server/db/games-schema'
import { users } from '../../src/server/db/schema'
import { storeGame } from './support/bets'
import { Client, catchUp, signedIn, type TestApp, testApp } from './support/test-app'

/** Monday 2026-11-23, 12:00 in Chicago (the bettor's zone, the default). */
const NOW = '2026-11-23T18:00:00Z'

let t: TestApp
let admin: Client
let bettor: Client
let bettorId: number

interface StoredBet {
  userId: number
  gameId: number
  terms: BetTerms
  sportsbook: string
  betStatus?: 'tentative' | 'committed'
  result?: Result | null
  /** Dollars the book returned (decision 002), as settlement stores it. */
  payout?: number | null
  placedAt: string
  settledAt?: string | null
}

/** A bet row as the bets API and settlement leave it, with hand-picked times and payout. */
async function storeBet(bet: StoredBet) {
  await t.app.db.insert(bets).values({
    userId: bet.userId,
    gameId: bet.gameId,
    ...termsColumns(bet.terms),
    sportsbook: bet.sportsbook,
    betStatus: bet.betStatus ?? 'committed',
    result: bet.result ?? null,
    payoutCents: bet.payout == null ? null : Math.round(bet.payout * 100),
    placedAt: new Date(bet.placedAt),
    settledAt: bet.settledAt ? new Date(bet.settledAt) : null,
    updatedAt: new Date(bet.placedAt),
  })
}

const moneyline = (odds: number, dollars: number): BetTerms => ({
  betType: 'moneyline',
  selection: 'Kansas City Chiefs ML',
  odds,
  amount: dollars * 100,
})
const spread = (odds: number, dollars: number): BetTerms => ({
  betType: 'spread',
  selection: 'Kansas City Chiefs -3',
  spreadTeam: 'Kansas City Chiefs',
  spreadPoints: -3,
  odds,
  amount: dollars * 100,
})
const total = (odds: number, dollars: number): BetTerms => ({
  betType: 'total',
  selection: 'Over 200.5',
  overUnder: 'over',
  totalPoints: 200.5,
  odds,
  amount: dollars * 100,
})

/**
 * The bettor's history, figures worked by hand (net = payout - stake, decision 002; only committed settled bets
 * count, decision 007):
 *   1 NFL spread    -110 $110 DraftKings    won  payout 210  net +100  settled Nov 20 21:00 Chicago
 *   2 NBA moneyline +150  $50 FanDuel       lost payout   0  net  -50  settled Nov 21 23:30 Chicago (Nov 22 UTC)
 *   3 NBA total     -110  $20 DraftKings    push payout  20  net    0  settled Nov 22
 *   4 NFL moneyline -250 $100 Manual Entry  won  payout 140  net  +40  settled Oct 1 (placed Oct 1)
 *   5 NFL moneyline +220  $10 FanDuel       lost payout   0  net  -10  settled Nov 23
 *   6 NBA spread    -110 $500 DraftKings    tentative, even with a result: not in P&L
 *   7 NFL spread    -105  $30 Caesars       committed, pending
 * All time: 5 settled, wagered $290, net $80, ROI 80/290 = 27.586 % -> 27.6, win rate 2/5.
 */
beforeAll(async () => {
  t = await testApp({ server: { appNow: NOW } })
  admin = (await signedIn(t.app)).client // decision 013: the first account is the admin
  const signed = await signedIn(t.app, {}, '10.0.0.1')
  bettor = signed.client
  bettorId = signed.user.id
  const other = await signedIn(t.app, {}, '10.0.0.2')
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
  const mine = { userId: bettorId }
  await storeBet({
    ...mine,
    gameId: nfl.id,
    terms: spread(-110, 110),
    sportsbook: 'DraftKings',
    result: 'won',
    payout: 210,
    placedAt: '2026-11-20T18:00:00Z',
    settledAt: '2026-11-21T03:00:00Z',
  })
  await storeBet({
    ...mine,
    gameId: nba.id,
    terms: moneyline(150, 50),
    sportsbook: 'FanDuel',
    result: 'lost',
    payout: 0,
    placedAt: '2026-11-21T18:00:00Z',
    settledAt: '2026-11-22T05:30:00Z',
  })
  await storeBet({
    ...mine,
    gameId: nba.id,
    terms: total(-110, 20),
    sportsbook: 'DraftKings',
    result: 'push',
    payout: 20,
    placedAt: '2026-11-22T15:00:00Z',
    settledAt: '2026-11-22T20:00:00Z',
  })
  await storeBet({
    ...mine,
    gameId: nfl.id,
    terms: moneyline(-250, 100),
    sportsbook: 'Manual Entry',
    result: 'won',
    payout: 140,
    placedAt: '2026-10-01T12:00:00Z',
    settledAt: '2026-10-02T02:00:00Z',
  })
  await storeBet({
    ...mine,
    gameId: nfl.id,
    terms: moneyline(220, 10),
    sportsbook: 'FanDuel',
    result: 'lost',
    payout: 0,
    placedAt: '2026-11-23T15:00:00Z',
    settledAt: '2026-11-23T17:00:00Z',
  })
  await storeBet({
    ...mine,
    gameId: nba.id,
    terms: spread(-110, 500),
    sportsbook: 'DraftKings',
    betStatus: 'tentative',
    result: 'won',
    payout: 954.55,
    placedAt: '2026-11-23T16:00:00Z',
    settledAt: '2026-11-23T17:00:00Z',
  })
  await storeBet({
    ...mine,
    gameId: nfl.id,
    terms: spread(-105, 30),
    sportsbook: 'Caesars',
    placedAt: '2026-11-23T16:00:00Z',
  })
  // Another user's winner, in every range: never in the bettor's figures (decision 010).
  await storeBet({
    userId: other.user.id,
    gameId: nfl.id,
    terms: moneyline(100, 1000),
    sportsbook: 'DraftKings',
    result: 'won',
    payout: 2000,
    placedAt: '2026-11-22T15:00:00Z',
    settledAt: '2026-11-22T20:00:00Z',
  })
})
afterAll(() => t.close())

type Json = Record<string, unknown>
type Row = Json & { key: string }

const figures = (rows: Row[]) =>
  rows.map((row) => [row.key, row.settledBets, row.totalWagered, row.netProfit, row.roi, row.winRate])

async function statsOf(query = '') {
  const response = await bettor.get(`/api/stats/user${query}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as Json & { breakdowns: Record<string, Row[]>; profitByDay: Json[] }
}

describe('GET /api/stats/user', () => {
  it('sums settled committed bets (decision 007) and leaves out the tentative one and other users', async () => {
    expect(await statsOf()).toMatchObject({
      userId: bettorId,
      timezone: 'America/Chicago',
      totalBets: 7,
      placedBets: 6,
      tentativeBets: 1,
      settledBets: 5,
      won: 2,
      lost: 2,
      push: 1,
      pending: 1,
      totalWagered: '290.00',
      netProfit: '80.00',
      roi: 27.6,
      winRate: 0.4,
    })
  })

  it('draws the cumulative profit by settlement day in the user zone', async () => {
    // Bet 2 settled at 05:30 UTC on Nov 22, which is 23:30 on Nov 21 in Chicago.
    expect((await statsOf()).profitByDay).toEqual([
      { day: '2026-10-01', net: '40.00', cumulative: '40.00', settledBets: 1 },
      { day: '2026-11-20', net: '100.00', cumulative: '140.00', settledBets: 1 },
      { day: '2026-11-21', net: '-50.00', cumulative: '90.00', settledBets: 1 },
      { day: '2026-11-22', net: '0.00', cumulative: '90.00', settledBets: 1 },
      { day: '2026-11-23', net: '-10.00', cumulative: '80.00', settledBets: 1 },
    ])
  })

  it('breaks the results down by league, bet type, sportsbook and odds range', async () => {
    const { breakdowns } = await statsOf()
    expect(figures(breakdowns.league ?? [])).toEqual([
      ['NFL', 3, '220.00', '130.00', 59.1, 2 / 3],
      ['NBA', 2, '70.00', '-50.00', -71.4, 0],
    ])
    expect(breakdowns.league?.[1]).toMatchObject({ label: 'NBA', totalBets: 3, tentativeBets: 1, push: 1 })
    expect(figures(breakdowns.betType ?? [])).toEqual([
      ['spread', 1, '110.00', '100.00', 90.9, 1],
      ['total', 1, '20.00', '0.00', 0, 0],
      ['moneyline', 3, '160.00', '-20.00', -12.5, 1 / 3],
    ])
    expect(breakdowns.betType?.map((row) => row.label)).toEqual(['Spread', 'Over/Under', 'Moneyline'])
    // Most settled bets first, then by name; Caesars has only a pending bet.
    expect(figures(breakdowns.sportsbook ?? [])).toEqual([
      ['DraftKings', 2, '130.00', '100.00', 76.9, 0.5],
      ['FanDuel', 2, '60.00', '-60.00', -100, 0],
      ['Manual Entry', 1, '100.00', '40.00', 40, 1],
      ['Caesars', 0, '0.00', '0.00', 0, 0],
    ])
    expect(figures(breakdowns.oddsRange ?? [])).toEqual([
      ['heavy-favorite', 1, '100.00', '40.00', 40, 1],
      ['near-even', 2, '130.00', '100.00', 76.9, 0.5],
      ['underdog', 1, '50.00', '-50.00', -100, 0],
      ['long-shot', 1, '10.00', '-10.00', -100, 0],
    ])
    expect(breakdowns.oddsRange?.map((row) => row.label)).toEqual([
      '-200 or shorter',
      '-110 to +110',
      '+111 to +199',
      '+200 or longer',
    ])
  })

  it('keeps the first shape: bySport and byBetType', async () => {
    const stats = await statsOf()
    expect((stats.bySport as Json[]).map((s) => [s.sport, s.label, s.netProfit])).toEqual([
      ['NFL', 'NFL', '130.00'],
      ['NBA', 'NBA', '-50.00'],
    ])
    expect((stats.byBetType as Json[]).map((s) => [s.betType, s.totalBets])).toEqual([
      ['spread', 3],
      ['total', 1],
      ['moneyline', 3],
    ])
    expect((await bettor.get(`/api/stats/user/${bettorId}`)).json()).toEqual(stats)
    // The spec's client adds its user id; whatever it says, the stats are the signed-in user's (decision 010).
    expect((await bettor.get('/api/stats/user?userId=1')).json()).toEqual(stats)
    expect((await admin.get(`/api/stats/user/${bettorId}`)).json()).toEqual(stats)
  })

  it('reads the history range: a preset and a custom range, by placement time', async () => {
    // Last 7 days: Nov 17 to Nov 23 in Chicago; bet 4 (Oct 1) is out.
    const week = await statsOf('?dateFilter=last7days')
    expect(week).toMatchObject({ settledBets: 4, totalWagered: '190.00', netProfit: '40.00', roi: 21.1 })
    expect(week.profitByDay.map((point) => [point.day, point.cumulative])).toEqual([
      ['2026-11-20', '100.00'],
      ['2026-11-21', '50.00'],
      ['2026-11-22', '50.00'],
      ['2026-11-23', '40.00'],
    ])
    const day = await statsOf('?dateFilter=custom&startDate=2026-11-21&endDate=2026-11-21')
    expect(day).toMatchObject({ totalBets: 1, settledBets: 1, netProfit: '-50.00', roi: -100 })
    expect(figures(day.breakdowns.sportsbook ?? [])).toEqual([['FanDuel', 1, '50.00', '-50.00', -100, 0]])
    const none = await statsOf('?dateFilter=custom&startDate=2026-01-01&endDate=2026-01-31')
    expect(none).toMatchObject({ totalBets: 0, settledBets: 0, netProfit: '0.00', profitByDay: [] })
    expect(none.breakdowns).toEqual({ league: [], betType: [], sportsbook: [], oddsRange: [] })
  })

  it('refuses a bad range with 400 naming the field, and the signed-out with 401', async () => {
    const unknown = await bettor.get('/api/stats/user?dateFilter=fortnight')
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toEqual({ message: 'Unknown date filter: fortnight', field: 'dateFilter' })
    const badDay = await bettor.get(
      '/api/stats/user?dateFilter=custom&startDate=2026-13-01&endDate=2026-12-01',
    )
    expect(badDay.statusCode).toBe(400)
    expect(badDay.json()).toMatchObject({ field: 'startDate' })
    expect((await bettor.get('/api/stats/user?sort=net')).statusCode).toBe(400)
    const signedOut = await new Client(t.app).get('/api/stats/user')
    expect(signedOut.statusCode).toBe(401)
  })
})

/** The figures of a summary as the API sends them, for comparing the API with the domain. */
const view = (summary: BetSummary) => ({
  totalBets: summary.totalBets,
  placedBets: summary.placedBets,
  tentativeBets: summary.tentativeBets,
  settledBets: summary.settledBets,
  won: summary.won,
  lost: summary.lost,
  push: summary.push,
  pending: summary.pending,
  totalWagered: formatCents(summary.wagered),
  netProfit: formatCents(summary.net),
  roi: summary.roi,
  winRate: summary.winRate,
})
const rowView = (row: BreakdownRow) => ({ key: row.key, label: row.label, ...view(row) })

/** A small deterministic generator (mulberry32), so a failure replays. */
function random(seed: number) {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

describe('the SQL grouping', () => {
  it('agrees with the domain over the same bets, bet by bet (decisions 002 and 007), in a zone far from UTC', async () => {
    const { client, user } = await signedIn(t.app, {}, '10.0.0.3')
    // Tokyo: local midnight is 15:00 UTC, so settlement days differ from UTC days all afternoon.
    await t.app.db.update(users).set({ timezone: 'Asia/Tokyo' }).where(eq(users.id, user.id))
    await catchUp(t.app)
    const leagues = [
      await storeGame(t.app, { status: 'final', homeScore: 24, awayScore: 20 }),
      await storeGame(t.app, {
        league: 'MLB',
        leagueAlias: 'mlb',
        status: 'final',
        homeScore: 3,
        awayScore: 2,
      }),
      await storeGame(t.app, {
        league: 'EPL',
        leagueAlias: 'epl',
        status: 'final',
        homeScore: 1,
        awayScore: 1,
      }),
    ]
    const next = random(16)
    const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T
    const oddsChoices = [-450, -200, -199, -150, -111, -110, -105, 100, 110, 111, 150, 199, 200, 650]
    for (let i = 0; i < 120; i++) {
      const game = pick(leagues)
      const amount = 1 + Math.floor(next() * 500)
      const odds = pick(oddsChoices)
      const terms = pick([spread, total, moneyline])(odds, amount)
      const result = pick(['won', 'lost', 'push', null] as const)
      const betStatus = next() < 0.15 ? 'tentative' : 'committed'
      const payout = result === null ? null : next() < 0.05 ? null : Math.round(next() * 100_000) / 100
      const placed = Date.parse('2026-11-01T00:00:00Z') + Math.floor(next() * 20 * 86_400_000)
      const settled = placed + Math.floor(next() * 2 * 86_400_000)
      await storeBet({
        userId: user.id,
        gameId: game.id,
        terms,
        sportsbook: pick(['DraftKings', 'FanDuel', 'BetMGM', 'Manual Entry']),
        betStatus,
        result,
        payout,
        placedAt: new Date(placed).toISOString(),
        // Some settled bets from before the column existed: their day is the placement's.
        settledAt: result && next() < 0.9 ? new Date(settled).toISOString() : null,
      })
    }

    for (const query of ['', '?dateFilter=custom&startDate=2026-11-05&endDate=2026-11-12']) {
      const answer = (await client.get(`/api/stats/user${query}`)).json()
      const range = query
        ? { start: Date.parse('2026-11-04T15:00:00Z'), end: Date.parse('2026-11-12T15:00:00Z') }
        : null
      const rows = await t.app.db
        .select({ bet: bets, league: games.league })
        .from(bets)
        .innerJoin(games, eq(games.id, bets.gameId))
        .where(eq(bets.userId, user.id))
      const domain = breakdownsOf(
        rows
          .filter(
            ({ bet }) =>
              !range || (bet.placedAt.getTime() >= range.start && bet.placedAt.getTime() < range.end),
          )
          .map(({ bet, league }) => ({
            betType: bet.betType,
            selection: bet.selection,
            odds: bet.odds,
            amount: bet.amountCents,
            betStatus: bet.betStatus,
            result: normalizeResult(bet.result),
            payout: bet.payoutCents,
            league,
            sportsbook: bet.sportsbook,
            placedAt: bet.placedAt,
            settledAt: bet.settledAt,
          })),
        'Asia/Tokyo',
      )
      expect(domain.summary.settledBets).toBeGreaterThan(10)
      expect(answer).toMatchObject(view(domain.summary))
      expect(answer.profitByDay).toEqual(
        domain.profitByDay.map((point) => ({
          day: point.day,
          net: formatCents(point.net),
          cumulative: formatCents(point.cumulative),
          settledBets: point.settledBets,
        })),
      )
      for (const kind of ['league', 'betType', 'sportsbook', 'oddsRange'] as const) {
        expect(answer.breakdowns[kind], kind).toEqual(domain.breakdowns[kind].map(rowView))
      }
    }
  })
})
