import { describe, expect, it } from 'vitest'
import { BET_FORM_MESSAGES } from '../../src/domain/bet-form'
import { sameGameParlayVoidRule } from '../../src/domain/book-rules'
import type { Matchup } from '../../src/domain/settlement'
import {
  checkOffFeedSingle,
  checkTicket,
  type LegInput,
  TICKET_ENTRY_MESSAGES,
  type TicketInput,
} from '../../src/domain/ticket-entry'

const GAMES = new Map<number, Matchup>([
  [1, { homeTeam: 'Kansas City Chiefs', awayTeam: 'Buffalo Bills', league: 'NFL' }],
  [2, { homeTeam: 'Dallas Cowboys', awayTeam: 'New York Giants', league: 'NFL' }],
  [3, { homeTeam: 'Arsenal', awayTeam: 'Chelsea', league: 'EPL' }],
])
const gameOf = (id: number) => GAMES.get(id) ?? null

const spreadLeg = (gameId: number, odds: number | null = -110): LegInput => ({
  gameId,
  betType: 'spread',
  spreadTeam: 'Chiefs',
  spreadPoints: -3,
  odds,
})
const totalLeg = (gameId: number, odds: number | null = 150): LegInput => ({
  gameId,
  betType: 'total',
  overUnder: 'over',
  totalPoints: 44.5,
  odds,
})

function ticket(overrides: Partial<TicketInput>): TicketInput {
  return { betType: 'parlay', legs: [spreadLeg(1), totalLeg(2)], amount: '10', ...overrides }
}

function refusal(input: TicketInput, voidRule = null) {
  const checked = checkTicket(input, gameOf, voidRule)
  return checked.ok ? null : { field: checked.field, message: checked.message }
}

describe('checkTicket', () => {
  it('prices a parlay from its legs, rounded to the cent once, and names its teams as the games do', () => {
    const checked = checkTicket(ticket({}), gameOf, null)
    if (!checked.ok) throw new Error(checked.message)
    // 10 x (210/110) x (250/100) = 47.727... -> To Win 37.73; the odds that pay at least that: +378.
    expect(checked.value).toMatchObject({ amount: 1000, potentialWin: 3773, odds: 378, boost: null })
    expect(checked.value.legs.map((leg) => leg.selection)).toEqual(['Kansas City Chiefs -3', 'Over 44.5'])
  })

  it('takes the slip’s To Win and odds over the legs’ product (a boost is in them)', () => {
    const checked = checkTicket(
      ticket({ potentialWin: '40.00', odds: 400, profitBoostPercent: 25 }),
      gameOf,
      null,
    )
    expect(checked.ok && checked.value).toMatchObject({
      potentialWin: 4000,
      odds: 400,
      boost: { kind: 'profit', percent: 25 },
    })
  })

  it('applies a profit boost to a To Win computed from the legs', () => {
    const checked = checkTicket(ticket({ profitBoostPercent: 50 }), gameOf, null)
    // 37.7272... x 1.5 = 56.59.
    expect(checked.ok && checked.value.potentialWin).toBe(5659)
  })

  it.each([
    ['one leg', ticket({ legs: [spreadLeg(1)] }), 'legs', TICKET_ENTRY_MESSAGES.legCount],
    [
      'sixteen legs',
      ticket({ legs: Array.from({ length: 16 }, () => spreadLeg(1)) }),
      'legs',
      TICKET_ENTRY_MESSAGES.legCount,
    ],
    [
      'a leg with bad odds',
      ticket({ legs: [spreadLeg(1, 50), totalLeg(2)] }),
      'legs.0.odds',
      TICKET_ENTRY_MESSAGES.legOdds,
    ],
    [
      'a leg on no event',
      ticket({ legs: [spreadLeg(1), { betType: 'total' }] }),
      'legs.1.gameId',
      TICKET_ENTRY_MESSAGES.oneEvent,
    ],
    [
      'a leg on a game and an event',
      ticket({ legs: [spreadLeg(1), { ...totalLeg(2), event: { name: 'x' } }] }),
      'legs.1.gameId',
      TICKET_ENTRY_MESSAGES.oneEvent,
    ],
    ['an unknown game', ticket({ legs: [spreadLeg(1), totalLeg(9)] }), 'legs.1.gameId', 'Game not found'],
    [
      'an other market on a feed game',
      ticket({ legs: [spreadLeg(1), { gameId: 2, betType: 'other', selection: 'x' }] }),
      'legs.1.betType',
      'A leg on a feed game is a spread, a total or a moneyline',
    ],
    [
      'a team not in the game',
      ticket({ legs: [spreadLeg(1), spreadLeg(2)] }),
      'legs.1.spreadTeam',
      BET_FORM_MESSAGES.unknownTeam,
    ],
    [
      'two legs on one game',
      ticket({ legs: [spreadLeg(1), totalLeg(1)] }),
      'legs.1.gameId',
      TICKET_ENTRY_MESSAGES.sameGameTwice,
    ],
    ['no amount', ticket({ amount: null }), 'amount', BET_FORM_MESSAGES.amountRequired],
    ['bad ticket odds', ticket({ odds: 20 }), 'odds', BET_FORM_MESSAGES.odds],
    ['no price', ticket({ legs: [spreadLeg(1, null), totalLeg(2)] }), 'odds', TICKET_ENTRY_MESSAGES.price],
    [
      'a malformed To Win',
      ticket({ potentialWin: 'lots' }),
      'potentialWin',
      TICKET_ENTRY_MESSAGES.potentialWin,
    ],
    [
      'two boosts',
      ticket({ profitBoostPercent: 10, unboostedOdds: 300 }),
      'profitBoostPercent',
      TICKET_ENTRY_MESSAGES.oneBoost,
    ],
    [
      'a boost of three decimals',
      ticket({ profitBoostPercent: 10.125 }),
      'profitBoostPercent',
      TICKET_ENTRY_MESSAGES.boost,
    ],
    [
      'a bad unboosted price',
      ticket({ unboostedOdds: 99 }),
      'unboostedOdds',
      TICKET_ENTRY_MESSAGES.unboostedOdds,
    ],
    [
      'an off-feed event without a name',
      ticket({ legs: [spreadLeg(1), { event: { name: ' ' }, betType: 'other', selection: 'x' }] }),
      'legs.1.event.name',
      TICKET_ENTRY_MESSAGES.eventName,
    ],
    [
      'an off-feed league too long',
      ticket({
        legs: [
          spreadLeg(1),
          { event: { name: 'x', league: 'L'.repeat(51) }, betType: 'other', selection: 'x' },
        ],
      }),
      'legs.1.event.league',
      TICKET_ENTRY_MESSAGES.eventLeague,
    ],
    [
      'an off-feed start that is no date',
      ticket({
        legs: [spreadLeg(1), { event: { name: 'x', startTime: 'soon' }, betType: 'other', selection: 'x' }],
      }),
      'legs.1.event.startTime',
      TICKET_ENTRY_MESSAGES.eventStart,
    ],
    [
      'an off-feed prop without its text',
      ticket({ legs: [spreadLeg(1), { event: { name: 'x' }, betType: 'other' }] }),
      'legs.1.selection',
      TICKET_ENTRY_MESSAGES.selectionText,
    ],
  ])('refuses a parlay with %s', (_, input, field, message) => {
    expect(refusal(input)).toEqual({ field, message })
  })

  it('keeps an off-feed leg’s market when its parts are whole, and the slip’s text otherwise', () => {
    const checked = checkTicket(
      ticket({
        legs: [
          {
            event: { name: 'Duke @ UNC', league: 'NCAAB', startTime: '2026-11-24T00:00:00Z' },
            betType: 'spread',
            spreadTeam: 'Duke',
            spreadPoints: 2.5,
          },
          {
            event: { name: 'Oilers @ Flames' },
            betType: 'total',
            overUnder: 'under',
            totalPoints: 6.5,
            selection: 'Under 6.5',
          },
          { event: { name: 'Real @ Barca' }, betType: 'moneyline', selection: 'Barca ML' },
          { event: { name: 'Masters' }, betType: 'spread', selection: 'Scheffler -2.5 strokes' },
        ],
        odds: 900,
      }),
      gameOf,
      null,
    )
    if (!checked.ok) throw new Error(checked.message)
    expect(checked.value.legs.map((leg) => [leg.market, leg.selection])).toEqual([
      [{ betType: 'spread', team: 'Duke', points: 2.5 }, 'Duke +2.5'],
      [{ betType: 'total', overUnder: 'under', points: 6.5 }, 'Under 6.5'],
      [{ betType: 'moneyline', team: 'Barca' }, 'Barca ML'],
      [null, 'Scheffler -2.5 strokes'],
    ])
    expect(checked.value.legs[0]?.event).toEqual({
      kind: 'off_feed',
      name: 'Duke @ UNC',
      league: 'NCAAB',
      startTime: new Date('2026-11-24T00:00:00Z'),
    })
  })

  it('holds a same-game parlay to one game, with the book’s void rule by default', () => {
    const sgp = ticket({
      betType: 'same_game_parlay',
      legs: [spreadLeg(1, null), totalLeg(1, null)],
      odds: 260,
    })
    expect(refusal({ ...sgp, legs: [spreadLeg(1), totalLeg(2)] })).toEqual({
      field: 'legs.1.gameId',
      message: TICKET_ENTRY_MESSAGES.sameGameParlayOneGame,
    })
    const known = checkTicket(sgp, gameOf, sameGameParlayVoidRule('DraftKings'))
    expect(known.ok && known.value.shape).toEqual({ kind: 'same_game_parlay', voidRule: 'void' })
    const unknown = checkTicket(sgp, gameOf, sameGameParlayVoidRule('Caesars'))
    expect(unknown.ok && unknown.value.shape).toEqual({ kind: 'same_game_parlay', voidRule: 'reduce' })
    const given = checkTicket({ ...sgp, voidRule: 'reprice' }, gameOf, 'void')
    expect(given.ok && given.value).toMatchObject({ shape: { voidRule: 'reprice' }, potentialWin: 2600 })
    // Its legs' prices do not multiply: without the ticket's odds there is no price.
    expect(refusal({ ...sgp, odds: null, legs: [spreadLeg(1), totalLeg(1)] })).toEqual({
      field: 'odds',
      message: TICKET_ENTRY_MESSAGES.price,
    })
  })

  it('holds a teaser to spreads and totals, with its points and a tie rule', () => {
    const teaser = ticket({ betType: 'teaser', teaserPoints: 6, odds: -120 })
    const checked = checkTicket(teaser, gameOf, null)
    expect(checked.ok && checked.value.shape).toEqual({
      kind: 'teaser',
      teaserPoints: 6,
      ties: 'reduce',
      reducedOdds: null,
    })
    expect(refusal({ ...teaser, teaserPoints: 6.25 })).toEqual({
      field: 'teaserPoints',
      message: TICKET_ENTRY_MESSAGES.teaserPoints,
    })
    const reduced = checkTicket({ ...teaser, reducedOdds: { '1': -110 } }, gameOf, null)
    expect(reduced.ok && reduced.value.shape).toMatchObject({ reducedOdds: { '1': -110 } })
    expect(refusal({ ...teaser, reducedOdds: { '2': -110 } })).toEqual({
      field: 'reducedOdds',
      message: TICKET_ENTRY_MESSAGES.reducedOdds,
    })
    expect(refusal({ ...teaser, reducedOdds: { '1': 50 } })).toEqual({
      field: 'reducedOdds',
      message: TICKET_ENTRY_MESSAGES.reducedOdds,
    })
    expect(refusal({ ...teaser, teaserPoints: null })).toEqual({
      field: 'teaserPoints',
      message: TICKET_ENTRY_MESSAGES.teaserPoints,
    })
    expect(
      refusal({
        ...teaser,
        legs: [spreadLeg(1), { gameId: 2, betType: 'moneyline', selection: 'Dallas Cowboys' }],
      }),
    ).toEqual({ field: 'legs.1.betType', message: TICKET_ENTRY_MESSAGES.teaserMarket })
  })

  it('holds a round robin to sizes below its legs and a stake that splits evenly', () => {
    const legs = [
      spreadLeg(1, 100),
      totalLeg(2, 100),
      { gameId: 3, betType: 'moneyline' as const, selection: 'Draw', odds: 100 },
    ]
    const robin = ticket({ betType: 'round_robin', legs, sizes: [2], amount: '30' })
    const checked = checkTicket(robin, gameOf, null)
    expect(checked.ok && checked.value).toMatchObject({
      shape: { kind: 'round_robin', sizes: [2] },
      potentialWin: 9000,
    })
    expect(refusal({ ...robin, legs: legs.slice(0, 2) })).toEqual({
      field: 'legs',
      message: TICKET_ENTRY_MESSAGES.roundRobinLegs,
    })
    expect(refusal({ ...robin, sizes: [3] })).toEqual({
      field: 'sizes',
      message: TICKET_ENTRY_MESSAGES.sizes,
    })
    expect(refusal({ ...robin, sizes: [2, 2] })).toEqual({
      field: 'sizes',
      message: TICKET_ENTRY_MESSAGES.sizes,
    })
    expect(refusal({ ...robin, sizes: [] })).toEqual({ field: 'sizes', message: TICKET_ENTRY_MESSAGES.sizes })
    expect(refusal({ ...robin, amount: '10' })).toEqual({
      field: 'amount',
      message: TICKET_ENTRY_MESSAGES.evenStake,
    })
  })
})

describe('checkOffFeedSingle', () => {
  it('records a prop with its To Win from its odds (decision 001)', () => {
    const checked = checkOffFeedSingle({
      event: { name: 'NBA MVP' },
      betType: 'other',
      selection: 'Jokic',
      odds: 450,
      amount: 20,
    })
    expect(checked.ok && checked.value).toMatchObject({
      shape: { kind: 'single' },
      amount: 2000,
      potentialWin: 9000,
      odds: 450,
    })
  })

  it('refuses a bad amount or odds with the form’s messages', () => {
    const bad = checkOffFeedSingle({
      event: { name: 'x' },
      betType: 'other',
      selection: 'y',
      odds: 450,
      amount: 0,
    })
    expect(bad).toEqual({ ok: false, field: 'amount', message: BET_FORM_MESSAGES.amountPositive })
    const odds = checkOffFeedSingle({
      event: { name: 'x' },
      betType: 'other',
      selection: 'y',
      odds: Number.NaN,
      amount: 1,
    })
    expect(odds).toEqual({ ok: false, field: 'odds', message: BET_FORM_MESSAGES.odds })
  })
})

describe('sameGameParlayVoidRule', () => {
  it('knows the books’ rules by name, and none for another book', () => {
    expect(
      ['DraftKings', 'ESPN BET', 'fanduel sportsbook', 'Bookmaker', 'BetMGM', null].map(
        sameGameParlayVoidRule,
      ),
    ).toEqual(['void', 'void', 'reprice', 'reduce', null, null])
  })
})
