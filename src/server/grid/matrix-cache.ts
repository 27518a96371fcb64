/**
 * The outcome grid's serialized responses, per user and game, each stamped with the game version and the
 * user's bets version it was built from. A poll whose stamps match gets the stored bytes: no query for
 * bets, no grid, no JSON. Any score change bumps the game version and any bet write bumps the bets
 * version, so a stale entry is never served; it is rebuilt on the next poll. Bounded, least recently used
 * out first.
 */
export class MatrixCache {
  private readonly entries = new Map<string, { stamp: string; body: string }>()

  constructor(private readonly capacity = 20_000) {}

  get(key: string, stamp: string): string | null {
    const entry = this.entries.get(key)
    if (!entry || entry.stamp !== stamp) return null
    // Re-inserting moves the key to the end of the Map's order: the most recently used.
    this.entries.delete(key)
    this.entries.set(key, entry)
    return entry.body
  }

  set(key: string, stamp: string, body: string): void {
    this.entries.delete(key)
    this.entries.set(key, { stamp, body })
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value
      if (oldest !== undefined) this.entries.delete(oldest)
    }
  }

  get size(): number {
    return this.entries.size
  }
}
