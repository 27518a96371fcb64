import type { BetTerms } from '../src/domain/bet'
import type { FeedGame } from '../src/domain/game'
import type { LeagueCode } from '../src/domain/leagues'
import { composeSelection } from '../src/domain/selection'
import { settle } from '../src/domain/settlement'
import { parlayOdds, ticketPotentialWin, ticketStanding } from '../src/domain/ticket-settlement'
import { loadAppSecret } from '../src/server/auth/app-secret'
import { secretHasher } from '../src/server/auth/crypto'
import { sessionsRepository } from '../src/server/auth/sessions'
import { termsColumns } from '../src/server/bets/bet-rows'
import { writeOtherGames, writeSingleLegs } from '../src/server/bets/bet-writer'
import { betLegs, bets } from '../src/server/db/bets-schema'
import { openDatabase } from '../src/server/db/client'
import type { GameRow } from '../src/server/db/games-schema'
import { users } from '../src/server/db/schema'
import { gamesRepository } from '../src/server/games/games.repository'
import { seededRandom } from './measure'

/**
 * The HTTP bench's data (issue 5), written straight into the database before the server starts (PGlite
 * has one owner process): a live MLB game with `users` signed-in users holding `betsPerUser` mixed bets
 * each, one more user with `csvBets` bets over `csvGames` games for the CSV export and the history, and one
 * with `csvBets` tickets over the same games, a third of them parlays of two or three legs (issue 26).
 */
export interface SeedOptions {
  users: number
  betsPerUser: number
  csvBets: number
  csvGames: number
}

export interface SeededUser {
  id: number
  /** The grid_session cookie's value. */
  token: string
}

export interface Seeded {
  gameId: number
  users: SeededUser[]
  csvUser: SeededUser
  ticketUser: SeededUser
}

type BetInsert = typeof bets.$inferInsert

const CHUNK = 1_000
/** A new user's credentials version (the column's default). */
const FIRST_CREDENTIALS_VERSION = 1

export async function seed(
  target: { databaseUrl: string | null; dataDir: string },
  options: SeedOptions,
): Promise<Seeded> {
  const database = await openDatabase(target)
  try {
    const db = database.db
    const random = seededRandom(5)
    const [game] = await gamesRepository(db).upsert([liveMlbGame()])
    if (!game) throw new Error('The bench game was not stored')

    const bettors = await insertUsers(db, 'bench_user', options.users)
    const [csvAccount, ticketAccount] = await insertUsers(db, 'bench_csv', 2)
    if (!csvAccount || !ticketAccount) throw new Error('The CSV users were not stored')
    // The server started after this reads the same secret from the database (or APP_SECRET).
    const sessions = sessionsRepository(
      db,
      secretHasher(await loadAppSecret(db, process.env.APP_SECRET || null)),
      () => new Date(),
    )
    const open = async (id: number) => {
      const session = await sessions.create(id, FIRST_CREDENTIALS_VERSION)
      if (!session) throw new Error(`no session for bench user ${id}`)
      return session.token
    }
    const tokens: SeededUser[] = []
    for (const id of bettors) tokens.push({ id, token: await open(id) })
    const csvUser = { id: csvAccount, token: await open(csvAccount) }
    const ticketUser = { id: ticketAccount, token: await open(ticketAccount) }

    const gridRows: BetInsert[] = []
    for (const id of bettors) {
      for (let i = 0; i < options.betsPerUser; i++) gridRows.push(betRow(id, game, mixedBet(random, game, i)))
    }
    await insertBets(db, gridRows)

    const csvGames = await gamesRepository(db).upsert(
      Array.from({ length: options.csvGames }, (_, i) => pastOrFutureGame(i)),
    )
    const csvRows: BetInsert[] = []
    for (let i = 0; i < options.csvBets; i++) {
      const csvGame = csvGames[i % csvGames.length]
      if (!csvGame) throw new Error('The CSV games were not stored')
      csvRows.push(betRow(csvUser.id, csvGame, mixedBet(random, csvGame, i)))
    }
    await insertBets(db, csvRows)
    await insertTicketHistory(db, ticketUser.id, csvGames, options.csvBets, random)
    return { gameId: game.id, users: tokens, csvUser, ticketUser }
  } finally {
    await database.close()
  }
}

type Db = Awaited<ReturnType<typeof openDatabase>>['db']

/** Accounts as sign-up leaves them, minus a usable password: the bench signs in through sessions only. */
export async function insertUsers(db: Db, prefix: string, count: number): Promise<number[]> {
  const now = Date.now()
  const rows = Array.from({ length: count }, (_, i) => ({
    username: `${prefix}_${i}`,
    email: `${prefix}_${i}@bench.grid.local`,
    emailVerifiedAt: new Date(now),
    passwordHash: 'bench: no password',
    subscriptionTier: 'performance_trial',
    trialEndDate: new Date(now + 7 * 86_400_000),
  }))
  const inserted = await db.insert(users).values(rows).returning({ id: users.id, username: users.username })
  const ids = new Map(inserted.map((row) => [row.username, row.id]))
  return rows.map((row) => {
    const id = ids.get(row.username)
    if (id === undefined) throw new Error(`User ${row.username} was not stored`)
    return id
  })
}

/** In one transaction: one commit instead of one per chunk. Each single with its leg, as the bet writer stores it. */
export async function insertBets(db: Db, rows: readonly BetInsert[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += CHUNK) {
      const stored = await tx
        .insert(bets)
        .values(rows.slice(i, i + CHUNK))
        .returning({ id: bets.id })
      await writeSingleLegs(
        tx,
        stored.map((row) => row.id),
      )
    }
  })
}

/**
 * `count` tickets: every third a parlay of two or three legs on different games (each leg a mixed bet with
 * its odds), the others singles; settled from their final games as settlement would leave them, with their
 * legs, in one transaction.
 */
async function insertTicketHistory(
  db: Db,
  userId: number,
  csvGames: readonly GameRow[],
  count: number,
  random: () => number,
): Promise<void> {
  const singles: BetInsert[] = []
  const parlays: { row: BetInsert; legs: Omit<typeof betLegs.$inferInsert, 'betId'>[] }[] = []
  for (let i = 0; i < count; i++) {
    const first = csvGames[i % csvGames.length]
    if (!first) throw new Error('The CSV games were not stored')
    if (i % 3 !== 0) {
      singles.push(betRow(userId, first, mixedBet(random, first, i)))
      continue
    }
    const games = Array.from(
      { length: 2 + (i % 2) },
      (_, k) => csvGames[(i + k * 7) % csvGames.length] as GameRow,
    )
    parlays.push(parlayRow(userId, games, random, i))
  }
  await insertBets(db, singles)
  await insertParlays(db, parlays)
}

/** Parlays with their legs and other games, as the one bet writer stores them, in one transaction. */
export async function insertParlays(
  db: Db,
  parlays: readonly { row: BetInsert; legs: Omit<typeof betLegs.$inferInsert, 'betId'>[] }[],
): Promise<void> {
  await db.transaction(async (tx) => {
    for (let i = 0; i < parlays.length; i += CHUNK) {
      const chunk = parlays.slice(i, i + CHUNK)
      const stored = await tx
        .insert(bets)
        .values(chunk.map((parlay) => parlay.row))
        .returning({ id: bets.id })
      const legs = chunk.flatMap((parlay, at) =>
        parlay.legs.map((leg) => ({ ...leg, betId: stored[at]?.id ?? 0 })),
      )
      for (let l = 0; l < legs.length; l += CHUNK) await tx.insert(betLegs).values(legs.slice(l, l + CHUNK))
      await writeOtherGames(
        tx,
        stored.map((row) => row.id),
      )
    }
  })
}

/** A parlay over these games, priced from its legs and settled as ticketStanding settles it. */
export function parlayRow(userId: number, games: readonly GameRow[], random: () => number, i: number) {
  const legs = games.map((game, k) => {
    const terms = mixedBet(random, game, i + k)
    const final = game.status === 'final' && game.homeScore !== null && game.awayScore !== null
    const { spreadTeam, spreadPoints, totalPoints, overUnder } = termsColumns(terms)
    return {
      position: k,
      gameId: game.id,
      market: terms.betType,
      selection: terms.selection,
      spreadTeam,
      spreadPoints,
      totalPoints,
      overUnder,
      odds: terms.odds,
      result: final
        ? settle(terms, { home: game.homeScore ?? 0, away: game.awayScore ?? 0 }, game).result
        : null,
    }
  })
  const amount = 500 + Math.floor(random() * 9_500)
  const potentialWin = ticketPotentialWin({ kind: 'parlay' }, legs, amount, null) ?? 0
  const standing = ticketStanding({ shape: { kind: 'parlay' }, legs, amount, potentialWin, boost: null })
  const first = games[0] as GameRow
  const settled = standing.status === 'settled' ? standing : null
  const row: BetInsert = {
    userId,
    gameId: first.id,
    betType: 'parlay',
    ticketKind: 'parlay',
    selection: legs.map((leg) => leg.selection).join(' | '),
    odds: parlayOdds(legs) ?? 100,
    amountCents: amount,
    potentialWinCents: potentialWin,
    betStatus: 'committed',
    result: settled?.result ?? null,
    payoutCents: settled?.payout ?? null,
    settledAt: settled ? first.startTime : null,
  }
  return {
    row,
    legs,
  }
}

/** Committed bets on a final game carry their settlement, as the feed's settlement would have left them. */
export function betRow(userId: number, game: GameRow, terms: BetTerms): BetInsert {
  const committed = game.status === 'final' || terms.amount % 10 < 7
  const settled =
    committed && game.status === 'final' && game.homeScore !== null && game.awayScore !== null
      ? settle(terms, { home: game.homeScore, away: game.awayScore }, game)
      : null
  return {
    userId,
    gameId: game.id,
    ...termsColumns(terms),
    betStatus: committed ? 'committed' : 'tentative',
    result: settled?.result ?? null,
    payoutCents: settled?.payout ?? null,
    settledAt: settled ? game.startTime : null,
  }
}

/** Lines around each league's usual ones: spread half-points up to `spread`, totals in [low, high]. */
const LINES: Partial<Record<LeagueCode, { spread: number; low: number; high: number }>> = {
  MLB: { spread: 3.5, low: 5.5, high: 12.5 },
  NFL: { spread: 14, low: 36, high: 55 },
  NBA: { spread: 15, low: 200, high: 245 },
  NHL: { spread: 2.5, low: 4.5, high: 7.5 },
}

/** Spreads, totals and moneylines in turn, with varied lines, odds and stakes: a grid with real work in it. */
export function mixedBet(random: () => number, game: GameRow, i: number): BetTerms {
  const lines = LINES[game.league as LeagueCode] ?? { spread: 3.5, low: 5.5, high: 12.5 }
  const amount = 500 + Math.floor(random() * 49_500)
  const team = random() < 0.5 ? game.homeTeam : game.awayTeam
  const halfPoints = (min: number, max: number) => Math.round((min + random() * (max - min)) * 2) / 2
  switch (i % 3) {
    case 0: {
      const points = halfPoints(-lines.spread, lines.spread)
      return {
        betType: 'spread',
        selection: composeSelection({ betType: 'spread', team, points }),
        spreadTeam: team,
        spreadPoints: points,
        odds: juice(random),
        amount,
      }
    }
    case 1: {
      const overUnder = random() < 0.5 ? 'over' : 'under'
      const points = halfPoints(lines.low, lines.high)
      return {
        betType: 'total',
        selection: composeSelection({ betType: 'total', overUnder, points }),
        totalPoints: points,
        overUnder,
        odds: juice(random),
        amount,
      }
    }
    default: {
      const odds = random() < 0.5 ? -105 - Math.floor(random() * 250) : 100 + Math.floor(random() * 300)
      return {
        betType: 'moneyline',
        selection: composeSelection({ betType: 'moneyline', team }),
        odds,
        amount,
      }
    }
  }
}

/** -130 to -100 or +100 to +130: what spreads and totals usually pay. */
function juice(random: () => number): number {
  const odds = Math.floor(random() * 61) - 130
  return odds > -100 ? odds + 200 : odds
}

/** Two matchups per league: home team, its abbreviation, away team, its abbreviation. */
const TEAMS = {
  MLB: [
    ['Los Angeles Dodgers', 'LAD', 'San Francisco Giants', 'SF'],
    ['Chicago Cubs', 'CHC', 'St. Louis Cardinals', 'STL'],
  ],
  NFL: [
    ['Kansas City Chiefs', 'KC', 'Buffalo Bills', 'BUF'],
    ['Philadelphia Eagles', 'PHI', 'Dallas Cowboys', 'DAL'],
  ],
  NBA: [
    ['Los Angeles Lakers', 'LAL', 'Boston Celtics', 'BOS'],
    ['Denver Nuggets', 'DEN', 'Miami Heat', 'MIA'],
  ],
  NHL: [
    ['Toronto Maple Leafs', 'TOR', 'Montreal Canadiens', 'MTL'],
    ['Edmonton Oilers', 'EDM', 'Calgary Flames', 'CGY'],
  ],
} as const

export function liveMlbGame(): FeedGame {
  return {
    provider: 'simulated',
    providerId: 'bench-live-mlb',
    league: 'MLB',
    leagueAlias: 'mlb',
    status: 'in_progress',
    statusDetail: 'Top 6th',
    gameTime: 'Top 6th',
    period: 6,
    startTime: new Date(Date.now() - 2 * 3_600_000),
    homeTeam: 'New York Yankees',
    awayTeam: 'Boston Red Sox',
    homeAbbreviation: 'NYY',
    awayAbbreviation: 'BOS',
    homeScore: 3,
    awayScore: 2,
    // Runs by inning so far: 3-2 after five and the top of the sixth under way.
    periods: [
      { period: 'I1', homeScore: 1, awayScore: 0 },
      { period: 'I2', homeScore: 0, awayScore: 0 },
      { period: 'I3', homeScore: 2, awayScore: 1 },
      { period: 'I4', homeScore: 0, awayScore: 0 },
      { period: 'I5', homeScore: 0, awayScore: 1 },
      { period: 'I6', homeScore: null, awayScore: 0 },
    ],
    baseball: {
      inning: 6,
      inningHalf: 'top',
      outs: 1,
      balls: 2,
      strikes: 1,
      bases: { first: true, second: false, third: false },
    },
    football: null,
    lines: {
      provider: 'bench',
      homeSpread: -1.5,
      total: 8.5,
      homeMoneyline: -140,
      awayMoneyline: 120,
      drawMoneyline: null,
    },
  }
}

const MARGINS = [3, -2, 1, -4, 2, -1]

/** Final games (committed bets settled) alternate with upcoming ones; two of each per league, in turn. */
function pastOrFutureGame(i: number): FeedGame {
  const league = (['MLB', 'NFL', 'NBA', 'NHL'] as const)[Math.floor(i / 2) % 4] ?? 'MLB'
  const final = i % 2 === 0
  const [home, homeAbbreviation, away, awayAbbreviation] =
    TEAMS[league][Math.floor(i / 8) % 2] ?? TEAMS[league][0]
  const lines = LINES[league] ?? { spread: 3.5, low: 5.5, high: 12.5 }
  const homeScore = Math.round(lines.low / 2) + 4 + (i % 5)
  return {
    provider: 'simulated',
    providerId: `bench-csv-${i}`,
    league,
    leagueAlias: league.toLowerCase(),
    status: final ? 'final' : 'scheduled',
    statusDetail: final ? 'Final' : null,
    gameTime: null,
    period: null,
    startTime: new Date(Date.now() + (final ? -1 : 1) * (i + 1) * 86_400_000),
    homeTeam: home,
    awayTeam: away,
    homeAbbreviation,
    awayAbbreviation,
    // Never a tie: MLB, NBA and NHL games cannot end level.
    homeScore: final ? homeScore : null,
    awayScore: final ? homeScore - (MARGINS[i % MARGINS.length] ?? 1) : null,
    periods: [],
    baseball: null,
    football: null,
    lines: null,
  }
}
