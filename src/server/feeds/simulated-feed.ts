import { simulatedScoreboard } from './simulator/simulator'
import type { SportsFeed } from './sports-feed'

/** The simulator as a feed: the day's games as they stand now, computed, never fetched (no network). */
export function simulatedFeed(seed: number): SportsFeed {
  return {
    provider: 'simulated',
    async games(day, now) {
      return { games: simulatedScoreboard({ seed, now, day, timeZone: 'America/New_York' }), failures: [] }
    },
  }
}
