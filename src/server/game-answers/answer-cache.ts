import { LRUCache } from 'lru-cache'

/** What an entry costs beyond its body and key: the Map slot, the object, the stamp. */
const ENTRY_OVERHEAD_BYTES = 200

interface Entry {
  stamp: string
  body: Buffer
  /** The other games the answer depends on (its tickets' legs, decision 067): their versions are in the stamp. */
  related: readonly number[]
}

/**
 * The serialized per-game answers (the grid, the live probability, the suggestions; cached-answer.ts), each
 * stamped with the game version and bets version it was built from, and its tickets' other games' versions
 * (cached-answer.ts). A poll whose stamps match gets the stored bytes: no query for bets, no grid, no JSON. Any score change bumps the game version and any bet
 * write bumps the bets version, so a stale entry is never served; it is rebuilt on the next poll.
 * Bounded by bytes (decision 040: a 111 x 111 NBA grid is about 600 kB, a soccer grid 5 kB, so a count of
 * entries bounds nothing), least recently used out first.
 */
export class GameAnswerCache {
  private readonly entries: LRUCache<string, Entry>

  constructor(maxBytes: number) {
    this.entries = new LRUCache<string, Entry>({
      maxSize: maxBytes,
      sizeCalculation: (entry, key) => entry.body.byteLength + key.length + ENTRY_OVERHEAD_BYTES,
    })
  }

  /** The entry held; the caller compares its stamp with the state now. */
  get(key: string): Entry | undefined {
    return this.entries.get(key)
  }

  set(key: string, entry: Entry): void {
    this.entries.set(key, entry)
  }

  get size(): number {
    return this.entries.size
  }

  /** The bytes held, as counted against the budget. */
  get bytes(): number {
    return this.entries.calculatedSize
  }
}
