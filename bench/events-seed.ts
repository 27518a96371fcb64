import type { FeedGame } from '../src/domain/game'
import { loadAppSecret } from '../src/server/auth/app-secret'
import { randomToken, secretHasher } from '../src/server/auth/crypto'
import { SESSION_DAYS } from '../src/server/auth/sessions'
import type { Db } from '../src/server/db/client'
import { openDatabase } from '../src/server/db/client'
import type { GameRow } from '../src/server/db/games-schema'
import { sessions } from '../src/server/db/schema'
import { gamesRepository } from '../src/server/games/games.repository'
import { seededRandom } from './measure'
import {
  betRow,
  insertBets,
  insertParlays,
  insertUsers,
  liveMlbGame,
  mixedBet,
  parlayRow,
  type SeededUser,
} from './seed'

/** Rows per insert: well under PostgreSQL's 65,535 parameters per statement. */
const CHUNK = 1_000
/** A new user's credentials version (the column's default): a session opened under it is current. */
const FIRST_CREDENTIALS_VERSION = 1

/**
 * The events bench's data (issue 17), written before the server starts (PGlite has one owner process):
 * the live MLB game of the HTTP bench, whose score the bench then moves, and `count` signed-in users with
 * one session each, so that no user comes near the cap on open streams. Sessions are inserted in bulk
 * as sessionsRepository.create would store them (the token's hash under the app secret, D14): 10,000
 * one-row transactions would take longer than the whole measurement.
 */
export async function seedStreams(
  target: { databaseUrl: string | null; dataDir: string },
  count: number,
  /** Decision 067's bench: the first `parlays` users hold a parlay on the game and a second one, the rest a single. */
  positions: { parlays: number } | null = null,
): Promise<{ gameId: number; users: SeededUser[] }> {
  const database = await openDatabase(target)
  try {
    const db = database.db
    const [game, second] = await gamesRepository(db).upsert([liveMlbGame(), secondMlbGame()])
    if (!game || !second) throw new Error('The bench games were not stored')
    // The server started after this reads the same secret from the database (or APP_SECRET).
    const hash = secretHasher(await loadAppSecret(db, process.env.APP_SECRET || null))
    const expiresAt = new Date(Date.now() + SESSION_DAYS * 86_400_000)
    const users: SeededUser[] = []
    for (let start = 0; start < count; start += CHUNK) {
      const ids = await insertUsers(db, `bench_stream${start / CHUNK}`, Math.min(CHUNK, count - start))
      const chunk = ids.map((id) => ({ id, token: randomToken() }))
      await db.insert(sessions).values(
        chunk.map(({ id, token }) => ({
          id: hash('session', token),
          userId: id,
          credentialsVersion: FIRST_CREDENTIALS_VERSION,
          expiresAt,
        })),
      )
      users.push(...chunk)
    }
    if (positions) await seedPositions(db, users, [game, second], positions.parlays)
    return { gameId: game.id, users }
  } finally {
    await database.close()
  }
}

/** Another live MLB game: a parlay's second leg. */
function secondMlbGame(): FeedGame {
  return {
    ...liveMlbGame(),
    providerId: 'bench-live-mlb-second',
    homeTeam: 'Chicago Cubs',
    awayTeam: 'St. Louis Cardinals',
    homeAbbreviation: 'CHC',
    awayAbbreviation: 'STL',
  }
}

/** A parlay over both games for the first `parlays` users; a single on the first game for the others. */
async function seedPositions(
  db: Db,
  users: readonly SeededUser[],
  games: readonly [GameRow, GameRow],
  parlays: number,
): Promise<void> {
  const random = seededRandom(67)
  const [game] = games
  await insertParlays(
    db,
    users.slice(0, parlays).map((user, i) => parlayRow(user.id, games, random, i)),
  )
  await insertBets(
    db,
    users.slice(parlays).map((user, i) => betRow(user.id, game, mixedBet(random, game, i))),
  )
}
