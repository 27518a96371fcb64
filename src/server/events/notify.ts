import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'

/**
 * Decision 042: the channels every instance listens on (ARCHITECTURE, N instances). `grid_user` and
 * `grid_session` are raised by triggers (drizzle/0014_change_notifications.sql) on every change to a user
 * row or a session; `grid_games` by the feed sync for the games whose state it changed.
 */
export const CHANNELS = { user: 'grid_user', session: 'grid_session', games: 'grid_games' } as const

/** `grid_user`: a user row changed (`bets`: its bets_version moved) or was deleted. */
export interface UserChange {
  id: number
  bets: boolean
}

/** `grid_session`: a session of this user ended (logout, credentials change, deletion). */
export interface SessionChange {
  userId: number
}

/** `grid_games`: these games' state (score, status, situation, lines) changed. */
export interface GamesChange {
  ids: number[]
}

/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more. */
export const MAX_PAYLOAD_BYTES = 7_999

/**
 * Announces `payload` on `channel` as part of `tx`: delivered to every listener when (and only if) the
 * transaction commits. Callers keep payloads small (ids and versions); listeners read what they need.
 */
export async function notify(tx: Db, channel: string, payload: object): Promise<void> {
  const text = JSON.stringify(payload)
  if (Buffer.byteLength(text) > MAX_PAYLOAD_BYTES) throw new Error(`NOTIFY ${channel}: payload too long`)
  await tx.execute(sql`select pg_notify(${channel}, ${text})`)
}

/**
 * Announces that these games changed, in `tx`: as many `grid_games` notifications as it takes to keep each
 * payload under PostgreSQL's limit (a scoreboard of thousands of games).
 */
export async function notifyGames(tx: Db, ids: readonly number[]): Promise<void> {
  for (const chunk of idChunks(ids, MAX_PAYLOAD_BYTES)) {
    const payload: GamesChange = { ids: chunk }
    await notify(tx, CHANNELS.games, payload)
  }
}

/** `{"ids":[...]}` within `maxBytes` per chunk: ids are ASCII digits, so a character is a byte. */
export function idChunks(ids: readonly number[], maxBytes: number): number[][] {
  const chunks: number[][] = []
  let chunk: number[] = []
  let bytes = '{"ids":[]}'.length
  for (const id of ids) {
    const more = String(id).length + (chunk.length > 0 ? 1 : 0)
    if (chunk.length > 0 && bytes + more > maxBytes) {
      chunks.push(chunk)
      chunk = []
      bytes = '{"ids":[]}'.length
    }
    bytes += String(id).length + (chunk.length > 0 ? 1 : 0)
    chunk.push(id)
  }
  if (chunk.length > 0) chunks.push(chunk)
  return chunks
}
