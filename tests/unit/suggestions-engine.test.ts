import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { averageBetOf, defaultAmount, exposureOf, suggestionsFor } from '../../src/domain/suggestions'
import { suggestedAmount } from '../../src/domain/suggestions/amounts'
import { arbBet, spread, total } from '../support/bets'
import { at, CHIEFS_BILLS, context, handDistribution, lines } from '../support/suggestions'

describe("the spec's default amounts (section 9)", () => {
  const bets = [spread('Kansas City Chiefs', -3.5, 11_000), total('over', 44.5, 9_000)]

  it('start from the average bet, exposure / bets, rounded to whole dollars', () => {
    expect(exposureOf(bets)).toBe(20_000)
    expect(averageBetOf(bets)).toBe(10_000)
    expect(defaultAmount('hedge', bets, 3)).toBe(6_000)
    expect(defaultAmount('value', bets, 4)).toBe(13_300)
    expect(defaultAmount('middle', bets, 3)).toBe(8_000)
    expect(defaultAmount('cross-correlation', bets, 3)).toBe(6_000)
    expect(defaultAmount('trend', bets, 3)).toBe(7_500)
    expect(defaultAmount('momentum', bets, 2)).toBe(5_000)
    expect(defaultAmount('arbitrage', bets, 5)).toBe(10_000)
  })

  it('fall back to a $50 average and a $100 exposure without bets', () => {
    expect(averageBetOf([])).toBe(5_000)
    expect(defaultAmount('hedge', [], 3)).toBe(3_000)
    expect(defaultAmount('value', [], 5)).toBe(8_300)
  })

  it('never exceed the cap', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 10_000_000 }), { maxLength: 6 }),
        fc.constantFrom(
          'hedge',
          'value',
          'middle',
          'cross-correlation',
          'trend',
          'momentum',
          'arbitrage' as const,
        ),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        (amounts, type, confidence, cap) => {
          const held = amounts.map((amount) => total('over', 44.5, amount))
          expect(suggestedAmount(type, held, confidence, cap)).toBeLessThanOrEqual(cap)
        },
      ),
    )
  })
})

describe('suggestionsFor', () => {
  // Totals 41, 46 and 51, a third each; the over 44.5 is held and the under 47.5 pays +150 now.
  const ctx = context({
    matchup: CHIEFS_BILLS,
    distribution: handDistribution({ min: 0, max: 70 }, [
      [24, 17, 1],
      [24, 22, 1],
      [27, 24, 1],
    ]),
    bets: [total('over', 44.5, 11_000)],
    score: [17, 14],
    lines: lines({ total: 47.5, overOdds: -200, underOdds: 150 }),
  })
  const result = suggestionsFor(ctx)

  it('runs every rule, shows each selection once, and sorts by expected value', () => {
    expect(result.suggestions.map((s) => [s.type, s.selection])).toEqual([
      ['middle', 'Under 47.5'],
      ['insight', 'Under 47.5'],
    ])
    // The middle is also the best hedge: its equalising $84 at +150 locks +$16, so 0.8 x $110 is capped there.
    expect(result.suggestions[0]).toMatchObject({
      suggestedAmount: 8_400,
      sensibleAmount: 8_400,
      expectedValue: 5_600,
    })
    expect(result.suggestions[0]?.profitProbability).toBeCloseTo(1, 12)
    const evs = result.suggestions.map((s) => s.expectedValue)
    expect(evs).toEqual([...evs].sort((a, b) => b - a))
  })

  it('keeps what it did not suggest as plain notes', () => {
    expect(result.notes.map((n) => n.rule)).toEqual(['value', 'trend', 'momentum'])
  })

  it("writes the insight from the engine's own numbers, with the only 'ai_' id", () => {
    const insight = result.suggestions.find((s) => s.type === 'insight')
    expect(insight?.id).toBe('ai_insight-game-1')
    expect(insight?.description).toBe(
      'Your best likely final: Buffalo Bills 22 at Kansas City Chiefs 24 (+$100.00, 33.3% likely). ' +
        'Your worst: Buffalo Bills 17 at Kansas City Chiefs 24 (-$110.00, 33.3% likely). ' +
        'Chance of profit 66.7%, expected +$30.00. ' +
        'The move that changes it most: Under 47.5 at +150 (middle) takes your chance of profit to 100.0%.',
    )
    expect(result.suggestions.filter((s) => s.id.includes('ai_'))).toEqual([insight])
  })

  it('answers nothing but value without bets', () => {
    const empty = suggestionsFor({ ...ctx, bets: [] })
    expect(empty.suggestions.every((s) => s.type === 'value')).toBe(true)
  })

  it('keeps every amount within its sensible cap, every id unique, and every selection once', () => {
    const HOCKEY = { homeTeam: 'Boston Bruins', awayTeam: 'New York Rangers', league: 'NHL' }
    const dist = handDistribution({ min: 0, max: 12 }, [
      [3, 1, 3],
      [1, 3, 2],
      [2, 2, 1],
      [5, 4, 1],
      [0, 1, 1],
      [4, 1, 1],
    ])
    const price = fc.oneof(fc.integer({ min: -300, max: -100 }), fc.integer({ min: 100, max: 600 }))
    fc.assert(
      fc.property(
        fc.array(
          arbBet(HOCKEY).filter((b) => b.amount <= 500_000),
          { minLength: 1, maxLength: 4 },
        ),
        fc.tuple(price, price, price, price),
        fc.integer({ min: -2, max: 2 }).map((n) => n + 0.5),
        fc.integer({ min: 3, max: 7 }).map((n) => n + 0.5),
        (bets, [home, away, over, under], homeSpread, totalLine) => {
          const c = context({
            matchup: HOCKEY,
            distribution: dist,
            bets,
            score: [0, 0],
            scoreHistory: [
              { at: at('18:00'), homeScore: 0, awayScore: 0 },
              { at: at('18:30'), homeScore: 0, awayScore: 0 },
              { at: at('18:55'), homeScore: 0, awayScore: 0 },
            ],
            distributionAtBet: handDistribution({ min: 0, max: 12 }, [
              [1, 1, 1],
              [2, 0, 1],
              [0, 3, 1],
            ]),
            lines: lines({
              homeMoneyline: home,
              awayMoneyline: away,
              homeSpread,
              total: totalLine,
              overOdds: over,
              underOdds: under,
            }),
          })
          const { suggestions } = suggestionsFor(c)
          for (const s of suggestions) expect(s.suggestedAmount).toBeLessThanOrEqual(s.sensibleAmount)
          expect(new Set(suggestions.map((s) => s.id)).size).toBe(suggestions.length)
          const actions = suggestions.filter((s) => s.type !== 'insight').map((s) => s.selection)
          expect(new Set(actions).size).toBe(actions.length)
        },
      ),
      { numRuns: 60 },
    )
  })
})
