import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FeedGame } from '../../src/domain/game'
import { endGame, marketLines, scheduledGame } from './support/bets'
import { type Client, signedIn, type TestApp, testApp } from './support/test-app'

/**
 * Decision 068 through the API, on both databases: a team total, draw no bet and double chance entered on a
 * soccer game, drawn on its grid, priced from its distribution, settled when it ends, and in the history and
 * the CSV; draw no bet refused off soccer.
 */
const NOW = '2026-11-23T18:00:00Z'
let t: TestApp
let client: Client

beforeAll(async () => {
  t = await testApp({ server: { appNow: NOW } })
  await signedIn(t.app, {}, '10.68.0.1') // decision 013: the first account is the admin
  client = (await signedIn(t.app, {}, '10.68.0.2')).client
})
afterAll(() => t.close())

type Json = Record<string, unknown>
type Cell = { awayScore: number; profit: number; probability?: number }
type Grid = { betCount: number; outcomes: { homeScore: number; outcomes: Cell[] }[] }

const arsenalChelsea = (): Partial<FeedGame> => ({
  league: 'EPL',
  leagueAlias: 'eng.1',
  homeTeam: 'Arsenal',
  awayTeam: 'Chelsea',
  homeAbbreviation: 'ARS',
  awayAbbreviation: 'CHE',
  startTime: new Date('2026-11-24T15:00:00Z'),
  lines: marketLines({ total: 2.5, homeMoneyline: 120, awayMoneyline: 230, drawMoneyline: 240 }),
})

async function place(body: Json): Promise<Json & { id: number }> {
  const response = await client.post('/api/bets', body)
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

/** Decision 005: only a committed bet settles. */
async function confirm(...bets: { id: number }[]): Promise<void> {
  for (const bet of bets) {
    const confirmed = await client.patch(`/api/bets/${bet.id}/status`, { betStatus: 'committed' })
    expect(confirmed.statusCode, confirmed.body).toBe(200)
  }
}

function cell(grid: Grid, home: number, away: number): Cell {
  const found = grid.outcomes
    .find((row) => row.homeScore === home)
    ?.outcomes.find((c) => c.awayScore === away)
  if (!found) throw new Error(`no cell ${home}-${away}`)
  return found
}

describe('team totals, draw no bet and double chance (decision 068)', () => {
  it('enters each, draws it on the grid, prices it and settles it', async () => {
    const game = await scheduledGame(t.app, arsenalChelsea())
    const gameId = game.row.id
    // $110 on Chelsea over 1.5 goals at -110, $100 on Arsenal draw no bet at -150, $100 on X2 at -200.
    const teamTotal = await place({
      gameId,
      betType: 'team_total',
      spreadTeam: 'Chelsea',
      overUnder: 'over',
      totalPoints: 1.5,
      odds: -110,
      amount: 110,
    })
    expect(teamTotal).toMatchObject({
      betType: 'team_total',
      selection: 'Chelsea Over 1.5',
      potentialWin: '100.00',
    })
    const dnb = await place({
      gameId,
      betType: 'draw_no_bet',
      spreadTeam: 'Arsenal',
      odds: -150,
      amount: 100,
    })
    expect(dnb).toMatchObject({ selection: 'Arsenal DNB', potentialWin: '66.67' })
    const doubleChance = await place({
      gameId,
      betType: 'double_chance',
      selection: 'X2',
      odds: -200,
      amount: 100,
    })
    expect(doubleChance).toMatchObject({ selection: 'X2', potentialWin: '50.00' })

    const response = await client.get(`/api/outcome-matrix/${gameId}`)
    expect(response.statusCode, response.body).toBe(200)
    const grid = response.json() as Grid
    expect(grid.betCount).toBe(3)
    // 1-1: Chelsea's one goal is under (-110), the draw pushes Arsenal DNB (0), X2 wins (+50).
    expect(cell(grid, 1, 1).profit).toBe(-60)
    // 2-2: over (+100), push (0), X2 (+50). 2-0: under (-110), Arsenal win (+66.67), X2 loses (-100).
    expect(cell(grid, 2, 2).profit).toBe(150)
    expect(cell(grid, 2, 0).profit).toBe(-143.33)
    expect(cell(grid, 0, 3).profit).toBe(100 - 100 + 50)
    expect(cell(grid, 1, 1).probability).toBeGreaterThan(0)

    const priced = await client.post('/api/bets/price', {
      gameId,
      betType: 'double_chance',
      selection: '1X',
      odds: -300,
      amount: 100,
    })
    expect(priced.statusCode, priced.body).toBe(200)
    const chances = priced.json() as { winProbability: number; pushProbability: number }
    // The home win and the draw together: well over half at these prices, never a push.
    expect(chances.winProbability).toBeGreaterThan(0.6)
    expect(chances.winProbability).toBeLessThan(1)
    expect(chances.pushProbability).toBe(0)

    await confirm(teamTotal, dnb, doubleChance)
    await endGame(t.app, game, { home: 1, away: 2 }, new Date(NOW))
    const history = await client.get('/api/bets/history')
    const settled = (history.json() as { bets: (Json & { id: number })[] }).bets
    const resultOf = (id: number) => settled.find((bet) => bet.id === id)
    expect(resultOf(teamTotal.id)).toMatchObject({ result: 'won', payout: '210.00' })
    expect(resultOf(dnb.id)).toMatchObject({ result: 'lost', payout: '0.00' })
    expect(resultOf(doubleChance.id)).toMatchObject({ result: 'won', payout: '150.00' })

    const csv = (await client.get('/api/bets/export/csv')).body
    expect(csv).toContain(
      ',Premier League,Team Total,Chelsea Over 1.5,-110,110.00,committed,won,210.00,100.00,90.9,',
    )
    expect(csv).toContain(',Draw No Bet,Arsenal DNB,-150,100.00,committed,lost,0.00,-100.00,-100.0,')
    expect(csv).toContain(',Double Chance,X2,-200,100.00,committed,won,150.00,50.00,50.0,')
  })

  it('enters a three-way handicap and a winning margin, draws them and settles them (decision 069)', async () => {
    const game = await scheduledGame(t.app, arsenalChelsea())
    const gameId = game.row.id
    // $100 on the draw under Arsenal -1 at +240 (Arsenal by exactly 1), $20 on Chelsea by 2 or more at +700.
    const handicap = await place({
      gameId,
      betType: 'three_way_handicap',
      spreadTeam: 'Arsenal',
      spreadPoints: -1,
      selection: 'Draw',
      odds: 240,
      amount: 100,
    })
    expect(handicap).toMatchObject({ selection: 'Draw (Arsenal -1)', potentialWin: '240.00' })
    const margin = await place({
      gameId,
      betType: 'winning_margin',
      selection: 'Chelsea by 2+',
      odds: 700,
      amount: 20,
    })
    expect(margin).toMatchObject({ selection: 'Chelsea by 2+', potentialWin: '140.00' })
    const halfGoal = await client.post('/api/bets', {
      gameId,
      betType: 'three_way_handicap',
      spreadTeam: 'Arsenal',
      spreadPoints: -0.5,
      odds: 240,
      amount: 100,
    })
    expect(halfGoal.statusCode).toBe(400)
    expect(halfGoal.json()).toMatchObject({ field: 'spreadPoints' })

    const grid = (await client.get(`/api/outcome-matrix/${gameId}`)).json() as Grid
    expect(cell(grid, 1, 0).profit).toBe(240 - 20)
    expect(cell(grid, 0, 2).profit).toBe(-100 + 140)
    expect(cell(grid, 1, 1).profit).toBe(-120)

    await confirm(handicap, margin)
    await endGame(t.app, game, { home: 2, away: 1 }, new Date(NOW))
    const settled = ((await client.get('/api/bets/history')).json() as { bets: (Json & { id: number })[] })
      .bets
    expect(settled.find((bet) => bet.id === handicap.id)).toMatchObject({ result: 'won', payout: '340.00' })
    expect(settled.find((bet) => bet.id === margin.id)).toMatchObject({ result: 'lost', payout: '0.00' })
    const csv = (await client.get('/api/bets/export/csv')).body
    expect(csv).toContain(
      ',Three-Way Handicap,Draw (Arsenal -1),+240,100.00,committed,won,340.00,240.00,240.0,',
    )
    expect(csv).toContain(',Winning Margin,Chelsea by 2+,+700,20.00,committed,lost,0.00,-20.00,-100.0,')
  })

  it('enters Asian quarter lines, draws their half results, prices and settles them (decision 071)', async () => {
    const game = await scheduledGame(t.app, arsenalChelsea())
    const gameId = game.row.id
    // $100 on Arsenal -0.25 at -110 (To Win $90.91), $100 on over 2.75 goals at +100.
    const handicap = await place({
      gameId,
      betType: 'spread',
      spreadTeam: 'Arsenal',
      spreadPoints: -0.25,
      odds: -110,
      amount: 100,
    })
    expect(handicap).toMatchObject({ selection: 'Arsenal -0.25', spreadPoints: -0.25, potentialWin: '90.91' })
    const over = await place({
      gameId,
      betType: 'total',
      overUnder: 'over',
      totalPoints: 2.75,
      odds: 100,
      amount: 100,
    })
    expect(over).toMatchObject({ selection: 'Over 2.75', totalPoints: 2.75 })

    const grid = (await client.get(`/api/outcome-matrix/${gameId}`)).json() as Grid
    // 1-1: a draw loses half of -0.25 (-$50); two goals lose over 2.75 (-$100).
    expect(cell(grid, 1, 1).profit).toBe(-150)
    // 2-1: Arsenal cover (+$90.91); three goals win half of over 2.75 (+$50) and push the other half.
    expect(cell(grid, 2, 1).profit).toBe(140.91)
    expect(cell(grid, 1, 0).profit).toBe(-9.09)

    const priced = await client.post('/api/bets/price', {
      gameId,
      betType: 'spread',
      spreadTeam: 'Arsenal',
      spreadPoints: -0.25,
      odds: -110,
      amount: 100,
    })
    expect(priced.statusCode, priced.body).toBe(200)
    const chances = priced.json() as {
      winProbability: number
      pushProbability: number
      lossProbability: number
    }
    // Half of a draw's chance is a push, half a loss; the shares add up to one.
    expect(chances.pushProbability).toBeGreaterThan(0.05)
    expect(chances.pushProbability).toBeLessThan(0.25)
    expect(chances.winProbability + chances.pushProbability + chances.lossProbability).toBeCloseTo(1, 9)

    const basketball = await scheduledGame(t.app)
    const refused = await client.post('/api/bets', {
      gameId: basketball.row.id,
      betType: 'spread',
      spreadTeam: basketball.row.homeTeam,
      spreadPoints: -3.25,
      odds: -110,
      amount: 100,
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({
      field: 'spreadPoints',
      message: 'Quarter lines (.25 and .75) can only be bet on in soccer',
    })

    await confirm(handicap, over)
    await endGame(t.app, game, { home: 1, away: 2 }, new Date(NOW))
    let settled = ((await client.get('/api/bets/history')).json() as { bets: (Json & { id: number })[] }).bets
    expect(settled.find((bet) => bet.id === handicap.id)).toMatchObject({ result: 'lost', payout: '0.00' })
    // Three goals: over 2.75 is half won: $100 back and half of the $100 To Win.
    expect(settled.find((bet) => bet.id === over.id)).toMatchObject({ result: 'half_won', payout: '150.00' })

    const draw = await scheduledGame(t.app, arsenalChelsea())
    const level = await place({
      gameId: draw.row.id,
      betType: 'spread',
      spreadTeam: 'Arsenal',
      spreadPoints: -0.25,
      odds: -110,
      amount: 100,
    })
    await confirm(level)
    await endGame(t.app, draw, { home: 1, away: 1 }, new Date(NOW))
    settled = ((await client.get('/api/bets/history')).json() as { bets: (Json & { id: number })[] }).bets
    expect(settled.find((bet) => bet.id === level.id)).toMatchObject({ result: 'half_lost', payout: '50.00' })

    const csv = (await client.get('/api/bets/export/csv')).body
    expect(csv).toContain(',Over/Under,Over 2.75,+100,100.00,committed,half_won,150.00,50.00,50.0,')
    expect(csv).toContain(',Spread,Arsenal -0.25,-110,100.00,committed,half_lost,50.00,-50.00,-50.0,')
  })

  it('takes a team total leg in a parlay, and refuses draw no bet off soccer', async () => {
    const soccer = await scheduledGame(t.app, arsenalChelsea())
    const nfl = await scheduledGame(t.app, {})
    const parlay = await client.post('/api/bets', {
      betType: 'parlay',
      legs: [
        {
          gameId: soccer.row.id,
          betType: 'team_total',
          spreadTeam: 'Arsenal',
          overUnder: 'under',
          totalPoints: 2.5,
          odds: -150,
        },
        {
          gameId: nfl.row.id,
          betType: 'team_total',
          spreadTeam: 'Chiefs',
          overUnder: 'over',
          totalPoints: 24.5,
          odds: -110,
        },
      ],
      amount: 10,
    })
    expect(parlay.statusCode, parlay.body).toBe(201)
    expect((parlay.json() as { legs: Json[] }).legs).toMatchObject([
      { betType: 'team_total', selection: 'Arsenal Under 2.5' },
      { betType: 'team_total', selection: 'Kansas City Chiefs Over 24.5' },
    ])
    const refused = await client.post('/api/bets', {
      gameId: nfl.row.id,
      betType: 'draw_no_bet',
      spreadTeam: 'Chiefs',
      odds: -110,
      amount: 10,
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({
      field: 'betType',
      message: 'Draw no bet and double chance can only be bet on in soccer',
    })
  })
})
