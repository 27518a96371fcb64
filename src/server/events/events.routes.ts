import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { eventStreamAnswer, eventsQuery } from '../../contract/events'
import { signedInUser } from '../auth/session.plugin'
import type { Config } from '../config'
import { refusals } from '../http/contract'
import { HttpError } from '../http/errors'
import type { StreamRefusal } from './event-streams'

/**
 * Decision 042: `GET /api/events`, in the signed-in subtree. The answer is handed to the event hub: the route
 * writes the headers itself (Fastify would wait for a body that never ends) and registers the response.
 */
export async function eventsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const schema = { querystring: eventsQuery, response: { 200: eventStreamAnswer, ...refusals(429, 503) } }
  // A HEAD would hold a stream that can carry nothing.
  app.get('/api/events', { schema, exposeHeadRoute: false }, async (request, reply) => {
    const user = signedInUser(request)
    const { events } = app
    const refusal = events.streams.refusal(user.id, request.ip)
    if (refusal) throw refused(refusal, app.config)
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

function refused(refusal: StreamRefusal, config: Config): HttpError {
  if (refusal === 'instance') {
    const message = 'This server holds as many live update streams as it can. Try again shortly.'
    return new HttpError(503, message, undefined, { 'retry-after': String(FULL_RETRY_SECONDS) })
  }
  const [most, whose] =
    refusal === 'user'
      ? [config.eventStreamsPerUser, 'for one account']
      : [config.eventStreamsPerAddress, 'from one address']
  return new HttpError(
    429,
    `At most ${most} live update streams may be open at once ${whose}. Close a tab and try again.`,
  )
}
