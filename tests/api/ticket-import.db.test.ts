import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_TIMEZONE } from '../../src/domain/calendar'
import { type CsvBet, csvHeader, csvRows } from '../../src/domain/csv'
import type { FeedGame } from '../../src/domain/game'
import { composeSelection } from '../../src/domain/selection'
import type { Market } from '../../src/domain/ticket'
import { type CsvLeg, csvTicketRows } from '../../src/domain/ticket-csv'
import { parlayOdds, ticketPotentialWin } from '../../src/domain/ticket-settlement'
import { internalId } from '../../src/server/connections/sharpsports'
import { betLegs, bets } from '../../src/server/db/bets-schema'
import { endGame, scheduledGame } from './support/bets'
import { FakeSharpSports, PRIVATE_KEY, PUBLIC_KEY } from './support/fake-sharpsports'
import { type Client, signedIn, type TestApp, testApp } from './support/test-app'

/**
 * Tickets through Grid's CSV, a mapped file and a partner's slips (decision 062): the export writes a
 * ticket as one row with the Legs column, the import gives the same tickets back with the same P&L to the
 * cent, a mapped file's parlay row becomes a ticket whose legs are on games where found and off the feed
 * otherwise, and a slip of several legs syncs as a ticket settled from its outcome.
 */
const NOW = '2026-11-23T18:00:00Z'
/** The bettors' zone: a new account's default. */
const ZONE = DEFAULT_TIMEZONE

const fake = new FakeSharpSports()
let t: TestApp
let ips = 0
const bettor = () => signedIn(t.app, {}, `10.7.0.${++ips}`)

beforeAll(async () => {
  const baseUrl = await fake.start()
  t = await testApp({
    server: { appNow: NOW },
    connections: {
      sharpSports: {
        apiKey: PRIVATE_KEY,
        publicKey: PUBLIC_KEY,
        baseUrl,
        linkUrl: 'https://ui.sharpsports.test/link',
        timeoutMs: 2000,
      },
    },
  })
  await bettor() // decision 013: the first account is the admin
})
afterAll(async () => {
  await t?.close()
  await fake.stop()
})

type Json = Record<string, unknown>
type Leg = Json & { id: number; gameId: number; selection: string; event: { name: string } | null }
type Bet = Json & {
  id: number
  betType: string
  amount: string
  payout: string | null
  result: string | null
  legs: Leg[]
}

const scheduled = (overrides: Partial<FeedGame> = {}) => scheduledGame(t.app, overrides)
/** The game ends at this score and its bets settle, as a sync does. */
const ends = (game: { feed: FeedGame }, home: number, away: number) =>
  endGame(t.app, game, { home, away }, new Date(NOW))

async function place(client: Client, body: Json): Promise<Bet> {
  const response = await client.post('/api/bets', body)
  expect(response.statusCode, response.body).toBe(201)
  const bet = response.json() as Bet
  const confirmed = await client.patch(`/api/bets/${bet.id}/status`, { betStatus: 'committed' })
  expect(confirmed.statusCode, confirmed.body).toBe(200)
  return bet
}

async function listed(client: Client): Promise<Bet[]> {
  const response = await client.get('/api/bets')
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as Bet[]
}

/** Decision 002's P&L of the settled bets, in cents, each ticket once. */
const profit = (list: readonly Bet[]) =>
  list
    .filter((bet) => bet.result !== null)
    .reduce((sum, bet) => sum + cents(bet.payout ?? '0') - cents(bet.amount), 0)
const cents = (money: string) => Math.round(Number(money) * 100)

/** What must survive a round trip: the kind, the figures and each leg's event, selection, odds and result. */
const ticketShape = (bet: Bet) => [
  bet.betType,
  bet.selection,
  bet.odds,
  bet.amount,
  bet.potentialWin,
  bet.result,
  bet.payout,
  bet.sportsbook,
  bet.placedAt,
  bet.legs.map((leg) => [leg.event?.name ?? leg.gameId, leg.selection, leg.odds, leg.result]),
]

function importText(client: Client, text: string, query = '') {
  return client.request({
    method: 'POST',
    url: `/api/bets/import${query}`,
    payload: text,
    headers: { 'content-type': 'text/csv' },
  })
}

describe("Grid's CSV", () => {
  it('round-trips every kind of ticket, a prop off the feed, a future and a single, to the cent', async () => {
    const source = await bettor()
    const bills = await scheduled({ startTime: new Date('2026-11-21T18:00:00Z') })
    const giants = await scheduled({
      homeTeam: 'Dallas Cowboys',
      awayTeam: 'New York Giants',
      startTime: new Date('2026-11-21T21:00:00Z'),
    })
    const jets = await scheduled({
      homeTeam: 'Miami Dolphins',
      awayTeam: 'New York Jets',
      startTime: new Date('2026-11-22T18:00:00Z'),
    })
    const parlay = await place(source.client, {
      betType: 'parlay',
      amount: 10,
      sportsbook: 'DraftKings',
      legs: [
        { gameId: bills.row.id, betType: 'spread', spreadTeam: 'Chiefs', spreadPoints: -3, odds: -110 },
        { gameId: giants.row.id, betType: 'total', overUnder: 'over', totalPoints: 44, odds: 150 },
      ],
    })
    const teaser = await place(source.client, {
      betType: 'teaser',
      teaserPoints: 6,
      ties: 'push',
      odds: -120,
      amount: 12,
      legs: [
        { gameId: bills.row.id, betType: 'spread', spreadTeam: 'Chiefs', spreadPoints: 3 },
        { gameId: jets.row.id, betType: 'total', overUnder: 'over', totalPoints: 38 },
      ],
    })
    const withProp = await place(source.client, {
      betType: 'parlay',
      amount: 5,
      sportsbook: 'FanDuel',
      legs: [
        { gameId: jets.row.id, betType: 'moneyline', selection: 'Miami Dolphins', odds: -150 },
        {
          event: { name: 'Jets @ Dolphins props', league: 'NFL' },
          betType: 'other',
          selection: 'Tyreek Hill over 80.5 receiving yards',
          odds: 120,
        },
      ],
    })
    await place(source.client, {
      gameId: jets.row.id,
      betType: 'spread',
      spreadTeam: 'Miami Dolphins',
      spreadPoints: -2.5,
      odds: -110,
      amount: 11,
    })
    const future = await place(source.client, {
      event: { name: 'NBA MVP 2027', league: 'NBA' },
      betType: 'other',
      selection: 'Nikola Jokic',
      odds: 450,
      amount: 20,
    })
    const sameGame = await place(source.client, {
      betType: 'same_game_parlay',
      odds: 260,
      amount: 10,
      sportsbook: 'DraftKings',
      legs: [
        { gameId: bills.row.id, betType: 'spread', spreadTeam: 'Chiefs', spreadPoints: -3 },
        { gameId: bills.row.id, betType: 'total', overUnder: 'over', totalPoints: 44.5 },
      ],
    })
    const robin = await place(source.client, {
      betType: 'round_robin',
      sizes: [2],
      amount: 30,
      legs: [
        { gameId: bills.row.id, betType: 'spread', spreadTeam: 'Chiefs', spreadPoints: -3, odds: -110 },
        { gameId: giants.row.id, betType: 'total', overUnder: 'over', totalPoints: 44, odds: 150 },
        { gameId: jets.row.id, betType: 'moneyline', selection: 'Miami Dolphins', odds: 100 },
      ],
    })
    const mvp = await source.client.patch(`/api/bets/${future.id}/result`, { result: 'won' })
    expect(mvp.statusCode, mvp.body).toBe(200)
    await ends(bills, 27, 20)
    await ends(giants, 24, 20)
    await ends(jets, 20, 17)
    const propLeg = withProp.legs[1]
    const hand = await source.client.patch(`/api/bets/${withProp.id}/result`, {
      result: 'won',
      legId: propLeg?.id,
    })
    expect(hand.statusCode, hand.body).toBe(200)

    const before = await listed(source.client)
    const byId = (id: number) => before.find((bet) => bet.id === id)
    // The pushed Over 44 drops out (10 x 210/110); the teaser's Over 38 lost at 37; the prop parlay paid
    // 5 x (250/150) x (220/100) = 18.33.
    expect([byId(parlay.id)?.result, byId(parlay.id)?.payout]).toEqual(['won', '19.09'])
    expect([byId(teaser.id)?.result, byId(teaser.id)?.payout]).toEqual(['lost', '0.00'])
    expect([byId(withProp.id)?.result, byId(withProp.id)?.payout]).toEqual(['won', '18.33'])
    // Chiefs -3 and over 44.5 both won at 27-20: the slip's +260 on 10.
    expect([byId(sameGame.id)?.result, byId(sameGame.id)?.payout]).toEqual(['won', '36.00'])
    // Three parlays of 10: Chiefs with the pushed over (19.09), Chiefs with the Dolphins (10 x 210/110 x 2 =
    // 38.18), the pushed over with the Dolphins (20.00): 77.27, each parlay rounded once.
    expect([byId(robin.id)?.result, byId(robin.id)?.payout]).toEqual(['won', '77.27'])

    const exported = await source.client.get('/api/bets/export/csv')
    expect(exported.statusCode).toBe(200)
    const lines = exported.body.split('\r\n')
    expect(lines[0]).toMatch(/,Sportsbook,Placed,Legs$/)
    expect(lines.filter((line) => line.includes(',Parlay,'))).toHaveLength(2)
    expect(exported.body).toContain('Buffalo Bills @ Kansas City Chiefs | New York Giants @ Dallas Cowboys')
    expect(exported.body).toContain('Kansas City Chiefs -3 | Over 44')
    expect(exported.body).toContain(',NBA MVP 2027,NBA,Other,Nikola Jokic,+450,20.00,committed,won,110.00,')

    const target = await bettor()
    const answer = await importText(target.client, exported.body)
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json()).toMatchObject({
      format: 'grid',
      imported: 7,
      failed: [],
      unmatched: [],
      tickets: { single: 2, parlay: 2, teaser: 1, same_game_parlay: 1, round_robin: 1 },
    })
    const after = await listed(target.client)
    expect(after.map(ticketShape).sort()).toEqual(before.map(ticketShape).sort())
    expect(profit(after)).toBe(profit(before))
    const copied = after.find((bet) => bet.betType === 'parlay' && bet.sportsbook === 'DraftKings')
    expect(copied?.legs.map((leg) => leg.gameId)).toEqual([bills.row.id, giants.row.id])

    const again = await importText(target.client, exported.body)
    expect(again.json()).toMatchObject({
      imported: 0,
      duplicates: [{ row: 2 }, { row: 3 }, { row: 4 }, { row: 5 }, { row: 6 }, { row: 7 }, { row: 8 }],
    })
  })

  it('round-trips Asian quarter lines with their half results, in a single and a parlay (decision 071)', async () => {
    const source = await bettor()
    const soccer = {
      league: 'EPL',
      leagueAlias: 'eng.1',
      startTime: new Date('2026-11-22T15:00:00Z'),
    } satisfies Partial<FeedGame>
    const arsenal = await scheduled({ ...soccer, homeTeam: 'Arsenal', awayTeam: 'Chelsea' })
    const leeds = await scheduled({ ...soccer, homeTeam: 'Leeds United', awayTeam: 'Brentford' })
    const single = await place(source.client, {
      gameId: arsenal.row.id,
      betType: 'spread',
      spreadTeam: 'Arsenal',
      spreadPoints: -0.25,
      odds: -110,
      amount: 100,
    })
    const parlay = await place(source.client, {
      betType: 'parlay',
      amount: 10,
      legs: [
        { gameId: arsenal.row.id, betType: 'total', overUnder: 'over', totalPoints: 2.25, odds: -110 },
        { gameId: leeds.row.id, betType: 'spread', spreadTeam: 'Brentford', spreadPoints: 0.75, odds: 100 },
      ],
    })
    await ends(arsenal, 1, 1)
    await ends(leeds, 1, 0)
    const before = await listed(source.client)
    const byId = (id: number) => before.find((bet) => bet.id === id)
    expect([byId(single.id)?.result, byId(single.id)?.payout]).toEqual(['half_lost', '50.00'])
    // Over 2.25 at two goals and Brentford +0.75 at a one-goal defeat both lose half: 10 x 1/2 x 1/2.
    expect(byId(parlay.id)?.legs.map((leg) => leg.result)).toEqual(['half_lost', 'half_lost'])
    expect([byId(parlay.id)?.result, byId(parlay.id)?.payout]).toEqual(['lost', '2.50'])

    const exported = await source.client.get('/api/bets/export/csv')
    expect(exported.body).toContain(
      ',Spread,Arsenal -0.25,-110,100.00,committed,half_lost,50.00,-50.00,-50.0,',
    )
    const target = await bettor()
    const answer = await importText(target.client, exported.body)
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json()).toMatchObject({ imported: 2, failed: [] })
    const after = await listed(target.client)
    expect(after.map(ticketShape).sort()).toEqual(before.map(ticketShape).sort())
    expect(profit(after)).toBe(profit(before))
  })

  it('brings singles off the feed on a spread and a total back off the feed, with their results', async () => {
    const source = await bettor()
    const spread = await place(source.client, {
      event: {
        name: 'Duke Blue Devils @ North Carolina Tar Heels',
        league: 'NCAAB',
        startTime: '2026-11-20T23:00:00Z',
      },
      betType: 'spread',
      spreadTeam: 'Duke Blue Devils',
      spreadPoints: -3.5,
      odds: -110,
      amount: 22,
    })
    const total = await place(source.client, {
      event: { name: 'Real Sociedad @ Villarreal', league: 'La Liga' },
      betType: 'total',
      overUnder: 'under',
      totalPoints: 2.5,
      odds: 105,
      amount: 10,
    })
    for (const [bet, result] of [
      [spread, 'won'],
      [total, 'lost'],
    ] as const) {
      const settled = await source.client.patch(`/api/bets/${bet.id}/result`, { result })
      expect(settled.statusCode, settled.body).toBe(200)
    }
    const before = await listed(source.client)
    // Duke -3.5 won at -110: 22 + 20 paid back; the under lost its 10.
    expect(profit(before)).toBe(2_000 - 1_000)

    const exported = await source.client.get('/api/bets/export/csv')
    const target = await bettor()
    const answer = await importText(target.client, exported.body)
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json()).toMatchObject({ format: 'grid', imported: 2, unmatched: [], failed: [] })
    const after = await listed(target.client)
    expect(profit(after)).toBe(profit(before))
    expect(
      after.map((bet) => [bet.betType, bet.selection, bet.odds, bet.amount, bet.result, bet.payout]).sort(),
    ).toEqual(
      before.map((bet) => [bet.betType, bet.selection, bet.odds, bet.amount, bet.result, bet.payout]).sort(),
    )
    // Their events come back as they were written: the target's file is the source's.
    expect((await target.client.get('/api/bets/export/csv')).body).toBe(exported.body)

    const again = await importText(target.client, exported.body)
    expect(again.json()).toMatchObject({ imported: 0, duplicates: [{ row: 2 }, { row: 3 }] })
  })

  it('keeps a file of singles byte for byte: no Legs column', async () => {
    const only = await bettor()
    const game = await scheduled({
      homeTeam: 'Green Bay Packers',
      awayTeam: 'Chicago Bears',
      startTime: new Date('2026-11-26T18:00:00Z'),
    })
    await place(only.client, {
      gameId: game.row.id,
      betType: 'moneyline',
      selection: 'Chicago Bears',
      odds: 120,
      amount: 10,
    })
    const exported = await only.client.get('/api/bets/export/csv')
    expect(exported.body.split('\r\n')[0]).toMatch(/,Sportsbook,Placed$/)
    expect(exported.body).not.toContain('Legs')
  })

  it('exports thousands of tickets over many batches byte for byte as the row rule writes them', async () => {
    const [owner, neighbour] = [await bettor(), await bettor()]
    const bills = await scheduled({ startTime: new Date('2026-11-27T18:00:00Z') })
    const giants = await scheduled({
      homeTeam: 'Dallas Cowboys',
      awayTeam: 'New York Giants',
      startTime: new Date('2026-11-28T01:00:00Z'),
    })
    const chiefs = gameLeg(bills.feed, { betType: 'spread', team: 'Kansas City Chiefs', points: -3 }, -110)
    const over = gameLeg(giants.feed, { betType: 'total', overUnder: 'over', points: 44.5 }, -105)
    const mvp: CsvLeg = {
      event: {
        kind: 'off_feed',
        name: 'NBA MVP 2027',
        league: 'NBA',
        startTime: new Date('2027-06-01T00:00:00Z'),
      },
      market: null,
      selection: 'Nikola Jokic',
      odds: 450,
      result: null,
    }
    // More rows than one batch on either database (2,000 through COPY or a cursor): parlays of two
    // and three legs, one leg off the feed, between singles.
    const rows = Array.from({ length: 2_150 }, (_, i) => {
      const placedAt = new Date(Date.UTC(2026, 10, 20, 0, i))
      const amount = 1_000 + i
      switch (i % 3) {
        case 0:
          return parlayRow([chiefs, over], amount, placedAt)
        case 1:
          return parlayRow([over, chiefs, mvp], amount, placedAt)
        default:
          return singleRow(amount, placedAt)
      }
    })
    // Imported in parts, with another bettor's between them: the owner's ids are not one run.
    const part = 450
    for (let at = 0; at < rows.length; at += part) {
      const text = csvHeader({ legs: true }) + rows.slice(at, at + part).join('')
      for (const { client } of [owner, neighbour]) {
        const answer = await importText(client, text)
        expect(answer.statusCode, answer.body).toBe(200)
        expect(answer.json()).toMatchObject({ failed: [], unmatched: [] })
      }
    }
    const exported = await owner.client.get('/api/bets/export/csv')
    expect(exported.statusCode).toBe(200)
    expect(exported.body).toBe(csvHeader({ legs: true }) + rows.join(''))
  })
})

/** A leg on a feed game, as the export writes it. */
function gameLeg(game: FeedGame, market: Market, odds: number): CsvLeg {
  return {
    event: {
      kind: 'game',
      awayTeam: game.awayTeam,
      homeTeam: game.homeTeam,
      sport: game.league,
      startTime: game.startTime,
    },
    market,
    selection: composeSelection(market),
    odds,
    result: null,
  }
}

/** A committed, pending parlay row of these legs, priced from them (decision 053). */
function parlayRow(legs: CsvLeg[], amount: number, placedAt: Date): string {
  return csvTicketRows(ZONE)({
    shape: { kind: 'parlay' },
    legs,
    odds: parlayOdds(legs) ?? 100,
    amount,
    potentialWin: ticketPotentialWin({ kind: 'parlay' }, legs, amount, null) ?? 0,
    boost: null,
    betStatus: 'committed',
    result: null,
    payout: null,
    sportsbook: 'DraftKings',
    placedAt,
  })
}

/** A committed, pending single off the feed in a file with the Legs column (its cell empty). */
function singleRow(amount: number, placedAt: Date): string {
  return csvRows(ZONE, { legs: true })({
    betType: 'other',
    selection: 'Over 1.5 goals',
    odds: 150,
    amount,
    betStatus: 'committed',
    result: null,
    payout: null,
    sportsbook: 'FanDuel',
    placedAt,
    game: { homeTeam: 'Arsenal v Chelsea props', awayTeam: '', sport: 'EPL', startTime: null },
  } as CsvBet)
}

describe('a mapped file', () => {
  const mapping = {
    date: 'Date',
    league: 'League',
    event: 'Event',
    market: 'Type',
    selection: 'Pick',
    odds: 'Odds',
    stake: 'Stake',
    result: 'Result',
    payout: 'Payout',
  }
  const query = `?columns=${encodeURIComponent(JSON.stringify(mapping))}`

  it("imports a parlay row as a ticket: legs on the games found, the others off the feed, the file's payout", async () => {
    const who = await bettor()
    const rams = await scheduled({
      homeTeam: 'Los Angeles Rams',
      awayTeam: 'Seattle Seahawks',
      startTime: new Date('2026-11-19T01:15:00Z'),
    })
    await ends(rams, 21, 24)
    const file = [
      'Date,League,Event,Type,Pick,Odds,Stake,Result,Payout',
      '2026-11-18,NFL,Seattle Seahawks @ Los Angeles Rams | Lakers @ Celtics,Parlay,Seattle Seahawks ML (+110) | LeBron James over 25.5 points (-115),+290,10,W,50.00',
      '2026-11-18,NFL,Seattle Seahawks @ Los Angeles Rams,Spread,Los Angeles Rams +3.5,-110,11,W,',
    ].join('\n')
    const answer = await importText(who.client, file, query)
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json()).toMatchObject({
      format: 'mapped',
      imported: 2,
      failed: [],
      tickets: { single: 1, parlay: 1 },
    })
    const list = await listed(who.client)
    const ticket = list.find((bet) => bet.betType === 'parlay')
    expect(ticket).toMatchObject({ result: 'won', payout: '50.00', odds: 290, amount: '10.00' })
    expect(
      ticket?.legs.map((leg) => [
        leg.gameId === rams.row.id,
        leg.selection,
        leg.odds,
        leg.event?.name ?? null,
      ]),
    ).toEqual([
      [true, 'Seattle Seahawks ML', 110, null],
      [false, 'LeBron James over 25.5 points', -115, 'Lakers @ Celtics'],
    ])
    // The file's result stands: the Rams' final game does not settle it again.
    await ends(rams, 21, 24)
    expect(profit(await listed(who.client))).toBe(4_000 + 1_000)
  })

  it("splits a ticket's legs at the request's separator", async () => {
    const who = await bettor()
    const file = [
      'Date,League,Event,Type,Pick,Odds,Stake,Result,Payout',
      '2026-11-15,NBA,Knicks @ Heat;Lakers @ Celtics,2-team parlay,Knicks;Celtics,+260,10,L,',
    ].join('\n')
    const answer = await importText(who.client, file, `${query}&separator=${encodeURIComponent(';')}`)
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json()).toMatchObject({ imported: 1, failed: [], tickets: { parlay: 1 } })
    const [ticket] = await listed(who.client)
    expect(ticket).toMatchObject({ result: 'lost', payout: '0.00' })
    expect(ticket?.legs.map((leg) => [leg.selection, leg.event?.name])).toEqual([
      ['Knicks', 'Knicks @ Heat'],
      ['Celtics', 'Lakers @ Celtics'],
    ])
    const refused = await importText(who.client, file, `${query}&separator=x`)
    expect(refused.statusCode).toBe(400)
  })

  it('reads a file of one row per leg, its rows sharing a ticket id', async () => {
    const who = await bettor()
    await scheduled({
      homeTeam: 'Denver Broncos',
      awayTeam: 'Las Vegas Raiders',
      startTime: new Date('2026-11-17T01:15:00Z'),
    })
    const perLeg = { ...mapping, ticket: 'Slip' }
    const file = [
      'Date,League,Event,Type,Pick,Odds,Stake,Result,Payout,Slip',
      '2026-11-16,NFL,Las Vegas Raiders @ Denver Broncos,Spread,Denver Broncos -7,-110,20,W,45.00,A1',
      '2026-11-16,NBA,Knicks @ Heat,Moneyline,Knicks,+120,,L,,A1',
    ].join('\n')
    const answer = await importText(
      who.client,
      file,
      `?columns=${encodeURIComponent(JSON.stringify(perLeg))}`,
    )
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json()).toMatchObject({ imported: 1, failed: [], tickets: { parlay: 1 } })
    const [ticket] = await listed(who.client)
    expect(ticket?.legs.map((leg) => [leg.selection, leg.result])).toEqual([
      ['Denver Broncos -7', 'won'],
      ['Knicks', 'lost'],
    ])
    expect([ticket?.result, ticket?.payout]).toEqual(['won', '45.00'])
  })
})

describe('a partner slip of several legs', () => {
  it('syncs as a ticket: a full-game leg on its game, a prop off the feed, settled from the slip', async () => {
    const who = await bettor()
    const connect = await who.client.post('/api/sportsbooks/connect', { sportsbook: 'draftkings' })
    expect(connect.statusCode, connect.body).toBe(200)
    const partnerId = internalId({ id: who.user.id })
    fake.link(partnerId, 'dk')
    const game = await scheduled({
      homeTeam: 'Philadelphia Eagles',
      awayTeam: 'Washington Commanders',
      startTime: new Date('2026-11-22T21:25:00Z'),
    })
    const event = {
      league: 'NFL',
      name: 'Washington Commanders @ Philadelphia Eagles',
      startTime: '2026-11-22T21:25:00Z',
      contestantAway: { fullName: 'Washington Commanders' },
      contestantHome: { fullName: 'Philadelphia Eagles' },
    }
    const legs = [
      {
        event,
        proposition: 'spread',
        segmentId: 'SEGM_M',
        position: 'Philadelphia Eagles',
        line: -3.5,
        oddsAmerican: -110,
        outcome: null as string | null,
      },
      {
        event,
        proposition: 'player_prop',
        segmentId: 'SEGM_M',
        position: 'Jalen Hurts over 1.5 passing TDs',
        line: null,
        oddsAmerican: 150,
        outcome: null as string | null,
      },
    ]
    const slip = fake.addSlip(partnerId, 'dk', {
      type: 'parlay',
      oddsAmerican: 264,
      atRisk: 1000,
      toWin: 2640,
      bets: legs,
    })
    const sync = async () => {
      const response = await who.client.post('/api/sportsbooks/sync')
      expect(response.statusCode, response.body).toBe(200)
      return response.json().result
    }
    expect(await sync()).toMatchObject({
      newBets: 1,
      skipped: 0,
      errors: [],
      tickets: { single: 0, same_game_parlay: 0, parlay: 1 },
    })
    const [pending] = await listed(who.client)
    expect(pending).toMatchObject({
      betType: 'parlay',
      betStatus: 'committed',
      result: null,
      amount: '10.00',
    })
    expect(pending?.legs.map((leg) => [leg.gameId === game.row.id, leg.selection, leg.result])).toEqual([
      [true, 'Philadelphia Eagles -3.5', null],
      [false, 'Jalen Hurts over 1.5 passing TDs', null],
    ])
    expect(await sync()).toMatchObject({ newBets: 0, updatedBets: 0 })

    // The book grades the slip and its legs: the slip's To Win gives the payout, the legs their results.
    for (const leg of legs) leg.outcome = 'win'
    fake.grade(String(slip.id), 'win')
    expect(await sync()).toMatchObject({ newBets: 0, updatedBets: 1, errors: [] })
    const [graded] = await listed(who.client)
    expect(graded).toMatchObject({ id: pending?.id, result: 'won', payout: '36.40' })
    expect(graded?.legs.map((leg) => leg.result)).toEqual(['won', 'won'])
    expect(await sync()).toMatchObject({ newBets: 0, updatedBets: 0 })
  })
})

describe('the legs (decision 061)', () => {
  it('holds one leg per single, and each ticket its legs in slip order, its row on its first leg’s game', async () => {
    const all = await t.app.db.select().from(bets)
    expect(all.filter((bet) => bet.ticketKind !== 'single').length).toBeGreaterThan(4)
    // One read of every leg: a query per bet over the file's thousands of tickets ran past the test's time
    // limit on a busy machine.
    const legsOf = new Map<number, (typeof betLegs.$inferSelect)[]>()
    for (const leg of await t.app.db.select().from(betLegs).orderBy(betLegs.betId, betLegs.position)) {
      legsOf.set(leg.betId, [...(legsOf.get(leg.betId) ?? []), leg])
    }
    for (const bet of all) {
      const legs = legsOf.get(bet.id) ?? []
      expect(legs.map((leg) => leg.position)).toEqual(legs.map((_, i) => i))
      if (bet.ticketKind === 'single') expect(legs).toHaveLength(1)
      else expect(legs.length).toBeGreaterThanOrEqual(2)
      expect(legs[0]?.gameId).toBe(bet.gameId)
    }
  })
})
