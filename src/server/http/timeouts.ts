/**
 * How long the server waits on a client. Without these a request whose body never finished held its
 * socket for good (1,100 of them stayed open for minutes). None of them bounds a response: a
 * CSV export that streams for a minute keeps its socket busy, and the request limits stop counting once
 * the request has arrived.
 */
export interface HttpTimeouts {
  /** The whole request, headers and body, must arrive within this; Node answers 408 and closes. */
  requestMs: number
  /** The headers alone, from the connection's first byte. */
  headersMs: number
  /** An idle keep-alive connection is closed after this. A proxy in front should idle out sooner. */
  keepAliveMs: number
  /** A socket with no traffic either way (a client that stopped reading its response) is closed. */
  idleSocketMs: number
  /** How often Node checks the two request limits; its default (30 s) would let a 30 s limit run to 60 s. */
  checkEveryMs: number
}

export const HTTP_TIMEOUTS: HttpTimeouts = {
  requestMs: 30_000,
  headersMs: 10_000,
  keepAliveMs: 10_000,
  idleSocketMs: 60_000,
  checkEveryMs: 1_000,
}

/** The same limits as Fastify's and Node's server options. */
export function timeoutOptions(timeouts: HttpTimeouts) {
  return {
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionTimeout: timeouts.idleSocketMs,
    http: {
      requestTimeout: timeouts.requestMs,
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: timeouts.checkEveryMs,
    },
  }
}
