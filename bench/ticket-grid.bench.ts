import { performance } from 'node:perf_hooks'
import { DEFAULT_RATE_LIMITS } from '../src/domain/limits'
import type { GameRow } from '../src/server/db/games-schema'
import { positionOn } from '../src/server/game-answers/position'
import { gridView } from '../src/server/grid/grid.view'
import { marketLines, scheduledGame } from '../tests/api/support/bets'
import { buildTestApp, type Client, signedIn, testConfig } from '../tests/api/support/test-app'
import { median, seededRandom } from './measure'

/**
 * Decision 067 in one process on PGlite: the grid of an NBA game for a user holding 1,000 open tickets on
 * it, 300 of them parlays with legs on up to 50 other games (700 singles), against a user holding 1,000
 * singles there. Each build reads the position and builds the answer, as a poll after a score change does;
 * the polls between changes are served from the answer cache, so their rate (app.inject, no sockets) is
 * given against GET /api/auth/user's on the same app.
 */
const TICKETS = 1_000
const PARLAYS = 300
const OTHER_GAMES = 50
const POLLS = 400

export async function ticketGridBench(): Promise<Record<string, number>> {
  const unlimited = { limit: 1_000_000, windowSeconds: 60 }
  // An embedded database migrated by the app itself (the tests' template is theirs alone).
  const database = { url: null, pgliteTemplate: null, drop: async () => {} }
  const app = await buildTestApp(database, testConfig(database), {
    policies: { rateLimits: { ...DEFAULT_RATE_LIMITS, gridPerUser: unlimited, betsPerUser: unlimited } },
  })
  try {
    await signedIn(app, {}, '10.99.0.1')
    const start = Date.now() + 3_600_000
    const nba = (i: number) => ({
      league: 'NBA' as const,
      leagueAlias: 'nba',
      homeTeam: `Home ${i}`,
      awayTeam: `Away ${i}`,
      startTime: new Date(start + i * 60_000),
      lines: marketLines({ homeMoneyline: -150, awayMoneyline: 130, homeSpread: -3.5, total: 221.5 }),
    })
    const game = (await scheduledGame(app, nba(0))).row
    const others: GameRow[] = []
    for (let i = 1; i <= OTHER_GAMES; i++) others.push((await scheduledGame(app, nba(i))).row)
    const withTickets = await signedIn(app, {}, '10.99.0.2')
    const withSingles = await signedIn(app, {}, '10.99.0.3')
    const random = seededRandom(67)
    for (let i = 0; i < TICKETS; i++) {
      await place(withSingles.client, single(game.id, game.homeTeam, i, random))
      if (i < PARLAYS) {
        const legs = 2 + Math.floor(random() * 4)
        const picked = new Set<number>()
        while (picked.size < legs - 1) picked.add(Math.floor(random() * OTHER_GAMES))
        await place(withTickets.client, {
          betType: 'parlay',
          legs: [
            leg(game.id, game.homeTeam, game.awayTeam, random),
            ...[...picked].map((k) => {
              const other = others[k]
              if (!other) throw new Error('no such game')
              return leg(other.id, other.homeTeam, other.awayTeam, random)
            }),
          ],
          amount: 10,
        })
      } else await place(withTickets.client, single(game.id, game.homeTeam, i, random))
    }

    const buildMs = async (userId: number) => {
      const samples: number[] = []
      for (let i = 0; i < 15; i++) {
        const began = performance.now()
        const position = await positionOn(app, userId, game)
        JSON.stringify(gridView(game, position, app.distributions, 'expected'))
        samples.push(performance.now() - began)
      }
      return median(samples.slice(3))
    }
    const singlesMs = await buildMs(withSingles.user.id)
    const ticketsMs = await buildMs(withTickets.user.id)
    const singlesRate = await rate(withSingles.client, `/api/outcome-matrix/${game.id}`)
    const pollRate = await rate(withTickets.client, `/api/outcome-matrix/${game.id}`)
    const helloRate = await rate(withTickets.client, '/api/auth/user')
    return {
      'grid-1000-singles-ms': round(singlesMs),
      'grid-1000-tickets-300-parlays-ms': round(ticketsMs),
      'grid-tickets-vs-singles': round(ticketsMs / singlesMs),
      'grid-singles-cached-polls-per-s': Math.round(singlesRate),
      'grid-tickets-cached-polls-per-s': Math.round(pollRate),
      'hello-polls-per-s': Math.round(helloRate),
      'grid-tickets-poll-vs-hello': round(pollRate / helloRate),
    }
  } finally {
    await app.close()
  }
}

async function place(client: Client, body: Record<string, unknown>): Promise<void> {
  const response = await client.post('/api/bets', body)
  if (response.statusCode !== 201) throw new Error(`bet refused: ${response.body}`)
}

function single(gameId: number, homeTeam: string, i: number, random: () => number) {
  const kind = i % 3
  const odds = random() < 0.5 ? -110 : 120
  if (kind === 0) return { gameId, betType: 'moneyline', selection: homeTeam, odds, amount: 10 }
  if (kind === 1) {
    const points = Math.round((random() * 20 - 10) * 2) / 2 + 0.5
    return { gameId, betType: 'spread', spreadTeam: homeTeam, spreadPoints: points, odds, amount: 10 }
  }
  const totalPoints = Math.round(200 + random() * 40) + 0.5
  return {
    gameId,
    betType: 'total',
    overUnder: random() < 0.5 ? 'over' : 'under',
    totalPoints,
    odds,
    amount: 10,
  }
}

function leg(gameId: number, homeTeam: string, awayTeam: string, random: () => number) {
  const team = random() < 0.5 ? homeTeam : awayTeam
  return random() < 0.5
    ? { gameId, betType: 'moneyline', selection: team, odds: team === homeTeam ? -150 : 130 }
    : {
        gameId,
        betType: 'spread',
        spreadTeam: team,
        spreadPoints: team === homeTeam ? -3.5 : 3.5,
        odds: -110,
      }
}

/** Requests per second over POLLS sequential injected requests, after a warm-up. */
async function rate(client: Client, url: string): Promise<number> {
  for (let i = 0; i < 50; i++) await client.get(url)
  const began = performance.now()
  for (let i = 0; i < POLLS; i++) {
    const response = await client.get(url)
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`)
  }
  return POLLS / ((performance.now() - began) / 1000)
}

function round(value: number): number {
  return Math.round(value * 100) / 100
}
