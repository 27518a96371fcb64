import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { BetTerms } from '../../../src/domain/bet'
import type { FeedGame, MarketLines } from '../../../src/domain/game'
import { termsColumns } from '../../../src/server/bets/bet-rows'
import { writeSingleLegs } from '../../../src/server/bets/bet-writer'
import { bets } from '../../../src/server/db/bets-schema'
import type { Db } from '../../../src/server/db/client'
import { type GameRow, games } from '../../../src/server/db/games-schema'
import { settleGame } from '../../../src/server/games/settlement.service'
import { signedIn } from './test-app'

/**
 * Stores a bet the way the bets API will, for tests of settlement and the games list that
 * come before that API.
 */
export async function storeBet(
  app: FastifyInstance,
  userId: number,
  gameId: number,
  terms: BetTerms,
  betStatus: 'tentative' | 'committed' = 'committed',
  placedAt?: Date,
) {
  const [row] = await app.db
    .insert(bets)
    .values({
      userId,
      gameId,
      ...termsColumns(terms),
      betStatus,
      ...(placedAt ? { placedAt } : {}),
    })
    .returning()
  if (!row) throw new Error('bet not stored')
  // With its one leg, as the bet writer stores every single (decision 061).
  await writeSingleLegs(app.db, [row.id])
  return row
}

/**
 * Many singles stored straight into the table, 500 rows a statement, each with its one leg as the bet writer
 * stores it (decision 061): the tests that need thousands of bets faster than the API makes them.
 */
export async function insertSingles(db: Db, rows: readonly (typeof bets.$inferInsert)[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    const stored = await db
      .insert(bets)
      .values(rows.slice(i, i + 500))
      .returning({ id: bets.id })
    await writeSingleLegs(
      db,
      stored.map((bet) => bet.id),
    )
  }
}

export async function betById(app: FastifyInstance, id: number) {
  const [row] = await app.db.select().from(bets).where(eq(bets.id, id))
  return row
}

export async function gameByProviderId(app: FastifyInstance, providerId: string): Promise<GameRow> {
  const [row] = await app.db.select().from(games).where(eq(games.providerId, providerId))
  if (!row) throw new Error(`no game ${providerId}`)
  return row
}

let gameCounter = 0

/** A game as a feed sends it: an NFL game, Bills at Chiefs, scheduled, unless told otherwise. */
export function feedGame(overrides: Partial<FeedGame> = {}): FeedGame {
  gameCounter++
  return {
    provider: 'simulated',
    providerId: `test-${gameCounter}-${Date.now()}`,
    league: 'NFL',
    leagueAlias: 'nfl',
    status: 'scheduled',
    statusDetail: null,
    gameTime: null,
    period: null,
    startTime: new Date('2026-11-24T01:15:00Z'),
    homeTeam: 'Kansas City Chiefs',
    awayTeam: 'Buffalo Bills',
    homeAbbreviation: 'KC',
    awayAbbreviation: 'BUF',
    homeScore: null,
    awayScore: null,
    periods: [],
    baseball: null,
    football: null,
    lines: null,
    ...overrides,
  }
}

/** A scheduled feed game, kept with its feed record so a test can end it as a sync would (endGame). */
export async function scheduledGame(
  app: FastifyInstance,
  overrides: Partial<FeedGame> = {},
): Promise<{ feed: FeedGame; row: GameRow }> {
  const feed = feedGame(overrides)
  const [row] = await app.repos.games.upsert([feed])
  if (!row) throw new Error('game not stored')
  return { feed, row }
}

/** The game ends at this score and its bets settle, as a sync does. */
export async function endGame(
  app: FastifyInstance,
  game: { feed: FeedGame },
  score: { home: number; away: number },
  now: Date,
): Promise<void> {
  const [row] = await app.repos.games.upsert([
    { ...game.feed, status: 'final', homeScore: score.home, awayScore: score.away, gameTime: 'Final' },
  ])
  if (!row) throw new Error('game not stored')
  await app.db.transaction((tx) => settleGame(tx, row, now, app.log))
}

/** Stores a game as a sync would and returns its row. */
export async function storeGame(app: FastifyInstance, overrides: Partial<FeedGame> = {}): Promise<GameRow> {
  const [row] = await app.repos.games.upsert([feedGame(overrides)])
  if (!row) throw new Error('game not stored')
  return row
}

/** A feed's lines: every line missing unless given. */
export function marketLines(overrides: Partial<MarketLines>): MarketLines {
  return {
    provider: 'test',
    homeSpread: null,
    total: null,
    homeMoneyline: null,
    awayMoneyline: null,
    drawMoneyline: null,
    ...overrides,
  }
}

/** A new account at `ip` imports Grid's CSV `csv` (200), and its client to read the copy back. */
export async function importedBy(app: FastifyInstance, ip: string, csv: string) {
  const { client: copy } = await signedIn(app, {}, ip)
  const imported = await copy.request({
    method: 'POST',
    url: '/api/bets/import',
    payload: csv,
    headers: { 'content-type': 'text/csv' },
  })
  if (imported.statusCode !== 200) throw new Error(`import failed: ${imported.body}`)
  return { copy, imported }
}
