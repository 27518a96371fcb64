import { describe, expect, it } from 'vitest'
import { type PartnerSlip, slipTicket } from '../../src/domain/partner-slip'
import { sportsbookById, sportsbookForPartnerBook } from '../../src/domain/sportsbooks'
import { countByKind } from '../../src/domain/ticket-draft'
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

describe('slipTicket (decision 062)', () => {
  /** The reference's slip as a parlay: its NFL spread leg and a player prop of the same slip. */
  function parlaySlip(overrides: Record<string, unknown> = {}, legs: Record<string, unknown>[] = [{}, {}]) {
    const base = slip({ type: 'parlay', oddsAmerican: 264, atRisk: 1_000, toWin: 2_640, outcome: 'win' })
    const [spreadLeg] = base.bets
    const prop = {
      ...spreadLeg,
      id: 'BET_prop',
      proposition: 'player_passing_yards',
      position: 'Patrick Mahomes over',
      line: 249.5,
      oddsAmerican: -115,
    }
    const bets = legs.map((leg, i) => ({ ...(i === 1 ? prop : spreadLeg), outcome: 'win', ...leg }))
    return { ...base, bets, ...overrides } as PartnerSlip
  }

  it('reads a parlay slip: full-game legs to look up, a prop off the feed, settled from the slip', () => {
    const read = slipTicket(parlaySlip(), 'BetMGM')
    if (!read.ok) throw new Error(read.reason)
    expect(read.externalId).toBe('SLIP_c27a9b53280e4658b9d8720ad6597268')
    expect(read.draft).toMatchObject({
      shape: { kind: 'parlay' },
      odds: 264,
      amount: 1_000,
      potentialWin: 2_640,
      // Decision 002: the stake and the slip's To Win.
      result: 'won',
      payout: 3_640,
      betStatus: 'committed',
      sportsbook: 'BetMGM',
    })
    expect(read.draft.legs).toMatchObject([
      {
        teams: { teams: ['Miami Dolphins', 'Kansas City Chiefs'], ordered: true },
        eventText: 'Miami Dolphins @ Kansas City Chiefs',
        leagueText: 'NFL',
        startTime: new Date('2024-01-14T01:00:00Z'),
        market: { betType: 'spread', team: 'Miami Dolphins', points: 4.5 },
        selection: 'Miami Dolphins +4.5',
        odds: -105,
        result: 'won',
      },
      { teams: null, market: null, selection: 'Patrick Mahomes over 249.5', odds: -115, result: 'won' },
    ])
    expect(countByKind(read.ok ? [read.draft] : [])).toMatchObject({ parlay: 1 })
  })

  it("keeps a part of a game off the feed, and pays a pushed leg's parlay by its legs", () => {
    const read = slipTicket(
      parlaySlip({ toWin: undefined }, [{ outcome: 'push' }, { proposition: 'total', segmentId: 'SEGM_1H' }]),
      'BetMGM',
    )
    if (!read.ok) throw new Error(read.reason)
    expect(read.draft.legs.map((leg) => [leg.market?.betType ?? null, leg.result])).toEqual([
      ['spread', 'push'],
      [null, 'won'],
    ])
    // The pushed leg removed, the prop's -115 pays: 10.00 x 215/115 = 18.695... -> 18.70 (decision 054).
    expect(read.draft).toMatchObject({ result: 'won', payout: 1_870 })
  })

  it('reads a pending slip, a void one, and the kind from the slip or from its one game', () => {
    expect(slipTicket(parlaySlip({ status: 'pending', outcome: null }), 'BetMGM')).toMatchObject({
      ok: true,
      draft: { result: null, payout: null },
    })
    expect(slipTicket(parlaySlip({ outcome: 'void' }), 'BetMGM')).toMatchObject({
      draft: { result: 'void', payout: 1_000 },
    })
    expect(slipTicket(parlaySlip({ type: 'teaser' }), 'BetMGM')).toMatchObject({
      draft: { shape: { kind: 'teaser', ties: 'push' } },
    })
    const oneGame = parlaySlip({ type: null }, [{}, { proposition: 'total', position: 'Over', line: 44.5 }])
    expect(slipTicket(oneGame, 'BetMGM')).toMatchObject({
      draft: { shape: { kind: 'same_game_parlay', voidRule: 'reprice' } },
    })
  })

  it('says why a slip is not a ticket', () => {
    expect(slipTicket({ ...parlaySlip(), timePlaced: 'soon' }, 'BetMGM')).toMatchObject({ ok: false })
    expect(slipTicket({ ...parlaySlip(), atRisk: 0 }, 'BetMGM')).toEqual({
      ok: false,
      reason: 'The slip has no stake Grid can read',
    })
    expect(slipTicket(parlaySlip({ outcome: 'cashout' }), 'BetMGM')).toMatchObject({
      ok: false,
      skipped: true,
    })
    // By 2s: three parlays, and 10.01 does not divide among them (decision 058).
    expect(slipTicket(parlaySlip({ type: 'round_robin', atRisk: 1_001 }, [{}, {}, {}]), 'BetMGM')).toEqual({
      ok: false,
      reason: 'A round robin of 3 parlays cannot stake 1001 cents evenly',
    })
    expect(
      slipTicket(parlaySlip({ type: 'round_robin', atRisk: 1_200 }, [{}, {}, {}]), 'BetMGM'),
    ).toMatchObject({
      ok: true,
      draft: { shape: { kind: 'round_robin', sizes: [2] } },
    })
    expect(slipTicket(parlaySlip({}, [{}]), 'BetMGM')).toEqual({
      ok: false,
      reason: 'A ticket has several legs',
    })
  })
})
