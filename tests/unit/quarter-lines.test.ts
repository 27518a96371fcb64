import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { recordOf, resultShares } from '../../src/domain/bet'
import type { Cents } from '../../src/domain/money'
import { addAt, emptyDistribution, normalize } from '../../src/domain/probability/distribution'
import { type Matchup, marketLine, settle, settleLeg } from '../../src/domain/settlement'
import { summarizeBets } from '../../src/domain/statistics'
import { axisPmfs, expectedProfit, lineChances } from '../../src/domain/suggestions/prepared'
import type { LegResult } from '../../src/domain/ticket'
import { ticketChances } from '../../src/domain/ticket-chances'
import { type TicketTerms, ticketPotentialWin, ticketStanding } from '../../src/domain/ticket-settlement'
import { arbAmount, arbOdds, arbQuarterPoints, spread, teamTotal, total } from '../support/bets'

const ARSENAL_CHELSEA: Matchup = { homeTeam: 'Arsenal', awayTeam: 'Chelsea', league: 'EPL' }
const at = (home: number, away: number) => ({ home, away })

/** Decision 071 by hand: a $100 stake at -110 (To Win $90.91), at every score around each quarter line. */
describe('Asian quarter lines settle half on each neighbouring line (decision 071)', () => {
  const result = (bet: ReturnType<typeof spread>, home: number, away: number) =>
    settle(bet, at(home, away), ARSENAL_CHELSEA)

  it('-0.25 is half on 0 and half on -0.5: a draw loses half', () => {
    const bet = spread('Arsenal', -0.25, 10_000, -110)
    expect(result(bet, 1, 0)).toEqual({ result: 'won', payout: 19_091, net: 9_091 })
    // Half on 0 pushes ($50 back), half on -0.5 loses.
    expect(result(bet, 0, 0)).toEqual({ result: 'half_lost', payout: 5_000, net: -5_000 })
    expect(result(bet, 0, 1)).toEqual({ result: 'lost', payout: 0, net: -10_000 })
  })

  it('+0.25 is half on 0 and half on +0.5: a draw wins half', () => {
    const bet = spread('Arsenal', 0.25, 10_000, -110)
    // $50 back from the push, $50 + $45.46 (half of $90.91, rounded half up) from the win.
    expect(result(bet, 0, 0)).toEqual({ result: 'half_won', payout: 14_546, net: 4_546 })
    expect(result(bet, 0, 1)).toEqual({ result: 'lost', payout: 0, net: -10_000 })
    expect(result(bet, 2, 2)).toEqual({ result: 'half_won', payout: 14_546, net: 4_546 })
  })

  it('-0.75 is half on -0.5 and half on -1: a one-goal win wins half', () => {
    const bet = spread('Arsenal', -0.75, 10_000, -110)
    expect(result(bet, 2, 0).result).toBe('won')
    expect(result(bet, 1, 0)).toEqual({ result: 'half_won', payout: 14_546, net: 4_546 })
    expect(result(bet, 0, 0).result).toBe('lost')
  })

  it('the away side of +0.75 loses half on a one-goal defeat', () => {
    const bet = spread('Chelsea', 0.75, 10_000, -110)
    expect(result(bet, 0, 0).result).toBe('won')
    expect(result(bet, 1, 0)).toEqual({ result: 'half_lost', payout: 5_000, net: -5_000 })
    expect(result(bet, 2, 0).result).toBe('lost')
    // -1.25 on the away side: half on -1 (a push at one goal), half on -1.5 (lost).
    const away = spread('Chelsea', -1.25, 10_000, -110)
    expect(result(away, 0, 1).result).toBe('half_lost')
    expect(result(away, 0, 2).result).toBe('won')
  })

  it('totals and team totals split the same way', () => {
    const over = total('over', 2.25, 10_000, -110)
    expect(settle(over, at(1, 1), ARSENAL_CHELSEA).result).toBe('half_lost')
    expect(settle(over, at(2, 1), ARSENAL_CHELSEA).result).toBe('won')
    const under = total('under', 2.75, 10_000, -110)
    expect(settle(under, at(2, 1), ARSENAL_CHELSEA).result).toBe('half_lost')
    expect(settle(under, at(1, 1), ARSENAL_CHELSEA).result).toBe('won')
    const team = teamTotal('Chelsea', 'over', 1.75, 10_000, -110)
    expect(settle(team, at(5, 2), ARSENAL_CHELSEA).result).toBe('half_won')
    expect(settle(team, at(0, 1), ARSENAL_CHELSEA).result).toBe('lost')
  })

  it('rounds each half once, half up, as decision 001 rounds To Win', () => {
    // $10.01 at +150 wins $15.02 (15.015 rounded up): half of it is 7.51; half the stake back is 5.01.
    const bet = spread('Arsenal', 0.25, 1_001, 150)
    expect(settle(bet, at(0, 0), ARSENAL_CHELSEA).payout).toBe(1_001 + 751)
    const short = spread('Arsenal', -0.25, 1_001, 150)
    expect(settle(short, at(0, 0), ARSENAL_CHELSEA).payout).toBe(501)
  })

  it('pays, within a cent, what two half stakes on the neighbouring lines pay together', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('Arsenal', 'Chelsea'),
        arbQuarterPoints(-6, 6).filter((p) => !Number.isInteger(p * 2)),
        arbAmount,
        arbOdds,
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 8 }),
        (team, points, amount, odds, home, away) => {
          const quarter = settle(spread(team, points, amount, odds), at(home, away), ARSENAL_CHELSEA)
          const halves = [points - 0.25, points + 0.25].map(
            (line) => settle(spread(team, line, amount, odds), at(home, away), ARSENAL_CHELSEA).net / 2,
          )
          expect(Math.abs(quarter.net - (halves[0] ?? 0) - (halves[1] ?? 0))).toBeLessThanOrEqual(1)
        },
      ),
      { numRuns: 1_000 },
    )
  })

  it('a leg settles by the same line as a single', () => {
    const market = { betType: 'spread', team: 'Chelsea', points: 0.25 } as const
    expect(settleLeg(market, at(1, 1), ARSENAL_CHELSEA)).toBe('half_won')
    expect(settleLeg(market, at(2, 1), ARSENAL_CHELSEA)).toBe('lost')
  })
})

describe('half results in the record and the chances', () => {
  it('count a half win as won and a half loss as lost, with their true money', () => {
    expect(recordOf('half_won')).toBe('won')
    expect(recordOf('half_lost')).toBe('lost')
    const summary = summarizeBets([
      {
        ...spread('Arsenal', 0.25, 10_000, -110),
        betStatus: 'committed',
        result: 'half_won',
        payout: 14_546,
      },
      {
        ...spread('Arsenal', -0.25, 10_000, -110),
        betStatus: 'committed',
        result: 'half_lost',
        payout: 5_000,
      },
    ])
    expect(summary).toMatchObject({ won: 1, lost: 1, push: 0, settledBets: 2, net: -454, wagered: 20_000 })
  })

  it("price a quarter line's half results as half a win (or loss) and half a push", () => {
    // Arsenal -0.25 with Arsenal winning 40%, a draw 30%, Chelsea winning 30%.
    const dist = emptyDistribution({ min: 0, max: 1 }, { min: 0, max: 1 })
    addAt(dist, 1, 0, 0.4)
    addAt(dist, 0, 0, 0.3)
    addAt(dist, 0, 1, 0.3)
    const line = marketLine({ betType: 'spread', team: 'Arsenal', points: -0.25 }, ARSENAL_CHELSEA)
    const chances = lineChances(axisPmfs(normalize(dist)), line)
    expect(chances.win).toBeCloseTo(0.4, 12)
    expect(chances.push).toBeCloseTo(0.15, 12)
    expect(chances.loss).toBeCloseTo(0.45, 12)
    // $100 at -110: 0.4 x $90.91 - 0.3 x $50 - 0.3 x $100.
    expect(expectedProfit(axisPmfs(normalize(dist)), line, 10_000, -110)).toBeCloseTo(
      0.4 * 9_091 - 0.3 * 5_000 - 0.3 * 10_000,
      6,
    )
  })

  it('share a half result between won, push and lost, summing to one', () => {
    for (const result of ['won', 'lost', 'push', 'void', 'half_won', 'half_lost'] as const) {
      const shares = resultShares(result)
      expect(shares.won + shares.push + shares.lost).toBe(1)
    }
  })
})

describe('a quarter-line leg in a ticket (decisions 054 and 071)', () => {
  const PARLAY = { kind: 'parlay' } as const
  // The slip's To Win is its legs' product, as a book writes it.
  const parlay = (legs: { result: LegResult | null; odds: number | null }[], amount: Cents = 10_000) =>
    ({
      shape: PARLAY,
      legs,
      amount,
      potentialWin: ticketPotentialWin(PARLAY, legs, amount, null) ?? 0,
      boost: null,
    }) satisfies TicketTerms

  it('prices a half-won leg at half its odds and half its stake back', () => {
    // $100 on -110 half won and +100 won: 100 x (2.0909 + 1) / 2 x 2 = $290.91.
    expect(
      ticketStanding(
        parlay([
          { result: 'half_won', odds: -110 },
          { result: 'won', odds: 100 },
        ]),
      ),
    ).toEqual({
      status: 'settled',
      result: 'won',
      payout: 29_091,
    })
  })

  it('halves the rest for a half-lost leg: the stake back is a push, less a loss', () => {
    expect(
      ticketStanding(
        parlay([
          { result: 'half_lost', odds: -110 },
          { result: 'won', odds: 100 },
        ]),
      ),
    ).toEqual({
      status: 'settled',
      result: 'push',
      payout: 10_000,
    })
    expect(
      ticketStanding(
        parlay([
          { result: 'half_lost', odds: -110 },
          { result: 'push', odds: 100 },
        ]),
      ),
    ).toEqual({
      status: 'settled',
      result: 'lost',
      payout: 5_000,
    })
  })

  it('needs the half-won leg’s odds, or the bettor’s payout', () => {
    expect(
      ticketStanding(
        parlay([
          { result: 'half_won', odds: null },
          { result: 'won', odds: 100 },
        ]),
      ),
    ).toMatchObject({
      status: 'needs_review',
    })
  })

  it('a half result pays between its two whole results', () => {
    const arbLeg = fc.record({
      result: fc.constantFrom<LegResult>('won', 'push', 'void', 'half_won', 'half_lost'),
      odds: fc.oneof(fc.integer({ min: -400, max: -100 }), fc.integer({ min: 100, max: 400 })),
    })
    fc.assert(
      fc.property(
        fc.array(arbLeg, { minLength: 2, maxLength: 6 }),
        fc.nat(),
        fc.boolean(),
        arbAmount,
        (legs, pick, winning, amount) => {
          const i = pick % legs.length
          const withResult = (result: LegResult) =>
            ticketStanding(
              parlay(
                legs.map((leg, j) => (j === i ? { ...leg, result } : leg)),
                amount,
              ),
            )
          const payout = (result: LegResult) => {
            const standing = withResult(result)
            return standing.status === 'settled' ? standing.payout : Number.NaN
          }
          const [low, half, high] = winning
            ? [payout('push'), payout('half_won'), payout('won')]
            : [payout('lost'), payout('half_lost'), payout('push')]
          expect(half).toBeGreaterThanOrEqual(low)
          expect(half).toBeLessThanOrEqual(high)
        },
      ),
      { numRuns: 1_000 },
    )
  })

  it("a ticket's chances read a half-won leg as half a win and half a push", () => {
    const outcomes = [
      { results: ['won'] as LegResult[], probability: 0.4 },
      { results: ['half_won'] as LegResult[], probability: 0.3 },
      { results: ['lost'] as LegResult[], probability: 0.3 },
    ]
    const single: TicketTerms = {
      shape: { kind: 'single' },
      legs: [{ result: null, odds: -110 }],
      amount: 10_000,
      potentialWin: 9_091,
      boost: null,
    }
    const chances = ticketChances(single, [{ indexes: [0], outcomes }])
    expect(chances?.winProbability).toBeCloseTo(0.55, 12)
    expect(chances?.pushProbability).toBeCloseTo(0.15, 12)
    expect(chances?.lossProbability).toBeCloseTo(0.3, 12)
    expect(chances?.expectedValue).toBeCloseTo(0.4 * 9_091 + 0.3 * 4_546 - 0.3 * 10_000, 6)
  })
})
