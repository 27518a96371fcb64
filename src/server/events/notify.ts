import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'

/**
 * Issue 17: the channels every instance listens on (ARCHITECTURE, N instances). `grid_user` and
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
