import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ScoreDistribution } from '../../src/domain/probability/distribution'
import type { Market } from '../../src/domain/ticket'
import { gameOutcomes, ticketChances } from '../../src/domain/ticket-chances'
import { type TicketTerms, ticketPotentialWin } from '../../src/domain/ticket-settlement'

const NFL = { homeTeam: 'Home', awayTeam: 'Away', league: 'NFL' }

/** A distribution over home 0-2 and away 0-2, rows home, from the nine chances given row by row. */
function threeByThree(cells: number[]): ScoreDistribution {
  return { home: { min: 0, max: 2 }, away: { min: 0, max: 2 }, p: Float64Array.from(cells) }
}

// Rows are home 0, 1, 2; columns away 0, 1, 2. The chances sum to 1.
const DIST = threeByThree([0.1, 0.05, 0.05, 0.15, 0.1, 0.05, 0.2, 0.2, 0.1])

/** A game whose one leg wins with chance p and loses otherwise: home 1-0 or 0-1, the home moneyline. */
function coinGame(p: number): ScoreDistribution {
  return { home: { min: 0, max: 1 }, away: { min: 0, max: 1 }, p: Float64Array.from([0, 1 - p, p, 0]) }
}

const homeMoneyline: Market = { betType: 'moneyline', team: 'Home' }

function terms(partial: Partial<TicketTerms> & Pick<TicketTerms, 'shape' | 'legs'>): TicketTerms {
  return { amount: 10_000, potentialWin: 0, boost: null, ...partial }
}

describe("a same-game parlay's chances", () => {
  it('are the summed cells where every leg wins, and its price is read against them', () => {
    // Home -0.5 wins where home > away; over 1.5 where the sum is 2 or more. Both: (1,0)? sum 1, no;
    // (2,0) 0.2; (2,1) 0.2. The win is 0.4, and the rest loses.
    const legs = [
      { index: 0, market: { betType: 'spread', team: 'Home', points: -0.5 } as Market },
      { index: 1, market: { betType: 'total', overUnder: 'over', points: 1.5 } as Market },
    ]
    const game = gameOutcomes({ dist: DIST, matchup: NFL, legs })
    const chances = ticketChances(
      terms({
        shape: { kind: 'same_game_parlay', voidRule: 'void' },
        legs: [
          { result: null, odds: null },
          { result: null, odds: null },
        ],
        // +200 on $100: $200 to win.
        potentialWin: 20_000,
      }),
      [game],
    )
    expect(chances?.winProbability).toBeCloseTo(0.4, 12)
    expect(chances?.lossProbability).toBeCloseTo(0.6, 12)
    expect(chances?.pushProbability).toBe(0)
    // A 40% chance is fair at +150; at +200 the ticket returns 0.4 x $300 = $120 on $100.
    expect(chances?.fairOdds).toBe(150)
    expect(chances?.expectedValue).toBeCloseTo(2_000, 6)
    expect(chances?.bookMargin).toBeCloseTo(-0.2, 12)
  })

  it('voids on a pushed leg by its rule, and leaves a repricing book’s payout out of the expected value', () => {
    // Over 2 pushes at a sum of 2: (2,0) 0.2, (1,1) 0.1, (0,2) 0.05. Home -0.5 and over 2 both win at (2,1).
    const legs = [
      { index: 0, market: { betType: 'spread', team: 'Home', points: -0.5 } as Market },
      { index: 1, market: { betType: 'total', overUnder: 'over', points: 2 } as Market },
    ]
    const game = gameOutcomes({ dist: DIST, matchup: NFL, legs })
    const sgp = (voidRule: 'void' | 'reprice') =>
      ticketChances(
        terms({
          shape: { kind: 'same_game_parlay', voidRule },
          legs: [
            { result: null, odds: null },
            { result: null, odds: null },
          ],
          potentialWin: 30_000,
        }),
        [game],
      )
    const voided = sgp('void')
    expect(voided?.winProbability).toBeCloseTo(0.2, 12)
    // The home side wins at (2,0) while the over pushes: the ticket is void, the stake back.
    expect(voided?.pushProbability).toBeCloseTo(0.2, 12)
    expect(voided?.expectedValue).toBeCloseTo(0.2 * 30_000 + 0.2 * 0 - 0.6 * 10_000, 6)
    const repriced = sgp('reprice')
    expect(repriced?.reviewProbability).toBeCloseTo(0.2, 12)
    expect(repriced?.expectedValue).toBeNull()
    expect(repriced?.bookMargin).toBeNull()
  })
})

describe("a parlay's chances", () => {
  it('multiply across games, and a pushed leg pays the others at their own odds', () => {
    // Leg 1: home -1 in DIST pushes at a margin of 1 ((1,0) 0.15, (2,1) 0.2) and wins at (2,0) 0.2.
    // Leg 2: the home moneyline on a coin game won 60% of the time.
    const first = gameOutcomes({
      dist: DIST,
      matchup: NFL,
      legs: [{ index: 0, market: { betType: 'spread', team: 'Home', points: -1 } }],
    })
    const second = gameOutcomes({
      dist: coinGame(0.6),
      matchup: NFL,
      legs: [{ index: 1, market: homeMoneyline }],
    })
    const legs = [
      { result: null, odds: -110 },
      { result: null, odds: 150 },
    ]
    const shape = { kind: 'parlay' } as const
    const potentialWin = ticketPotentialWin(shape, legs, 10_000, null) ?? 0
    // $100 x 210/110 x 250/100 = $477.27: $377.27 to win.
    expect(potentialWin).toBe(37_727)
    const chances = ticketChances(terms({ shape, legs, potentialWin }), [first, second])
    expect(chances?.winProbability).toBeCloseTo((0.2 + 0.35) * 0.6, 12)
    expect(chances?.lossProbability).toBeCloseTo(1 - 0.55 * 0.6, 12)
    // Both win: $477.27 at 0.2 x 0.6; the push and the moneyline: $250.00 at 0.35 x 0.6.
    expect(chances?.expectedValue).toBeCloseTo(0.12 * 47_727 + 0.21 * 25_000 - 10_000, 6)
  })

  it('is settled where its legs are decided, and unpriced while a leg has no chances', () => {
    const second = gameOutcomes({
      dist: coinGame(0.25),
      matchup: NFL,
      legs: [{ index: 1, market: homeMoneyline }],
    })
    const won = terms({
      shape: { kind: 'parlay' },
      legs: [
        { result: 'won', odds: 100 },
        { result: null, odds: 100 },
      ],
      potentialWin: 30_000,
    })
    expect(ticketChances(won, [second])).toMatchObject({ winProbability: 0.25, lossProbability: 0.75 })
    const lost = terms({
      ...won,
      legs: [{ result: 'lost', odds: 100 }, won.legs[1] ?? { result: null, odds: 100 }],
    })
    expect(ticketChances(lost, [second])).toMatchObject({
      winProbability: 0,
      lossProbability: 1,
      expectedValue: -10_000,
    })
    // The second leg is off the feed: no chances are claimed for the ticket.
    expect(ticketChances(won, [])).toBeNull()
  })

  it('wins with the product of its legs’ chances and is worth their product’s price, on any legs', () => {
    const leg = fc.record({
      chance: fc.double({ min: 0.05, max: 0.95, noNaN: true }),
      odds: fc.oneof(fc.integer({ min: -500, max: -101 }), fc.integer({ min: 100, max: 500 })),
    })
    fc.assert(
      fc.property(
        fc.array(leg, { minLength: 2, maxLength: 6 }),
        fc.integer({ min: 100, max: 100_000 }),
        (drawn, amount) => {
          const legs = drawn.map(({ odds }) => ({ result: null, odds }))
          const shape = { kind: 'parlay' } as const
          const potentialWin = ticketPotentialWin(shape, legs, amount, null) ?? 0
          const games = drawn.map(({ chance }, index) =>
            gameOutcomes({ dist: coinGame(chance), matchup: NFL, legs: [{ index, market: homeMoneyline }] }),
          )
          const chances = ticketChances(terms({ shape, legs, amount, potentialWin }), games)
          const win = drawn.reduce((product, { chance }) => product * chance, 1)
          expect(chances?.winProbability).toBeCloseTo(win, 12)
          expect(chances?.expectedValue).toBeCloseTo(win * (amount + potentialWin) - amount, 6)
        },
      ),
    )
  })
})

describe('a round robin', () => {
  it('sums its parlays over every joint result, a lost leg losing only the parlays it is in', () => {
    const games = [0.5, 0.5, 0.5].map((chance, index) =>
      gameOutcomes({ dist: coinGame(chance), matchup: NFL, legs: [{ index, market: homeMoneyline }] }),
    )
    const legs = [0, 1, 2].map(() => ({ result: null, odds: 100 }))
    // Three parlays by 2s of $10 each at even money: each pays $40 when both its legs win.
    const chances = ticketChances(
      terms({ shape: { kind: 'round_robin', sizes: [2] }, legs, amount: 3_000, potentialWin: 9_000 }),
      games,
    )
    // Every leg wins (1/8): $120. Two win (3/8): one parlay, $40. Fewer: nothing.
    expect(chances?.expectedValue).toBeCloseTo(12_000 / 8 + (3 * 4_000) / 8 - 3_000, 6)
    // Both $120 and $40 are above the $30 staked: the ticket is won with two legs or three.
    expect(chances?.winProbability).toBeCloseTo(4 / 8, 12)
    expect(chances?.lossProbability).toBeCloseTo(4 / 8, 12)
  })
})
