import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { arbitrageRule } from '../../src/domain/suggestions'
import { total } from '../support/bets'
import { CHIEFS_BILLS, cellCents, context, gridFloor, handDistribution, lines } from '../support/suggestions'

const dist = handDistribution({ min: 0, max: 70 }, [
  [24, 17, 1],
  [27, 24, 1],
  [20, 13, 1],
])
const heldOver = total('over', 44.5, 10_000, 110)

function ctxWith(underOdds: number, linesAgeSeconds = 30) {
  return context({
    matchup: CHIEFS_BILLS,
    distribution: dist,
    status: 'scheduled',
    score: null,
    bets: [heldOver],
    lines: lines({ total: 44.5, overOdds: -125, underOdds, linesAgeSeconds }),
  })
}

describe('the arbitrage rule', () => {
  it('locks a profit with the held over at +110 and the under at +105 now', () => {
    const result = arbitrageRule(ctxWith(105))
    expect(result.notes).toEqual([])
    const [arb] = result.suggestions
    // Equalising: x = (110 + 100) / (1 + 1.05) = 102.44; either way +7.56 on $202.44 staked (3.7%).
    expect(arb).toMatchObject({
      type: 'arbitrage',
      selection: 'Under 44.5',
      suggestedOdds: 105,
      sensibleAmount: 10_244,
      floorAtSensibleAmount: 756,
      suggestedAmount: 10_000,
      riskLevel: 'low',
      confidence: 5,
    })
    // The average bet, $100, already locks: the under pays 105 - 100, the over 110 - 100.
    expect(cellCents(arb?.gridAfter ?? { outcomes: [] }, 20, 13)).toBe(500)
    expect(cellCents(arb?.gridAfter ?? { outcomes: [] }, 27, 24)).toBe(1_000)
    // $95.24 at +105 wins $100.00, which only breaks even; $95.25 is the least that locks.
    expect(arb?.reasoning).toContain('Any stake from $95.25 to $102.44')
  })

  it('flags a lock above 10% as a probably stale price, not an arbitrage (decision 024)', () => {
    // At +150: x = 210 / 2.5 = 84; +26 on $184 staked is 14.1%.
    const result = arbitrageRule(ctxWith(150))
    expect(result.suggestions).toEqual([])
    expect(result.notes).toEqual([
      {
        rule: 'arbitrage',
        reason:
          'Over 44.5 with Under 44.5 at +150: it would lock 14.1% of the money staked; above 10%, the price is probably stale.',
      },
    ])
  })

  it('flags a price older than the configured age', () => {
    expect(arbitrageRule(ctxWith(105, 601)).suggestions).toEqual([])
    const relaxed = { ...ctxWith(105, 601), options: { maxPriceAgeSeconds: 3_600 } }
    expect(arbitrageRule(relaxed).suggestions).toHaveLength(1)
  })

  it('sees none when the two prices leave the book its margin, or the price is only assumed', () => {
    expect(arbitrageRule(ctxWith(-120)).suggestions).toEqual([])
    const assumed = { ...ctxWith(105), lines: lines({ total: 44.5 }) }
    expect(arbitrageRule(assumed).suggestions).toEqual([])
  })

  it('makes every final score a profit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 80, max: 100 }).map((n) => n / 2 - 0.5),
        fc.integer({ min: 100, max: 400 }),
        fc.integer({ min: 100, max: 400 }),
        fc.integer({ min: 100, max: 200_000 }),
        (points, heldOdds, underOdds, amount) => {
          const ctx = context({
            matchup: CHIEFS_BILLS,
            distribution: dist,
            bets: [total('over', points, amount, heldOdds)],
            lines: lines({ total: points, overOdds: -110, underOdds }),
          })
          for (const arb of arbitrageRule(ctx).suggestions) {
            expect(gridFloor(arb.gridAfter)).toBeGreaterThan(0)
            expect(arb.suggestedAmount).toBeLessThanOrEqual(arb.sensibleAmount)
          }
        },
      ),
      { numRuns: 200 },
    )
  })
})
