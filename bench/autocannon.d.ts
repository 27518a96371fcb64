/** The part of autocannon 9's API the HTTP bench uses (the package ships no types); see its README. */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events'

  export interface Histogram {
    average: number
    mean: number
    stddev: number
    min: number
    max: number
    total: number
    p50: number
    p90: number
    p99: number
  }

  export interface Result {
    url: string
    connections: number
    duration: number
    errors: number
    timeouts: number
    mismatches: number
    non2xx: number
    resets: number
    '2xx': number
    statusCodeStats: Record<string, { count: number }>
    latency: Histogram
    requests: Histogram & { sent: number }
    throughput: Histogram
  }

  /** One connection. `body` carries the raw chunk read from its socket. */
  export interface Client extends EventEmitter {
    setHeaders(headers: Record<string, string> | undefined): void
  }

  export interface Options {
    url: string
    connections?: number
    /** Seconds. */
    duration?: number
    /** Seconds to wait for a response before counting a timeout. */
    timeout?: number
    headers?: Record<string, string>
    /** Called once per connection, as it is created. */
    setupClient?: (client: Client) => void
  }

  export interface Instance extends EventEmitter, Promise<Result> {
    stop(): void
  }

  export default function autocannon(options: Options): Instance
}
