import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gameByProviderId, importedBy } from './support/bets'
import { EspnReplay, fixture } from './support/espn-replay'
import { type Client, signedIn, type TestApp, testApp } from './support/test-app'

/**
 * Decisions 068, 069 and 071 settled by the feed, on both databases: bets on every new market entered while the
 * recorded Premier League day of 2026-03-21 is scheduled, then settled when the same scoreboard comes back
 * final (Everton 3-0 Chelsea, Leeds United 0-0 Brentford), as a real day's sync would see it.
 */
const FINAL = fixture('soccer-all-scoreboard-2026-03-21-final.json')

/** The recorded day as ESPN showed it that morning: every game scheduled, none started. */
function beforeKickOff(final: string): string {
  const scoreboard = JSON.parse(final) as {
    events: { status: unknown; competitions: { status: unknown }[] }[]
  }
  const scheduled = { type: { name: 'STATUS_SCHEDULED', state: 'pre', completed: false } }
  for (const event of scoreboard.events) {
    event.status = scheduled
    for (const competition of event.competitions) competition.status = scheduled
  }
  return JSON.stringify(scoreboard)
}

let espn: EspnReplay
let t: TestApp
let client: Client

beforeAll(async () => {
  espn = await new EspnReplay().set('eng.1', { status: 200, body: beforeKickOff(FINAL) }).start()
  t = await testApp({
    feed: { source: 'espn', espnBaseUrl: espn.url, espnTimeoutMs: 3_000 },
    server: { appNow: '2026-03-21T10:00:00Z' },
  })
  client = (await signedIn(t.app)).client // decision 013: the first account is the admin, who may sync
})
afterAll(async () => {
  await t.close()
  await espn.stop()
})

type Json = Record<string, unknown> & { id: number }

describe('the new markets settled from a replayed ESPN scoreboard', () => {
  it('enters each before kick-off and settles each by its rule from the final score', async () => {
    expect((await client.post('/api/games/sync-espn', {})).statusCode).toBe(200)
    const everton = await gameByProviderId(t.app, '740899')
    const leeds = await gameByProviderId(t.app, '740900')
    expect(everton).toMatchObject({ status: 'scheduled', homeTeam: 'Everton', awayTeam: 'Chelsea' })
    expect(leeds).toMatchObject({ status: 'scheduled', homeTeam: 'Leeds United', awayTeam: 'Brentford' })

    const entries: [Json, { result: string; payout: string }][] = []
    async function bet(body: Record<string, unknown>, settled: { result: string; payout: string }) {
      const response = await client.post('/api/bets', body)
      expect(response.statusCode, response.body).toBe(201)
      const placed = response.json() as Json
      // Decision 005: only a committed bet settles.
      const confirmed = await client.patch(`/api/bets/${placed.id}/status`, { betStatus: 'committed' })
      expect(confirmed.statusCode, confirmed.body).toBe(200)
      entries.push([placed, settled])
    }
    const onEverton = { gameId: everton.id }
    const onLeeds = { gameId: leeds.id }
    await bet(
      {
        ...onEverton,
        betType: 'team_total',
        spreadTeam: 'Everton',
        overUnder: 'over',
        totalPoints: 2.5,
        odds: -110,
        amount: 110,
      },
      { result: 'won', payout: '210.00' },
    )
    await bet(
      {
        ...onEverton,
        betType: 'team_total',
        spreadTeam: 'Chelsea',
        overUnder: 'under',
        totalPoints: 0.5,
        odds: 150,
        amount: 10,
      },
      { result: 'won', payout: '25.00' },
    )
    await bet(
      { ...onEverton, betType: 'double_chance', selection: 'X2', odds: -200, amount: 100 },
      { result: 'lost', payout: '0.00' },
    )
    // Draw no bet on a draw: the stake back.
    await bet(
      { ...onLeeds, betType: 'draw_no_bet', spreadTeam: 'Leeds United', odds: -150, amount: 100 },
      { result: 'push', payout: '100.00' },
    )
    // Chelsea +3 against a 3-0: the handicap's draw.
    await bet(
      {
        ...onEverton,
        betType: 'three_way_handicap',
        spreadTeam: 'Chelsea',
        spreadPoints: 3,
        selection: 'Draw',
        odds: 300,
        amount: 10,
      },
      { result: 'won', payout: '40.00' },
    )
    await bet(
      {
        ...onEverton,
        betType: 'three_way_handicap',
        spreadTeam: 'Chelsea',
        spreadPoints: 2,
        odds: 150,
        amount: 10,
      },
      { result: 'lost', payout: '0.00' },
    )
    await bet(
      { ...onEverton, betType: 'winning_margin', selection: 'Everton by 3+', odds: 500, amount: 10 },
      { result: 'won', payout: '60.00' },
    )
    await bet(
      { ...onLeeds, betType: 'winning_margin', selection: 'Draw', odds: 200, amount: 10 },
      { result: 'won', payout: '30.00' },
    )
    await bet(
      { ...onLeeds, betType: 'winning_margin', selection: 'Brentford by 1', odds: 450, amount: 10 },
      { result: 'lost', payout: '0.00' },
    )

    // Asian quarter lines (decision 071). Everton -2.75 at 3-0: half on -2.5 wins, half on -3 pushes.
    await bet(
      {
        ...onEverton,
        betType: 'spread',
        spreadTeam: 'Everton',
        spreadPoints: -2.75,
        odds: -110,
        amount: 100,
      },
      { result: 'half_won', payout: '145.46' },
    )
    await bet(
      { ...onEverton, betType: 'total', overUnder: 'over', totalPoints: 3.25, odds: 100, amount: 10 },
      { result: 'half_lost', payout: '5.00' },
    )
    // Leeds 0-0 Brentford: Leeds -0.25 loses half, Brentford +0.25 wins half.
    await bet(
      {
        ...onLeeds,
        betType: 'spread',
        spreadTeam: 'Leeds United',
        spreadPoints: -0.25,
        odds: -105,
        amount: 21,
      },
      { result: 'half_lost', payout: '10.50' },
    )
    await bet(
      { ...onLeeds, betType: 'spread', spreadTeam: 'Brentford', spreadPoints: 0.25, odds: -115, amount: 23 },
      { result: 'half_won', payout: '33.00' },
    )

    // Both teams to score and the correct score (decision 074), on the full game and the first half.
    await bet(
      { ...onEverton, betType: 'both_teams_to_score', selection: 'No', odds: -120, amount: 12 },
      { result: 'won', payout: '22.00' },
    )
    await bet(
      { ...onLeeds, betType: 'both_teams_to_score', selection: 'Yes', odds: 110, amount: 10 },
      { result: 'lost', payout: '0.00' },
    )
    await bet(
      { ...onEverton, betType: 'correct_score', selection: '3-0', odds: 2000, amount: 5 },
      { result: 'won', payout: '105.00' },
    )
    await bet(
      { ...onLeeds, betType: 'correct_score', selection: '1-1', odds: 600, amount: 10 },
      { result: 'lost', payout: '0.00' },
    )
    // Everton led 1-0 at half-time (33').
    await bet(
      { ...onEverton, period: '1H', betType: 'correct_score', selection: '1-0', odds: 400, amount: 10 },
      { result: 'won', payout: '50.00' },
    )

    // On Leeds' grid, BTTS Yes and the correct score 1-1 add up cell by cell beside the earlier bets.
    type Cell = { awayScore: number; profit: number; probability?: number }
    const grid = (await client.get(`/api/outcome-matrix/${leeds.id}`)).json() as {
      outcomes: { homeScore: number; outcomes: Cell[] }[]
    }
    const leedsCell = (h: number, a: number) =>
      grid.outcomes.find((row) => row.homeScore === h)?.outcomes.find((c) => c.awayScore === a)
    // 1-1: the draw's winning margin +$20, Brentford by 1 -$10, Leeds -0.25 -$10.50, Brentford +0.25
    // +$10.00, draw no bet $0, BTTS Yes +$11, the correct score +$60. At 0-0 the last two lose $10 each.
    expect(leedsCell(1, 1)?.profit).toBe(80.5)
    expect(leedsCell(0, 0)?.profit).toBe(-10.5)
    const onlyNew = await client.post('/api/bets/price', {
      ...onLeeds,
      betType: 'correct_score',
      selection: '1-1',
      odds: 600,
      amount: 10,
    })
    expect(onlyNew.statusCode, onlyNew.body).toBe(200)
    // The correct score's chance is its one cell's.
    expect((onlyNew.json() as { winProbability: number }).winProbability).toBeCloseTo(
      leedsCell(1, 1)?.probability ?? 0,
      3,
    )
    const bttsPrice = await client.post('/api/bets/price', {
      ...onLeeds,
      betType: 'both_teams_to_score',
      selection: 'Yes',
      odds: 110,
      amount: 10,
    })
    const bttsCells = grid.outcomes
      .flatMap((row) =>
        row.outcomes.map((c) => (row.homeScore > 0 && c.awayScore > 0 ? (c.probability ?? 0) : 0)),
      )
      .reduce((sum, p) => sum + p, 0)
    expect((bttsPrice.json() as { winProbability: number }).winProbability).toBeCloseTo(bttsCells, 2)

    espn.set('eng.1', { status: 200, body: FINAL })
    const sync = await client.post('/api/games/sync-espn', {})
    expect(sync.json()).toMatchObject({ betOutcomesUpdated: entries.length })
    expect(await gameByProviderId(t.app, '740899')).toMatchObject({
      status: 'final',
      homeScore: 3,
      awayScore: 0,
    })

    const history = (await client.get('/api/bets/history')).json() as { bets: Json[] }
    for (const [entered, settled] of entries) {
      const found = history.bets.find((listed) => listed.id === entered.id)
      expect(found, String(entered.selection)).toMatchObject(settled)
    }

    // Grid's CSV carries every market, and its import reads each back onto the same game and market.
    const csv = (await client.get('/api/bets/export/csv')).body
    const { copy, imported } = await importedBy(t.app, '10.74.0.2', csv)
    expect(imported.json()).toMatchObject({ imported: entries.length, failed: [] })
    const copied = ((await copy.get('/api/bets/history')).json() as { bets: Json[] }).bets
    const row = (bet: Json) => [bet.gameId, bet.betType, bet.selection, bet.period, bet.result, bet.payout]
    expect(copied.map(row).sort()).toEqual(history.bets.map(row).sort())
  })
})
