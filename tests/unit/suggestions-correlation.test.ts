import { describe, expect, it } from 'vitest'
import { crossCorrelationRule } from '../../src/domain/suggestions'
import { correlation } from '../../src/domain/suggestions/cross-correlation'
import { lineOf } from '../../src/domain/suggestions/user-grid'
import { spread, total } from '../support/bets'
import { CHIEFS_BILLS, context, handDistribution, lines } from '../support/suggestions'

// A: 31-20 (Chiefs cover, over) 0.4; B: 20-17 (no, under) 0.1; C: 24-27 (no, over) 0.1; D: 13-17 (no, under) 0.4.
const dist = handDistribution({ min: 0, max: 70 }, [
  [31, 20, 4],
  [20, 17, 1],
  [24, 27, 1],
  [13, 17, 4],
])
const chiefs = spread('Kansas City Chiefs', -3.5)
const over = total('over', 44.5)
// Without pushes each return is a straight line of its win indicator, so the Pearson correlation of the
// returns is the phi coefficient: (P11 P00 - P10 P01) / sqrt(pA (1 - pA) pB (1 - pB)) = 0.2 / sqrt(0.06).
const PHI = (0.4 * 0.5 - 0 * 0.1) / Math.sqrt(0.4 * 0.6 * 0.5 * 0.5)

describe('the cross-correlation rule', () => {
  const ctx = context({
    matchup: CHIEFS_BILLS,
    distribution: dist,
    bets: [chiefs],
    lines: lines({ homeSpread: -3.5, total: 44.5 }),
  })

  it("computes the favourite's spread and the over's correlation from the distribution", () => {
    const c = correlation(dist, lineOf(chiefs, CHIEFS_BILLS), -110, lineOf(over, CHIEFS_BILLS), -110)
    expect(c.rho).toBeCloseTo(PHI, 12)
    expect(c.bothGivenFirst).toBeCloseTo(1, 12)
    expect(c.second).toBeCloseTo(0.5, 12)
  })

  it('suggests the over with the held spread as its correlation target', () => {
    const [s, ...rest] = crossCorrelationRule(ctx).suggestions
    expect(rest).toEqual([])
    expect(s).toMatchObject({
      type: 'cross-correlation',
      selection: 'Over 44.5',
      correlationTarget: 'Kansas City Chiefs -3.5',
      riskLevel: 'high',
      confidence: 5,
      // 0.6 x the $110 average = $66, under the held $110.
      suggestedAmount: 6_600,
      sensibleAmount: 11_000,
    })
    expect(s?.description).toBe(
      `When Kansas City Chiefs -3.5 wins, Over 44.5 wins 100.0% of the time, against 50.0% overall (correlation ${PHI.toFixed(2)}).`,
    )
  })

  it('notes two held bets that move together instead of suggesting what is already held', () => {
    const both = crossCorrelationRule({ ...ctx, bets: [chiefs, over] })
    expect(both.suggestions.map((s) => s.selection)).not.toContain('Over 44.5')
    expect(both.notes).toEqual([
      {
        rule: 'cross-correlation',
        reason: `Your Kansas City Chiefs -3.5 and Over 44.5 move together (correlation ${PHI.toFixed(2)}): they tend to win and lose at once.`,
      },
    ])
  })

  it('stays silent when covering and the over are independent in the distribution', () => {
    const independent = handDistribution({ min: 0, max: 70 }, [
      [31, 20, 1],
      [28, 10, 1],
      [24, 27, 1],
      [10, 14, 1],
    ])
    expect(crossCorrelationRule({ ...ctx, distribution: independent })).toEqual({
      suggestions: [],
      notes: [],
    })
  })
})
