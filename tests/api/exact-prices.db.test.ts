import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PRICE_MESSAGES } from '../../src/domain/price'
import { endGame, importedBy, scheduledGame } from './support/bets'
import { type Client, signedIn, type TestApp, testApp } from './support/test-app'

/**
 * Decision 072 through the API, on both databases: a decimal and a fractional slip entered as they read,
 * their American rounding beside them, paid from the exact price on the grid and when settled; a parlay of
 * exact legs; an edit to a decimal price; the refusals naming their field.
 */
const NOW = '2026-11-23T18:00:00Z'
let t: TestApp
let client: Client

beforeAll(async () => {
  t = await testApp({ server: { appNow: NOW } })
  await signedIn(t.app, {}, '10.72.0.1') // decision 013: the first account is the admin
  client = (await signedIn(t.app, {}, '10.72.0.2')).client
})
afterAll(() => t.close())

type Json = Record<string, unknown> & { id: number }
type Grid = { outcomes: { homeScore: number; outcomes: { awayScore: number; profit: number }[] }[] }

async function place(body: Record<string, unknown>): Promise<Json> {
  const response = await client.post('/api/bets', body)
  expect(response.statusCode, response.body).toBe(201)
  const bet = response.json() as Json
  expect((await client.patch(`/api/bets/${bet.id}/status`, { betStatus: 'committed' })).statusCode).toBe(200)
  return bet
}

const profitAt = (grid: Grid, home: number, away: number) =>
  grid.outcomes.find((row) => row.homeScore === home)?.outcomes.find((cell) => cell.awayScore === away)
    ?.profit

describe('prices as the slip says them (decision 072)', () => {
  it('keeps a decimal and a fractional price, pays from them on the grid and when settled', async () => {
    const game = await scheduledGame(t.app)
    const gameId = game.row.id
    // $100 on Chiefs -3.5 at 1.91: To Win $91.00 (at -110 it would be $90.91).
    const decimal = await place({
      gameId,
      betType: 'spread',
      spreadTeam: 'Kansas City Chiefs',
      spreadPoints: -3.5,
      decimalOdds: 1.91,
      amount: 100,
    })
    expect(decimal).toMatchObject({
      odds: -110,
      decimalOdds: 1.91,
      fractionalOdds: null,
      potentialWin: '91.00',
    })
    // $10 on over 44.5 at 6/4 wins $15; the text wins over the odds sent beside it.
    const fraction = await place({
      gameId,
      betType: 'total',
      overUnder: 'over',
      totalPoints: 44.5,
      odds: -500,
      fractionalOdds: '6/4',
      amount: 10,
    })
    expect(fraction).toMatchObject({
      odds: 150,
      decimalOdds: null,
      fractionalOdds: '6/4',
      potentialWin: '15.00',
    })

    const grid = (await client.get(`/api/outcome-matrix/${gameId}`)).json() as Grid
    // 27-20: the Chiefs cover (+91.00), 47 points go over (+15.00).
    expect(profitAt(grid, 27, 20)).toBe(106)
    // 20-17: no cover (-100), 37 points under (-10).
    expect(profitAt(grid, 20, 17)).toBe(-110)

    await endGame(t.app, game, { home: 27, away: 20 }, new Date(NOW))
    const history = ((await client.get('/api/bets/history')).json() as { bets: Json[] }).bets
    expect(history.find((bet) => bet.id === decimal.id)).toMatchObject({
      result: 'won',
      payout: '191.00',
      decimalOdds: 1.91,
    })
    expect(history.find((bet) => bet.id === fraction.id)).toMatchObject({ result: 'won', payout: '25.00' })

    // Grid's CSV writes the price as the slip said it, and its import reads it back exactly.
    const csv = (await client.get('/api/bets/export/csv')).body
    expect(csv).toContain(',Kansas City Chiefs -3.5,1.91,100.00,committed,won,191.00,91.00,91.0,')
    expect(csv).toContain(',Over 44.5,6/4,10.00,committed,won,25.00,15.00,150.0,')
    const { copy, imported } = await importedBy(t.app, '10.72.0.4', csv)
    expect(imported.json()).toMatchObject({ imported: 2, failed: [] })
    const copied = ((await copy.get('/api/bets/history')).json() as { bets: Json[] }).bets
    expect(
      copied
        .map((bet) => [bet.odds, bet.decimalOdds, bet.fractionalOdds, bet.potentialWin, bet.payout])
        .sort(),
    ).toEqual(
      [
        [-110, 1.91, null, '91.00', '191.00'],
        [150, null, '6/4', '15.00', '25.00'],
      ].sort(),
    )
  })

  it('multiplies exact legs in a parlay and keeps each leg’s price', async () => {
    const first = await scheduledGame(t.app)
    const second = await scheduledGame(t.app, { homeTeam: 'Dallas Cowboys', awayTeam: 'New York Giants' })
    // $10 on 1.91 and 5/2: 10 x 1.91 x 3.5 = $66.85, To Win $56.85.
    const parlay = await place({
      betType: 'parlay',
      amount: 10,
      legs: [
        {
          gameId: first.row.id,
          betType: 'spread',
          spreadTeam: 'Kansas City Chiefs',
          spreadPoints: -3,
          decimalOdds: '1.91',
        },
        {
          gameId: second.row.id,
          betType: 'total',
          overUnder: 'over',
          totalPoints: 44,
          fractionalOdds: '5/2',
        },
      ],
    })
    expect(parlay).toMatchObject({ potentialWin: '56.85', odds: 569 })
    const legs = parlay.legs as Json[]
    expect(legs.map((leg) => [leg.odds, leg.decimalOdds, leg.fractionalOdds])).toEqual([
      [-110, 1.91, null],
      [250, null, '5/2'],
    ])
    // The total pushes at 44: the parlay pays the Chiefs leg alone, 10 x 1.91.
    await endGame(t.app, first, { home: 27, away: 20 }, new Date(NOW))
    await endGame(t.app, second, { home: 24, away: 20 }, new Date(NOW))
    const history = ((await client.get('/api/bets/history')).json() as { bets: Json[] }).bets
    expect(history.find((bet) => bet.id === parlay.id)).toMatchObject({ result: 'won', payout: '19.10' })

    // The Legs cell carries each leg's exact price, and the import gives the same ticket back.
    const csv = (await client.get('/api/bets/export/csv')).body
    expect(csv).toContain('""price"":""1.91""')
    const { copy } = await importedBy(t.app, '10.72.0.5', csv)
    const copied = ((await copy.get('/api/bets/history')).json() as { bets: Json[] }).bets.find(
      (bet) => bet.betType === 'parlay',
    )
    expect(copied).toMatchObject({ potentialWin: '56.85', payout: '19.10', result: 'won' })
    expect(
      ((copied?.legs ?? []) as Json[]).map((leg) => [leg.odds, leg.decimalOdds, leg.fractionalOdds]),
    ).toEqual([
      [-110, 1.91, null],
      [250, null, '5/2'],
    ])
  })

  it('edits a tentative bet to a decimal price and refuses a bad one, naming its field', async () => {
    const game = await scheduledGame(t.app)
    const created = await client.post('/api/bets', {
      gameId: game.row.id,
      betType: 'moneyline',
      selection: 'Kansas City Chiefs',
      odds: -150,
      amount: 30,
    })
    expect(created.statusCode, created.body).toBe(201)
    const id = (created.json() as Json).id
    const edited = await client.patch(`/api/bets/${id}`, {
      betType: 'moneyline',
      selection: 'Kansas City Chiefs',
      decimalOdds: 1.667,
      amount: 30,
    })
    expect(edited.statusCode, edited.body).toBe(200)
    // 30 x 0.667 = 20.01.
    expect(edited.json()).toMatchObject({ odds: -150, decimalOdds: 1.667, potentialWin: '20.01' })

    const base = { gameId: game.row.id, betType: 'moneyline', selection: 'Kansas City Chiefs', amount: 10 }
    const cases: [Record<string, unknown>, string, string][] = [
      [{ decimalOdds: 1.9091 }, 'decimalOdds', PRICE_MESSAGES.decimal],
      [{ decimalOdds: 0.5 }, 'decimalOdds', PRICE_MESSAGES.decimal],
      [{ fractionalOdds: '6-4' }, 'fractionalOdds', PRICE_MESSAGES.fractional],
      [{ decimalOdds: 2, fractionalOdds: '1/1' }, 'decimalOdds', PRICE_MESSAGES.both],
    ]
    for (const [price, field, message] of cases) {
      const refused = await client.post('/api/bets', { ...base, ...price })
      expect(refused.statusCode, JSON.stringify(price)).toBe(400)
      expect(refused.json()).toEqual({ field, message })
    }
    const leg = await client.post('/api/bets', {
      betType: 'parlay',
      amount: 10,
      legs: [
        { gameId: game.row.id, betType: 'moneyline', selection: 'Kansas City Chiefs', decimalOdds: 2 },
        { event: { name: 'Somewhere' }, betType: 'other', selection: 'A prop', fractionalOdds: '0/4' },
      ],
    })
    expect(leg.statusCode).toBe(400)
    expect(leg.json()).toEqual({ field: 'legs.1.fractionalOdds', message: PRICE_MESSAGES.fractional })
  })
})

describe('display settings (decision 072)', () => {
  it('saves the odds format, a unit size and a currency symbol, and refuses bad ones by field', async () => {
    const { client: bettor } = await signedIn(t.app, {}, '10.72.0.3')
    const before = (await bettor.get('/api/auth/user')).json() as Record<string, unknown>
    expect(before).toMatchObject({
      oddsFormat: 'american',
      unitSize: null,
      currencySymbol: '$',
      amountsInUnits: false,
    })

    const saved = await bettor.patch('/api/user/display', {
      oddsFormat: 'decimal',
      unitSize: '25',
      currencySymbol: '€',
      amountsInUnits: true,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toMatchObject({
      user: { oddsFormat: 'decimal', unitSize: '25.00', currencySymbol: '€', amountsInUnits: true },
    })
    // What is left out stays; a null unit size clears it.
    const cleared = await bettor.patch('/api/user/display', { unitSize: null })
    expect(cleared.json()).toMatchObject({
      user: { oddsFormat: 'decimal', unitSize: null, currencySymbol: '€' },
    })
    expect((await bettor.patch('/api/user/display', {})).json()).toMatchObject({
      user: { oddsFormat: 'decimal' },
    })

    const refusals: [Record<string, unknown>, string][] = [
      [{ unitSize: '0' }, 'unitSize'],
      [{ unitSize: '12.345' }, 'unitSize'],
      [{ currencySymbol: '12' }, 'currencySymbol'],
      [{ currencySymbol: 'EURO' }, 'currencySymbol'],
      [{ oddsFormat: 'hongkong' }, 'oddsFormat'],
      [{ amountsInUnits: 'yes' }, 'amountsInUnits'],
    ]
    for (const [body, field] of refusals) {
      const refused = await bettor.patch('/api/user/display', body)
      expect(refused.statusCode, JSON.stringify(body)).toBe(400)
      expect(refused.json()).toMatchObject({ field })
    }
    expect((await bettor.get('/api/auth/user')).json()).toMatchObject({ unitSize: null, currencySymbol: '€' })

    // With a unit size, the CSV has each bet's stake and result in units too, after the money columns.
    expect((await bettor.patch('/api/user/display', { unitSize: '20' })).statusCode).toBe(200)
    const game = await scheduledGame(t.app)
    const placed = await bettor.post('/api/bets', {
      gameId: game.row.id,
      betType: 'moneyline',
      selection: 'Kansas City Chiefs',
      decimalOdds: 1.5,
      amount: 30,
    })
    expect(placed.statusCode, placed.body).toBe(201)
    const csv = (await bettor.get('/api/bets/export/csv')).body
    const [header, row] = csv.split('\r\n')
    expect(header).toMatch(/,Sportsbook,Placed,Amount \(units\),Profit\/Loss \(units\)$/)
    expect(row).toMatch(/,Kansas City Chiefs ML,1\.5,30\.00,tentative,pending,,,,Manual Entry,[^,]+,1\.5,$/)
  })
})
