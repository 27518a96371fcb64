import { createHash } from 'node:crypto'
import { and, eq, inArray, like, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { type GameRow, games } from '../db/games-schema'

/**
 * Events off the feed (decision 063): an imported bet's event that matched no feed game, and a bet or leg
 * the bettor puts on an event the feed does not carry (a prop, a future, a league Grid does not follow).
 * Each is a game of provider 'unlinked', owned by the user through its key: never listed, synced or
 * settled, so its bets stay in history and P&L, off the grid, settled by hand.
 */
export interface OffFeedEvent {
  /** What makes two events one: the same parts give the same placeholder. */
  keyParts: readonly unknown[]
  league: string
  startTime: Date
  homeTeam: string
  awayTeam: string
}

/**
 * An event the bettor names (a leg typed in, or an imported or synced leg the feed does not carry) as its
 * placeholder game: one per name, league and day it starts, so the same event named twice is one game.
 */
export function namedEvent(
  event: { name: string; league: string | null; startTime: Date | null },
  now: Date,
): OffFeedEvent {
  const startTime = event.startTime ?? now
  return {
    keyParts: [
      'event',
      event.name.toLowerCase(),
      event.league?.toLowerCase() ?? null,
      startTime.toISOString().slice(0, 10),
    ],
    league: event.league ?? 'Other',
    startTime,
    homeTeam: event.name,
    awayTeam: '',
  }
}

/** The placeholder's key: the owner's prefix and a hash of the event's parts. */
export function placeholderId(userId: number, keyParts: readonly unknown[]): string {
  const event = JSON.stringify(keyParts)
  return `${placeholderPrefix(userId)}${createHash('sha256').update(event).digest('base64url').slice(0, 24)}`
}

const placeholderPrefix = (userId: number) => `${userId}:`

/** Rows per INSERT, as the bet writer's. */
const INSERT_BATCH = 1_000

/** The placeholder games of these events, made where missing; by placeholderId. */
export async function offFeedGames(
  tx: Db,
  userId: number,
  events: readonly OffFeedEvent[],
  now: Date,
): Promise<Map<string, GameRow>> {
  const wanted = new Map<string, typeof games.$inferInsert>()
  for (const event of events) {
    const id = placeholderId(userId, event.keyParts)
    if (wanted.has(id)) continue
    wanted.set(id, {
      provider: 'unlinked',
      providerId: id,
      league: event.league,
      leagueAlias: event.league.toLowerCase(),
      status: 'unlinked',
      startTime: event.startTime,
      homeTeam: event.homeTeam,
      awayTeam: event.awayTeam,
      createdAt: now,
      updatedAt: now,
    })
  }
  const found = new Map<string, GameRow>()
  const values = [...wanted.values()]
  for (let at = 0; at < values.length; at += INSERT_BATCH) {
    const batch = values.slice(at, at + INSERT_BATCH)
    await tx
      .insert(games)
      .values(batch)
      .onConflictDoNothing({ target: [games.provider, games.providerId] })
    const rows = await tx
      .select()
      .from(games)
      .where(
        and(
          eq(games.provider, 'unlinked'),
          inArray(
            games.providerId,
            batch.map((game) => game.providerId),
          ),
        ),
      )
    for (const row of rows) found.set(row.providerId, row)
  }
  return found
}

/**
 * Once an account goes, no placeholder keeps a key derived from its id: each takes its own row id instead
 * (its bets still point at it). In the deletion's transaction.
 */
export async function forgetPlaceholderOwner(tx: Db, userId: number): Promise<void> {
  await tx
    .update(games)
    .set({ providerId: sql`'deleted:' || ${games.id}` })
    .where(and(eq(games.provider, 'unlinked'), like(games.providerId, `${placeholderPrefix(userId)}%`)))
}
