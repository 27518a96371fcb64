import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { FeedGame } from '../../src/domain/game'
import { DEFAULT_RATE_LIMITS } from '../../src/domain/limits'
import { centsToDollars } from '../../src/domain/money'
import { decimalOdds, formatOdds, potentialWin } from '../../src/domain/odds'
import { buildGrid, scoreRanges, toGridOutcomes } from '../../src/domain/outcome-grid'
import { moneyline } from '../support/bets'
import { marketLines as lines, storeGame } from './support/bets'
import { Client, signedIn, type TestApp, testApp, testClock } from './support/test-app'

/** GET /api/suggestions/game/{gameId} and GET /api/suggestions/user. */

let t: TestApp
const clock = testClock('2026-11-23T18:00:00Z')
let addresses = 0

beforeAll(async () => {
  t = await testApp(
    {},
    {
      policies: {
        rateLimits: { ...DEFAULT_RATE_LIMITS, suggestionsPerUser: { limit: 30, windowSeconds: 60 } },
      },
      clock: clock.now,
    },
  )
  await signedIn(t.app) // decision 013: the first account is the admin
})
afterAll(() => t.close())
// Each test starts a fresh rate-limit window.
beforeEach(() => clock.advance(61_000))

const bettor = async () => (await signedIn(t.app, {}, `10.0.3.${++addresses}`)).client

type Answer = {
  gameId: number
  suggestions: (Record<string, unknown> & {
    id: string
    type: string
    selection: string | null
    suggestedOdds: number | null
    suggestedAmount: number
    potentialProfit: number
    sensibleAmount: number
    floorAtSensibleAmount: number | null
    expectedValue: number
    linesAge: number
    priceSource: 'feed' | 'model'
    priceAgeSeconds: number
    fairOdds: number | null
    confidence: number
    description: string
    preview: {
      homeRange: { min: number; max: number }
      awayRange: { min: number; max: number }
      before: { homeScore: number; outcomes: { awayScore: number; profit: number }[] }[]
      after: { homeScore: number; outcomes: { awayScore: number; profit: number }[] }[]
    }
  })[]
  notes: { rule: string; reason: string }[]
  totalExposure: number
  userBets: number
  generatedAt: string
}

async function suggestions(client: Client, gameId: number): Promise<Answer> {
  const response = await client.get(`/api/suggestions/game/${gameId}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

async function bet(client: Client, body: Record<string, unknown>) {
  const placed = await client.post('/api/bets', body)
  expect(placed.statusCode, placed.body).toBe(201)
  return placed.json()
}

/**
 * A live NBA game that tipped off five minutes ago: its price is fresh (decision 024: younger than 10 minutes), and
 * no NBA game ends tied, so a moneyline hedge can lock a profit (an NFL tie would push both sides).
 */
const NBA = {
  league: 'NBA' as const,
  leagueAlias: 'nba',
  homeTeam: 'Boston Celtics',
  awayTeam: 'Los Angeles Lakers',
}

function liveGame(overrides: Partial<FeedGame>) {
  return storeGame(t.app, {
    status: 'in_progress',
    period: 1,
    gameTime: '10:00 - 1st',
    homeScore: 0,
    awayScore: 0,
    startTime: new Date(clock.now().getTime() - 5 * 60_000),
    ...overrides,
  })
}

/** The hedge: $100 on the Lakers at +1200, the Celtics now -140 (a fresh price, five minutes in). */
async function lakersAt1200(overrides: Partial<FeedGame> = {}) {
  const client = await bettor()
  const game = await liveGame({
    ...NBA,
    lines: lines({ homeMoneyline: -140, awayMoneyline: 120 }),
    ...overrides,
  })
  await bet(client, {
    gameId: game.id,
    betType: 'moneyline',
    selection: 'Los Angeles Lakers ML',
    odds: 1200,
    amount: 100,
  })
  return { client, game }
}

describe("a bettor's hedge", () => {
  it('on a live game is priced by the model, not at the pregame line the game keeps (decision 029)', async () => {
    const { client, game } = await lakersAt1200()
    const answer = await suggestions(client, game.id)
    expect(answer).toMatchObject({ gameId: game.id, totalExposure: 100, userBets: 1 })
    const hedge = answer.suggestions.find((s) => s.type === 'hedge')
    expect(hedge).toMatchObject({
      selection: 'Boston Celtics ML',
      priceSource: 'model',
      priceAgeSeconds: 300,
    })
    const { suggestedOdds: breakEven, fairOdds: fair } = hedge as { suggestedOdds: number; fairOdds: number }
    // The -140 is the pregame price: the card offers the hedge's break-even price under the model instead
    // (its fair price, rounded in the bettor's favour), for the bettor to check at the book.
    expect(breakEven).not.toBe(-140)
    expect(decimalOdds(breakEven)).toBeGreaterThanOrEqual(decimalOdds(fair))
    expect(decimalOdds(breakEven) - decimalOdds(fair)).toBeLessThan(0.01)
    expect(hedge?.description).toContain(
      `at its break-even price, ${formatOdds(breakEven)} or better (the model's fair price ${formatOdds(fair)})`,
    )
    expect(hedge).toMatchObject({
      // docs/spec/product-spec.md §9: 30% of the exposure, under the equalising stake (decision 024: never an over-hedge).
      suggestedAmount: 30,
      potentialProfit: centsToDollars(potentialWin(3_000, breakEven)),
      linesAge: 300,
    })
    expect(hedge?.sensibleAmount).toBeGreaterThan(30)
  })

  it('previews the grid after the bet: before plus the suggested bet, cell by cell', async () => {
    const { client, game } = await lakersAt1200()
    const hedge = (await suggestions(client, game.id)).suggestions.find((s) => s.type === 'hedge')
    if (!hedge?.suggestedOdds) throw new Error('a hedge is suggested')
    const ranges = scoreRanges('NBA', { home: 0, away: 0 })
    const held = moneyline('Los Angeles Lakers', 10_000, 1200)
    const added = moneyline('Boston Celtics', hedge.suggestedAmount * 100, hedge.suggestedOdds)
    const grid = (bets: (typeof held)[]) =>
      toGridOutcomes(buildGrid({ matchup: game, bets, ...ranges })).outcomes
    const window = hedge.preview
    expect(window.homeRange.max - window.homeRange.min).toBe(6)
    expect(window.awayRange.max - window.awayRange.min).toBe(6)
    const cut = (rows: ReturnType<typeof grid>) =>
      rows
        .filter((r) => r.homeScore >= window.homeRange.min && r.homeScore <= window.homeRange.max)
        .map((r) => ({
          homeScore: r.homeScore,
          outcomes: r.outcomes.filter(
            (c) => c.awayScore >= window.awayRange.min && c.awayScore <= window.awayRange.max,
          ),
        }))
    expect(window.before).toEqual(cut(grid([held])))
    expect(window.after).toEqual(cut(grid([held, added])))
  })
})

describe('prices that exist (decisions 024 and 029)', () => {
  it('an hour into a game offers nothing at the pregame price, and no confidence the age does not allow', async () => {
    const { client, game } = await lakersAt1200({ startTime: new Date(clock.now().getTime() - 3_600_000) })
    const answer = await suggestions(client, game.id)
    const bets = answer.suggestions.filter((s) => s.selection !== null)
    expect(bets.length).toBeGreaterThan(0)
    for (const s of answer.suggestions) {
      // The feeds carry the pregame line through the game: an hour into it, the price is an hour old.
      expect(s).toMatchObject({ priceSource: 'model', priceAgeSeconds: 3_600 })
      // 3,600 s is past two doublings of the 600 s limit: at most 2 of 5.
      expect(s.confidence).toBeLessThanOrEqual(2)
      expect([-140, 120]).not.toContain(s.suggestedOdds)
    }
    for (const s of bets) {
      expect(s.description).toContain(
        `at its break-even price, ${formatOdds(s.suggestedOdds ?? 0)} or better`,
      )
      expect(s.expectedValue).toBeGreaterThanOrEqual(0)
    }
  })

  it("uses the feed's fresh price before the start", async () => {
    const client = await bettor()
    const game = await storeGame(t.app, {
      ...NBA,
      status: 'scheduled',
      startTime: new Date(clock.now().getTime() + 3_600_000),
      lines: lines({ homeMoneyline: -140, awayMoneyline: 120 }),
    })
    await bet(client, {
      gameId: game.id,
      betType: 'moneyline',
      selection: 'Boston Celtics ML',
      odds: -140,
      amount: 70,
    })
    clock.advance(45_000)
    const answer = await suggestions(client, game.id)
    expect(answer.suggestions.length).toBeGreaterThan(0)
    for (const s of answer.suggestions) expect(s).toMatchObject({ priceSource: 'feed', priceAgeSeconds: 45 })
  })
})

describe('the insight', () => {
  it("is marked AI by its id, and is the rule's text without an LLM", async () => {
    const client = await bettor()
    const game = await liveGame({ lines: lines({ homeMoneyline: -140, awayMoneyline: 120, total: 44.5 }) })
    await bet(client, {
      gameId: game.id,
      betType: 'moneyline',
      selection: 'Buffalo Bills ML',
      odds: 1200,
      amount: 100,
    })
    const insight = (await suggestions(client, game.id)).suggestions.find((s) => s.type === 'insight')
    expect(insight?.id).toContain('ai_')
    expect(insight?.description).toMatch(/^Your best likely final: /)
    expect(insight?.description).toBe(insight?.reasoning)
  })
})

describe('caching and refusals', () => {
  it('answers from the cache until the bets change, then follows them', async () => {
    const client = await bettor()
    const game = await liveGame({ lines: lines({ homeMoneyline: -140, awayMoneyline: 120 }) })
    const empty = await suggestions(client, game.id)
    expect(empty).toMatchObject({ totalExposure: 0, userBets: 0 })
    await bet(client, {
      gameId: game.id,
      betType: 'moneyline',
      selection: 'Buffalo Bills ML',
      odds: 1200,
      amount: 100,
    })
    const first = await suggestions(client, game.id)
    clock.advance(1_000)
    expect((await suggestions(client, game.id)).generatedAt).toBe(first.generatedAt)
    await bet(client, {
      gameId: game.id,
      betType: 'moneyline',
      selection: 'Buffalo Bills ML',
      odds: 900,
      amount: 50,
    })
    const after = await suggestions(client, game.id)
    expect(after).toMatchObject({ totalExposure: 150, userBets: 2 })
    expect(after.generatedAt).not.toBe(first.generatedAt)
  })

  it('has nothing to suggest on a final game, and says why', async () => {
    const client = await bettor()
    const game = await storeGame(t.app, { status: 'final', homeScore: 20, awayScore: 17 })
    const answer = await suggestions(client, game.id)
    expect(answer).toMatchObject({ suggestions: [], userBets: 0 })
    expect(answer.notes).toEqual([
      { rule: 'insight', reason: 'The game is over: there is nothing left to suggest.' },
    ])
  })

  it('answers 404, 400 and 401 like the other game calls, and limits the poll per user', async () => {
    const client = await bettor()
    expect((await client.get('/api/suggestions/game/999999')).json()).toEqual({ message: 'Game not found' })
    expect((await client.get('/api/suggestions/game/x')).json()).toMatchObject({ field: 'gameId' })
    expect((await new Client(t.app).get('/api/suggestions/user')).statusCode).toBe(401)
    const game = await liveGame({})
    const statuses: number[] = []
    for (let i = 0; i < 29; i++)
      statuses.push((await client.get(`/api/suggestions/game/${game.id}`)).statusCode)
    expect(statuses.every((s) => s === 200)).toBe(true)
    expect((await client.get('/api/suggestions/user')).statusCode).toBe(429)
  })
})

describe("across the user's games", () => {
  it('lists the suggestions of every open game, best expected value first', async () => {
    const client = await bettor()
    const one = await liveGame({ lines: lines({ homeMoneyline: -140, awayMoneyline: 120 }) })
    const two = await liveGame({
      homeTeam: 'Dallas Cowboys',
      awayTeam: 'New York Giants',
      lines: lines({ homeMoneyline: 150, awayMoneyline: -170, homeSpread: 3.5, total: 41.5 }),
    })
    await bet(client, {
      gameId: one.id,
      betType: 'moneyline',
      selection: 'Buffalo Bills ML',
      odds: 1200,
      amount: 100,
    })
    await bet(client, {
      gameId: two.id,
      betType: 'moneyline',
      selection: 'Dallas Cowboys ML',
      odds: 400,
      amount: 40,
    })
    const response = await client.get('/api/suggestions/user')
    expect(response.statusCode).toBe(200)
    const { suggestions: all } = response.json() as Answer
    const perGame = [
      ...(await suggestions(client, one.id)).suggestions,
      ...(await suggestions(client, two.id)).suggestions,
    ]
    expect(all.map((s) => s.id).sort()).toEqual(perGame.map((s) => s.id).sort())
    expect(new Set(all.map((s) => s.gameId))).toEqual(new Set([one.id, two.id]))
    const values = all.map((s) => s.expectedValue)
    expect(values).toEqual([...values].sort((a, b) => b - a))
  })
})

describe('the game states behind trend and momentum', () => {
  it('keeps one state per version, so the score history grows with the feed', async () => {
    const game = await liveGame({})
    const { id: _i, version: _v, createdAt: _c, updatedAt: _u, linesSeenAt: _l, ...fields } = game
    const feed = { ...fields, provider: 'simulated' } as FeedGame
    await t.app.repos.games.upsert([feed])
    await t.app.repos.games.upsert([{ ...feed, homeScore: 7, gameTime: '6:00 - 1st' }])
    await t.app.repos.games.upsert([{ ...feed, homeScore: 7, awayScore: 3, gameTime: '1:00 - 1st' }])
    const states = await t.app.repos.games.states(game.id)
    expect(states.map((s) => [s.version, s.homeScore, s.awayScore])).toEqual([
      [1, 0, 0],
      [2, 7, 0],
      [3, 7, 3],
    ])
  })
})

describe('with an LLM endpoint (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL)', () => {
  let server: Server
  let reply: (ruleText: string) => string | null = () => null
  const asked: { authorization?: string; model?: string }[] = []
  let llmApp: TestApp

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk) => {
        body += chunk
      })
      request.on('end', () => {
        const parsed = JSON.parse(body) as { model: string; messages: { content: string }[] }
        asked.push({ authorization: request.headers.authorization, model: parsed.model })
        const text = reply(parsed.messages.at(-1)?.content ?? '')
        if (text === null) return // no answer: the app's timeout decides
        response.setHeader('content-type', 'application/json')
        response.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: text } }] }))
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const port = (server.address() as AddressInfo).port
    llmApp = await testApp(
      {
        llm: {
          baseUrl: `http://127.0.0.1:${port}/v1`,
          apiKey: 'sk-test',
          model: 'test-model',
          timeoutMs: 300,
        },
      },
      { clock: clock.now },
    )
    await signedIn(llmApp.app)
  })
  afterAll(async () => {
    await llmApp.close()
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  /** Each call bets a different amount, so its rule text is new (rewrites are kept per text). */
  let amount = 100
  async function insightWith(write: (ruleText: string) => string | null) {
    reply = write
    const client = (await signedIn(llmApp.app, {}, `10.0.4.${++addresses}`)).client
    const game = await storeGame(llmApp.app, {
      status: 'in_progress',
      period: 1,
      gameTime: '10:00 - 1st',
      homeScore: 0,
      awayScore: 0,
      startTime: new Date(clock.now().getTime() - 60_000),
      lines: lines({ homeMoneyline: -140, awayMoneyline: 120 }),
    })
    await client.post('/api/bets', {
      gameId: game.id,
      betType: 'moneyline',
      selection: 'Buffalo Bills ML',
      odds: 1200,
      amount: ++amount,
    })
    const answer = (await client.get(`/api/suggestions/game/${game.id}`)).json() as Answer
    return answer.suggestions.find((s) => s.type === 'insight') as unknown as {
      description: string
      reasoning: string
    }
  }

  it('rewrites the insight from the same facts, keeping every number', async () => {
    const insight = await insightWith(
      (rule) => `In short: ${rule.replace('Your best likely final', 'At best')}`,
    )
    expect(insight.description).toMatch(/^In short: At best/)
    expect(insight.reasoning).toMatch(/^Your best likely final/)
    expect(asked.at(-1)).toEqual({ authorization: 'Bearer sk-test', model: 'test-model' })
  })

  it('keeps the rule text when the rewrite invents a number, or does not come in time', async () => {
    const invented = await insightWith(() => 'You will surely win $5,000 tonight.')
    expect(invented.description).toBe(invented.reasoning)
    const silent = await insightWith(() => null)
    expect(silent.description).toBe(silent.reasoning)
  })
})
