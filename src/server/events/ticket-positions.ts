import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm'
import { bets } from '../db/bets-schema'
import type { Db } from '../db/client'
import { games } from '../db/games-schema'
import { users } from '../db/schema'
import { positionStamp } from '../game-answers/position'

/** A user's grid on a game that a change of some games moved, with its stamp now. */
export interface MovedPosition {
  userId: number
  gameId: number
  betsVersion: number
  matrixVersion: string
}

/**
 * The positions a change of these games moves, for the users in the audience: every game a user has a bet
 * on among them, and every game of each ticket with a leg on one of them (decision 067: a score on one leg's
 * game moves what the ticket is worth on the others). Each stamp is the one the grid's answer carries
 * (positionStamp: the game's version, the bets version, and the versions of the other games the user's open
 * tickets there touch), so a client that compares them sees the same thing. A ticket's legs beyond its first
 * game are found through `other_game_ids` (its GIN index), singles through `game_id`.
 */
export async function movedPositions(
  db: Db,
  changed: readonly { id: number; version: number }[],
  audience: readonly number[],
): Promise<MovedPosition[]> {
  const ids = changed.map((game) => game.id)
  const inAudience = sql`${bets.userId} = any(${intArray(audience)}::int[])`
  const columns = {
    userId: bets.userId,
    gameId: bets.gameId,
    otherGameIds: bets.otherGameIds,
    kind: bets.ticketKind,
    betsVersion: users.betsVersion,
  }
  const touching = (where: ReturnType<typeof sql>) =>
    db
      .selectDistinct(columns)
      .from(bets)
      .innerJoin(users, eq(users.id, bets.userId))
      .where(and(where, inAudience))
  const [byFirst, byOther] = await Promise.all([
    touching(sql`${bets.gameId} = any(${intArray(ids)}::int[])`),
    touching(sql`${bets.otherGameIds} && ${intArray(ids)}::int[]`),
  ])
  const pairs = new Map<string, { userId: number; gameId: number; betsVersion: number }>()
  const ticketUsers = new Set<number>()
  for (const row of [...byFirst, ...byOther]) {
    if (row.userId === null) continue
    const gameIds = row.kind === 'single' ? [row.gameId] : [row.gameId, ...(row.otherGameIds ?? [])]
    if (row.kind !== 'single') ticketUsers.add(row.userId)
    for (const gameId of gameIds)
      pairs.set(`${row.userId}:${gameId}`, { userId: row.userId, gameId, betsVersion: row.betsVersion })
  }
  const related = await relatedGames(
    db,
    [...ticketUsers],
    [...new Set([...pairs.values()].map((p) => p.gameId))],
  )
  const versions = new Map(changed.map((game) => [game.id, game.version]))
  const unknown = new Set<number>()
  for (const { gameId } of pairs.values()) if (!versions.has(gameId)) unknown.add(gameId)
  for (const set of related.values()) for (const id of set) if (!versions.has(id)) unknown.add(id)
  if (unknown.size > 0) {
    const rows = await db
      .select({ id: games.id, version: games.version })
      .from(games)
      .where(inArray(games.id, [...unknown]))
    for (const row of rows) versions.set(row.id, row.version)
  }
  return [...pairs.values()].flatMap(({ userId, gameId, betsVersion }) => {
    const version = versions.get(gameId)
    if (version === undefined) return []
    const others = [...(related.get(`${userId}:${gameId}`) ?? [])].map((id) => versions.get(id) ?? 0)
    return [{ userId, gameId, betsVersion, matrixVersion: positionStamp(version, betsVersion, others) }]
  })
}

/**
 * For each user and game among these, the other games of the user's open tickets with a leg there: the
 * games whose versions are in that grid's stamp (position.ts relatedGameIds reads the same set).
 */
async function relatedGames(
  db: Db,
  userIds: readonly number[],
  gameIds: readonly number[],
): Promise<Map<string, Set<number>>> {
  const out = new Map<string, Set<number>>()
  if (userIds.length === 0) return out
  const rows = await db
    .select({ userId: bets.userId, gameId: bets.gameId, otherGameIds: bets.otherGameIds })
    .from(bets)
    .where(
      and(
        sql`${bets.userId} = any(${intArray(userIds)}::int[])`,
        ne(bets.ticketKind, 'single'),
        isNull(bets.result),
        eq(bets.needsReview, false),
      ),
    )
  const wanted = new Set(gameIds)
  for (const row of rows) {
    if (row.userId === null) continue
    const all = [row.gameId, ...(row.otherGameIds ?? [])]
    for (const here of all) {
      if (!wanted.has(here)) continue
      const key = `${row.userId}:${here}`
      const set = out.get(key) ?? new Set<number>()
      for (const other of all) if (other !== here) set.add(other)
      out.set(key, set)
    }
  }
  return out
}

/**
 * Ids as one array parameter: 10,000 ids as an IN list took Drizzle about 100 ms to build and the database
 * far longer to plan, stalling the event loop after every broadcast (docs/events-bench.md).
 */
function intArray(ids: readonly number[]): string {
  return `{${ids.join(',')}}`
}
