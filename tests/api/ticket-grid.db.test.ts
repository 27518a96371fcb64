import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FeedGame } from '../../src/domain/game'
import { endGame, marketLines, scheduledGame } from './support/bets'
import { type Client, signedIn, type TestApp, testApp, testClock } from './support/test-app'

/**
 * Decision 067 through the API, on both databases: a parlay on the grid of its second game, following its
 * first game's score, and the last-leg hedge.
 */
const clock = testClock('2026-11-23T18:00:00Z')
let t: TestApp
let addresses = 0

beforeAll(async () => {
  t = await testApp({}, { clock: clock.now })
  await signedIn(t.app, {}, '10.67.0.1') // decision 013: the first account is the admin
})
afterAll(() => t.close())

const bettor = async () => (await signedIn(t.app, {}, `10.67.1.${++addresses}`)).client

type Cell = { awayScore: number; profit: number; estimate?: string; needsReview?: true }
type Grid = {
  rest: string
  betCount: number
  totalStake: number
  tickets: { id: number; winProbability: number | null; onGrid: boolean; legsDecided: number }[]
  outcomes: { homeScore: number; outcomes: Cell[] }[]
}

async function grid(client: Client, gameId: number, rest = 'expected'): Promise<Grid> {
  const response = await client.get(`/api/outcome-matrix/${gameId}?rest=${rest}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

function cell(g: Grid, home: number, away: number): Cell {
  const found = g.outcomes.find((row) => row.homeScore === home)?.outcomes.find((c) => c.awayScore === away)
  if (!found) throw new Error(`no cell ${home}-${away}`)
  return found
}

/** Chiefs at home to the Bills (NFL), then the Celtics at home to the Lakers (NBA) two hours later. */
async function twoGames() {
  const first = await scheduledGame(t.app, { startTime: new Date(clock.now().getTime() + 3_600_000) })
  const second = await scheduledGame(t.app, {
    league: 'NBA',
    leagueAlias: 'nba',
    homeTeam: 'Boston Celtics',
    awayTeam: 'Los Angeles Lakers',
    startTime: new Date(clock.now().getTime() + 7_200_000),
    lines: marketLines({ homeMoneyline: -140, awayMoneyline: 120 }),
  })
  return { first, second }
}

/** $100 on Chiefs ML (-150) and Celtics ML (-140): 100 x 250/150 x 240/140 = 285.71, a profit of 185.71. */
async function parlay(client: Client, firstId: number, secondId: number) {
  const placed = await client.post('/api/bets', {
    betType: 'parlay',
    legs: [
      { gameId: firstId, betType: 'moneyline', selection: 'Kansas City Chiefs', odds: -150 },
      { gameId: secondId, betType: 'moneyline', selection: 'Boston Celtics', odds: -140 },
    ],
    amount: 100,
  })
  expect(placed.statusCode, placed.body).toBe(201)
  return placed.json() as { id: number; potentialWin: string }
}

async function firstGameChances(client: Client, gameId: number) {
  const response = await client.get(`/api/live-probability/${gameId}`)
  expect(response.statusCode, response.body).toBe(200)
  return (response.json() as { summary: { homeWin: number; draw: number; awayWin: number } }).summary
}

function live(game: { feed: FeedGame }, homeScore: number, awayScore: number) {
  return t.app.repos.games.upsert([
    { ...game.feed, status: 'in_progress', homeScore, awayScore, period: 2, gameTime: '7:30 - 2nd' },
  ])
}

describe("a parlay on its second game's grid", () => {
  it('counts the first leg at its chance, follows that game’s score, and is exact once it has won', async () => {
    const client = await bettor()
    const { first, second } = await twoGames()
    const ticket = await parlay(client, first.row.id, second.row.id)
    expect(ticket.potentialWin).toBe('185.71')

    const before = await grid(client, second.row.id)
    expect(before.rest).toBe('expected')
    expect(before).toMatchObject({ betCount: 0, totalStake: 100 })
    expect(before.tickets).toMatchObject([{ id: ticket.id, onGrid: true, legsDecided: 0 }])
    // Celtics by 5: the leg here wins, and the Chiefs leg is worth its chances now. An NFL tie pushes that
    // leg, leaving the Celtics leg alone at -140: a profit of 71.43.
    const chiefs = await firstGameChances(client, first.row.id)
    const expected = chiefs.homeWin * 185.71 + chiefs.draw * 71.43 - chiefs.awayWin * 100
    expect(cell(before, 110, 105).profit).toBeCloseTo(expected, 1)
    expect(cell(before, 110, 105).estimate).toBe('expected')
    // Lakers by 5: the ticket is lost whatever the Chiefs do: exact.
    expect(cell(before, 105, 110)).toMatchObject({ profit: -100 })
    expect(cell(before, 105, 110).estimate).toBeUndefined()

    // The live probability lists it too, with the grid's chances, and its outcomes count it as expected.
    const chances = await client.get(`/api/live-probability/${second.row.id}`)
    expect(chances.statusCode, chances.body).toBe(200)
    const answer = chances.json() as {
      tickets: { id: number; winProbability: number }[]
      outcomes: { homeScore: number; awayScore: number; profit: number }[]
    }
    expect(answer.tickets).toEqual([expect.objectContaining({ id: ticket.id, onGrid: true })])
    expect(answer.tickets[0]?.winProbability).toBe(before.tickets[0]?.winProbability)
    const celticsBy5 = answer.outcomes.find((o) => o.homeScore === 110 && o.awayScore === 105)
    expect(celticsBy5?.profit).toBeCloseTo(cell(before, 110, 105).profit, 2)

    const best = await grid(client, second.row.id, 'if_rest_win')
    expect(best.rest).toBe('if_rest_win')
    expect(cell(best, 110, 105)).toMatchObject({ profit: 185.71, estimate: 'if_rest_win' })

    // The Chiefs lead 14-0: the second game's grid is worth more where the Celtics win.
    await live(first, 14, 0)
    const leading = await grid(client, second.row.id)
    expect(cell(leading, 110, 105).profit).toBeGreaterThan(cell(before, 110, 105).profit + 20)
    expect(leading.tickets[0]?.winProbability).toBeGreaterThan(before.tickets[0]?.winProbability ?? 1)

    // The Chiefs win: every cell of the second game is exact.
    await endGame(t.app, first, { home: 21, away: 3 }, clock.now())
    const won = await grid(client, second.row.id)
    expect(won.tickets).toMatchObject([{ id: ticket.id, legsDecided: 1 }])
    expect(cell(won, 110, 105)).toMatchObject({ profit: 185.71 })
    const cells = won.outcomes.flatMap((row) => row.outcomes)
    expect(cells.some((c) => c.estimate !== undefined)).toBe(false)
    // And the first game's grid no longer holds the ticket: its leg there is decided.
    expect((await grid(client, first.row.id)).tickets).toEqual([])
  })

  it('leaves a lost parlay off its other game’s grid', async () => {
    const client = await bettor()
    const { first, second } = await twoGames()
    await parlay(client, first.row.id, second.row.id)
    await endGame(t.app, first, { home: 3, away: 21 }, clock.now())
    const after = await grid(client, second.row.id)
    expect(after).toMatchObject({ tickets: [], totalStake: 0 })
  })
})

describe('the live ticket tracker', () => {
  it("gives each open ticket's chances now and each leg's still to play", async () => {
    const client = await bettor()
    const { first, second } = await twoGames()
    const ticket = await parlay(client, first.row.id, second.row.id)
    const tracker = async () => {
      const response = await client.get('/api/bets/ticket-chances')
      expect(response.statusCode, response.body).toBe(200)
      return response.json() as {
        betId: number
        winProbability: number | null
        expectedProfit: number | null
        legs: { legId: number; winProbability: number | null }[]
      }[]
    }
    const before = await tracker()
    expect(before.map((entry) => entry.betId)).toEqual([ticket.id])
    const [chiefs, celtics] = before[0]?.legs ?? []
    // Independent games: the ticket wins with both legs (an NFL tie pushes the Chiefs leg, paid on its own).
    const chiefsChances = await firstGameChances(client, first.row.id)
    expect(chiefs?.winProbability).toBeCloseTo(chiefsChances.homeWin, 5)
    expect(before[0]?.winProbability).toBeCloseTo(
      (chiefsChances.homeWin + chiefsChances.draw) * (celtics?.winProbability ?? 0),
      5,
    )

    await endGame(t.app, first, { home: 21, away: 3 }, clock.now())
    const after = await tracker()
    expect(after[0]?.legs[0]?.winProbability).toBeNull()
    expect(after[0]?.winProbability).toBeCloseTo(after[0]?.legs[1]?.winProbability ?? 0, 5)
    expect(after[0]?.expectedProfit).toBeCloseTo((after[0]?.winProbability ?? 0) * 285.71 - 100, 1)

    // Placed, the ticket settles when its last game ends, and leaves the tracker.
    const confirmed = await client.patch(`/api/bets/${ticket.id}/status`, { betStatus: 'committed' })
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    await endGame(t.app, second, { home: 99, away: 101 }, clock.now())
    expect(await tracker()).toEqual([])
  })
})

describe('the last-leg hedge', () => {
  it('offers the stake that equalises the two outcomes, and the grid keeps that floor once it is placed', async () => {
    const client = await bettor()
    const { first, second } = await twoGames()
    await parlay(client, first.row.id, second.row.id)
    await endGame(t.app, first, { home: 21, away: 3 }, clock.now())

    const response = await client.get(`/api/suggestions/game/${second.row.id}`)
    expect(response.statusCode, response.body).toBe(200)
    const answer = response.json() as {
      suggestions: {
        type: string
        title: string
        selection: string
        suggestedOdds: number
        suggestedAmount: number
        sensibleAmount: number
        floorAtSensibleAmount: number
      }[]
    }
    const hedges = answer.suggestions.filter((s) => s.type === 'hedge')
    expect(hedges).toHaveLength(1)
    const [hedge] = hedges
    if (!hedge) throw new Error('a hedge is suggested')
    expect(hedge).toMatchObject({ selection: 'Los Angeles Lakers ML', suggestedOdds: 120 })
    expect(hedge.title).toContain('last leg')
    // Equal outcomes: 185.71 - h = 1.2 h - 100, so h = 129.87 and both ends are 55.84.
    expect(hedge.suggestedAmount).toBe(hedge.sensibleAmount)
    expect(hedge.suggestedAmount).toBeCloseTo(129.87, 1)
    expect(hedge.floorAtSensibleAmount).toBeCloseTo(55.84, 1)

    const placed = await client.post('/api/bets', {
      gameId: second.row.id,
      betType: 'moneyline',
      selection: hedge.selection,
      odds: hedge.suggestedOdds,
      amount: hedge.suggestedAmount,
    })
    expect(placed.statusCode, placed.body).toBe(201)
    const after = await grid(client, second.row.id)
    const finals = after.outcomes.flatMap((row) =>
      row.outcomes.filter((c) => c.awayScore !== row.homeScore).map((c) => c.profit),
    )
    expect(Math.min(...finals)).toBeGreaterThanOrEqual(hedge.floorAtSensibleAmount - 0.01)
    expect(Math.max(...finals) - Math.min(...finals)).toBeLessThanOrEqual(0.02)
  })
})
