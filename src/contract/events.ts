import { z } from 'zod'
import { gameFields } from './games'

/**
 * What `GET /api/events` streams (text/event-stream), one SSE `event:` name per kind, its
 * `data:` one JSON line of the matching schema, and an `id:` for Last-Event-ID resume. Heartbeats are SSE
 * comments. The web applies each to the TanStack Query cache (web/live-events.ts).
 */
export const liveEvents = {
  /** A game's state changed (score, status, clock, situation, lines): sent to every stream. */
  game: z.object({ game: gameFields }),
  /**
   * The user's grid on a game changed: a score moved on a game they bet on, or their bets on it did.
   * `matrixVersion` is the outcome grid's stamp (`game.version:betsVersion`); the grid, its probability and
   * the game's suggestions are stale below it.
   */
  position: z.object({ gameId: z.number().int(), matrixVersion: z.string() }),
  /**
   * The user's bets changed (placed, confirmed or deleted on any device, imported, synced or settled):
   * everything the spec refreshes after a bet change is stale. A settlement sends the version unmoved
   * (settling leaves bets_version alone), so only an older version than one already seen is a replay.
   */
  bets: z.object({ betsVersion: z.number().int() }),
  /** The stream could not resume from Last-Event-ID (too old, another instance): refetch everything. */
  reset: z.object({ reason: z.string() }),
} as const

export type LiveEventKind = keyof typeof liveEvents
export type LiveEvent = {
  [K in LiveEventKind]: { kind: K; data: z.infer<(typeof liveEvents)[K]> }
}[LiveEventKind]

/** Where a stream resumes when the client cannot send Last-Event-ID (a page opened anew). */
export const eventsQuery = z.object({ lastEventId: z.string().max(100).optional() })

/** The answer as the reference documents it: an event stream, never JSON. */
export const eventStreamAnswer = { content: { 'text/event-stream': { schema: z.string() } } }
