import { LIVE_EVENT_KINDS, parseLiveEvent } from './live-events'
import type { LiveEvent } from './types'

/**
 * The tab's one stream of GET /api/events. 'live' while it is open; otherwise the screens poll
 * as the spec says (section 9) and the header shows SYNC.
 */
export type LiveStatus = 'connecting' | 'live' | 'down'

/** What the connection needs of an EventSource (the browser's, or a test's stand-in). */
export interface EventStream {
  readonly readyState: number
  onopen: ((event: Event) => void) | null
  onerror: ((event: Event) => void) | null
  addEventListener(kind: string, listener: (event: MessageEvent<string>) => void): void
  close(): void
}

/** EventSource.CLOSED: the browser gave up (an answer other than a 200 stream, such as 401 or 429). */
const CLOSED = 2

/** A stream the browser gave up on is opened again after 1 s, 2 s, 4 s ... at most a minute, jittered. */
const FIRST_RETRY_MS = 1000
const LAST_RETRY_MS = 60_000

export interface LiveConnectionOptions {
  /** A new stream, resuming after `lastEventId` when the tab has seen an event (GET /api/events?lastEventId). */
  open: (lastEventId: string | null) => EventStream
  onEvent: (event: LiveEvent) => void
  /**
   * A new stream opened after the tab had another one, with no event id to resume from: what it missed
   * meanwhile must be read again.
   */
  onResume: () => void
  /** The server refused the stream: perhaps the session ended, which the caller can check. */
  onRefused: () => void
}

export class LiveConnection {
  private status: LiveStatus = 'connecting'
  private readonly listeners = new Set<() => void>()
  private stream: EventStream | null = null
  private timer: ReturnType<typeof setTimeout> | null = null
  /** Streams the browser gave up on since the last open one: the backoff's exponent. */
  private failures = 0
  /** Streams started since start(): from the second on, a stream must resume where the last one was. */
  private started = 0
  /** The id of the last event received, which a new stream resumes after (the server replays or resets). */
  private lastEventId: string | null = null

  constructor(private readonly options: LiveConnectionOptions) {}

  start(): void {
    if (!this.stream && this.timer === null) this.connect()
  }

  /** Closes the stream for good (sign-out, unmount); a later start begins afresh. */
  stop(): void {
    this.stream?.close()
    this.stream = null
    if (this.timer !== null) clearTimeout(this.timer)
    this.timer = null
    this.failures = 0
    this.started = 0
    this.lastEventId = null
    this.set('connecting')
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  readonly getStatus = (): LiveStatus => this.status

  private connect(): void {
    this.timer = null
    const stream = this.options.open(this.lastEventId)
    let resumes = this.started > 0 && this.lastEventId === null
    this.started += 1
    this.stream = stream
    stream.onopen = () => {
      if (this.stream !== stream) return
      this.failures = 0
      this.set('live')
      // The browser's own reconnects resume by Last-Event-ID, a new stream by the query (or the server
      // says reset); without an id a new stream starts from now, so the gap is read again once.
      if (resumes) this.options.onResume()
      resumes = false
    }
    stream.onerror = () => {
      if (this.stream !== stream) return
      this.set('down')
      // While CONNECTING the browser reconnects by itself with Last-Event-ID; CLOSED is ours to retry.
      if (stream.readyState !== CLOSED) return
      stream.close()
      this.stream = null
      this.options.onRefused()
      this.retryLater()
    }
    for (const kind of LIVE_EVENT_KINDS) {
      stream.addEventListener(kind, (message) => {
        if (this.stream !== stream) return
        if (message.lastEventId) this.lastEventId = message.lastEventId
        const event = parseLiveEvent(kind, message.data)
        if (event) this.options.onEvent(event)
      })
    }
  }

  private retryLater(): void {
    const ceiling = Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** this.failures)
    this.failures += 1
    // Half to all of the ceiling, so the tabs of a restarted server do not all come back at once.
    this.timer = setTimeout(() => this.connect(), ceiling * (0.5 + Math.random() / 2))
  }

  private set(status: LiveStatus): void {
    if (status === this.status) return
    this.status = status
    for (const listener of this.listeners) listener()
  }
}
