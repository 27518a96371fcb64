import { readFileSync } from 'node:fs'
import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'

/** The recorded ESPN responses, in the repository with their SOURCES.md (tests/fixtures/espn). */
export const FIXTURES = resolve(import.meta.dirname, '../../fixtures/espn')

export function fixture(name: string): string {
  return readFileSync(resolve(FIXTURES, name), 'utf8')
}

export type Reply = { status: number; body: string } | 'hang'

/**
 * A loopback ESPN: any path ending in /{sport}/{league}/scoreboard gets the reply set for that league,
 * or an empty scoreboard. Requests are recorded so tests can see what the adapter asked for.
 */
export class EspnReplay {
  readonly requests: string[] = []
  private readonly replies = new Map<string, Reply>()
  private server: Server | null = null
  url = ''

  set(league: string, reply: Reply): this {
    this.replies.set(league, reply)
    return this
  }

  async start(): Promise<this> {
    const server = createServer((request, response) => {
      this.requests.push(request.url ?? '')
      const league = /\/([^/]+)\/([^/]+)\/scoreboard(?:\?|$)/.exec(request.url ?? '')?.[2] ?? ''
      this.answer(league, response)
    })
    this.server = server
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/apis/site/v2/sports`
    return this
  }

  /** The reply set for the league, else an empty scoreboard. */
  protected answer(league: string, response: ServerResponse): void {
    const reply = this.replies.get(league) ?? { status: 200, body: '{"events":[]}' }
    if (reply === 'hang') return
    response.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.body)
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections()
    await new Promise<void>((done) => this.server?.close(() => done()))
  }
}
