import { describe, expect, it } from 'vitest'
import { devigThreeWay, devigTwoWay } from '../../src/domain/probability/devig'
import { valueRule } from '../../src/domain/suggestions'
import { moneyline } from '../support/bets'
import { CHIEFS_BILLS, context, handDistribution, LAKERS_CELTICS, lines } from '../support/suggestions'

/** Home wins 55 times in 100 by five, loses 45 by five. */
function ctxFor(matchup: typeof LAKERS_CELTICS, homeShare: number, range = { min: 60, max: 170 }) {
  return context({
    matchup,
    distribution: handDistribution(range, [
      [range.min + 20, range.min + 15, homeShare],
      [range.min + 15, range.min + 20, 1 - homeShare],
    ]),
    status: 'scheduled',
    score: null,
    lines: lines({ homeMoneyline: 100, awayMoneyline: -120 }),
  })
}

describe('the value rule', () => {
  it('finds a 10% edge on the home side at even money when the model says 55%', () => {
    const result = valueRule(ctxFor(LAKERS_CELTICS, 0.55))
    expect(result.notes).toEqual([])
    const [value, ...rest] = result.suggestions
    expect(rest).toEqual([])
    const fair = devigTwoWay([100, -120]).probabilities[0] ?? 0
    expect(value).toMatchObject({
      type: 'value',
      selection: 'Los Angeles Lakers ML',
      suggestedOdds: 100,
      // Edge 0.55 x 1 - 0.45 = 10%: confidence 4; without bets the average is $50, so 50 x 4 / 3 = $66.67 -> $67.
      confidence: 4,
      suggestedAmount: 6_700,
      sensibleAmount: 10_000,
      potentialProfit: 6_700,
      expectedValue: Math.round(0.55 * 6_700 - 0.45 * 6_700),
    })
    expect(value?.description).toBe(
      `The model gives Los Angeles Lakers ML 55.0% against the market's fair ${(fair * 100).toFixed(1)}%: a 10.0% edge at +100.`,
    )
  })

  it('takes a step off the confidence where the model is least calibrated (NFL)', () => {
    const [value] = valueRule(ctxFor(CHIEFS_BILLS, 0.55, { min: 0, max: 70 })).suggestions
    expect(value).toMatchObject({ confidence: 3, suggestedAmount: 5_000 })
  })

  it('stays silent under a 3% edge and flags an edge above 20% as a stale price', () => {
    expect(valueRule(ctxFor(LAKERS_CELTICS, 0.51))).toEqual({ suggestions: [], notes: [] })
    const stale = valueRule(ctxFor(LAKERS_CELTICS, 0.65))
    expect(stale.suggestions).toEqual([])
    expect(stale.notes[0]?.reason).toContain('30.0% edge')
  })

  it('never beats an assumed price, and sizes from the average bet', () => {
    const noPrices = { ...ctxFor(LAKERS_CELTICS, 0.55), lines: lines({ homeSpread: -5 }) }
    expect(valueRule(noPrices).suggestions).toEqual([])
    const withBets = {
      ...ctxFor(LAKERS_CELTICS, 0.54),
      lines: lines({ homeMoneyline: 110, awayMoneyline: -130 }),
      bets: [moneyline('Boston Celtics', 3_000, 150)],
    }
    // Edge 0.54 x 1.1 - 0.46 = 13.4%: confidence 5, so $30 x 5 / 3 = $50, under the cap of twice $30.
    const [value] = valueRule(withBets).suggestions
    expect(value).toMatchObject({ confidence: 5, suggestedAmount: 5_000, sensibleAmount: 6_000 })
  })

  it('de-vigs a soccer moneyline three ways, the draw included', () => {
    const ctx = context({
      matchup: { homeTeam: 'Arsenal', awayTeam: 'Chelsea', league: 'EPL' },
      distribution: handDistribution({ min: 0, max: 10 }, [
        [1, 0, 5],
        [1, 1, 3],
        [0, 2, 2],
      ]),
      status: 'scheduled',
      score: null,
      lines: lines({ homeMoneyline: 120, awayMoneyline: 300, drawMoneyline: 220 }),
    })
    // Arsenal: 0.5 x 1.2 - 0.5 = 10%; the draw 0.3 x 2.2 - 0.7 and Chelsea 0.2 x 3 - 0.8 lose.
    const [value, ...rest] = valueRule(ctx).suggestions
    expect(rest).toEqual([])
    const fair = devigThreeWay([120, 220, 300]).probabilities[0] ?? 0
    expect(value).toMatchObject({ selection: 'Arsenal ML', confidence: 4, suggestedAmount: 6_700 })
    expect(value?.description).toContain(`against the market's fair ${(fair * 100).toFixed(1)}%`)
  })
})
