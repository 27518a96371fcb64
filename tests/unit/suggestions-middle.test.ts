import { describe, expect, it } from 'vitest'
import { scoreDistribution } from '../../src/domain/probability'
import { probabilityAbove, summary } from '../../src/domain/probability/distribution'
import { middleRule } from '../../src/domain/suggestions'
import { gridTicket } from '../../src/domain/ticket-grid'
import { spread, total } from '../support/bets'
import { CHIEFS_BILLS, cellCents, context, lines } from '../support/suggestions'

const nfl = scoreDistribution({ league: 'NFL', lines: { homeSpread: -3, total: 46.5 }, live: null })
if (!nfl) throw new Error('the NFL has a score model')
const dist = nfl.distribution

describe('the middle rule', () => {
  const over = total('over', 44.5, 11_000, -110)
  const ctx = context({
    matchup: CHIEFS_BILLS,
    distribution: dist,
    status: 'scheduled',
    score: null,
    bets: [over],
    lines: lines({ total: 47.5, overOdds: -105, underOdds: -115 }),
  })

  it('finds the 45-47 window of an over 44.5 held against an under 47.5 now, with its chance from the distribution', () => {
    const [middle, ...rest] = middleRule(ctx).suggestions
    expect(rest).toEqual([])
    const window = probabilityAbove(dist, 'sum', 44.5) - probabilityAbove(dist, 'sum', 47.5)
    expect(window).toBeGreaterThan(0.05)
    expect(middle).toMatchObject({
      type: 'middle',
      selection: 'Under 47.5',
      suggestedOdds: -115,
      middleRange: '45-47',
      riskLevel: 'medium',
      // 0.8 x the $110 average is $88; the equalising stake is (100 + 110) / (1 + 100/115) = $112.33.
      suggestedAmount: 8_800,
      sensibleAmount: 11_233,
      potentialProfit: 7_652,
    })
    expect(middle?.description).toContain(`(${(window * 100).toFixed(1)}%)`)
    const underAlone = summary(dist, { ...CHIEFS_BILLS }, [total('under', 47.5, 8_800, -115)])
    expect(middle?.expectedValue).toBe(Math.round(underAlone.expectedProfit))
    // In the window both win: +100 and +76.52; above it the over's +100 less the $88.
    const grid = middle?.gridAfter ?? { outcomes: [] }
    expect(cellCents(grid, 24, 22)).toBe(10_000 + 7_652)
    expect(cellCents(grid, 28, 24)).toBe(10_000 - 8_800)
    expect(cellCents(grid, 21, 20)).toBe(-11_000 + 7_652)
  })

  it("gives a spread middle in the favourite's margin words", () => {
    const held = spread('Kansas City Chiefs', -3.5)
    const [middle] = middleRule({ ...ctx, bets: [held], lines: lines({ homeSpread: -6.5 }) }).suggestions
    expect(middle).toMatchObject({
      selection: 'Buffalo Bills +6.5',
      middleRange: 'Kansas City Chiefs by 4-6',
      suggestedOdds: -110,
    })
    const window = probabilityAbove(dist, 'margin', 3.5) - probabilityAbove(dist, 'margin', 6.5)
    expect(middle?.description).toContain(`(${(window * 100).toFixed(1)}%)`)
    expect(middle?.reasoning).toContain('-110 is assumed')
  })

  it('sees no middle when the line moved the other way or stayed put', () => {
    expect(middleRule({ ...ctx, lines: lines({ total: 42.5 }) }).suggestions).toEqual([])
    expect(middleRule({ ...ctx, lines: lines({ total: 44.5 }) }).suggestions).toEqual([])
    expect(
      middleRule({ ...ctx, bets: [total('over', 47, 11_000)], lines: lines({ total: 47 }) }).suggestions,
    ).toEqual([])
  })
})

describe("the middle rule on a parlay's last leg (decision 067)", () => {
  it('middles the leg the parlay rides on as it would a held bet, and the grid counts the parlay', () => {
    // A $50 parlay whose other leg has won, riding on over 44.5 here: $300 to win if it lands.
    const parlay = gridTicket(
      {
        terms: {
          shape: { kind: 'parlay' },
          legs: [
            { result: 'won', odds: 150 },
            { result: null, odds: -110 },
          ],
          amount: 5_000,
          potentialWin: 30_000,
          boost: null,
        },
        here: [{ index: 1, market: { betType: 'total', overUnder: 'over', points: 44.5 } }],
        elsewhere: [],
      },
      'expected',
    )
    if (!parlay) throw new Error('an exact ticket is on the grid')
    const ctx = context({
      matchup: CHIEFS_BILLS,
      distribution: dist,
      status: 'scheduled',
      score: null,
      bets: [],
      lines: lines({ total: 47.5, overOdds: -105, underOdds: -115 }),
    })
    const [middle, ...rest] = middleRule({ ...ctx, tickets: [parlay] }).suggestions
    expect(rest).toEqual([])
    expect(middle).toMatchObject({ selection: 'Under 47.5', middleRange: '45-47' })
    expect(middle?.title).toBe('Middle your parlay’s last leg, Over 44.5')
    // In the window the parlay pays $300 and the under wins; above it the parlay less the under's stake.
    const grid = middle?.gridAfter ?? { outcomes: [] }
    const under = middle?.suggestedAmount ?? 0
    expect(cellCents(grid, 24, 22)).toBe(30_000 + (middle?.potentialProfit ?? 0))
    expect(cellCents(grid, 28, 24)).toBe(30_000 - under)
    expect(cellCents(grid, 21, 20)).toBe(-5_000 + (middle?.potentialProfit ?? 0))
  })
})
