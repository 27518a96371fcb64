import type { FeedGame, FeedProvider } from '../../domain/game'

/** A source of games: one call returns every followed league's games for a calendar day. */
export interface SportsFeed {
  readonly provider: FeedProvider
  games(day: string, now: Date): Promise<FeedResult>
  /**
   * Takes up the source of the last sync any instance recorded (the `auto` feed only): an instance that
   * did not run that sync, or a restart within its period, then reads the games that sync stored instead
   * of a provider nobody synced.
   */
  follow?(lastSync: { source: string; startedAt: Date }, now: Date): void
}

export interface FeedResult {
  games: FeedGame[]
  /** Leagues that could not be read this time; their stored games stay as they were. */
  failures: { league: string; reason: string }[]
}

/**
 * Decision 018 `auto`: ESPN when it answers, else the simulator. A probe in which every league fails (no
 * network) switches to the simulator, and ESPN is tried again after `retryMs` from that probe.
 */
export function autoFeed(espn: SportsFeed, simulated: SportsFeed, retryMs = 3_600_000) {
  let current: SportsFeed = espn
  let retryAt = 0
  return {
    get provider(): FeedProvider {
      return current.provider
    },
    async games(day: string, now: Date): Promise<FeedResult> {
      if (current === simulated && now.getTime() >= retryAt) current = espn
      if (current === espn) {
        const result = await espn.games(day, now)
        if (result.games.length > 0 || result.failures.length === 0) return result
        current = simulated
        retryAt = now.getTime() + retryMs
      }
      return simulated.games(day, now)
    },
    follow(lastSync, now) {
      if (lastSync.source === espn.provider) {
        current = espn
        return
      }
      if (lastSync.source !== simulated.provider) return
      // The probe's time is the recording instance's wall clock; `now` may be APP_NOW's, so carry over
      // what is left of the retry wait rather than the instant.
      const left = retryMs - (Date.now() - lastSync.startedAt.getTime())
      if (left <= 0) return
      current = simulated
      retryAt = now.getTime() + left
    },
  } satisfies SportsFeed
}
