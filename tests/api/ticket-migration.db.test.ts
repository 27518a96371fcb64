import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { asc, sql } from 'drizzle-orm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator'
import postgres from 'postgres'
import { afterAll, describe, expect, it } from 'vitest'
import { normalizeResult, type Result } from '../../src/domain/bet'
import type { DateRange } from '../../src/domain/calendar'
import { potentialWin } from '../../src/domain/odds'
import { settlementFor } from '../../src/domain/settlement'
import { csvText } from '../../src/server/bets/bet-csv'
import { betsRepository } from '../../src/server/bets/bets.repository'
import { historySummary, openConflicts } from '../../src/server/bets/history-summary'
import { betLegs, bets } from '../../src/server/db/bets-schema'
import { type Database, type Db, openDatabase, pgliteDir } from '../../src/server/db/client'
import { pgliteRows, postgresRows } from '../../src/server/db/read-rows'
import * as schema from '../../src/server/db/schema'
import { breakdownStats } from '../../src/server/stats/breakdown-stats'
import { scratchDatabase } from '../support/scratch-database'
import { expectLegsInStep } from './support/legs'
import { migrationsUpTo } from './support/migrations'
import { onPostgres } from './support/test-app'

/**
 * Decision 061: migration 0022 turns every bet into a ticket of one leg. A database is migrated to 0021,
 * filled with bets as the app wrote them up to then (several users and leagues, won, lost, pushed and
 * pending, tentative and committed, imported with open and chosen conflicts, an unlinked placeholder's,
 * a result in decision 003's older words), and everything the history, the stats and the CSV read of them
 * is computed; then 0022 runs, and all of it is computed again and is the same, and each bet has one leg
 * equal to it.
 */

const ZONE = 'America/Chicago'
const USERS = 3

/** A database at 0021, read by the app's own repository, which 0022 then migrates the rest of the way. */
interface Before {
  db: Db
  reads: Pick<Database, 'kind' | 'readRows'>
  /** Closes the partly migrated connection and opens the database as the app does, migrating it. */
  migrate(): Promise<Database>
  drop(): Promise<void>
}

async function databaseAt0021(): Promise<Before> {
  const folder = migrationsUpTo('0021_bet_conflicts')
  if (!onPostgres) {
    // On disk: the app's openDatabase then opens the same directory and migrates the rest.
    const dataDir = mkdtempSync(join(tmpdir(), 'grid-0021-'))
    const pglite = new PGlite(pgliteDir(dataDir))
    const db = drizzlePglite(pglite, { schema })
    await migratePglite(db, { migrationsFolder: folder })
    return {
      db: db as unknown as Db,
      reads: { kind: 'pglite', readRows: pgliteRows(pglite) },
      async migrate() {
        await pglite.close()
        return openDatabase({ databaseUrl: null, dataDir })
      },
      drop: async () => {
        for (const dir of [dataDir, folder]) rmSync(dir, { recursive: true, force: true })
      },
    }
  }
  const base = process.env.TEST_DATABASE_URL
  if (!base) throw new Error('GRID_TEST_DB=postgres needs TEST_DATABASE_URL')
  const scratch = await scratchDatabase(base, 'grid_test')
  const client = postgres(scratch.url, { max: 1, onnotice: () => {} })
  const db = drizzlePostgres(client, { schema })
  await migratePostgres(db, { migrationsFolder: folder })
  return {
    db: db as unknown as Db,
    reads: { kind: 'postgres', readRows: postgresRows(client) },
    async migrate() {
      await client.end({ timeout: 5 })
      return openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' })
    },
    async drop() {
      rmSync(folder, { recursive: true, force: true })
      await scratch.drop()
    },
  }
}

interface GameSeed {
  league: string
  home: string
  away: string
  /** Null: not final yet. */
  score: { home: number; away: number } | null
  provider?: 'unlinked'
}

const GAMES: GameSeed[] = [
  { league: 'NFL', home: 'Kansas City Chiefs', away: 'Buffalo Bills', score: { home: 27, away: 24 } },
  { league: 'NFL', home: 'Dallas Cowboys', away: 'New York Giants', score: { home: 20, away: 20 } },
  { league: 'NBA', home: 'Los Angeles Lakers', away: 'Boston Celtics', score: { home: 110, away: 104 } },
  { league: 'NBA', home: 'Miami Heat', away: 'Chicago Bulls', score: null },
  { league: 'MLB', home: 'New York Yankees', away: 'Boston Red Sox', score: { home: 3, away: 5 } },
  { league: 'NHL', home: 'Toronto Maple Leafs', away: 'Montreal Canadiens', score: null },
  { league: 'EPL', home: 'Arsenal', away: 'Chelsea', score: { home: 1, away: 1 } },
  { league: 'Other', home: 'Ohio State', away: 'Michigan', score: null, provider: 'unlinked' },
]

/** What one bet is, before its row: kept simple, the rows are what the app stored, not what it settled. */
interface Seed {
  user: number
  game: number
  market: 'spread' | 'total' | 'moneyline'
  status: 'tentative' | 'committed'
  /** The stored result word (decision 003's 'win' among them), or pending. */
  result: string | null
  imported: boolean
  conflict: Result | null
  kept: boolean
  odds: number
  amount: number
  day: number
}

const RESULT_WORDS = ['won', 'lost', 'push', null, 'win', 'lost', 'won', 'loss'] as const
const ODDS = [-110, 150, -240, 105, 320, -105, 2500, -115]

function seeds(): Seed[] {
  const list: Seed[] = []
  let n = 0
  for (let user = 0; user < USERS; user++) {
    for (let game = 0; game < GAMES.length; game++) {
      for (const market of ['spread', 'total', 'moneyline'] as const) {
        n++
        const seed = GAMES[game]
        if (!seed || (user === 2 && game % 2 === 1)) continue
        const final = seed.score !== null
        const tentative = !final && n % 3 === 0
        const imported = seed.provider === 'unlinked' || n % 5 === 0
        const result =
          tentative || (!final && !imported) ? null : (RESULT_WORDS[n % RESULT_WORDS.length] ?? null)
        const conflict = imported && final && result !== null && n % 2 === 0 ? 'push' : null
        list.push({
          user,
          game,
          market,
          status: tentative ? 'tentative' : 'committed',
          result,
          imported,
          conflict: conflict === normalizeResult(result) ? null : conflict,
          kept: imported && final && result !== null && n % 7 === 0,
          odds: ODDS[n % ODDS.length] ?? -110,
          // $5.00 to $250.00 in whole cents, some odd: 1,237 cents and so on.
          amount: 500 + ((n * 3_737) % 24_500),
          day: 1 + (n % 26),
        })
      }
    }
  }
  return list
}

/** Fills the 0021 database as the app had written it then: raw SQL, the columns of 0021 only. */
async function fill(db: Db): Promise<{ userIds: number[] }> {
  const userIds: number[] = []
  for (let i = 0; i < USERS; i++) {
    const rows = await db.execute<{ id: number }>(sql`
      insert into users (username, email, password_hash, subscription_tier, bet_count)
      values (${`bettor${i}`}, ${`bettor${i}@example.com`}, 'not-a-hash', 'free_trial', 0) returning id`)
    userIds.push(Number(rowsOf<{ id: number }>(rows)[0]?.id))
  }
  const gameIds: number[] = []
  for (const [i, game] of GAMES.entries()) {
    const rows = await db.execute<{ id: number }>(sql`
      insert into games (provider, provider_id, league, league_alias, status, start_time, home_team, away_team,
        home_score, away_score)
      values (${game.provider ?? 'simulated'}, ${`migration-${i}`}, ${game.league}, ${game.league.toLowerCase()},
        ${game.provider ? 'unlinked' : game.score ? 'final' : 'scheduled'}, ${`2026-11-${String(2 + i * 3).padStart(2, '0')}T01:00:00Z`},
        ${game.home}, ${game.away}, ${game.score?.home ?? null}, ${game.score?.away ?? null}) returning id`)
    gameIds.push(Number(rowsOf<{ id: number }>(rows)[0]?.id))
  }
  for (const [i, bet] of seeds().entries()) {
    const game = GAMES[bet.game]
    if (!game) throw new Error('no game')
    const terms =
      bet.market === 'spread'
        ? { selection: `${game.home} -3.5`, spreadTeam: game.home, spreadPoints: -3.5, total: null, ou: null }
        : bet.market === 'total'
          ? { selection: 'Under 44.5', spreadTeam: null, spreadPoints: null, total: 44.5, ou: 'under' }
          : { selection: `${game.away} ML`, spreadTeam: null, spreadPoints: null, total: null, ou: null }
    const result = normalizeResult(bet.result)
    const payout = result === null ? null : settlementFor(result, bet.amount, bet).payout
    const placed = `2026-11-${String(bet.day).padStart(2, '0')}T${String(10 + (i % 12)).padStart(2, '0')}:15:00Z`
    await db.execute(sql`
      insert into bets (user_id, game_id, bet_type, selection, odds, amount_cents, potential_win_cents,
        spread_team, spread_points, total_points, over_under, sportsbook, bet_status, result, payout_cents,
        settled_at, placed_at, updated_at, import_key, result_from_file, score_result, file_result_kept)
      values (${userIds[bet.user]}, ${gameIds[bet.game]}, ${bet.market}, ${terms.selection}, ${bet.odds},
        ${bet.amount}, ${potentialWin(bet.amount, bet.odds)}, ${terms.spreadTeam}, ${terms.spreadPoints},
        ${terms.total}, ${terms.ou}, ${['DraftKings', 'FanDuel', 'Manual Entry'][i % 3]}, ${bet.status},
        ${bet.result}, ${payout}, ${payout === null ? null : '2026-11-27T06:00:00Z'}, ${placed}, ${placed},
        ${bet.imported ? `key-${i}` : null}, ${bet.imported && bet.result !== null}, ${bet.kept ? null : bet.conflict},
        ${bet.kept})`)
  }
  return { userIds }
}

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[]
}

/** A week of the range (the history's filter), and the whole history. */
const RANGES: (DateRange | null)[] = [
  null,
  { start: new Date('2026-11-08T06:00:00Z'), end: new Date('2026-11-15T06:00:00Z') },
]

/** Everything the history's summary, the stats and the CSV read, for each user and range. */
async function readings(db: Db, reads: Pick<Database, 'kind' | 'readRows'>, userIds: number[]) {
  const repository = betsRepository(db, reads)
  const answers: unknown[] = []
  for (const userId of userIds) {
    for (const range of RANGES) {
      const groups = await repository.summaryGroups(userId, range)
      const breakdowns = await repository.breakdownGroups(userId, range)
      let csv = ''
      for await (const chunk of csvText(repository.csvBatches(userId, range), ZONE)) csv += chunk
      answers.push({
        userId,
        range,
        summary: historySummary(groups),
        openConflicts: openConflicts(groups),
        // SQL's groups come in no set order.
        groups: sorted(groups),
        breakdowns: sorted(breakdowns),
        stats: breakdownStats(breakdowns, ZONE),
        csv,
      })
    }
  }
  return answers
}

const sorted = <T>(rows: T[]) => rows.map((row) => JSON.stringify(row)).sort()

/** The bets as 0021 holds them: each of its columns, by name. */
async function storedBets(db: Db) {
  return rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select id, user_id, game_id, bet_type, selection, odds, amount_cents, potential_win_cents, spread_team,
        spread_points, total_points, over_under, sportsbook, bet_status, result, payout_cents, settled_at,
        placed_at, updated_at, import_key, result_from_file, score_result, file_result_kept
      from bets order by id`),
  ).map((row) => JSON.stringify(row))
}

describe('migration 0022: every bet becomes a ticket of one leg (decision 061)', () => {
  let before: Before | undefined
  let after: Database | undefined
  afterAll(async () => {
    await after?.close()
    await before?.drop()
  })

  it('leaves the history, its pages, the stats and the CSV as they were, and gives each bet one equal leg', async () => {
    before = await databaseAt0021()
    const { userIds } = await fill(before.db)
    // Today's readers find a ticket's other games on its row (decision 063, migration 0025) and a slip's
    // exact price (decision 072, migration 0028) and its period (decision 073, migration 0029). At 0021
    // every bet was a single on a full game at American odds, which has none of them: the columns are
    // added as every such bet reads them for the readings before, and dropped again before 0022 runs.
    await before.db.execute(
      sql`alter table bets add column other_game_ids integer[], add column exact_price text, add column period text not null default 'FT'`,
    )
    const expected = await readings(before.db, before.reads, userIds)
    await before.db.execute(
      sql`alter table bets drop column other_game_ids, drop column exact_price, drop column period`,
    )
    const rows = await storedBets(before.db)
    // The data set is what it says: hand-counted from seeds(), 3 users over 8 games and 3 markets, less
    // the third user's odd games (4 games x 3 markets = 12).
    expect(rows).toHaveLength(3 * 8 * 3 - 12)

    after = await before.migrate()
    expect(await readings(after.db, after, userIds)).toEqual(expected)
    expect(await storedBets(after.db)).toEqual(rows)
    expect(await expectLegsInStep(after.db)).toBe(60)

    // The history's pages (decision 043) read the bets' full rows, which at 0021 lack the ticket columns
    // today's code names: walked after the migration, they hold every bet once, as stored.
    const repository = betsRepository(after.db, after)
    for (const userId of userIds) {
      const seen: number[] = []
      let cursor: number | null = null
      for (;;) {
        const page = await repository.historyPage(userId, null, cursor, { games: 3, bets: 10 })
        seen.push(...page.rows.map((row) => row.bet.id))
        if (!page.more) break
        cursor = page.lastGame
      }
      const owned = (await after.db.select({ id: bets.id, userId: bets.userId }).from(bets)).filter(
        (bet) => bet.userId === userId,
      )
      expect(seen.sort((a, b) => a - b)).toEqual(owned.map((bet) => bet.id).sort((a, b) => a - b))
    }

    // A legacy word is the leg's result as the app reads it; the bet keeps its word.
    const legs = await after.db.select().from(betLegs).orderBy(asc(betLegs.betId))
    expect(legs.filter((leg) => leg.result === 'won').length).toBeGreaterThan(0)
    expect(
      rowsOf<{ n: number }>(
        await after.db.execute(sql`select count(*)::int as n from bets where result = 'win'`),
      )[0]?.n,
    ).toBeGreaterThan(0)
  })
})
