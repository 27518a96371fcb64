import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A loopback ESPN that answers every scoreboard after `delayMs`, so a sync holds its lock for a while: it
 * records when each request arrived and how many are still unanswered.
 */
export class SlowEspn {
  readonly arrivals: number[] = []
  pending = 0
  url = ''
  private server: Server | null = null

  constructor(
    private readonly delayMs: number,
    private readonly scoreboard: (league: string) => string,
  ) {}

  async start(): Promise<this> {
    const server = createServer((request, response) => {
      this.arrivals.push(Date.now())
      this.pending++
      const league = /\/([^/]+)\/scoreboard(?:\?|$)/.exec(request.url ?? '')?.[1] ?? ''
      setTimeout(() => {
        this.pending--
        response.writeHead(200, { 'content-type': 'application/json' }).end(this.scoreboard(league))
      }, this.delayMs)
    })
    this.server = server
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/apis/site/v2/sports`
    return this
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections()
    await new Promise<void>((done) => this.server?.close(() => done()))
  }
}
