import type { ServerResponse } from 'node:http'
import { HEARTBEAT } from './sse'

/**
 * The open event streams of this instance, by user. A stream is its response and nothing more: no timer
 * (one shared heartbeat writes to all), no closure of its own (one shared close listener finds it by its
 * response), so 10,000 streams cost little beyond their sockets.
 */
/** Why one more stream is refused: its user, its client address or this instance holds the most it may. */
export type StreamRefusal = 'user' | 'address' | 'instance'

export interface StreamLimits {
  perUser: number
  perAddress: number
  perInstance: number
  bufferBytes: number
  heartbeatMs: number
  followMs: number
}

export class EventStreams {
  private readonly byUser = new Map<number, Set<ServerResponse>>()
  private readonly owner = new Map<ServerResponse, { userId: number; address: string }>()
  /** Open streams per client address: many accounts behind one address must not hold every socket. */
  private readonly byAddress = new Map<string, number>()
  /** Users whose last stream here closed lately, when (oldest first): their events are still kept. */
  private readonly left = new Map<number, number>()
  private readonly onClose: (this: ServerResponse) => void
  private heartbeat: NodeJS.Timeout | null = null
  /** Clients dropped for not reading (their unsent bytes passed the bound). */
  dropped = 0

  constructor(private readonly limits: StreamLimits) {
    const streams = this
    this.onClose = function (this: ServerResponse) {
      streams.remove(this)
    }
  }

  /**
   * Why `userId` at `address` may not open one more stream, or null when they may: the per-user cap (domain/limits.ts),
   * EVENT_STREAMS_PER_ADDRESS and EVENT_STREAMS_PER_INSTANCE (the sockets and memory one instance gives).
   */
  refusal(userId: number, address: string): StreamRefusal | null {
    if (this.owner.size >= this.limits.perInstance) return 'instance'
    if ((this.byAddress.get(address) ?? 0) >= this.limits.perAddress) return 'address'
    if ((this.byUser.get(userId)?.size ?? 0) >= this.limits.perUser) return 'user'
    return null
  }

  add(userId: number, address: string, response: ServerResponse): void {
    const mine = this.byUser.get(userId) ?? new Set<ServerResponse>()
    this.byUser.set(userId, mine)
    mine.add(response)
    this.owner.set(response, { userId, address })
    this.byAddress.set(address, (this.byAddress.get(address) ?? 0) + 1)
    this.left.delete(userId)
    response.once('close', this.onClose)
    this.heartbeat ??= setInterval(() => this.toAll(HEARTBEAT), this.limits.heartbeatMs).unref()
  }

  /** What a stream may hold unsent: a replay larger than this would only get its client dropped. */
  get bufferBytes(): number {
    return this.limits.bufferBytes
  }

  get count(): number {
    return this.owner.size
  }

  /**
   * The users whose events are worked out and kept: those with a stream open here, and those whose last
   * stream closed within `followMs`, so that a browser reconnecting after a blip resumes without a gap.
   */
  audience(): number[] {
    this.forgetLeft()
    return [...this.byUser.keys(), ...this.left.keys()]
  }

  /** Whether `userId` is in the audience: if not, events of theirs may have been skipped. */
  follows(userId: number): boolean {
    this.forgetLeft()
    return this.byUser.has(userId) || this.left.has(userId)
  }

  toAll(frame: string): void {
    for (const response of this.owner.keys()) this.write(response, frame)
  }

  toUser(userId: number, frame: string): void {
    const mine = this.byUser.get(userId)
    if (mine) for (const response of mine) this.write(response, frame)
  }

  /**
   * Writes, and drops a client whose unsent bytes pass the bound: a client that stopped reading must not
   * make the server buffer every event for it. Node buffers what the socket cannot take yet, so past the
   * bound the connection is destroyed, which frees it at once.
   */
  write(response: ServerResponse, frame: string): void {
    // A dropped stream is gone from the registry only once its close event comes.
    if (response.destroyed) return
    if (response.write(frame)) return
    if (response.writableLength > this.limits.bufferBytes) {
      this.dropped++
      response.destroy()
    }
  }

  /** Ends the user's streams (a session ended): each browser reconnects, signed in or not, and resumes. */
  endUser(userId: number): void {
    for (const response of this.byUser.get(userId) ?? []) response.end()
  }

  /** Ends every stream (the app is closing). */
  endAll(): void {
    for (const response of this.owner.keys()) response.end()
    this.stopHeartbeat()
  }

  private remove(response: ServerResponse): void {
    const owner = this.owner.get(response)
    if (owner === undefined) return
    const { userId, address } = owner
    this.owner.delete(response)
    const fromAddress = (this.byAddress.get(address) ?? 1) - 1
    if (fromAddress > 0) this.byAddress.set(address, fromAddress)
    else this.byAddress.delete(address)
    const mine = this.byUser.get(userId)
    mine?.delete(response)
    if (mine?.size === 0) {
      this.byUser.delete(userId)
      this.left.set(userId, Date.now())
    }
    if (this.owner.size === 0) this.stopHeartbeat()
  }

  private forgetLeft(): void {
    const before = Date.now() - this.limits.followMs
    for (const [userId, at] of this.left) {
      if (at >= before) break
      this.left.delete(userId)
    }
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat)
    this.heartbeat = null
  }
}
