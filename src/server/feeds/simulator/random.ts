/**
 * A tiny seeded PRNG (mulberry32) for the simulator. Never Math.random: the same seed must give the same
 * day of games on every machine, and `fork` gives each league, day and game its own stream so that
 * drawing more numbers for one game never shifts another.
 */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number
  /** Uniform integer in [min, max], both included. */
  int(min: number, max: number): number
  uniform(min: number, max: number): number
  chance(probability: number): boolean
  /** An entry chosen in proportion to its weight. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T
  /** Standard normal (mean 0, sd 1). */
  normal(): number
  exponential(mean: number): number
  /** A Poisson count (Knuth's method: fine for the small means of goals and runs). */
  poisson(mean: number): number
  shuffle<T>(items: readonly T[]): T[]
  /**
   * An independent stream named by `label`. It depends on this stream's seed and the label only, never on
   * how many numbers were drawn before, so forks can be taken in any order.
   */
  fork(label: string | number): Rng
}

export function createRng(seed: number): Rng {
  return rngFromKey(hash32(String(seed), 0x9e3779b9))
}

function rngFromKey(key: number): Rng {
  let state = key
  const next = () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    uniform: (min, max) => min + next() * (max - min),
    chance: (probability) => next() < probability,
    weighted: (entries) => weightedPick(entries, next()),
    normal: () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next()),
    exponential: (mean) => -mean * Math.log(1 - next()),
    poisson: (mean) => poisson(mean, next),
    shuffle: (items) => shuffle(items, next),
    fork: (label) => rngFromKey(hash32(String(label), key)),
  }
  return rng
}

function weightedPick<T>(entries: readonly (readonly [T, number])[], draw: number): T {
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0)
  let left = draw * total
  for (const [value, weight] of entries) {
    left -= weight
    if (left < 0) return value
  }
  // Rounding can leave a sliver past the last weight.
  return at(entries, entries.length - 1)[0]
}

function poisson(mean: number, next: () => number): number {
  const limit = Math.exp(-mean)
  let count = 0
  for (let product = next(); product > limit; product *= next()) count++
  return count
}

/** Fisher-Yates on a copy. */
function shuffle<T>(items: readonly T[], next: () => number): T[] {
  const copy = [...items]
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1))
    const a = at(copy, i)
    copy[i] = at(copy, j)
    copy[j] = a
  }
  return copy
}

/** An element that must exist: an empty list here is a programmer error. */
export function at<T>(items: readonly T[], index: number): T {
  const item = items[index]
  if (item === undefined) throw new RangeError(`No element at ${index} of ${items.length}`)
  return item
}

/** FNV-1a over the text, finished with murmur3's mixer so that near labels give far-apart keys. */
function hash32(text: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
  }
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
  return (h ^ (h >>> 16)) >>> 0
}
