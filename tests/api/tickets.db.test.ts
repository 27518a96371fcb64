import { eq } from 'drizzle-orm'
import { strFromU8, unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FeedGame } from '../../src/domain/game'
import { TICKET_ENTRY_MESSAGES } from '../../src/domain/ticket-entry'
import { betLegs, bets } from '../../src/server/db/bets-schema'
import { endGame, scheduledGame } from './support/bets'
import { type Client, signedIn, type TestApp, testApp } from './support/test-app'

/** Monday 2026-11-23, 12:00 in Chicago (the default zone). */
const NOW = '2026-11-23T18:00:00Z'

let t: TestApp
let client: Client
let userId: number
let other: Client

beforeAll(async () => {
  t = await testApp({ server: { appNow: NOW } })
  await signedIn(t.app, {}, '10.1.0.1') // decision 013: the first account is the admin
  const signed = await signedIn(t.app, {}, '10.1.0.2')
  client = signed.client
  userId = signed.user.id
  other = (await signedIn(t.app, {}, '10.1.0.3')).client
})
afterAll(() => t.close())

type Json = Record<string, unknown>
type Bet = Json & { id: number; legs: (Json & { id: number })[] }

const scheduled = (overrides: Partial<FeedGame> = {}) => scheduledGame(t.app, overrides)
/** The game ends at this score and its bets settle, as a sync does. */
const ends = (game: { feed: FeedGame }, home: number, away: number) =>
  endGame(t.app, game, { home, away }, new Date(NOW))

async function place(body: Json, as = client): Promise<Bet> {
  const response = await as.post('/api/bets', body)
  expect(response.statusCode, response.body).toBe(201)
  return response.json() as Bet
}

async function confirm(id: number): Promise<Bet> {
  const response = await client.patch(`/api/bets/${id}/status`, { betStatus: 'committed' })
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as Bet
}

async function owned(id: number): Promise<Bet> {
  const page = await client.get('/api/bets')
  const found = (page.json() as Bet[]).find((bet) => bet.id === id)
  if (!found) throw new Error(`bet ${id} not listed`)
  return found
}

const chiefsSpread = (gameId: number, odds: number | null = -110) => ({
  gameId,
  betType: 'spread',
  spreadTeam: 'Chiefs',
  spreadPoints: -3,
  odds,
})
const over = (gameId: number, points: number, odds: number | null = 150) => ({
  gameId,
  betType: 'total',
  overUnder: 'over',
  totalPoints: points,
  odds,
})

describe('parlays', () => {
  it('prices from the legs, settles leg by leg from the feed, and drops a pushed leg from the payout', async () => {
    const a = await scheduled()
    const b = await scheduled({ homeTeam: 'Dallas Cowboys', awayTeam: 'New York Giants' })
    const ticket = await place({
      betType: 'parlay',
      legs: [chiefsSpread(a.row.id), over(b.row.id, 44)],
      amount: 10,
      sportsbook: 'DraftKings',
    })
    // 10 x (210/110) x (250/100) = 47.727..., a profit of 37.73, rounded once (decision 054).
    expect(ticket).toMatchObject({
      betType: 'parlay',
      betStatus: 'tentative',
      potentialWin: '37.73',
      selection: 'Kansas City Chiefs -3 | Over 44',
      gameId: a.row.id,
    })
    expect(ticket.legs.map((leg) => [leg.gameId, leg.selection, leg.odds, leg.result])).toEqual([
      [a.row.id, 'Kansas City Chiefs -3', -110, null],
      [b.row.id, 'Over 44', 150, null],
    ])
    await confirm(ticket.id)

    await ends(a, 27, 20)
    const halfway = await owned(ticket.id)
    expect(halfway).toMatchObject({ result: null, payout: null, needsReview: false })
    expect(halfway.legs.map((leg) => leg.result)).toEqual(['won', null])

    await ends(b, 24, 20)
    const settled = await owned(ticket.id)
    // The pushed leg is removed: 10 x 210/110 = 19.0909... -> 19.09.
    expect(settled).toMatchObject({ result: 'won', payout: '19.09' })
    expect(settled.legs.map((leg) => leg.result)).toEqual(['won', 'push'])
  })

  it('is lost by one lost leg, whatever the others', async () => {
    const a = await scheduled()
    const b = await scheduled({ homeTeam: 'Dallas Cowboys', awayTeam: 'New York Giants' })
    const ticket = await place({
      betType: 'parlay',
      legs: [chiefsSpread(a.row.id), over(b.row.id, 44.5)],
      amount: 10,
    })
    await confirm(ticket.id)
    await ends(a, 20, 27)
    expect(await owned(ticket.id)).toMatchObject({ result: 'lost', payout: '0.00' })
  })

  it.each([
    ['one leg', (a: number) => ({ legs: [chiefsSpread(a)] }), 'legs', TICKET_ENTRY_MESSAGES.legCount],
    [
      'a team not in the game',
      (a: number, b: number) => ({ legs: [chiefsSpread(a), { ...chiefsSpread(b) }] }),
      'legs.1.spreadTeam',
      'Choose one of the two teams playing this game',
    ],
    [
      'two legs on one game',
      (a: number) => ({ legs: [chiefsSpread(a), over(a, 44.5)] }),
      'legs.1.gameId',
      TICKET_ENTRY_MESSAGES.sameGameTwice,
    ],
    [
      'a leg on neither a game nor an event',
      (a: number) => ({ legs: [chiefsSpread(a), { betType: 'total', overUnder: 'over', totalPoints: 40 }] }),
      'legs.1.gameId',
      TICKET_ENTRY_MESSAGES.oneEvent,
    ],
    [
      'no price at all',
      (a: number, b: number) => ({ legs: [chiefsSpread(a, null), over(b, 44.5, null)] }),
      'odds',
      TICKET_ENTRY_MESSAGES.price,
    ],
  ])('refuses %s with the field and the reason, and stores nothing', async (_, legs, field, message) => {
    const a = await scheduled()
    const b = await scheduled({ homeTeam: 'Dallas Cowboys', awayTeam: 'New York Giants' })
    const before = await t.app.db.select().from(bets).where(eq(bets.userId, userId))
    const response = await client.post('/api/bets', {
      betType: 'parlay',
      amount: 10,
      ...legs(a.row.id, b.row.id),
    })
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json()).toEqual({ field, message })
    expect(await t.app.db.select().from(bets).where(eq(bets.userId, userId))).toHaveLength(before.length)
  })

  it('answers 404 for a leg on a game the feed does not have', async () => {
    const a = await scheduled()
    const response = await client.post('/api/bets', {
      betType: 'parlay',
      amount: 10,
      legs: [chiefsSpread(a.row.id), over(987_654, 44.5)],
    })
    expect(response.statusCode).toBe(404)
  })
})

describe('editing a tentative ticket (decision 065)', () => {
  it('replaces its kind, terms and legs, keeps its placed time, and leaves a confirmed one alone', async () => {
    const a = await scheduled()
    const b = await scheduled({ homeTeam: 'Dallas Cowboys', awayTeam: 'New York Giants' })
    const c = await scheduled({ homeTeam: 'Denver Broncos', awayTeam: 'Las Vegas Raiders' })
    const ticket = await place({
      betType: 'parlay',
      legs: [chiefsSpread(a.row.id), over(b.row.id, 44)],
      amount: 10,
    })
    const edit = (body: Json, id = ticket.id, as = client) => as.put(`/api/bets/${id}/ticket`, body)

    const edited = await edit({
      betType: 'teaser',
      legs: [over(c.row.id, 38, null), chiefsSpread(a.row.id, null), over(b.row.id, 50, null)],
      odds: 160,
      teaserPoints: 6,
      ties: 'push',
      amount: 25,
      sportsbook: 'FanDuel',
    })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json()).toMatchObject({
      id: ticket.id,
      betType: 'teaser',
      betStatus: 'tentative',
      amount: '25.00',
      potentialWin: '40.00',
      sportsbook: 'FanDuel',
      placedAt: ticket.placedAt,
      gameId: c.row.id,
      selection: 'Over 38 | Kansas City Chiefs -3 | Over 50',
    })
    const legs = await t.app.db.select().from(betLegs).where(eq(betLegs.betId, ticket.id))
    expect(legs.map((leg) => [leg.position, leg.gameId, leg.selection]).sort()).toEqual([
      [0, c.row.id, 'Over 38'],
      [1, a.row.id, 'Kansas City Chiefs -3'],
      [2, b.row.id, 'Over 50'],
    ])
    // Listed under each game it now has a leg on, and under no game it left.
    const [row] = await t.app.db.select().from(bets).where(eq(bets.id, ticket.id))
    expect(row?.otherGameIds?.sort()).toEqual([a.row.id, b.row.id].sort())

    // Checked as a new ticket is, naming the field; a ticket stays a ticket; another's is not found.
    const short = await edit({ betType: 'parlay', legs: [chiefsSpread(a.row.id)], amount: 10 })
    expect([short.statusCode, short.json().field]).toEqual([400, 'legs'])
    const single = await edit({
      gameId: a.row.id,
      betType: 'moneyline',
      selection: 'Kansas City Chiefs',
      odds: -150,
      amount: 10,
    })
    expect([single.statusCode, single.json().field]).toEqual([400, 'betType'])
    expect(
      (
        await edit(
          { betType: 'parlay', legs: [chiefsSpread(a.row.id), over(b.row.id, 44)], amount: 10 },
          ticket.id,
          other,
        )
      ).statusCode,
    ).toBe(404)
    expect(
      (
        await client.patch(`/api/bets/${ticket.id}`, {
          betType: 'moneyline',
          odds: -110,
          selection: 'Kansas City Chiefs',
        })
      ).statusCode,
    ).toBe(409)

    await confirm(ticket.id)
    const late = await edit({
      betType: 'parlay',
      legs: [chiefsSpread(a.row.id), over(b.row.id, 44)],
      amount: 10,
    })
    expect(late.statusCode).toBe(409)
    expect((await owned(ticket.id)).betType).toBe('teaser')
  })

  it('edits a bet off the feed as a single off the feed, and sends a feed single to PATCH', async () => {
    const prop = await place({
      event: { name: 'NBA MVP 2027', league: 'NBA' },
      betType: 'other',
      selection: 'Nikola Jokic',
      odds: 450,
      amount: 20,
    })
    const edited = await client.put(`/api/bets/${prop.id}/ticket`, {
      event: { name: 'NBA MVP 2027', league: 'NBA' },
      betType: 'other',
      selection: 'Shai Gilgeous-Alexander',
      odds: 300,
      amount: 10,
    })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json()).toMatchObject({
      selection: 'Shai Gilgeous-Alexander',
      potentialWin: '30.00',
      legs: [],
    })
    const [leg] = await t.app.db.select().from(betLegs).where(eq(betLegs.betId, prop.id))
    expect(leg).toMatchObject({ selection: 'Shai Gilgeous-Alexander', odds: 300 })

    const a = await scheduled()
    const feedSingle = await place({ ...chiefsSpread(a.row.id), amount: 10 })
    const refused = await client.put(`/api/bets/${feedSingle.id}/ticket`, {
      ...chiefsSpread(a.row.id),
      amount: 10,
    })
    expect(refused.statusCode).toBe(409)
  })
})

describe('same-game parlays and teasers', () => {
  it('voids a same-game parlay with a pushed leg at a book that voids (DraftKings by default)', async () => {
    const a = await scheduled()
    const ticket = await place({
      betType: 'same_game_parlay',
      legs: [chiefsSpread(a.row.id, null), over(a.row.id, 44, null)],
      odds: 260,
      amount: 20,
      sportsbook: 'DraftKings',
    })
    expect(ticket).toMatchObject({ voidRule: 'void', potentialWin: '52.00' })
    await confirm(ticket.id)
    await ends(a, 24, 20)
    expect(await owned(ticket.id)).toMatchObject({ result: 'void', payout: '20.00' })
  })

  it('puts a same-game parlay that reprices in review, then takes the payout the book made', async () => {
    const a = await scheduled()
    const ticket = await place({
      betType: 'same_game_parlay',
      legs: [chiefsSpread(a.row.id, null), over(a.row.id, 44, null)],
      odds: 260,
      amount: 20,
      sportsbook: 'FanDuel',
    })
    expect(ticket.voidRule).toBe('reprice')
    await confirm(ticket.id)
    await ends(a, 24, 20)
    const review = await owned(ticket.id)
    expect(review).toMatchObject({ result: null, needsReview: true })
    expect(review.reviewReason).toMatch(/enter what it paid/)

    const withoutPayout = await client.patch(`/api/bets/${ticket.id}/result`, { result: 'won' })
    expect(withoutPayout.statusCode).toBe(400)
    expect(withoutPayout.json()).toMatchObject({ field: 'payout' })
    const paid = await client.patch(`/api/bets/${ticket.id}/result`, { result: 'won', payout: '31.50' })
    expect(paid.statusCode, paid.body).toBe(200)
    expect(paid.json()).toMatchObject({ result: 'won', payout: '31.50', needsReview: false })
    expect(paid.json().handResult).toMatchObject({ byUserId: userId })
  })

  it('loses a teaser on a tie under the lose rule, and refuses a moneyline leg', async () => {
    const a = await scheduled()
    const b = await scheduled({ homeTeam: 'Dallas Cowboys', awayTeam: 'New York Giants' })
    const refused = await client.post('/api/bets', {
      betType: 'teaser',
      teaserPoints: 6,
      odds: -120,
      amount: 12,
      legs: [chiefsSpread(a.row.id), { gameId: b.row.id, betType: 'moneyline', selection: 'Dallas Cowboys' }],
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual({ field: 'legs.1.betType', message: TICKET_ENTRY_MESSAGES.teaserMarket })

    const ticket = await place({
      betType: 'teaser',
      teaserPoints: 6,
      ties: 'lose',
      odds: -120,
      amount: 12,
      legs: [
        { ...chiefsSpread(a.row.id, null), spreadPoints: 3 },
        { ...over(b.row.id, 38, null), totalPoints: 38 },
      ],
    })
    expect(ticket).toMatchObject({ ties: 'lose', teaserPoints: 6, potentialWin: '10.00' })
    await confirm(ticket.id)
    await ends(a, 17, 20)
    expect(await owned(ticket.id)).toMatchObject({ result: 'lost', payout: '0.00' })
  })

  it('settles a reduced teaser itself at the book’s price for the legs left, when the bettor gave it', async () => {
    const games = await Promise.all([
      scheduled(),
      scheduled({ homeTeam: 'Dallas Cowboys', awayTeam: 'New York Giants' }),
      scheduled({ homeTeam: 'Miami Dolphins', awayTeam: 'New York Jets' }),
    ])
    const ticket = await place({
      betType: 'teaser',
      teaserPoints: 6,
      ties: 'reduce',
      reducedOdds: { '2': -110 },
      odds: 160,
      amount: 11,
      legs: games.map((game) => ({ ...over(game.row.id, 40, null) })),
    })
    expect(ticket.reducedOdds).toEqual({ '2': -110 })
    await confirm(ticket.id)
    await ends(games[0] as (typeof games)[0], 21, 19)
    await ends(games[1] as (typeof games)[0], 30, 20)
    await ends(games[2] as (typeof games)[0], 24, 24)
    // The tie is removed; two legs won at -110: 11 + 10 = 21.00.
    expect(await owned(ticket.id)).toMatchObject({ result: 'won', payout: '21.00', needsReview: false })
  })

  it('stores a round robin by 2s whose stake splits evenly, and refuses one that does not', async () => {
    const games = await Promise.all([
      scheduled(),
      scheduled({ homeTeam: 'Dallas Cowboys', awayTeam: 'New York Giants' }),
      scheduled({ homeTeam: 'Miami Dolphins', awayTeam: 'New York Jets' }),
    ])
    const legs = games.map((game) => over(game.row.id, 40.5, 100))
    const uneven = await client.post('/api/bets', { betType: 'round_robin', sizes: [2], amount: 10, legs })
    expect(uneven.statusCode).toBe(400)
    expect(uneven.json()).toEqual({ field: 'amount', message: TICKET_ENTRY_MESSAGES.evenStake })
    const ticket = await place({ betType: 'round_robin', sizes: [2], amount: 30, legs })
    // Three parlays of $10 at +300 each: $90 profit when every leg wins.
    expect(ticket).toMatchObject({ sizes: [2], potentialWin: '90.00', amount: '30.00' })
  })
})

describe('bets off the feed and hand results', () => {
  it('records a prop off the feed, settles it by hand, and shows it in the history and its summary', async () => {
    const prop = await place({
      event: { name: 'NBA MVP 2027', league: 'NBA' },
      betType: 'other',
      selection: 'Nikola Jokic',
      odds: 450,
      amount: 20,
    })
    expect(prop).toMatchObject({
      betType: 'other',
      selection: 'Nikola Jokic',
      potentialWin: '90.00',
      legs: [],
    })
    const tentative = await client.patch(`/api/bets/${prop.id}/result`, { result: 'won' })
    expect(tentative.statusCode).toBe(409)
    await confirm(prop.id)
    expect((await other.patch(`/api/bets/${prop.id}/result`, { result: 'won' })).statusCode).toBe(404)

    const won = await client.patch(`/api/bets/${prop.id}/result`, { result: 'won' })
    expect(won.statusCode, won.body).toBe(200)
    expect(won.json()).toMatchObject({ result: 'won', payout: '110.00' })

    const history = await client.get('/api/bets/history')
    const page = history.json() as { bets: (Bet & { game: Json })[] }
    const listed = page.bets.find((bet) => bet.id === prop.id)
    expect(listed?.game).toMatchObject({ provider: 'unlinked', homeTeam: 'NBA MVP 2027', league: 'NBA' })
    const [leg] = await t.app.db.select().from(betLegs).where(eq(betLegs.betId, prop.id))
    expect(leg).toMatchObject({ market: null, selection: 'Nikola Jokic', result: 'won' })
  })

  it('needs review when a leg pushes and another leg has no odds, and a leg can be settled by hand', async () => {
    const a = await scheduled()
    const ticket = await place({
      betType: 'parlay',
      odds: 400,
      amount: 10,
      legs: [
        chiefsSpread(a.row.id, null),
        { event: { name: 'Lakers @ Celtics' }, betType: 'other', selection: 'LeBron James over 25.5 points' },
      ],
    })
    expect(ticket.potentialWin).toBe('40.00')
    const [, propLeg] = ticket.legs
    expect(propLeg?.event).toMatchObject({ name: 'Lakers @ Celtics' })
    await confirm(ticket.id)
    await ends(a, 23, 20)
    expect((await owned(ticket.id)).result).toBeNull()

    const leg = await client.patch(`/api/bets/${ticket.id}/result`, { result: 'won', legId: propLeg?.id })
    expect(leg.statusCode, leg.body).toBe(200)
    expect(leg.json()).toMatchObject({ result: null, needsReview: true, handResult: null })
    expect(leg.json().legs.map((l: Json) => l.result)).toEqual(['push', 'won'])
    expect(leg.json().legs[1].handResult).toMatchObject({ byUserId: userId })

    const unknownLeg = await client.patch(`/api/bets/${ticket.id}/result`, { result: 'won', legId: 987_654 })
    expect(unknownLeg.statusCode).toBe(404)

    // Cleared, the prop's leg is undecided again, and so is the ticket.
    const cleared = await client.patch(`/api/bets/${ticket.id}/result`, { result: null, legId: propLeg?.id })
    expect(cleared.statusCode, cleared.body).toBe(200)
    expect(cleared.json()).toMatchObject({ result: null, needsReview: false })
    expect(cleared.json().legs.map((l: Json) => [l.result, l.handResult])).toEqual([
      ['push', null],
      [null, null],
    ])
  })

  it('corrects a single the feed settled, and a cleared correction goes back to the score', async () => {
    const a = await scheduled()
    const single = await place({ ...chiefsSpread(a.row.id), amount: 11 })
    await confirm(single.id)
    await ends(a, 27, 20)
    expect(await owned(single.id)).toMatchObject({ result: 'won', payout: '21.00' })
    const corrected = await client.patch(`/api/bets/${single.id}/result`, { result: 'lost' })
    expect(corrected.json()).toMatchObject({ result: 'lost', payout: '0.00' })
    // A later sync of the same final score leaves the bettor's word as it is.
    await ends(a, 27, 20)
    expect(await owned(single.id)).toMatchObject({ result: 'lost', payout: '0.00' })
    const refused = await client.patch(`/api/bets/${single.id}/result`, { result: null, payout: 5 })
    expect(refused.json()).toMatchObject({ field: 'payout' })
    const cleared = await client.patch(`/api/bets/${single.id}/result`, { result: null })
    expect(cleared.json()).toMatchObject({ result: 'won', payout: '21.00', handResult: null })
  })

  it('lists a parlay under each of its games in the history, and counts it once in the summary', async () => {
    const fresh = await signedIn(t.app, {}, '10.1.0.9')
    const a = await scheduled({ startTime: new Date('2026-11-22T18:00:00Z') })
    const b = await scheduled({
      homeTeam: 'Dallas Cowboys',
      awayTeam: 'New York Giants',
      startTime: new Date('2026-11-22T21:00:00Z'),
    })
    const ticket = await place(
      { betType: 'parlay', legs: [chiefsSpread(a.row.id), over(b.row.id, 44.5)], amount: 10 },
      fresh.client,
    )
    const history = await fresh.client.get('/api/bets/history')
    const page = history.json() as { summary: Json; bets: (Bet & { game: Json })[] }
    expect(page.bets.map((bet) => [bet.id, bet.game.id])).toEqual([
      [ticket.id, b.row.id],
      [ticket.id, a.row.id],
    ])
    expect(page.summary).toMatchObject({ totalBets: 1 })
  })

  it('breaks a ticket down by its kind, and by "Multiple" when its legs are in two leagues', async () => {
    const fresh = await signedIn(t.app, {}, '10.1.0.10')
    const nfl = await scheduled()
    const nba = await scheduled({
      league: 'NBA',
      leagueAlias: 'nba',
      homeTeam: 'Los Angeles Lakers',
      awayTeam: 'Boston Celtics',
    })
    const ticket = await place(
      {
        betType: 'parlay',
        amount: 10,
        legs: [
          chiefsSpread(nfl.row.id, 100),
          { gameId: nba.row.id, betType: 'moneyline', selection: 'Lakers', odds: 100 },
        ],
      },
      fresh.client,
    )
    const confirmed = await fresh.client.patch(`/api/bets/${ticket.id}/status`, { betStatus: 'committed' })
    expect(confirmed.statusCode).toBe(200)
    await ends(nfl, 30, 20)
    await ends(nba, 110, 100)
    const stats = await fresh.client.get('/api/stats/user')
    expect(stats.statusCode, stats.body).toBe(200)
    const body = stats.json() as { netProfit: string; breakdowns: Record<string, Json[]>; byBetType: Json[] }
    // Two even-money legs won: 10 x 2 x 2 = 40, a net of 30.
    expect(body.netProfit).toBe('30.00')
    expect(body.breakdowns.betType?.map((row) => [row.key, row.label, row.netProfit])).toEqual([
      ['parlay', 'Parlay', '30.00'],
    ])
    expect(body.breakdowns.league?.map((row) => row.key)).toEqual(['Multiple'])
    expect(body.byBetType.map((row) => row.betType)).toEqual(['parlay'])
  })

  it('puts a ticket in the data download as the CSV export writes it, with its legs', async () => {
    const fresh = await signedIn(t.app, {}, '10.1.0.11')
    const a = await scheduled()
    const b = await scheduled({ homeTeam: 'Dallas Cowboys', awayTeam: 'New York Giants' })
    await place(
      { betType: 'parlay', amount: 10, legs: [chiefsSpread(a.row.id), over(b.row.id, 44.5)] },
      fresh.client,
    )
    const download = await fresh.client.get('/api/user/data-export')
    expect(download.statusCode, download.body).toBe(200)
    const bets = strFromU8(unzipSync(new Uint8Array(download.rawPayload))['bets.csv'] ?? new Uint8Array())
    expect(bets).toBe((await fresh.client.get('/api/bets/export/csv')).body)
    const [header, row] = bets.split('\r\n')
    expect(header).toMatch(/,Sportsbook,Placed,Legs$/)
    expect(row).toContain(',Parlay,Kansas City Chiefs -3 | Over 44.5,')
  })
})
