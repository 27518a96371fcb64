import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { EventHub, RING_AGE_MS } from './event-hub'
import { EventStreams } from './event-streams'

declare module 'fastify' {
  interface FastifyInstance {
    /** Decision 042: this instance's live event streams and what feeds them (events/event-hub.ts). */
    events: EventHub
  }
}

/** A heartbeat this often keeps a quiet stream well inside any proxy's idle timeout. */
export const HEARTBEAT_MS = 15_000

/**
 * Listens on the change channels from the start, so that every instance hears every change, and ends
 * every stream as the app begins to close (preClose): a stream is a response that never finishes, and
 * the server's close would wait for it.
 */
export const eventsPlugin = fp(async (app: FastifyInstance) => {
  // The socket's idle timeout (60 s) must never cut a quiet stream: the heartbeat comes well within it.
  const idleMs = app.initialConfig.connectionTimeout ?? 0
  const streams = new EventStreams({
    perUser: app.policies.eventStreamsPerUser,
    perAddress: app.config.limits.eventStreamsPerAddress,
    perInstance: app.config.limits.eventStreamsPerInstance,
    bufferBytes: app.config.limits.eventStreamBufferBytes,
    heartbeatMs: idleMs > 0 ? Math.min(HEARTBEAT_MS, idleMs / 4) : HEARTBEAT_MS,
    followMs: RING_AGE_MS,
  })
  const hub = new EventHub(app.database, streams, app.log)
  await hub.start()
  app.decorate('events', hub)
  app.addHook('preClose', () => hub.stop())
})
