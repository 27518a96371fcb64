import { describe, expect, it } from 'vitest'
import type { FeedProvider } from '../../src/domain/game'
import { autoFeed, type SportsFeed } from '../../src/server/feeds/sports-feed'

const HOUR = 3_600_000

/** A feed that records its calls; `down` makes every league fail, as without network. */
function stubFeed(provider: FeedProvider, down = false) {
  const calls: string[] = []
  const feed: SportsFeed = {
    provider,
    async games(day) {
      calls.push(day)
      return down
        ? { games: [], failures: [{ league: 'nfl', reason: 'offline' }] }
        : { games: [], failures: [] }
    },
  }
  return { feed, calls }
}

describe('the auto feed following the last recorded sync', () => {
  const now = new Date('2026-11-22T19:30:00Z')

  it('reads the simulator after a recent sync from it, and waits out what is left of the retry', async () => {
    const espn = stubFeed('espn')
    const simulated = stubFeed('simulated')
    const feed = autoFeed(espn.feed, simulated.feed, HOUR)
    expect(feed.provider).toBe('espn')
    feed.follow({ source: 'simulated', startedAt: new Date(Date.now() - HOUR / 2) }, now)
    expect(feed.provider).toBe('simulated')
    await feed.games('2026-11-22', new Date(now.getTime() + HOUR / 2 - 60_000))
    expect(espn.calls).toEqual([])
    await feed.games('2026-11-22', new Date(now.getTime() + HOUR / 2 + 60_000))
    expect(espn.calls).toEqual(['2026-11-22'])
    expect(feed.provider).toBe('espn')
  })

  it('stays on ESPN after a sync from ESPN, or after a simulated one whose retry is due', () => {
    const feed = autoFeed(stubFeed('espn', true).feed, stubFeed('simulated').feed, HOUR)
    feed.follow({ source: 'simulated', startedAt: new Date(Date.now() - 2 * HOUR) }, now)
    expect(feed.provider).toBe('espn')
    feed.follow({ source: 'simulated', startedAt: new Date() }, now)
    feed.follow({ source: 'espn', startedAt: new Date() }, now)
    expect(feed.provider).toBe('espn')
  })
})
