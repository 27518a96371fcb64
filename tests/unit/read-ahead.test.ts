import { describe, expect, it } from 'vitest'
import { readAhead } from '../../src/server/db/read-ahead'

/** A source that records when each item is asked for, and fails at `failAt` when given. */
function source(count: number, failAt?: number) {
  const asked: number[] = []
  let ended = false
  async function* items() {
    try {
      for (let i = 0; i < count; i++) {
        asked.push(i)
        if (i === failAt) throw new Error(`item ${i} failed`)
        yield i
      }
    } finally {
      ended = true
    }
  }
  return { items: items(), asked, ended: () => ended }
}

describe('readAhead', () => {
  it('hands over every item in order, having asked for the next before the caller takes this one', async () => {
    const read = source(3)
    const seen: number[][] = []
    for await (const item of readAhead(read.items)) seen.push([item, ...read.asked])
    expect(seen).toEqual([
      [0, 0, 1],
      [1, 0, 1, 2],
      [2, 0, 1, 2],
    ])
  })

  it('throws a failed read when its turn comes, after the items before it', async () => {
    const read = source(5, 2)
    const seen: number[] = []
    await expect(async () => {
      for await (const item of readAhead(read.items)) {
        // The read of item 2 has already failed while item 1 is in use: it must not surface early.
        await new Promise((resolve) => setTimeout(resolve, 5))
        seen.push(item)
      }
    }).rejects.toThrow('item 2 failed')
    expect(seen).toEqual([0, 1])
  })

  it('ends the source when the caller leaves early', async () => {
    const read = source(10)
    for await (const item of readAhead(read.items)) if (item === 1) break
    expect(read.ended()).toBe(true)
    expect(read.asked).toEqual([0, 1, 2])
  })
})
