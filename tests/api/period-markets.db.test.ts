import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gameByProviderId, importedBy } from './support/bets'
import { EspnReplay, fixture } from './support/espn-replay'
import { type Client, signedIn, type TestApp, testApp } from './support/test-app'

/**
 * Decision 073 through the API on both databases: bets on halves and quarters entered, refused where the
 * league does not play the period, drawn on their period's grid (and only there), priced, settled from a
 * replayed ESPN scoreboard (soccer's halves from its goals, the NBA's quarters from its line score), and
 * carried through history and Grid's CSV.
 */
type Json = Record<string, unknown> & { id: number }
type Cell = { awayScore: number; profit: number; probability?: number }
type Grid = {
  period: string
  periodsOffered: string[]
  onPeriods: { period: string; betCount: number; stake: number }[]
  betCount: number
  homeScore: number | null
  awayScore: number | null
  tiesImpossible: boolean
  probability: { model: { name: string } } | null
  outcomes: { homeScore: number; outcomes: Cell[] }[]
}
const cell = (grid: Grid, home: number, away: number) =>
  grid.outcomes.find((row) => row.homeScore === home)?.outcomes.find((c) => c.awayScore === away)

/** A recorded scoreboard with every game's status replaced (scheduled before the start, final after). */
function withStatus(body: string, name: string, state: string, completed: boolean): string {
  const scoreboard = JSON.parse(body) as {
    events: { status: { type: unknown }; competitions: { status: { type: unknown } }[] }[]
  }
  const type = { name, state, completed, shortDetail: completed ? 'Final' : '' }
  for (const event of scoreboard.events) {
    event.status = { ...event.status, type }
    for (const competition of event.competitions) competition.status = { ...competition.status, type }
  }
  return JSON.stringify(scoreboard)
}

async function place(client: Client, body: Record<string, unknown>): Promise<Json> {
  const response = await client.post('/api/bets', body)
  expect(response.statusCode, response.body).toBe(201)
  const bet = response.json() as Json
  expect((await client.patch(`/api/bets/${bet.id}/status`, { betStatus: 'committed' })).statusCode).toBe(200)
  return bet
}

describe('soccer halves, from a replayed Premier League day (decision 073)', () => {
  // Everton 3-0 Chelsea (goals at 33', 62', 76': 1-0 at half-time); Leeds United 0-0 Brentford.
  const FINAL = fixture('soccer-all-scoreboard-2026-03-21-final.json')
  let espn: EspnReplay
  let t: TestApp
  let client: Client

  beforeAll(async () => {
    const scheduled = withStatus(FINAL, 'STATUS_SCHEDULED', 'pre', false)
    espn = await new EspnReplay().set('eng.1', { status: 200, body: scheduled }).start()
    t = await testApp({
      feed: { source: 'espn', espnBaseUrl: espn.url, espnTimeoutMs: 3_000 },
      server: { appNow: '2026-03-21T10:00:00Z' },
    })
    client = (await signedIn(t.app)).client
  })
  afterAll(async () => {
    await t.close()
    await espn.stop()
  })

  it('takes bets on halves, draws them on their own grid, and settles them on the halves', async () => {
    expect((await client.post('/api/games/sync-espn', {})).statusCode).toBe(200)
    const everton = (await gameByProviderId(t.app, '740899')).id
    const leeds = (await gameByProviderId(t.app, '740900')).id

    // A soccer game plays halves, not quarters; an unknown period is named as such.
    const quarter = await client.post('/api/bets', {
      gameId: everton,
      betType: 'total',
      overUnder: 'over',
      totalPoints: 0.5,
      odds: -110,
      amount: 10,
      period: 'Q1',
    })
    expect(quarter.statusCode).toBe(400)
    expect(quarter.json()).toMatchObject({
      field: 'period',
      message: 'Premier League games take no bets on Q1: choose one of FT, 1H, 2H',
    })
    const unknown = await client.post('/api/bets', {
      gameId: everton,
      betType: 'moneyline',
      selection: 'Everton',
      odds: 100,
      amount: 10,
      period: 'H1',
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toMatchObject({ field: 'period' })

    const entries: [Json, { result: string; payout: string }][] = []
    const bet = async (body: Record<string, unknown>, settled: { result: string; payout: string }) =>
      entries.push([await place(client, body), settled])

    // $110 on first-half over 1.5 at -110 (To Win $100): a 1-0 half loses it.
    await bet(
      {
        gameId: everton,
        period: '1H',
        betType: 'total',
        overUnder: 'over',
        totalPoints: 1.5,
        odds: -110,
        amount: 110,
      },
      { result: 'lost', payout: '0.00' },
    )
    // The half-time result: Everton +150 wins at 1-0; the draw at Leeds 0-0 wins +200.
    await bet(
      { gameId: everton, period: '1H', betType: 'moneyline', selection: 'Everton', odds: 150, amount: 20 },
      { result: 'won', payout: '50.00' },
    )
    await bet(
      { gameId: leeds, period: '1H', betType: 'moneyline', selection: 'Draw', odds: 200, amount: 10 },
      { result: 'won', payout: '30.00' },
    )
    // The second half alone, 2-0: Everton -1.5 wins, under 2 pushes.
    await bet(
      {
        gameId: everton,
        period: '2H',
        betType: 'spread',
        spreadTeam: 'Everton',
        spreadPoints: -1.5,
        odds: 120,
        amount: 10,
      },
      { result: 'won', payout: '22.00' },
    )
    await bet(
      {
        gameId: everton,
        period: '2H',
        betType: 'total',
        overUnder: 'under',
        totalPoints: 2,
        odds: -105,
        amount: 21,
      },
      { result: 'push', payout: '21.00' },
    )
    // A full-game bet beside them, as before.
    await bet(
      { gameId: everton, betType: 'total', overUnder: 'over', totalPoints: 2.5, odds: -110, amount: 11 },
      { result: 'won', payout: '21.00' },
    )
    const [first] = entries[0] ?? []
    expect(first).toMatchObject({ period: '1H', selection: '1H Over 1.5' })

    // The full game's grid counts the full-game bet alone and says what rides on the halves.
    const full = (await client.get(`/api/outcome-matrix/${everton}`)).json() as Grid
    expect(full).toMatchObject({ period: 'FT', periodsOffered: ['FT', '1H', '2H'], betCount: 1 })
    expect(full.onPeriods).toEqual([
      { period: '1H', betCount: 2, stake: 130 },
      { period: '2H', betCount: 2, stake: 31 },
    ])
    expect(cell(full, 3, 0)?.profit).toBe(10)

    // The first half's grid: its two bets at every half-time score, with their chances.
    const half = (await client.get(`/api/outcome-matrix/${everton}?period=1H`)).json() as Grid
    expect(half).toMatchObject({ period: '1H', betCount: 2, tiesImpossible: false, homeScore: null })
    // 1-0 at the half: the over loses $110, Everton wins $30.
    expect(cell(half, 1, 0)?.profit).toBe(-80)
    // 0-0: both lose.
    expect(cell(half, 0, 0)?.profit).toBe(-130)
    // 2-0: both win.
    expect(cell(half, 2, 0)?.profit).toBe(130)
    expect(half.probability?.model.name).toMatch(/half/i)
    const chance = (h: number, a: number) => cell(half, h, a)?.probability ?? 0
    const fullChance = (h: number, a: number) => cell(full, h, a)?.probability ?? 0
    // A half has fewer goals than a match: 0-0 is likelier at half-time than at full time.
    expect(chance(0, 0)).toBeGreaterThan(fullChance(0, 0))
    expect((await client.get(`/api/outcome-matrix/${everton}?period=Q1`)).statusCode).toBe(400)

    // Priced from the half's own distribution: over 1.5 goals is likelier in a match than in its first half.
    const price = async (period: string) => {
      const body = { gameId: everton, period, betType: 'total', overUnder: 'over', totalPoints: 1.5 }
      const priced = await client.post('/api/bets/price', { ...body, odds: -110, amount: 110 })
      expect(priced.statusCode, priced.body).toBe(200)
      return (priced.json() as { winProbability: number }).winProbability
    }
    const [halfOver, matchOver] = [await price('1H'), await price('FT')]
    expect(halfOver).toBeGreaterThan(0.15)
    expect(halfOver).toBeLessThan(matchOver - 0.2)
    // The chance the grid shows is the cells': the half's over 1.5 is every half-time score with 2+ goals.
    const overCells = half.outcomes
      .flatMap((row) =>
        row.outcomes.map((c) => (row.homeScore + c.awayScore >= 2 ? (c.probability ?? 0) : 0)),
      )
      .reduce((sum, p) => sum + p, 0)
    expect(halfOver).toBeCloseTo(overCells, 2)

    // A parlay prices a half's leg from the half's distribution beside a leg on another game; legs on two
    // parts of one game have no joint model, and the answer says so.
    const leg = (gameId: number, period: string, overUnder: string, points: number) => ({
      gameId,
      period,
      betType: 'total',
      overUnder,
      totalPoints: points,
      odds: -110,
    })
    const parlay = (legs: unknown[]) =>
      client.post('/api/bets/price', { betType: 'parlay', amount: 10, legs })
    const apart = await parlay([leg(everton, '1H', 'over', 1.5), leg(leeds, 'FT', 'under', 2.5)])
    expect(apart.statusCode, apart.body).toBe(200)
    const leedsUnder = await client.post('/api/bets/price', { ...leg(leeds, 'FT', 'under', 2.5), amount: 10 })
    const apartChance = (apart.json() as { winProbability: number }).winProbability
    // Independent games: the product of the two legs' chances.
    expect(apartChance).toBeCloseTo(
      halfOver * (leedsUnder.json() as { winProbability: number }).winProbability,
      3,
    )
    const together = await client.post('/api/bets/price', {
      betType: 'same_game_parlay',
      voidRule: 'void',
      odds: 300,
      amount: 10,
      legs: [leg(everton, '1H', 'over', 1.5), leg(everton, 'FT', 'over', 2.5)],
    })
    expect(together.statusCode, together.body).toBe(409)
    expect(together.json()).toMatchObject({
      message:
        'Legs on two parts of one game (a half and the full game) have no chances in Grid: no model reads them together',
    })

    espn.set('eng.1', { status: 200, body: FINAL })
    const sync = await client.post('/api/games/sync-espn', {})
    expect(sync.json()).toMatchObject({ betOutcomesUpdated: entries.length })
    const history = (await client.get('/api/bets/history')).json() as { bets: Json[] }
    for (const [entered, settled] of entries) {
      const found = history.bets.find((listed) => listed.id === entered.id)
      expect(found, String(entered.selection)).toMatchObject({ ...settled, period: entered.period })
    }

    // Grid's CSV names the period before the market, and its import puts the bet back on the half.
    const csv = (await client.get('/api/bets/export/csv')).body
    expect(csv).toContain(',1H Over 1.5,-110,110.00,committed,lost,0.00,-110.00,')
    const { copy, imported } = await importedBy(t.app, '10.73.0.2', csv)
    expect(imported.json()).toMatchObject({ imported: entries.length, failed: [] })
    const copied = ((await copy.get('/api/bets/history')).json() as { bets: Json[] }).bets
    expect(copied.map((b) => [b.selection, b.period, b.result]).sort()).toEqual(
      history.bets.map((b) => [b.selection, b.period, b.result]).sort(),
    )
  })
})

describe('NBA quarters, from a replayed live scoreboard (decision 073)', () => {
  // Boston Celtics (home) 87, Philadelphia 76ers 92 in the fourth: quarters 19-32, 31-23, 25-33, 12-4 so far.
  const LIVE = fixture('nba-scoreboard-2026-05-02-live.json')
  let espn: EspnReplay
  let t: TestApp
  let client: Client

  beforeAll(async () => {
    espn = await new EspnReplay().set('nba', { status: 200, body: LIVE }).start()
    t = await testApp({
      feed: { source: 'espn', espnBaseUrl: espn.url, espnTimeoutMs: 3_000 },
      server: { appNow: '2026-05-02T23:00:00Z' },
    })
    client = (await signedIn(t.app)).client
  })
  afterAll(async () => {
    await t.close()
    await espn.stop()
  })

  it("reads a live quarter's standing, draws its grid on the quarter's score, and settles on it", async () => {
    expect((await client.post('/api/games/sync-espn', {})).statusCode).toBe(200)
    const games = (await client.get('/api/games/live')).json() as (Json & { homeTeam: string })[]
    const game = games.find((g) => g.homeTeam === 'Boston Celtics')
    if (!game) throw new Error('the recorded Celtics game is not listed')

    const q1 = await place(client, {
      gameId: game.id,
      period: 'Q1',
      betType: 'spread',
      spreadTeam: 'Philadelphia 76ers',
      spreadPoints: -12.5,
      odds: -110,
      amount: 110,
    })
    const q4 = await place(client, {
      gameId: game.id,
      period: 'Q4',
      betType: 'total',
      overUnder: 'over',
      totalPoints: 50.5,
      odds: -110,
      amount: 110,
    })
    const firstHalf = await place(client, {
      gameId: game.id,
      period: '1H',
      betType: 'moneyline',
      selection: 'Boston Celtics',
      odds: 120,
      amount: 10,
    })
    expect(q1.selection).toBe('Q1 Philadelphia 76ers -12.5')

    // Live: the first quarter is over (76ers by 13, covering), the fourth is 12-4 so far (16 points, under).
    const status = (await client.get('/api/bets/live-status')).json() as {
      betId: number
      standing: string
    }[]
    expect(status.find((s) => s.betId === q1.id)?.standing).toBe('winning')
    expect(status.find((s) => s.betId === q4.id)?.standing).toBe('losing')
    // The first half 50-55: the Celtics' moneyline is behind.
    expect(status.find((s) => s.betId === firstHalf.id)?.standing).toBe('losing')

    const grid = (await client.get(`/api/outcome-matrix/${game.id}?period=Q4`)).json() as Grid
    expect(grid).toMatchObject({ period: 'Q4', homeScore: 12, awayScore: 4, betCount: 1 })
    // 30-21 in the fourth: 51 points, the over wins $100.
    expect(cell(grid, 30, 21)?.profit).toBe(100)
    expect(cell(grid, 30, 20)?.profit).toBe(-110)

    // The game ends 101-96 with a 26-8 fourth quarter (the recorded line score, finished).
    const final = JSON.parse(withStatus(LIVE, 'STATUS_FINAL', 'post', true)) as {
      events: {
        competitions: {
          competitors: { team: { displayName: string }; score: string; linescores: { value: number }[] }[]
        }[]
      }[]
    }
    for (const event of final.events)
      for (const competition of event.competitions)
        for (const side of competition.competitors) {
          if (side.team.displayName === 'Boston Celtics') {
            side.score = '101'
            side.linescores = [19, 31, 25, 26].map((value) => ({ value }))
          }
          if (side.team.displayName === 'Philadelphia 76ers') {
            side.score = '96'
            side.linescores = [32, 23, 33, 8].map((value) => ({ value }))
          }
        }
    espn.set('nba', { status: 200, body: JSON.stringify(final) })
    expect((await client.post('/api/games/sync-espn', {})).statusCode).toBe(200)
    const history = ((await client.get('/api/bets/history')).json() as { bets: Json[] }).bets
    const settled = (bet: Json) => history.find((listed) => listed.id === bet.id)
    // Q1 19-32: 76ers -12.5 cover by half a point. Q4 26-8: 34 points, under. 1H 50-55: Celtics lose.
    expect(settled(q1)).toMatchObject({ result: 'won', payout: '210.00' })
    expect(settled(q4)).toMatchObject({ result: 'lost', payout: '0.00' })
    expect(settled(firstHalf)).toMatchObject({ result: 'lost', payout: '0.00' })
  })
})

describe('hockey periods and the first five innings, from replayed scoreboards (decision 073)', () => {
  // NHL 2022-09-25: Blue Jackets at Penguins, 3-2 after overtime (periods 0-0, 1-2, 1-0, OT 1-0).
  // MLB 2022-09-17: Twins at Guardians 5-1 (Guardians 1, 0, 1, 2, 0 in the first five; Twins nothing);
  // Marlins at Nationals in the bottom of the 5th, 5-3 (Nationals 1 a inning, Marlins 0, 0, 1, 2, 0).
  let espn: EspnReplay
  let t: TestApp
  let client: Client

  beforeAll(async () => {
    espn = await new EspnReplay()
      .set('nhl', { status: 200, body: fixture('nhl-scoreboard-2022-09-25-live.json') })
      .set('mlb', { status: 200, body: fixture('mlb-scoreboard-2022-09-17-live-odds.json') })
      .start()
    t = await testApp({
      feed: { source: 'espn', espnBaseUrl: espn.url, espnTimeoutMs: 3_000 },
      server: { appNow: '2022-09-17T23:00:00Z' },
    })
    client = (await signedIn(t.app)).client
  })
  afterAll(async () => {
    await t.close()
    await espn.stop()
  })

  it('settles bets on hockey periods and on the first five innings of final games, and reads a live one', async () => {
    expect((await client.post('/api/games/sync-espn', {})).statusCode).toBe(200)
    const penguins = (await gameByProviderId(t.app, '401461562')).id
    const guardians = (await gameByProviderId(t.app, '401423263')).id
    const nationals = (await gameByProviderId(t.app, '401356376')).id

    // A bet on a final game is placed and settled at once (decision 008), on its period's score.
    const settled = async (body: Record<string, unknown>) => {
      const response = await client.post('/api/bets', { odds: -110, amount: 110, ...body })
      expect(response.statusCode, response.body).toBe(201)
      const bet = response.json() as Json
      return [bet.selection, bet.result, bet.payout]
    }
    const periodTotal = (gameId: number, period: string, overUnder: string, totalPoints: number) =>
      settled({ gameId, period, betType: 'total', overUnder, totalPoints })
    expect(await periodTotal(penguins, 'P1', 'under', 0.5)).toEqual(['P1 Under 0.5', 'won', '210.00'])
    expect(await periodTotal(penguins, 'P2', 'over', 2.5)).toEqual(['P2 Over 2.5', 'won', '210.00'])
    // The third period ended 1-0: overtime's goal is no part of it.
    expect(await periodTotal(penguins, 'P3', 'over', 1.5)).toEqual(['P3 Over 1.5', 'lost', '0.00'])
    expect(
      await settled({
        gameId: penguins,
        period: 'P2',
        betType: 'moneyline',
        selection: 'Columbus Blue Jackets',
      }),
    ).toEqual(['P2 Columbus Blue Jackets ML', 'won', '210.00'])
    expect(
      await settled({ gameId: penguins, betType: 'moneyline', selection: 'Pittsburgh Penguins' }),
    ).toEqual(['Pittsburgh Penguins ML', 'won', '210.00'])
    // Hockey has no halves.
    const half = await client.post('/api/bets', {
      gameId: penguins,
      period: '1H',
      betType: 'total',
      overUnder: 'over',
      totalPoints: 2.5,
      odds: -110,
      amount: 10,
    })
    expect(half.statusCode).toBe(400)
    expect(half.json()).toMatchObject({ field: 'period' })

    // Guardians 4-0 after five.
    expect(
      await settled({
        gameId: guardians,
        period: 'F5',
        betType: 'moneyline',
        selection: 'Cleveland Guardians',
      }),
    ).toEqual(['F5 Cleveland Guardians ML', 'won', '210.00'])
    expect(await periodTotal(guardians, 'F5', 'under', 4.5)).toEqual(['F5 Under 4.5', 'won', '210.00'])
    expect(
      await settled({
        gameId: guardians,
        period: 'F5',
        betType: 'spread',
        spreadTeam: 'Minnesota Twins',
        spreadPoints: 3.5,
      }),
    ).toEqual(['F5 Minnesota Twins +3.5', 'lost', '0.00'])

    // Live in the bottom of the 5th: the first five stand 5-3 so far, on its grid and in the standing.
    const live = await place(client, {
      gameId: nationals,
      period: 'F5',
      betType: 'moneyline',
      selection: 'Washington Nationals',
      odds: -110,
      amount: 110,
    })
    const grid = (await client.get(`/api/outcome-matrix/${nationals}?period=F5`)).json() as Grid
    expect(grid).toMatchObject({ period: 'F5', periodsOffered: ['FT', 'F5'], homeScore: 5, awayScore: 3 })
    expect(cell(grid, 5, 3)?.profit).toBe(100)
    // A level first five pushes the two-way moneyline.
    expect(cell(grid, 5, 5)?.profit).toBe(0)
    const status = (await client.get('/api/bets/live-status')).json() as { betId: number; standing: string }[]
    expect(status.find((s) => s.betId === live.id)?.standing).toBe('winning')
  })
})
