import { describe, expect, it } from 'vitest'
import { sportsbookById, sportsbookForPartnerBook } from '../../src/domain/sportsbooks'
import { readSlip } from '../../src/server/connections/sharpsports'

/**
 * SharpSports' bet slips (docs.sharpsports.io, BetSlip) read into Grid's SyncedBet, and what is
 * left out with the reason. The slip below is the reference's single NFL straight bet, shortened.
 */
function slip(overrides: Record<string, unknown> = {}, leg: Record<string, unknown> = {}) {
  return {
    id: 'SLIP_c27a9b53280e4658b9d8720ad6597268',
    book: { id: 'BOOK_pPg9ABaPSj2mL6qoMTKR1A', name: 'BetMGM', abbr: 'mg' },
    timePlaced: '2024-01-13T21:03:02Z',
    type: 'single',
    oddsAmerican: -105,
    atRisk: 2000,
    toWin: 1905,
    status: 'completed',
    outcome: 'loss',
    bets: [
      {
        id: 'BET_5d0b6e51f3c6433a834925fc6c996979',
        type: 'straight',
        event: {
          league: 'NFL',
          name: 'Miami Dolphins @ Kansas City Chiefs',
          startTime: '2024-01-14T01:00:00Z',
          contestantAway: { fullName: 'Miami Dolphins' },
          contestantHome: { fullName: 'Kansas City Chiefs' },
        },
        proposition: 'spread',
        segment: null,
        segmentId: 'SEGM_M',
        position: 'Miami Dolphins',
        line: 4.5,
        oddsAmerican: -105,
        ...leg,
      },
    ],
    ...overrides,
  }
}

describe('readSlip', () => {
  it('reads a single straight bet: teams, market, side, line, odds, stake in cents, result', () => {
    expect(readSlip(slip())).toEqual({
      externalId: 'SLIP_c27a9b53280e4658b9d8720ad6597268',
      placedAt: new Date('2024-01-13T21:03:02Z'),
      league: 'NFL',
      event: {
        name: 'Miami Dolphins @ Kansas City Chiefs',
        homeTeam: 'Kansas City Chiefs',
        awayTeam: 'Miami Dolphins',
        startsAt: new Date('2024-01-14T01:00:00Z'),
      },
      market: 'spread',
      selection: 'Miami Dolphins',
      line: 4.5,
      odds: -105,
      stake: 2000,
      result: 'lost',
      sportsbook: 'BetMGM',
    })
  })

  it('reads totals as Over or Under with the points, moneylines without a line, pending as no result', () => {
    expect(readSlip(slip({}, { proposition: 'total', position: 'under 47.5', line: 47.5 }))).toMatchObject({
      market: 'total',
      selection: 'Under',
      line: 47.5,
    })
    expect(
      readSlip(
        slip(
          { status: 'pending', outcome: null },
          { proposition: 'moneyline', position: 'Kansas City Chiefs' },
        ),
      ),
    ).toMatchObject({ market: 'moneyline', selection: 'Kansas City Chiefs', line: null, result: null })
    expect(readSlip(slip({ outcome: 'win' }))).toMatchObject({ result: 'won' })
    expect(readSlip(slip({ outcome: 'push' }))).toMatchObject({ result: 'push' })
  })

  it('skips what Grid does not track, with the reason', () => {
    const skipped = (value: unknown) => {
      const read = readSlip(value)
      return 'reason' in read && read.skipped ? read.reason : null
    }
    expect(skipped(slip({ type: 'parlay' }))).toBe('Parlays and other multi-leg slips are not tracked')
    expect(skipped(slip({}, { proposition: 'player_prop' }))).toBe(
      'Only spread, total and moneyline bets are tracked',
    )
    expect(skipped(slip({}, { segmentId: 'SEGM_1H' }))).toBe('Only bets on the whole game are tracked')
    expect(skipped(slip({ outcome: 'void' }))).toBe('A void or cancelled bet is not tracked')
  })

  it('says why a slip it cannot read is an error', () => {
    const reason = (value: unknown) => {
      const read = readSlip(value)
      return 'reason' in read ? [read.reason, read.skipped ?? false] : null
    }
    expect(reason({ id: 'SLIP_x' })).toEqual(['Not a bet slip Grid can read', false])
    expect(reason(slip({}, { position: 'Over', proposition: 'total', line: null }))).toEqual([
      'The bet names no side Grid can read',
      false,
    ])
    expect(reason(slip({ oddsAmerican: null }, { oddsAmerican: null }))).toEqual([
      'The bet has no odds',
      false,
    ])
    expect(reason(slip({ timePlaced: 'yesterday' }))).toEqual(['The bet has no time it was placed', false])
    expect(reason(slip({}, { event: { league: 'NFL', name: 'Futures' } }))).toEqual([
      'The bet names no game with two teams',
      false,
    ])
  })
})

describe('sportsbookForPartnerBook', () => {
  it('knows Grid’s books by the partner’s abbreviation or name, and no other', () => {
    expect(sportsbookForPartnerBook({ abbr: 'dk', name: 'DraftKings' })?.id).toBe('draftkings')
    expect(sportsbookForPartnerBook({ abbr: null, name: 'fanduel' })?.id).toBe('fanduel')
    expect(sportsbookForPartnerBook({ abbr: 'mg', name: 'BetMGM' })).toBeNull()
    expect(sportsbookById('draftkings')?.name).toBe('DraftKings')
    expect(sportsbookById('bookie-bob')).toBeNull()
  })
})
