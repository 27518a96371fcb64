import type { ServerResponse } from 'node:http'
import { EspnReplay } from './espn-replay'

/**
 * A loopback ESPN that answers every scoreboard after `delayMs`, so a sync holds its lock for a while: it
 * records when each request arrived and how many are still unanswered.
 */
export class SlowEspn extends EspnReplay {
  readonly arrivals: number[] = []
  pending = 0
  /** Told of each request as it arrives. */
  onArrival: () => void = () => {}

  constructor(
    private readonly delayMs: number,
    private readonly scoreboard: (league: string) => string,
  ) {
    super()
  }

  protected override answer(league: string, response: ServerResponse): void {
    this.arrivals.push(Date.now())
    this.pending++
    this.onArrival()
    setTimeout(() => {
      this.pending--
      response.writeHead(200, { 'content-type': 'application/json' }).end(this.scoreboard(league))
    }, this.delayMs)
  }
}
