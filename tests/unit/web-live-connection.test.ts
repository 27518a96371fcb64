import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type EventStream, LiveConnection } from '../../src/web/live-connection'
import type { LiveEvent } from '../../src/web/types'

/** An EventSource as the browser drives it: open, error (reconnecting or given up), named messages. */
class FakeStream implements EventStream {
  constructor(readonly resumesAfter: string | null) {}
  readyState = 0
  closed = false
  onopen: ((event: Event) => void) | null = null
  onerror: ((event: Event) => void) | null = null
  private readonly listeners = new Map<string, (event: MessageEvent<string>) => void>()

  addEventListener(kind: string, listener: (event: MessageEvent<string>) => void): void {
    this.listeners.set(kind, listener)
  }
  close(): void {
    this.closed = true
    this.readyState = 2
  }
  open(): void {
    this.readyState = 1
    this.onopen?.(new Event('open'))
  }
  /** `gaveUp`: the answer was not a stream (401, 429), so the browser will not retry by itself. */
  fail(gaveUp: boolean): void {
    this.readyState = gaveUp ? 2 : 0
    this.onerror?.(new Event('error'))
  }
  send(kind: string, data: string, lastEventId = ''): void {
    this.listeners.get(kind)?.({ data, lastEventId } as MessageEvent<string>)
  }
}

function connection() {
  const streams: FakeStream[] = []
  const events: LiveEvent[] = []
  const calls = { resume: 0, refused: 0 }
  const live = new LiveConnection({
    open: (lastEventId) => {
      const stream = new FakeStream(lastEventId)
      streams.push(stream)
      return stream
    },
    onEvent: (event) => events.push(event),
    onResume: () => {
      calls.resume += 1
    },
    onRefused: () => {
      calls.refused += 1
    },
  })
  const statuses: string[] = []
  live.subscribe(() => statuses.push(live.getStatus()))
  return { live, streams, events, calls, statuses, last: () => streams.at(-1) as FakeStream }
}

let random: { mockRestore(): void } | null = null

beforeEach(() => {
  vi.useFakeTimers()
  // The jitter at its top: each wait is the whole backoff step.
  random = vi.spyOn(Math, 'random').mockReturnValue(1)
})

afterEach(() => {
  vi.useRealTimers()
  random?.mockRestore()
})

describe('the live connection', () => {
  it('is live while its stream is open, and down while the browser reconnects it', () => {
    const { live, streams, last, calls, statuses } = connection()
    live.start()
    expect(live.getStatus()).toBe('connecting')
    last().open()
    expect(live.getStatus()).toBe('live')
    last().fail(false)
    expect(live.getStatus()).toBe('down')
    // The browser's own reconnect resumes by Last-Event-ID: no new stream, nothing refetched.
    last().open()
    expect(statuses).toEqual(['live', 'down', 'live'])
    expect(streams).toHaveLength(1)
    expect(calls).toEqual({ resume: 0, refused: 0 })
  })

  it('hands on the events of its stream, parsed, and drops what is not JSON', () => {
    const { live, last, events } = connection()
    live.start()
    last().open()
    last().send('bets', '{"betsVersion":4}')
    last().send('position', 'garbage')
    last().send('game', '{"game":{"id":1}}')
    expect(events).toEqual([
      { kind: 'bets', data: { betsVersion: 4 } },
      { kind: 'game', data: { game: { id: 1 } } },
    ])
  })

  it('opens a new stream after a refusal, backing off up to a minute, and refetches the gap once', () => {
    const { live, streams, last, calls } = connection()
    live.start()
    last().open()
    const waits: number[] = []
    for (let i = 0; i < 8; i++) {
      const refused = last()
      refused.fail(true)
      expect(refused.closed).toBe(true)
      expect(live.getStatus()).toBe('down')
      const started = Date.now()
      vi.runOnlyPendingTimers()
      waits.push(Date.now() - started)
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000])
    expect(streams).toHaveLength(9)
    expect(calls).toEqual({ resume: 0, refused: 8 })

    last().open()
    expect(live.getStatus()).toBe('live')
    expect(calls.resume).toBe(1)
    // Open again after a native reconnect of the same stream: the server resumes it, nothing to refetch.
    last().fail(false)
    last().open()
    expect(calls.resume).toBe(1)

    // An open stream starts the backoff over.
    last().fail(true)
    const started = Date.now()
    vi.runOnlyPendingTimers()
    expect(Date.now() - started).toBe(1000)
  })

  it('resumes a new stream after the last event it received, so nothing needs refetching', () => {
    const { live, streams, last, calls } = connection()
    live.start()
    last().open()
    last().send('bets', '{"betsVersion":4}', '17')
    last().send('game', '{"game":{"id":1}}')
    last().fail(true)
    vi.runOnlyPendingTimers()
    last().open()
    expect(streams.map((stream) => stream.resumesAfter)).toEqual([null, '17'])
    expect(calls.resume).toBe(0)

    // Stopped (signed out), the next start begins afresh.
    live.stop()
    live.start()
    expect(last().resumesAfter).toBeNull()
  })

  it('ignores a stream it has replaced', () => {
    const { live, streams, events } = connection()
    live.start()
    const first = streams[0] as FakeStream
    first.fail(true)
    vi.runOnlyPendingTimers()
    first.send('bets', '{"betsVersion":1}')
    first.open()
    expect(events).toEqual([])
    expect(live.getStatus()).toBe('down')
  })

  it('closes its stream and any retry when stopped', () => {
    const { live, streams, last } = connection()
    live.start()
    last().open()
    live.stop()
    expect(last().closed).toBe(true)
    expect(live.getStatus()).toBe('connecting')

    live.start()
    last().fail(true)
    live.stop()
    vi.runAllTimers()
    expect(streams).toHaveLength(2)
  })
})
