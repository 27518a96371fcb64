import { describe, expect, it } from 'vitest'
import { batchEnd } from '../../src/web/features/import/import-api'

/** Rows of a file of one row per leg: [ticket id, selection]. */
const rows = (...tickets: string[]) => tickets.map((ticket, i) => [ticket, `leg ${i}`])

describe("the import's batches (decision 062)", () => {
  it('cut at the size, and wait for more rows until one is past it', () => {
    expect(batchEnd(rows('a', 'b', 'c', 'd'), null, 3)).toBe(3)
    expect(batchEnd(rows('a', 'b', 'c'), null, 3)).toBe(0)
    expect(batchEnd(rows('a', 'b', 'c', 'd'), 0, 3)).toBe(3)
  })

  it('never split the legs of one ticket between two requests', () => {
    // Rows 3 and 4 are one ticket's legs: the batch ends before them.
    expect(batchEnd(rows('a', 'b', 'c', 'c', 'd'), 0, 3)).toBe(2)
    expect(batchEnd(rows('a', 'c', 'c', 'c', 'd'), 0, 3)).toBe(1)
    // Rows without a ticket id are singles, cut anywhere.
    expect(batchEnd(rows('a', '', '', 'd'), 0, 2)).toBe(2)
    // A run longer than a batch is no ticket: cut at the size.
    expect(batchEnd(rows('x', 'x', 'x', 'x'), 0, 3)).toBe(3)
  })
})
