import { z } from 'zod'
import { int } from './fields'

/** What one instance and one account may hold: memory, bets and live streams. */
export const limits = z
  .object({
    MATRIX_CACHE_MB: int('MATRIX_CACHE_MB', 1, 16_384)
      .default(64)
      .describe('memory the game-answer cache may hold per instance, in MB'),
    MAX_BETS_PER_USER: int('MAX_BETS_PER_USER', 1, 10_000_000)
      .default(50_000)
      .describe('how many bets one account may hold (a 409 past it)'),
    EVENT_STREAMS_PER_ADDRESS: int('EVENT_STREAMS_PER_ADDRESS', 1, 100_000)
      .default(50)
      .describe(
        'live event streams one client address (after `TRUST_PROXY`) may hold open on one instance, whatever the accounts; one more is a 429',
      ),
    EVENT_STREAMS_PER_INSTANCE: int('EVENT_STREAMS_PER_INSTANCE', 1, 1_000_000)
      .default(10_000)
      .describe(
        "live event streams one instance holds at most (its sockets and memory; keep it under the process's open-file limit); one more is a 503 with `Retry-After`",
      ),
    EVENT_STREAM_BUFFER_KB: int('EVENT_STREAM_BUFFER_KB', 1, 65_536)
      .default(256)
      .describe(
        'unsent bytes a live event stream may hold before its client (one that stopped reading) is dropped',
      ),
  })
  .transform((e) => ({
    /** The game-answer cache's budget in bytes (decision 040: bounded by bytes, not entries). */
    gameAnswerCacheBytes: e.MATRIX_CACHE_MB * 1_048_576,
    /** How many bets one user may hold (a clear 409 past it). */
    maxBetsPerUser: e.MAX_BETS_PER_USER,
    /** The live event streams one client address may hold open on one instance (many accounts, one address). */
    eventStreamsPerAddress: e.EVENT_STREAMS_PER_ADDRESS,
    /** The live event streams one instance holds at most (its sockets and memory); one more is a 503. */
    eventStreamsPerInstance: e.EVENT_STREAMS_PER_INSTANCE,
    /** A stream whose unsent bytes pass this (a client that stopped reading) is dropped, never buffered on. */
    eventStreamBufferBytes: e.EVENT_STREAM_BUFFER_KB * 1024,
  }))
