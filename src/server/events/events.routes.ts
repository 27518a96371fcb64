import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { eventStreamAnswer, eventsQuery } from '../../contract/events'
import { signedInUser } from '../auth/session.plugin'
import { refusals } from '../http/contract'
import { HttpError } from '../http/errors'
import { spanText } from '../http/rate-limit'
import { RING_AGE_MS, RING_EVENTS } from './event-hub'
import type { StreamRefusal } from './event-streams'
import { HEARTBEAT_MS } from './events.plugin'
import { RETRY_MS } from './sse'

/**
 * Decision 042: `GET /api/events`, in the signed-in subtree. The answer is handed to the event hub: the route
 * writes the headers itself (Fastify would wait for a body that never ends) and registers the response.
 */
export async function eventsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const schema = {
    summary: 'Live updates: games, the user’s positions and bets, as server-sent events',
    description: `A \`text/event-stream\` that stays open: \`game\`, \`position\`, \`bets\` and \`reset\` events (each \`data\` one JSON line, each with an \`id\`), a comment every ${HEARTBEAT_MS / 1000} s, and \`retry: ${RETRY_MS}\`. Reconnecting with \`Last-Event-ID\` (or \`?lastEventId=\`) replays what this instance sent the user since; an id it cannot resume from (another instance, a restart, older than its last ${RING_EVENTS.toLocaleString('en-US')} events or ${spanText(RING_AGE_MS / 1000)}) gets a \`reset\`: refetch everything. A \`bets\` event may repeat the current version (a final game settled the user’s bets). A client that stops reading is dropped; 429 past ${app.policies.eventStreamsPerUser} streams of the user or EVENT_STREAMS_PER_ADDRESS streams of the client address open on one instance, 503 past EVENT_STREAMS_PER_INSTANCE (docs/API.md).`,
    querystring: eventsQuery,
    response: { 200: eventStreamAnswer, ...refusals(429, 503) },
  }
  // A HEAD would hold a stream that can carry nothing.
  app.get('/api/events', { schema, exposeHeadRoute: false }, async (request, reply) => {
    const user = signedInUser(request)
    const { events } = app
    const refusal = events.streams.refusal(user.id, request.ip)
    if (refusal) throw refused(refusal, app)
    const header = request.headers['last-event-id']
    const lastEventId = typeof header === 'string' ? header : request.query.lastEventId
    reply.hijack()
    // The security headers the app's hooks set on the reply (http/security.ts), then the stream's own.
    for (const [name, value] of Object.entries(reply.getHeaders()))
      if (value !== undefined) reply.raw.setHeader(name, value)
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store, no-transform',
      // nginx and its kind buffer a response unless told not to; events must go out as they happen.
      'x-accel-buffering': 'no',
    })
    events.open(user.id, request.ip, reply.raw, lastEventId)
  })
}

/** How long a browser refused for a full instance waits before trying again. */
const FULL_RETRY_SECONDS = 30

function refused(refusal: StreamRefusal, app: FastifyInstance): HttpError {
  if (refusal === 'instance') {
    const message = 'This server holds as many live update streams as it can. Try again shortly.'
    return new HttpError(503, message, undefined, { 'retry-after': String(FULL_RETRY_SECONDS) })
  }
  const [most, whose] =
    refusal === 'user'
      ? [app.policies.eventStreamsPerUser, 'for one account']
      : [app.config.limits.eventStreamsPerAddress, 'from one address']
  return new HttpError(
    429,
    `At most ${most} live update streams may be open at once ${whose}. Close a tab and try again.`,
  )
}
