import type { FastifyBaseLogger } from 'fastify'
import type { FeedGame } from '../../../domain/game'
import type { FeedResult, SportsFeed } from '../sports-feed'
import { leagueSlugs, parseScoreboard } from './espn-scoreboard'

export interface EspnOptions {
  baseUrl: string
  timeoutMs: number
  log: FastifyBaseLogger
  fetch?: typeof fetch
  /** Aborts every request in flight when the server stops (a stop must not wait out ESPN's timeout). */
  stop?: AbortSignal
}

/**
 * The ESPN public scoreboards, one request per league. A league that fails (timeout, 500, bad JSON) is
 * reported and skipped, never stopping the others; an event the parser skips is logged once per reason.
 */
export function espnFeed(options: EspnOptions): SportsFeed {
  const fetchImpl = options.fetch ?? fetch
  const logged = new Set<string>()
  const base = options.baseUrl.replace(/\/+$/, '')

  async function league(sport: string, slug: string, day: string): Promise<FeedGame[]> {
    const url = `${base}/${sport}/${slug}/scoreboard?dates=${day.replaceAll('-', '')}`
    const timeout = AbortSignal.timeout(options.timeoutMs)
    const signal = options.stop ? AbortSignal.any([timeout, options.stop]) : timeout
    const response = await fetchImpl(url, { signal })
    if (!response.ok) throw new Error(`HTTP ${response.status}`)
    const { games, skipped } = parseScoreboard(await response.json(), slug)
    for (const skip of skipped) {
      const key = `${slug}:${skip.id}:${skip.reason}`
      if (logged.has(key)) continue
      logged.add(key)
      options.log.warn({ league: slug, event: skip.id, reason: skip.reason }, 'ESPN event skipped')
    }
    return games
  }

  return {
    provider: 'espn',
    async games(day) {
      const result: FeedResult = { games: [], failures: [] }
      const settled = await Promise.allSettled(
        leagueSlugs.map(({ sport, league: slug }) => league(sport, slug, day)),
      )
      settled.forEach((outcome, i) => {
        const slug = leagueSlugs[i]?.league ?? '?'
        if (outcome.status === 'fulfilled') result.games.push(...outcome.value)
        else result.failures.push({ league: slug, reason: errorText(outcome.reason) })
      })
      return result
    },
  }
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.name === 'TimeoutError' ? 'timed out' : error.message
  return String(error)
}
