/** One event kept for resume: its sequence number, who it is for (null: every stream), its frame. */
export interface RingEvent {
  seq: number
  userId: number | null
  frame: string
  at: number
}

/**
 * The last events of this instance, so that a stream reconnecting with Last-Event-ID gets what it missed.
 * Bounded by count and by age; once an event a stream had not seen is gone, the stream cannot resume and
 * gets a `reset` instead (`since` answers null).
 */
export class EventRing {
  private readonly events: (RingEvent | undefined)[]
  private start = 0
  private size = 0
  /** The highest sequence number that can no longer be replayed (evicted, or lost while not listening). */
  private lost = 0

  constructor(
    capacity: number,
    private readonly maxAgeMs: number,
  ) {
    this.events = new Array(capacity)
  }

  add(event: RingEvent): void {
    this.expire(event.at)
    if (this.size === this.events.length) this.dropOldest()
    this.events[(this.start + this.size) % this.events.length] = event
    this.size++
  }

  /** The frames after `seq` for `userId`, oldest first; null when some of them are no longer held. */
  since(seq: number, userId: number, now: number): string[] | null {
    this.expire(now)
    if (seq < this.lost) return null
    const frames: string[] = []
    for (let i = 0; i < this.size; i++) {
      const event = this.events[(this.start + i) % this.events.length] as RingEvent
      if (event.seq > seq && (event.userId === null || event.userId === userId)) frames.push(event.frame)
    }
    return frames
  }

  /** Nothing up to `seq` can be replayed any more: notifications were missed while reconnecting. */
  forgetUpTo(seq: number): void {
    while (this.size > 0) this.dropOldest()
    this.lost = Math.max(this.lost, seq)
  }

  private expire(now: number): void {
    while (this.size > 0 && (this.events[this.start] as RingEvent).at < now - this.maxAgeMs) this.dropOldest()
  }

  private dropOldest(): void {
    const oldest = this.events[this.start] as RingEvent
    this.lost = Math.max(this.lost, oldest.seq)
    this.events[this.start] = undefined
    this.start = (this.start + 1) % this.events.length
    this.size--
  }
}
