import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { BaseballSituation, FeedGame, MarketLines } from '../../src/domain/game'
import { LEAGUES, type LeagueCode } from '../../src/domain/leagues'
import { DEFAULT_RATE_LIMITS } from '../../src/domain/limits'
import { buildGrid, profitAt, scoreRanges } from '../../src/domain/outcome-grid'
import { devigThreeWay, devigTwoWay } from '../../src/domain/probability/devig'
import { probabilityAt, summary, threeWay } from '../../src/domain/probability/distribution'
import { probabilityGame } from '../../src/domain/probability/game-state'
import { scoreDistribution } from '../../src/domain/probability/index'
import type { GameRow } from '../../src/server/db/games-schema'
import { moneyline } from '../support/bets'
import { marketLines as lines, storeGame } from './support/bets'
import { Client, signedIn, type TestApp, testApp, testClock } from './support/test-app'

/** GET /api/live-probability/{gameId} and the probability on the outcome grid's cells. */

let t: TestApp
let client: Client
const clock = testClock('2026-11-23T18:00:00Z')

beforeAll(async () => {
  t = await testApp(
    {},
    {
      policies: {
        rateLimits: { ...DEFAULT_RATE_LIMITS, liveProbabilityPerUser: { limit: 40, windowSeconds: 60 } },
      },
      clock: clock.now,
    },
  )
  client = (await signedIn(t.app)).client
})
afterAll(() => t.close())
// Each test starts a fresh rate-limit window; the last one exhausts its own on purpose.
beforeEach(() => clock.advance(61_000))

/** A market for each family, as the feeds store them (docs/feeds.md). */
const MARKETS: Record<string, MarketLines> = {
  baseball: lines({ homeSpread: -1.5, total: 8.5, homeMoneyline: -145, awayMoneyline: 125 }),
  football: lines({ homeSpread: -3.5, total: 44.5, homeMoneyline: -175, awayMoneyline: 150 }),
  basketball: lines({ homeSpread: -6.5, total: 221.5, homeMoneyline: -250, awayMoneyline: 210 }),
  hockey: lines({ homeSpread: -1.5, total: 5.5, homeMoneyline: -140, awayMoneyline: 120 }),
  soccer: lines({ total: 2.5, homeMoneyline: -120, awayMoneyline: 330, drawMoneyline: 260 }),
}

/** A live moment of each family, with the clock text its feed sends. */
const LIVE: Record<string, Partial<FeedGame>> = {
  baseball: { period: 6, gameTime: 'Bot 6th', homeScore: 3, awayScore: 2 },
  football: { period: 3, gameTime: '4:12 - 3rd', homeScore: 17, awayScore: 13 },
  basketball: { period: 2, gameTime: '5:40 - 2nd', homeScore: 51, awayScore: 47 },
  hockey: { period: 2, gameTime: '9:55 - 2nd', homeScore: 1, awayScore: 1 },
  soccer: { period: 2, gameTime: "63'", homeScore: 0, awayScore: 1 },
}

const modelled = (Object.keys(LEAGUES) as LeagueCode[]).filter((code) => LEAGUES[code].sport !== 'tennis')

type Answer = {
  outcomes: { homeScore: number; awayScore: number; probability: number; roi: number; profit: number }[]
  metadata: Record<string, unknown> & { unlistedProbability: number; model: Record<string, unknown> }
  summary: Record<string, number>
  situation: Record<string, unknown>
  lastUpdated: string
}

async function probability(gameId: number, as = client): Promise<Answer> {
  const response = await as.get(`/api/live-probability/${gameId}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

function baseballState(overrides: Partial<BaseballSituation> = {}): BaseballSituation {
  const bases = { first: false, second: false, third: false }
  return { inning: 6, inningHalf: 'bottom', outs: 1, balls: 1, strikes: 2, bases, ...overrides }
}

function storeLeagueGame(league: LeagueCode, state: 'scheduled' | 'in_progress') {
  const sport = LEAGUES[league].sport
  const live = state === 'in_progress' ? (LIVE[sport] ?? {}) : {}
  return storeGame(t.app, {
    league,
    leagueAlias: league.toLowerCase(),
    status: state,
    lines: MARKETS[sport] ?? null,
    ...live,
    baseball: state === 'in_progress' && sport === 'baseball' ? baseballState() : null,
  })
}

describe('every league with a score model', () => {
  it.each(modelled)(
    '%s: scheduled and live games sum to 1, with no tie where none can be final',
    async (league) => {
      for (const state of ['scheduled', 'in_progress'] as const) {
        const game = await storeLeagueGame(league, state)
        const answer = await probability(game.id)
        const listed = answer.outcomes.reduce((sum, o) => sum + o.probability, 0)
        // Each listed probability is rounded to a millionth; the rest of the mass is said, not dropped.
        expect(Math.abs(listed + answer.metadata.unlistedProbability - 1)).toBeLessThan(1e-3)
        expect(answer.outcomes.every((o) => o.probability >= 0.0001 - 1e-6)).toBe(true)
        expect(answer.metadata.significantOutcomes).toBe(answer.outcomes.length)
        if (LEAGUES[league].tiesImpossible) {
          expect(answer.outcomes.filter((o) => o.homeScore === o.awayScore)).toEqual([])
          expect(answer.summary.draw).toBe(0)
        }
        // Live, no final score below the current one.
        if (state === 'in_progress') {
          expect(Math.min(...answer.outcomes.map((o) => o.homeScore))).toBeGreaterThanOrEqual(
            game.homeScore ?? 0,
          )
          expect(Math.min(...answer.outcomes.map((o) => o.awayScore))).toBeGreaterThanOrEqual(
            game.awayScore ?? 0,
          )
        }
        const { homeWin, draw, awayWin } = answer.summary
        expect((homeWin ?? 0) + (draw ?? 0) + (awayWin ?? 0)).toBeCloseTo(1, 5)
      }
    },
  )

  it.each(modelled)(
    '%s: before the start, agrees with the de-vigged moneyline within 0.02',
    async (league) => {
      const game = await storeLeagueGame(league, 'scheduled')
      const { summary: s, metadata } = await probability(game.id)
      const m = game.lines as MarketLines
      const soccer = LEAGUES[league].sport === 'soccer'
      const fair = soccer
        ? devigThreeWay([m.homeMoneyline ?? 0, m.drawMoneyline ?? 0, m.awayMoneyline ?? 0], 'shin')
            .probabilities
        : devigTwoWay([m.homeMoneyline ?? 0, m.awayMoneyline ?? 0], 'shin').probabilities
      expect(Math.abs((s.homeWin ?? 0) - (fair[0] ?? 0))).toBeLessThan(0.02)
      expect(metadata.model).toMatchObject({
        devig: expect.stringContaining('shin'),
        timeLeft: 1,
        fromLeagueAverages: false,
        lines: game.lines,
      })
      expect(metadata.model.linesUsed).toEqual(expect.arrayContaining(['homeMoneyline', 'awayMoneyline']))
      // Soccer's 2.5 comes without its prices: the draw price sets the goals, the line is not used (decision 046).
      if (soccer) {
        expect(Math.abs((s.draw ?? 0) - (fair[1] ?? 0))).toBeLessThan(1e-4)
        expect(metadata.model.linesUsed).not.toContain('total')
      }
    },
  )
})

describe('a live game', () => {
  it('lists its final scores most likely first, as the domain model computes them from the game state', async () => {
    const game = await storeLeagueGame('NBA', 'in_progress')
    const answer = await probability(game.id)
    const { distribution } = scoreDistribution(probabilityGame(game)) ?? { distribution: null }
    if (!distribution) throw new Error('NBA has a model')
    for (const o of answer.outcomes.slice(0, 20)) {
      expect(o.probability).toBeCloseTo(probabilityAt(distribution, o.homeScore, o.awayScore), 6)
    }
    const chances = answer.outcomes.map((o) => o.probability)
    expect(chances).toEqual([...chances].sort((a, b) => b - a))
    expect(answer.situation).toEqual({ homeScore: 51, awayScore: 47, period: 2, clock: '5:40 - 2nd' })
    // 5:40 of the 2nd quarter: 1.5 quarters and 5:40 left of 4 x 12 minutes.
    expect(answer.metadata.model.timeLeft).toBeCloseTo((720 + 720 + 340) / 2880, 4)
    expect(answer.summary.homeWin).toBeCloseTo(threeWay(distribution).homeWin, 6)
  })

  it('shows the baseball situation and reads it: a big lead late is nearly a win', async () => {
    const game = await storeGame(t.app, {
      league: 'MLB',
      leagueAlias: 'mlb',
      status: 'in_progress',
      homeTeam: 'Chicago Cubs',
      awayTeam: 'St. Louis Cardinals',
      period: 9,
      gameTime: 'Top 9th',
      homeScore: 7,
      awayScore: 2,
      lines: MARKETS.baseball ?? null,
      baseball: baseballState({ inning: 9, inningHalf: 'top', outs: 2 }),
    })
    const answer = await probability(game.id)
    expect(answer.situation.baseball).toEqual(game.baseball)
    expect(answer.summary.homeWin).toBeGreaterThan(0.99)
    // The home team leads going to the bottom of the 9th, so it does not bat: 7 is its final score.
    expect(answer.outcomes.every((o) => o.homeScore === 7)).toBe(true)
  })

  it('says when the league averages stood in for missing lines', async () => {
    const game = await storeGame(t.app, {
      league: 'NHL',
      leagueAlias: 'nhl',
      status: 'scheduled',
      lines: null,
    })
    const { metadata } = await probability(game.id)
    expect(metadata.model).toMatchObject({
      fromLeagueAverages: true,
      devig: null,
      linesUsed: [],
      lines: null,
    })
  })
})

describe("the user's position", () => {
  it("prices every listed score by the grid and the position's expectation by the domain's summary", async () => {
    const bettor = await signedIn(t.app, {}, '10.0.1.1')
    const game = await storeLeagueGame('NFL', 'in_progress')
    const before = await probability(game.id, bettor.client)
    expect(before.summary).toMatchObject({ expectedProfit: 0, pushProbability: 1, profitProbability: 0 })
    expect(before.outcomes.every((o) => o.profit === 0 && o.roi === 0)).toBe(true)

    const placed = await bettor.client.post('/api/bets', {
      gameId: game.id,
      betType: 'moneyline',
      selection: 'Buffalo Bills ML',
      odds: 150,
      amount: 40,
    })
    expect(placed.statusCode, placed.body).toBe(201)
    const after = await probability(game.id, bettor.client)
    const { distribution } = scoreDistribution(probabilityGame(game)) ?? { distribution: null }
    if (!distribution) throw new Error('NFL has a model')
    const terms = [moneyline('Buffalo Bills', 4_000, 150)]
    const grid = buildGrid({ matchup: game, bets: terms, home: distribution.home, away: distribution.away })
    for (const o of after.outcomes) {
      expect(o.profit * 100).toBe(profitAt(grid, { home: o.homeScore, away: o.awayScore }))
    }
    const expected = summary(distribution, game, terms)
    expect(after.summary.expectedProfit).toBeCloseTo(expected.expectedProfit / 100, 2)
    expect(after.summary.profitProbability).toBeCloseTo(expected.profitProbability, 6)
    expect(after.summary.lossProbability).toBeCloseTo(expected.lossProbability, 6)
    expect(after.metadata.betCount).toBe(1)
    // The distribution is the game's, not the bettor's: it is the same for a user without bets.
    expect((await probability(game.id)).outcomes.map((o) => o.probability)).toEqual(
      after.outcomes.map((o) => o.probability),
    )
  })

  it("puts each cell's chance on the outcome grid, with the same summary and the likely region", async () => {
    const bettor = await signedIn(t.app, {}, '10.0.1.2')
    const game = await storeLeagueGame('EPL', 'in_progress')
    await bettor.client.post('/api/bets', {
      gameId: game.id,
      betType: 'total',
      overUnder: 'over',
      totalPoints: 2.5,
      odds: -105,
      amount: 50,
    })
    const gameGrid = (await bettor.client.get(`/api/outcome-matrix/${game.id}`)).json()
    const answer = await probability(game.id, bettor.client)
    expect(gameGrid.probability.summary).toEqual(answer.summary)
    expect(gameGrid.probability.model).toEqual(answer.metadata.model)
    const cells = gameGrid.outcomes.flatMap((row: { homeScore: number; outcomes: { awayScore: number }[] }) =>
      row.outcomes.map((cell) => ({ homeScore: row.homeScore, ...cell })),
    )
    for (const o of answer.outcomes) {
      const cell = cells.find(
        (c: Answer['outcomes'][number]) => c.homeScore === o.homeScore && c.awayScore === o.awayScore,
      )
      expect(cell).toMatchObject({ probability: o.probability, profit: o.profit, roi: o.roi })
    }
    // Cells at or above the threshold hold the likelier half of the distribution.
    const likely = cells
      .filter((c: { probability?: number }) => (c.probability ?? 0) >= gameGrid.probability.likelyThreshold)
      .reduce((sum: number, c: { probability: number }) => sum + c.probability, 0)
    expect(likely).toBeGreaterThanOrEqual(0.5 - 1e-4)
    expect(likely).toBeLessThan(0.8)
    expect(scoreRanges('EPL', { home: 0, away: 1 }).home.min).toBe(gameGrid.homeRange.min)
  })
})

describe('the price of a bet or ticket before it is placed (POST /api/bets/price, decision 066)', () => {
  type Price = Record<'winProbability' | 'pushProbability' | 'lossProbability', number> & {
    fairOdds: number | null
    bookMargin: number | null
    expectedValue: number | null
  }
  async function price(body: Record<string, unknown>, as = client): Promise<Price> {
    const response = await as.post('/api/bets/price', body)
    expect(response.statusCode, response.body).toBe(200)
    return response.json()
  }
  const nflGame = (homeTeam: string, awayTeam: string) =>
    storeGame(t.app, {
      league: 'NFL',
      leagueAlias: 'nfl',
      homeTeam,
      awayTeam,
      status: 'scheduled',
      lines: MARKETS.football ?? null,
    })
  const homeCovers = (game: GameRow) => ({
    gameId: game.id,
    betType: 'spread',
    spreadTeam: game.homeTeam,
    spreadPoints: -3.5,
    odds: -110,
  })
  const over = (game: GameRow) => ({
    gameId: game.id,
    betType: 'total',
    overUnder: 'over',
    totalPoints: 44.5,
    odds: -110,
  })

  it("reads a same-game parlay's chance off the summed cells where both legs win, and stores nothing", async () => {
    const bettor = await signedIn(t.app, {}, '10.0.2.1')
    const game = await nflGame('Kansas City Chiefs', 'Buffalo Bills')
    const answer = await price(
      { betType: 'same_game_parlay', legs: [homeCovers(game), over(game)], odds: 260, amount: 100 },
      bettor.client,
    )
    const { distribution } = scoreDistribution(probabilityGame(game)) ?? { distribution: null }
    if (!distribution) throw new Error('NFL has a model')
    let both = 0
    for (let home = distribution.home.min; home <= distribution.home.max; home++)
      for (let away = distribution.away.min; away <= distribution.away.max; away++)
        if (home - away > 3.5 && home + away > 44.5) both += probabilityAt(distribution, home, away)
    expect(answer.winProbability).toBeCloseTo(both, 6)
    expect(answer.lossProbability).toBeCloseTo(1 - both, 6)
    // +260 on $100 returns $360 a win: the book keeps what the chance does not pay back.
    expect(answer.expectedValue).toBeCloseTo(both * 360 - 100, 2)
    expect(answer.bookMargin).toBeCloseTo(1 - both * 3.6, 4)
    expect((await bettor.client.get('/api/bets')).json()).toEqual([])
  })

  it("multiplies a parlay's legs on two games, each as its single prices it", async () => {
    const first = await nflGame('Green Bay Packers', 'Chicago Bears')
    const second = await nflGame('Dallas Cowboys', 'New York Giants')
    const single = await price({ ...homeCovers(first), amount: 100 })
    const other = await price({ ...over(second), amount: 100 })
    const parlay = await price({ betType: 'parlay', legs: [homeCovers(first), over(second)], amount: 100 })
    expect(parlay.winProbability).toBeCloseTo(single.winProbability * other.winProbability, 6)
    // At the legs' product, (210/110)^2 = 3.6446: $364.46 back on a win.
    expect(parlay.expectedValue).toBeCloseTo(parlay.winProbability * 364.46 - 100, 2)
    expect(single.fairOdds).not.toBeNull()
  })

  it('refuses a leg off the feed (409), a bad body (400, the field), and a visitor (401)', async () => {
    const game = await nflGame('Miami Dolphins', 'New York Jets')
    const offFeed = await client.post('/api/bets/price', {
      betType: 'parlay',
      amount: 10,
      legs: [
        homeCovers(game),
        { event: { name: 'NBA MVP 2027' }, betType: 'other', selection: 'Jokic', odds: 400 },
      ],
    })
    expect(offFeed.statusCode).toBe(409)
    expect(offFeed.json().message).toMatch(/off the feed/)
    const bad = await client.post('/api/bets/price', {
      betType: 'parlay',
      amount: 10,
      legs: [homeCovers(game)],
    })
    expect([bad.statusCode, bad.json().field]).toEqual([400, 'legs'])
    const visitor = await t.app.inject({ method: 'POST', url: '/api/bets/price', payload: homeCovers(game) })
    expect(visitor.statusCode).toBe(401)
  })

  it('is limited per user as the probability poll is (429 past the window’s requests)', async () => {
    const bettor = await signedIn(t.app, {}, '10.0.2.2')
    const game = await nflGame('Seattle Seahawks', 'Los Angeles Rams')
    const statuses: number[] = []
    for (let i = 0; i < 41; i++)
      statuses.push(
        (await bettor.client.post('/api/bets/price', { ...homeCovers(game), amount: 10 })).statusCode,
      )
    expect(statuses.slice(0, 40).every((status) => status === 200)).toBe(true)
    expect(statuses[40]).toBe(429)
  })
})

describe('per game state', () => {
  it('is computed once per game state and again when the score moves', async () => {
    const game = await storeLeagueGame('NHL', 'in_progress')
    const first = await probability(game.id)
    clock.advance(20_000)
    const again = await probability(game.id)
    // The same state 20 s later: the distribution computed the first time, not a new one.
    expect(again.lastUpdated).toBe(first.lastUpdated)
    const { id: _i, version: _v, createdAt: _c, updatedAt: _u, ...fields } = game
    await t.app.repos.games.upsert([
      { ...fields, provider: 'simulated', status: 'in_progress', homeScore: 2 } as FeedGame,
    ])
    const moved = await probability(game.id)
    expect(Date.parse(moved.lastUpdated)).toBeGreaterThan(Date.parse(first.lastUpdated))
    expect(moved.situation).toMatchObject({ homeScore: 2, awayScore: 1 })
    expect(Math.min(...moved.outcomes.map((o) => o.homeScore))).toBe(2)
    expect(moved.summary.homeWin).toBeGreaterThan(first.summary.homeWin ?? 1)
  })

  it('moves with the lines too: a new price is a new distribution', async () => {
    const game = await storeLeagueGame('NBA', 'scheduled')
    const first = await probability(game.id)
    const { id: _i, version: _v, createdAt: _c, updatedAt: _u, ...fields } = game
    const flipped = lines({ homeSpread: 6.5, total: 221.5, homeMoneyline: 210, awayMoneyline: -250 })
    await t.app.repos.games.upsert([
      { ...fields, provider: 'simulated', status: 'scheduled', lines: flipped } as FeedGame,
    ])
    const moved = await probability(game.id)
    expect(moved.summary.homeWin).toBeLessThan(0.4)
    expect(first.summary.homeWin).toBeGreaterThan(0.6)
  })
})

describe('refusals', () => {
  it('answers 409 for a final or canceled game, 404 for a missing one, 400 for a bad id, 401 signed out', async () => {
    const final = await storeGame(t.app, { status: 'final', homeScore: 24, awayScore: 20 })
    const refused = await client.get(`/api/live-probability/${final.id}`)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({ message: 'The game is final: its final score is known' })
    const canceled = await storeGame(t.app, { status: 'canceled' })
    expect((await client.get(`/api/live-probability/${canceled.id}`)).statusCode).toBe(409)
    expect((await client.get(`/api/outcome-matrix/${final.id}`)).json().probability).toBeNull()
    expect((await client.get('/api/live-probability/999999')).json()).toEqual({ message: 'Game not found' })
    const bad = await client.get('/api/live-probability/x')
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ field: 'gameId' })
    expect((await new Client(t.app).get('/api/live-probability/1')).statusCode).toBe(401)
  })

  it('limits the poll per user', async () => {
    const game = await storeLeagueGame('MLS', 'scheduled')
    const bettor = await signedIn(t.app, {}, '10.0.1.3')
    const statuses: number[] = []
    for (let i = 0; i < 41; i++)
      statuses.push((await bettor.client.get(`/api/live-probability/${game.id}`)).statusCode)
    expect(statuses.slice(0, 40).every((s) => s === 200)).toBe(true)
    expect(statuses[40]).toBe(429)
  })
})
