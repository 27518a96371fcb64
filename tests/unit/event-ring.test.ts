import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { EventRing } from '../../src/server/events/event-ring'
import { idChunks, MAX_PAYLOAD_BYTES } from '../../src/server/events/notify'

/** What a resuming event stream may be replayed, and how a sync's changed games are announced. */
describe('EventRing', () => {
  const event = (seq: number, userId: number | null, at = 0) => ({ seq, userId, frame: `f${seq}`, at })

  it("replays the events after an id that are for everyone or for the user, and none of another user's", () => {
    const ring = new EventRing(10, 60_000)
    ring.add(event(1, null))
    ring.add(event(2, 7))
    ring.add(event(3, 8))
    ring.add(event(4, null))
    expect(ring.since(1, 7, 0)).toEqual(['f2', 'f4'])
    expect(ring.since(2, 8, 0)).toEqual(['f3', 'f4'])
    expect(ring.since(4, 7, 0)).toEqual([])
  })

  it('cannot resume once an event after the id was evicted, by count or by age', () => {
    const ring = new EventRing(3, 1_000)
    for (let seq = 1; seq <= 5; seq++) ring.add(event(seq, null))
    expect(ring.since(1, 1, 0)).toBeNull()
    expect(ring.since(2, 1, 0)).toEqual(['f3', 'f4', 'f5'])
    ring.add(event(6, null, 5_000))
    expect(ring.since(2, 1, 5_000)).toBeNull()
    expect(ring.since(5, 1, 5_000)).toEqual(['f6'])
    expect(ring.since(6, 1, 6_001)).toEqual([])
    expect(ring.since(5, 1, 6_001)).toBeNull()
  })

  it('forgets everything up to a reconnect, and resumes from after it', () => {
    const ring = new EventRing(10, 60_000)
    ring.add(event(1, null))
    ring.add(event(2, null))
    ring.forgetUpTo(2)
    ring.add(event(3, null))
    expect(ring.since(1, 1, 0)).toBeNull()
    expect(ring.since(2, 1, 0)).toEqual(['f3'])
  })
})

describe('idChunks', () => {
  it('keeps every id once, in order, each payload within the bound', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 2_147_483_647 }), { maxLength: 3_000 }),
        fc.integer({ min: 30, max: MAX_PAYLOAD_BYTES }),
        (ids, maxBytes) => {
          const chunks = idChunks(ids, maxBytes)
          expect(chunks.flat()).toEqual(ids)
          for (const chunk of chunks) {
            expect(chunk.length).toBeGreaterThan(0)
            expect(Buffer.byteLength(JSON.stringify({ ids: chunk }))).toBeLessThanOrEqual(maxBytes)
          }
        },
      ),
      { numRuns: 200 },
    )
  })

  it('sends a scoreboard of thousands of games in few notifications', () => {
    const ids = Array.from({ length: 5_000 }, (_, i) => 1_000_000 + i)
    // 8 bytes an id (7 digits and a comma): 40,000 bytes in payloads of at most 7,999.
    expect(idChunks(ids, MAX_PAYLOAD_BYTES)).toHaveLength(6)
  })
})
