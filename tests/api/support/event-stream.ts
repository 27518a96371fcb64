import { type IncomingHttpHeaders, request } from 'node:http'
import type { FastifyInstance } from 'fastify'
import type { Client } from './test-app'

/** One server-sent event as a browser's EventSource would hand it over. */
export interface SseEvent {
  id: string
  event: string
  data: unknown
}

export interface EventStreamClient {
  status: number
  headers: IncomingHttpHeaders
  /** The body as received so far. */
  text(): string
  events: SseEvent[]
  /** How many comment lines (heartbeats) arrived. */
  comments(): number
  /** Resolves with the first event (from `from` on) that matches; waits as long as the test allows. */
  next(match: (event: SseEvent) => boolean, from?: number): Promise<SseEvent>
  /** Resolves once `check` holds (run on every chunk), rejects if the stream ends before. */
  until(check: () => boolean): Promise<void>
  /** Resolves when the server ends the stream or the connection. */
  ended: Promise<void>
  isEnded(): boolean
  close(): void
}

export function cookieOf(client: Client): string {
  return [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
}

export function portOf(app: FastifyInstance): number {
  const address = app.server.address()
  if (address === null || typeof address === 'string') throw new Error('the app is not listening')
  return address.port
}

/** GET /api/events over a real connection, parsed as it arrives (SSE framing: blank-line separated). */
export function openEvents(
  app: FastifyInstance,
  client: Client | null,
  options: { lastEventId?: string; query?: string; forwardedFor?: string } = {},
): Promise<EventStreamClient> {
  const headers: Record<string, string> = { accept: 'text/event-stream' }
  if (client) headers.cookie = cookieOf(client)
  // The client address an app trusting 127.0.0.1 as its proxy (TRUST_PROXY) takes this stream to come from.
  if (options.forwardedFor !== undefined) headers['x-forwarded-for'] = options.forwardedFor
  if (options.lastEventId !== undefined) headers['last-event-id'] = options.lastEventId
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: portOf(app),
        path: `/api/events${options.query ?? ''}`,
        headers,
        agent: false,
      },
      (res) => {
        let body = ''
        let pending = ''
        let comments = 0
        let ended = false
        const events: SseEvent[] = []
        const listeners = new Set<() => void>()
        const changed = () => {
          for (const listener of [...listeners]) listener()
        }
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          body += chunk
          pending += chunk
          for (let end = pending.indexOf('\n\n'); end >= 0; end = pending.indexOf('\n\n')) {
            const block = pending.slice(0, end)
            pending = pending.slice(end + 2)
            const event: Partial<SseEvent> = {}
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) comments++
              else if (line.startsWith('id: ')) event.id = line.slice(4)
              else if (line.startsWith('event: ')) event.event = line.slice(7)
              else if (line.startsWith('data: ')) event.data = JSON.parse(line.slice(6))
            }
            if (event.event) events.push(event as SseEvent)
          }
          changed()
        })
        const ending = new Promise<void>((done) => {
          const finish = () => {
            ended = true
            changed()
            done()
          }
          res.once('end', finish)
          res.once('error', finish)
          res.once('close', finish)
        })
        const until = (check: () => boolean) =>
          new Promise<void>((done, fail) => {
            const test = () => {
              if (check()) done()
              else if (ended) fail(new Error(`the stream ended first; it had sent:\n${body}`))
              else return
              listeners.delete(test)
            }
            listeners.add(test)
            test()
          })
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: () => body,
          events,
          comments: () => comments,
          async next(match, from = 0) {
            let found: SseEvent | undefined
            await until(() => {
              found = events.slice(from).find(match)
              return found !== undefined
            })
            return found as SseEvent
          },
          until,
          ended: ending,
          isEnded: () => ended,
          close: () => req.destroy(),
        })
      },
    )
    req.once('error', reject)
    req.end()
  })
}
