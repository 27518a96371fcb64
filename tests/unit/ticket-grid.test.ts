import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { buildGrid, profitAt, toGridOutcomes } from '../../src/domain/outcome-grid'
import {
  gridOnDistribution,
  type ScoreDistribution,
  summaryOnGrid,
} from '../../src/domain/probability/distribution'
import type { Market } from '../../src/domain/ticket'
import { gameOutcomes, ticketChances } from '../../src/domain/ticket-chances'
import { gridTicket, type RestView, type TicketOnGame } from '../../src/domain/ticket-grid'
import type { TicketTerms } from '../../src/domain/ticket-settlement'

const NFL = { homeTeam: 'Home', awayTeam: 'Away', league: 'NFL' }
const OTHER = { homeTeam: 'Hosts', awayTeam: 'Guests', league: 'NFL' }
const RANGE = { home: { min: 0, max: 3 }, away: { min: 0, max: 3 } }

const homeMinus1: Market = { betType: 'spread', team: 'Home', points: -1 }
const over2: Market = { betType: 'total', overUnder: 'over', points: 2 }
const hostsMoneyline: Market = { betType: 'moneyline', team: 'Hosts' }

/** A game whose one leg wins with chance p and loses otherwise: hosts 1-0 or 0-1. */
function coinGame(p: number): ScoreDistribution {
  return { home: { min: 0, max: 1 }, away: { min: 0, max: 1 }, p: Float64Array.from([0, 1 - p, p, 0]) }
}

function terms(partial: Partial<TicketTerms> & Pick<TicketTerms, 'shape' | 'legs'>): TicketTerms {
  return { amount: 10_000, potentialWin: 0, boost: null, ...partial }
}

function grid(ticket: TicketOnGame, view: RestView = 'expected') {
  const made = gridTicket(ticket, view)
  if (!made) throw new Error('the ticket is priced')
  return buildGrid({ matchup: NFL, bets: [], tickets: [made], ...RANGE })
}

const at = (g: ReturnType<typeof grid>, home: number, away: number) => profitAt(g, { home, away })

/** $100 on Home -1 and over 2 at +260: $260 to win. The book voids the ticket on a pushed leg. */
const sgp: TicketOnGame = {
  terms: terms({
    shape: { kind: 'same_game_parlay', voidRule: 'void' },
    legs: [
      { result: null, odds: null },
      { result: null, odds: null },
    ],
    potentialWin: 26_000,
  }),
  here: [
    { index: 0, market: homeMinus1 },
    { index: 1, market: over2 },
  ],
  elsewhere: [],
}

describe('a same-game parlay on the grid', () => {
  it('is exact on every cell: it wins where both legs win, voids where one pushes, loses elsewhere', () => {
    const g = grid(sgp)
    // 3-0: margin 3 covers -1, sum 3 over 2: won, +$260.
    expect(at(g, 3, 0)).toBe(26_000)
    expect(at(g, 3, 1)).toBe(26_000)
    // 2-1: margin 1 pushes -1 (the book voids): the stake back.
    expect(at(g, 2, 1)).toBe(0)
    // 2-0: covers, sum 2 pushes the over: void.
    expect(at(g, 2, 0)).toBe(0)
    // 1-0: margin 1 pushes, sum 1 loses: lost.
    expect(at(g, 1, 0)).toBe(-10_000)
    // 0-3: the home side loses.
    expect(at(g, 0, 3)).toBe(-10_000)
    expect(g.totalStake).toBe(10_000)
    expect(g.estimate).toBeNull()
    const cells = toGridOutcomes(g).outcomes.flatMap((row) => row.outcomes)
    expect(cells.some((cell) => cell.estimate !== undefined || cell.needsReview)).toBe(false)
  })

  it('marks the cells where a repricing book decides the payout, counting the stake back there', () => {
    const g = grid({
      ...sgp,
      terms: { ...sgp.terms, shape: { kind: 'same_game_parlay', voidRule: 'reprice' } },
    })
    expect(at(g, 2, 1)).toBe(0)
    const row2 = toGridOutcomes(g).outcomes.find((row) => row.homeScore === 2)
    expect(row2?.outcomes[1]).toMatchObject({ profit: 0, needsReview: true })
    expect(row2?.outcomes[3]?.needsReview).toBeUndefined()
  })
})

describe('the fair price of a same-game parlay', () => {
  it('is the mass of the cells where the grid shows the ticket won', () => {
    // Rows home 0-3, columns away 0-3; the chances sum to 1.
    const p = [0.05, 0.04, 0.03, 0.02, 0.1, 0.06, 0.04, 0.02, 0.12, 0.08, 0.05, 0.03, 0.11, 0.09, 0.1, 0.06]
    const dist: ScoreDistribution = { ...RANGE, p: Float64Array.from(p) }
    const g = gridOnDistribution(
      dist,
      NFL,
      [],
      [gridTicket(sgp, 'expected') as NonNullable<ReturnType<typeof gridTicket>>],
    )
    let won = 0
    g.profit.forEach((profit, i) => {
      if (profit === 26_000) won += p[i] ?? 0
    })
    // By hand: the cells with home - away >= 2 and a total of 3 or more: 3-0 0.11, 3-1 0.09, 2-1? margin 1, no.
    expect(won).toBeCloseTo(0.2, 12)
    const chances = ticketChances(sgp.terms, [gameOutcomes({ dist, matchup: NFL, legs: sgp.here })])
    expect(chances?.winProbability).toBeCloseTo(won, 12)
    // Void where a leg pushes and the other does not lose: 2-1 0.08, 3-2 0.1, 2-0 0.12. Set aside, the
    // 0.2 won against 0.5 lost is a 2-in-7 chance, fair at +250.
    expect(chances?.pushProbability).toBeCloseTo(0.3, 12)
    expect(chances?.fairOdds).toBe(250)
  })
})

describe('a teaser with both legs on this game', () => {
  // Two legs teased to Home +2 and over 1, $110 to win $100, ties push the teaser.
  const teaser = (ties: 'lose' | 'push'): TicketOnGame => ({
    terms: terms({
      shape: { kind: 'teaser', teaserPoints: 6, ties, reducedOdds: null },
      legs: [
        { result: null, odds: null },
        { result: null, odds: null },
      ],
      amount: 11_000,
      potentialWin: 10_000,
    }),
    here: [
      { index: 0, market: { betType: 'spread', team: 'Home', points: 2 } },
      { index: 1, market: { betType: 'total', overUnder: 'over', points: 1 } },
    ],
    elsewhere: [],
  })

  it('settles each cell by the book’s tie rule', () => {
    const push = grid(teaser('push'))
    const lose = grid(teaser('lose'))
    // 1-1: margin 0 + 2 covers, sum 2 over 1: won.
    expect(at(push, 1, 1)).toBe(10_000)
    // 0-1: margin -1 + 2 covers, sum 1 ties the over.
    expect(at(push, 0, 1)).toBe(0)
    expect(at(lose, 0, 1)).toBe(-11_000)
    // 0-2: margin -2 ties the spread, sum 2 wins the over.
    expect(at(push, 0, 2)).toBe(0)
    expect(at(lose, 0, 2)).toBe(-11_000)
    // 0-3: the spread loses under either rule.
    expect(at(push, 0, 3)).toBe(-11_000)
  })
})

describe('a parlay with a leg on another game', () => {
  // $100 on Home -1 (here, +100) and the Hosts moneyline (another game, +100): $300 to win.
  const parlay = (hostsWin: number, settled: 'won' | 'lost' | null = null): TicketOnGame => {
    const other = gameOutcomes({
      dist: coinGame(hostsWin),
      matchup: OTHER,
      legs: [{ index: 1, market: hostsMoneyline }],
    })
    return {
      terms: terms({
        shape: { kind: 'parlay' },
        legs: [
          { result: null, odds: 100 },
          { result: settled, odds: 100 },
        ],
        potentialWin: 30_000,
      }),
      here: [{ index: 0, market: homeMinus1 }],
      elsewhere: settled === null ? [other] : [],
    }
  }

  it('is exact once the other leg has won, and the best case is the same then', () => {
    const g = grid(parlay(0.5, 'won'))
    expect(at(g, 2, 0)).toBe(30_000)
    // Margin 1 pushes the leg here: the parlay is paid at the other leg's +100 alone: $100 profit.
    expect(at(g, 1, 0)).toBe(10_000)
    expect(at(g, 0, 0)).toBe(-10_000)
    expect(g.estimate).toBeNull()
    expect(at(grid(parlay(0.5, 'won'), 'if_rest_win'), 2, 0)).toBe(30_000)
  })

  it('counts the other leg at its chance while it is to play, and as won in the best case', () => {
    const expected = grid(parlay(0.6))
    // Covering here: 0.6 x $300 - 0.4 x $100 = $140.
    expect(at(expected, 2, 0)).toBeCloseTo(14_000, 6)
    // A push here leaves a one-leg parlay at +100: 0.6 x $100 - 0.4 x $100 = $20.
    expect(at(expected, 1, 0)).toBeCloseTo(2_000, 6)
    // A loss here loses the ticket, whatever the other game does: exact.
    expect(at(expected, 0, 0)).toBe(-10_000)
    expect(expected.estimate).toBe('expected')
    const rows = toGridOutcomes(expected).outcomes
    expect(rows[2]?.outcomes[0]?.estimate).toBe('expected')
    expect(rows[0]?.outcomes[0]?.estimate).toBeUndefined()

    const best = grid(parlay(0.6), 'if_rest_win')
    expect(at(best, 2, 0)).toBe(30_000)
    expect(at(best, 1, 0)).toBe(10_000)
    expect(best.estimate).toBe('if_rest_win')
  })

  it('is not priced in the expected view while a leg elsewhere has no chances', () => {
    const unpriced = { ...parlay(0.6), elsewhere: null }
    expect(gridTicket(unpriced, 'expected')).toBeNull()
    expect(gridTicket(unpriced, 'if_rest_win')).not.toBeNull()
  })

  it('adds to the singles on the game', () => {
    const made = gridTicket(parlay(0.6), 'expected')
    if (!made) throw new Error('priced')
    const single = { betType: 'moneyline' as const, selection: 'Away', odds: 100, amount: 5_000 }
    const both = buildGrid({ matchup: NFL, bets: [single], tickets: [made], ...RANGE })
    expect(profitAt(both, { home: 2, away: 0 })).toBeCloseTo(14_000 - 5_000, 6)
    expect(both.totalStake).toBe(15_000)
  })
})

describe('the grid’s expected value of a ticket', () => {
  it('equals its value from the legs’ probabilities (fast-check)', () => {
    const cell = fc.double({ min: 0, max: 1, noNaN: true })
    fc.assert(
      fc.property(
        fc.array(cell, { minLength: 16, maxLength: 16 }),
        fc.double({ min: 0.05, max: 0.95, noNaN: true }),
        fc.constantFrom<'parlay' | 'same_game_parlay'>('parlay', 'same_game_parlay'),
        fc.integer({ min: 100, max: 100_000 }),
        (raw, hostsWin, kind, amount) => {
          const total = raw.reduce((sum, p) => sum + p, 0)
          fc.pre(total > 0.01)
          const dist: ScoreDistribution = { ...RANGE, p: Float64Array.from(raw, (p) => p / total) }
          const here = [
            { index: 0, market: homeMinus1 },
            ...(kind === 'same_game_parlay' ? [{ index: 2, market: over2 }] : []),
          ]
          const ticketTerms = terms({
            shape: kind === 'parlay' ? { kind } : { kind, voidRule: 'void' },
            legs: [
              { result: null, odds: -110 },
              { result: null, odds: 120 },
              ...(kind === 'same_game_parlay' ? [{ result: null, odds: -105 }] : []),
            ],
            amount,
            potentialWin: amount * 3,
          })
          const other = gameOutcomes({
            dist: coinGame(hostsWin),
            matchup: OTHER,
            legs: [{ index: 1, market: hostsMoneyline }],
          })
          const made = gridTicket({ terms: ticketTerms, here, elsewhere: [other] }, 'expected')
          if (!made) throw new Error('priced')
          const onGrid = summaryOnGrid(dist, gridOnDistribution(dist, NFL, [], [made])).expectedProfit
          const fromLegs = ticketChances(ticketTerms, [
            gameOutcomes({ dist, matchup: NFL, legs: here }),
            other,
          ])
          expect(onGrid).toBeCloseTo(fromLegs?.expectedValue ?? Number.NaN, 4)
        },
      ),
    )
  })
})
