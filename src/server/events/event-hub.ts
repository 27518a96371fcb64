import { randomBytes } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import { eq, inArray } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { LiveEvent } from '../../contract/events'
import type { Database } from '../db/client'
import { games } from '../db/games-schema'
import { users } from '../db/schema'
import { gameFields } from '../games/game-view'
import { EventRing } from './event-ring'
import type { EventStreams } from './event-streams'
import { CHANNELS, type GamesChange, type SessionChange, type UserChange } from './notify'
import { STREAM_START, sseFrame } from './sse'
import { movedPositions } from './ticket-positions'

/** What a resume can replay: the last 2,000 events of the instance, at most five minutes old. */
export const RING_EVENTS = 2_000
export const RING_AGE_MS = 5 * 60_000

/**
 * Decision 042: one per instance. It listens on the change channels (every instance hears every commit, its
 * own and the others'), turns each notification into events with one read (not one per stream), and
 * writes them to the streams open here. Event ids are `boot-seq`: `boot` names this run of this instance,
 * so an id from another instance or an earlier run is recognised and answered with a `reset`.
 */
export class EventHub {
  readonly boot = randomBytes(6).toString('hex')
  private seq = 0
  private readonly ring = new EventRing(RING_EVENTS, RING_AGE_MS)
  /** Notifications are handled one at a time, in the order they were committed. */
  private queue: Promise<void> = Promise.resolve()
  private connections = 0
  private unlisten: (() => Promise<void>)[] = []
  private closed = false

  constructor(
    private readonly database: Database,
    readonly streams: EventStreams,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    const { database } = this
    this.unlisten = [
      await database.listen(
        CHANNELS.games,
        (payload) => this.handle(payload, (change: GamesChange) => this.gamesChanged(change.ids)),
        () => this.connected(),
      ),
      await database.listen(CHANNELS.user, (payload) =>
        this.handle(payload, (change: UserChange) => this.userChanged(change)),
      ),
      await database.listen(CHANNELS.session, (payload) =>
        this.handle(payload, async (change: SessionChange) => this.streams.endUser(change.userId)),
      ),
    ]
  }

  async stop(): Promise<void> {
    this.closed = true
    this.streams.endAll()
    await Promise.all(this.unlisten.map((unlisten) => unlisten()))
    await this.queue
  }

  /**
   * Starts a stream: the retry hint, then what it missed since `lastEventId` (or a `reset` when that can no
   * longer be told), then every event from now on.
   */
  open(userId: number, address: string, response: ServerResponse, lastEventId: string | undefined): void {
    const missed = lastEventId === undefined ? [] : this.missed(userId, lastEventId)
    this.streams.add(userId, address, response)
    response.write(STREAM_START)
    if (missed === null) {
      const reason = 'The stream cannot resume from this event: refetch everything.'
      this.streams.write(response, sseFrame(this.id(this.seq), { kind: 'reset', data: { reason } }))
      return
    }
    for (const frame of missed) this.streams.write(response, frame)
  }

  private missed(userId: number, lastEventId: string): string[] | null {
    const dash = lastEventId.lastIndexOf('-')
    const digits = lastEventId.slice(dash + 1)
    const seq = Number(digits)
    if (lastEventId.slice(0, dash) !== this.boot || !/^\d{1,15}$/.test(digits) || seq > this.seq) return null
    // Events for users out of the audience are not worked out: one who left long ago may have missed some.
    if (seq < this.seq && !this.streams.follows(userId)) return null
    const frames = this.ring.since(seq, userId, Date.now())
    // A replay the stream could not hold would only get it dropped and reconnecting again: refetch instead.
    let bytes = 0
    for (const frame of frames ?? []) bytes += Buffer.byteLength(frame)
    return bytes > this.streams.bufferBytes ? null : frames
  }

  private id(seq: number): string {
    return `${this.boot}-${seq}`
  }

  /** Sends an event to every stream (`userId` null) or to one user's, and keeps it for resume. */
  private publish(userId: number | null, event: LiveEvent): void {
    const seq = ++this.seq
    const frame = sseFrame(this.id(seq), event)
    this.ring.add({ seq, userId, frame, at: Date.now() })
    if (userId === null) this.streams.toAll(frame)
    else this.streams.toUser(userId, frame)
  }

  private handle<T>(payload: string, work: (change: T) => Promise<void>): void {
    this.enqueue(() => work(JSON.parse(payload) as T))
  }

  private enqueue(work: () => Promise<void>): void {
    this.queue = this.queue.then(async () => {
      if (this.closed) return
      try {
        await work()
      } catch (error) {
        this.log.warn({ err: error }, 'a change notification could not be turned into events')
      }
    })
  }

  /**
   * The listening connection (re)connected. After the first time, notifications may have been missed
   * while it was down: nothing before now can be replayed, and every stream is told to refetch.
   */
  private connected(): void {
    if (this.connections++ === 0) return
    this.enqueue(async () => {
      this.ring.forgetUpTo(this.seq)
      this.publish(null, {
        kind: 'reset',
        data: { reason: 'Live updates were interrupted: refetch everything.' },
      })
    })
  }

  /**
   * The games, read once; a `position` for each followed user's grid the change moves (their bets on these
   * games and every game of their tickets with a leg on one, ticket-positions.ts), and a `bets` for those
   * with bets on a final one: its sync settled them.
   */
  private async gamesChanged(ids: number[]): Promise<void> {
    const { db } = this.database
    const rows = await db.select().from(games).where(inArray(games.id, ids))
    for (const game of rows) this.publish(null, { kind: 'game', data: { game: gameFields(game) } })
    const audience = this.streams.audience()
    if (audience.length === 0 || rows.length === 0) return
    const positions = await movedPositions(db, rows, audience)
    const final = new Set(rows.filter((game) => game.status === 'final').map((game) => game.id))
    const settled = new Map<number, number>()
    for (const { userId, gameId, betsVersion, matrixVersion } of positions) {
      this.publish(userId, { kind: 'position', data: { gameId, matrixVersion } })
      if (final.has(gameId)) settled.set(userId, betsVersion)
    }
    for (const [userId, betsVersion] of settled) this.publish(userId, { kind: 'bets', data: { betsVersion } })
  }

  /** A user's bets moved (any instance, any writer): their streams here learn the new version. */
  private async userChanged(change: UserChange): Promise<void> {
    if (!change.bets || !this.streams.follows(change.id)) return
    const [row] = await this.database.db
      .select({ betsVersion: users.betsVersion })
      .from(users)
      .where(eq(users.id, change.id))
    if (row) this.publish(change.id, { kind: 'bets', data: { betsVersion: row.betsVersion } })
  }
}
