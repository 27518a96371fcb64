import { describe, expect, it } from 'vitest'
import { addCounts, countByKind, ticketCountsText } from '../../src/domain/ticket-draft'
import { syncCounts } from '../../src/web/features/connections/connection-texts'

const counts = (kinds: ('single' | 'parlay' | 'same_game_parlay' | 'teaser' | 'round_robin')[]) =>
  countByKind(kinds.map((kind) => ({ shape: { kind } })))

describe('how many tickets of each kind came in (decision 062)', () => {
  it('names the tickets of several legs, singular or plural, and leaves the singles out', () => {
    expect(ticketCountsText(counts(['single', 'parlay', 'parlay', 'teaser']))).toBe('2 parlays, 1 teaser')
    expect(ticketCountsText(counts(['same_game_parlay', 'round_robin', 'round_robin']))).toBe(
      '1 same-game parlay, 2 round robins',
    )
    expect(ticketCountsText(counts(['single', 'single']))).toBe('')
  })

  it('adds an import’s batches kind by kind', () => {
    expect(addCounts(counts(['parlay', 'single']), counts(['parlay', 'teaser']))).toEqual({
      single: 1,
      parlay: 2,
      same_game_parlay: 0,
      teaser: 1,
      round_robin: 0,
    })
  })

  it('adds them to a sync’s counts, and says nothing more without any', () => {
    const base = { newBets: 3, updatedBets: 1, errors: [] }
    expect(syncCounts({ ...base, tickets: counts(['single', 'parlay', 'teaser']) })).toBe(
      '3 new bets, 1 updated bet (1 parlay, 1 teaser)',
    )
    expect(syncCounts({ ...base, tickets: counts(['single']) })).toBe('3 new bets, 1 updated bet')
  })
})
