import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devigThreeWay } from '../../src/domain/probability/devig'
import { moneyline } from '../support/bets'
import { betById, gameByProviderId, storeBet } from './support/bets'
import { EspnReplay, fixture } from './support/espn-replay'
import { type Client, signedIn, type TestApp, testApp } from './support/test-app'

/**
 * ESPN_BASE_URL pointed at a loopback server replaying recorded scoreboards, with APP_NOW on
 * their day (2022-09-17: MLB and MLS), fills /api/games/live with those games, correctly mapped.
 */
let espn: EspnReplay
let t: TestApp
let client: Client
let userId: number

beforeAll(async () => {
  espn = await new EspnReplay()
    .set('mlb', { status: 200, body: fixture('mlb-scoreboard-2022-09-17-live-odds.json') })
    .set('usa.1', { status: 200, body: fixture('usa1-mls-scoreboard-2022-09-17-live.json') })
    .start()
  t = await testApp({
    feed: {
      source: 'espn',
      espnBaseUrl: espn.url,
      // Long enough for a busy machine to serve and read the 1.2 MB MLB scoreboard; the hang test waits it out.
      espnTimeoutMs: 3_000,
    },
    server: { appNow: '2022-09-17T23:00:00Z' },
  })
  const signed = await signedIn(t.app)
  client = signed.client
  userId = signed.user.id
})
afterAll(async () => {
  await t.close()
  await espn.stop()
})

type GameJson = Record<string, unknown> & { id: number; homeTeam: string; awayTeam: string; bets: unknown[] }

async function liveGames(): Promise<GameJson[]> {
  const response = await client.get('/api/games/live')
  expect(response.statusCode).toBe(200)
  return response.json()
}

function find(list: GameJson[], away: string, home: string): GameJson {
  const game = list.find((g) => g.awayTeam === away && g.homeTeam === home)
  if (!game) throw new Error(`${away} @ ${home} missing`)
  return game
}

describe('replaying recorded ESPN scoreboards', () => {
  it('asks every league for the US Eastern day of APP_NOW, and stores what it gets', async () => {
    const sync = await client.post('/api/games/sync-espn', {})
    expect(sync.statusCode).toBe(200)
    expect(sync.json()).toMatchObject({ betOutcomesUpdated: 0, source: 'espn', games: 17 + 11 })
    expect(espn.requests).toHaveLength(14)
    expect(espn.requests).toContain('/apis/site/v2/sports/baseball/mlb/scoreboard?dates=20220917')
    expect(espn.requests).toContain('/apis/site/v2/sports/soccer/usa.1/scoreboard?dates=20220917')
  })

  it('maps a live baseball game with runners on, field by field', async () => {
    const game = find(await liveGames(), 'Miami Marlins', 'Washington Nationals')
    expect(game).toMatchObject({
      sport: 'MLB',
      leagueAlias: 'mlb',
      provider: 'espn',
      status: 'in_progress',
      gameStatus: 'live',
      isLive: true,
      gameTime: 'Bot 5th',
      awayScore: 3,
      homeScore: 5,
      startTime: '2022-09-17T20:05:00.000Z',
      baseball: {
        inning: 5,
        inningHalf: 'bottom',
        outs: 2,
        balls: 0,
        strikes: 1,
        bases: { first: true, second: true, third: false },
      },
      footballDetails: null,
      // Decision 070: the line score so far, each inning its own runs.
      periods: [
        { period: 'I1', homeScore: 1, awayScore: 0 },
        { period: 'I2', homeScore: 1, awayScore: 0 },
        { period: 'I3', homeScore: 1, awayScore: 1 },
        { period: 'I4', homeScore: 1, awayScore: 2 },
        { period: 'I5', homeScore: 1, awayScore: 0 },
      ],
      bets: [],
    })
  })

  it('maps final, scheduled (with lines) and live soccer games', async () => {
    const list = await liveGames()
    expect(find(list, 'Colorado Rockies', 'Chicago Cubs')).toMatchObject({
      status: 'final',
      gameStatus: 'final',
      isLive: false,
      awayScore: 3,
      homeScore: 1,
    })
    const scheduled = find(list, 'Chicago White Sox', 'Detroit Tigers')
    expect(scheduled).toMatchObject({
      status: 'scheduled',
      gameStatus: 'SCHEDULED',
      homeScore: null,
      awayScore: null,
    })
    expect(scheduled.lines).toMatchObject({ total: 8 })
    expect(scheduled.periods).toEqual([])
    expect(find(list, 'CF Montréal', 'New England Revolution')).toMatchObject({
      sport: 'MLS',
      status: 'in_progress',
      gameTime: "58'",
      awayScore: 0,
      homeScore: 0,
    })
  })

  it("keeps a soccer match's halves from its goals, stored and answered with the game (decision 070)", async () => {
    const game = find(await liveGames(), 'New York Red Bulls', 'New York City FC')
    expect(game).toMatchObject({ status: 'final', homeScore: 2, awayScore: 0 })
    // Both of New York City FC's goals came in the first half, at 1' and 23'.
    expect(game.periods).toEqual([
      { period: '1H', homeScore: 2, awayScore: 0 },
      { period: '2H', homeScore: 0, awayScore: 0 },
    ])
  })

  it("prices a recorded MLS game from ESPN's whole 1X2, leaving its bare 2.5 line out (decision 046)", async () => {
    const game = find(await liveGames(), 'Nashville SC', 'Austin FC')
    const response = await client.get(`/api/live-probability/${game.id}`)
    expect(response.statusCode, response.body).toBe(200)
    const { summary, metadata } = response.json()
    const fair = devigThreeWay([145, 260, 180], 'shin').probabilities
    expect(Math.abs(summary.draw - (fair[1] ?? 0))).toBeLessThan(1e-4)
    expect(metadata.model).toMatchObject({
      devig: '1X2 shin',
      linesUsed: ['homeMoneyline', 'drawMoneyline', 'awayMoneyline'],
      fromLeagueAverages: false,
      lines: { provider: 'Holland Casino', total: 2.5 },
    })
  })

  it('settles a recorded 0-0 soccer draw three-way, once, and never a tentative bet (decisions 004 and 005)', async () => {
    const atl = await gameByProviderId(t.app, '623599')
    expect(atl).toMatchObject({ status: 'final', homeScore: 0, awayScore: 0, homeTeam: 'Atlanta United FC' })
    const draw = await storeBet(t.app, userId, atl.id, moneyline('Draw', 1_000, 260))
    const home = await storeBet(t.app, userId, atl.id, moneyline('Atlanta United FC', 2_000, -150))
    const tentative = await storeBet(t.app, userId, atl.id, moneyline('Draw', 500, 260), 'tentative')

    const first = await client.post('/api/games/sync-espn', {})
    expect(first.json().betOutcomesUpdated).toBe(2)
    expect(await betById(t.app, draw.id)).toMatchObject({ result: 'won', payoutCents: 1_000 + 2_600 })
    expect(await betById(t.app, home.id)).toMatchObject({ result: 'lost', payoutCents: 0 })
    expect(await betById(t.app, tentative.id)).toMatchObject({ result: null, payoutCents: null })

    const again = await client.post('/api/games/sync-espn', {})
    expect(again.json().betOutcomesUpdated).toBe(0)
    const listed = find(await liveGames(), 'Philadelphia Union', 'Atlanta United FC')
    expect(listed.bets).toHaveLength(3)
  })
})

describe('a failing ESPN leaves the stored games intact', () => {
  async function snapshot() {
    const wsh = await gameByProviderId(t.app, '401356376')
    return { count: (await liveGames()).length, wsh: [wsh.homeScore, wsh.awayScore, wsh.version] }
  }

  it.each([
    ['malformed JSON', { status: 200, body: '{"events": [' }],
    ['a 500', { status: 500, body: 'oops' }],
    ['a timeout', 'hang' as const],
  ])('after %s', async (_, reply) => {
    const before = await snapshot()
    espn.set('mlb', reply)
    const sync = await client.post('/api/games/sync-espn', {})
    expect(sync.statusCode).toBe(200)
    expect(await snapshot()).toEqual(before)
    const feed = await client.get('/api/games/feed')
    expect(feed.json().lastSync.failures).toEqual([{ league: 'mlb', reason: expect.any(String) }])
    espn.set('mlb', { status: 200, body: fixture('mlb-scoreboard-2022-09-17-live-odds.json') })
  })
})

describe('replaying a recorded NFL Sunday (2022-09-11, the late window)', () => {
  let nfl: EspnReplay
  let sunday: TestApp
  let fan: Client

  beforeAll(async () => {
    nfl = await new EspnReplay()
      .set('nfl', { status: 200, body: fixture('nfl-scoreboard-2022-wk1-live.json') })
      .start()
    sunday = await testApp({
      feed: { source: 'espn', espnBaseUrl: nfl.url, espnTimeoutMs: 3_000 },
      server: { appNow: '2022-09-11T20:00:00Z' },
    })
    fan = (await signedIn(sunday.app)).client
    expect((await fan.post('/api/games/sync-espn', {})).json().games).toBe(16)
  })
  afterAll(async () => {
    await sunday.close()
    await nfl.stop()
  })

  it('maps a live game with down and distance, the yard line counted from the offence own goal line', async () => {
    const list = (await fan.get('/api/games/live')).json() as GameJson[]
    expect(find(list, 'Philadelphia Eagles', 'Detroit Lions')).toMatchObject({
      sport: 'NFL',
      status: 'in_progress',
      gameStatus: 'live',
      gameTime: '7:45 - 4th',
      period: 4,
      awayScore: 38,
      homeScore: 28,
      baseball: null,
      footballDetails: {
        down: 3,
        distance: 4,
        // ESPN counts from the home goal line; the Lions (home) have the ball at their own 34.
        yardLine: 34,
        possession: 'DET',
        redZone: false,
        timeouts: { home: 2, away: 1 },
        downDistanceText: '3rd & 4 at DET 34',
      },
    })
    expect(find(list, 'Pittsburgh Steelers', 'Cincinnati Bengals').footballDetails).toMatchObject({
      down: 2,
      distance: 10,
      yardLine: 88,
      possession: 'CIN',
      redZone: true,
    })
    // The Saints (away) at their own 10: ESPN's 90 from the home goal line.
    expect(find(list, 'New Orleans Saints', 'Atlanta Falcons').footballDetails).toMatchObject({
      possession: 'NO',
      yardLine: 10,
      downDistanceText: '1st & 10 at NO 10',
    })
  })

  it('lists a scheduled game with the lines the feed carries', async () => {
    const list = (await fan.get('/api/games/live')).json() as GameJson[]
    const scheduled = find(list, 'New York Giants', 'Tennessee Titans')
    expect(scheduled).toMatchObject({
      status: 'scheduled',
      gameStatus: 'SCHEDULED',
      isLive: false,
      startTime: '2022-09-11T20:25:00.000Z',
      homeScore: null,
      awayScore: null,
      footballDetails: null,
    })
    expect(scheduled.lines).toMatchObject({ homeSpread: -5.5, total: 44 })
  })
})
