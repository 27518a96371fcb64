import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CUSTOM_ODDS, initialBetForm } from '../../src/web/features/bets/bet-form/state'
import {
  amountText,
  betPrefill,
  checkAmount,
  confidenceLabel,
  isActionable,
  isWorthShowing,
  oddsText,
  previewWin,
  priceAgeText,
  typeBadge,
  withApplied,
} from '../../src/web/features/suggestions/suggestion-view'
import type { Suggestion } from '../../src/web/types'
import { arbAmount, arbOdds } from '../support/bets'

const CHIEFS_BILLS = { homeTeam: 'Kansas City Chiefs', awayTeam: 'Buffalo Bills' }

function suggestion(overrides: Partial<Suggestion> = {}): Suggestion {
  return {
    id: 'g7_hedge_1',
    gameId: 7,
    type: 'hedge',
    title: 'Hedge your Chiefs position',
    description: 'Take the Bills to lock a profit',
    selection: 'Bills +3.5',
    suggestedOdds: -140,
    priceSource: 'feed',
    priceAgeSeconds: 120,
    fairOdds: -150,
    suggestedAmount: 30,
    potentialProfit: 21.43,
    riskLevel: 'low',
    confidence: 4,
    reasoning: 'Because',
    middleRange: null,
    correlationTarget: null,
    expectedValue: -1.2,
    profitProbability: 0.62,
    linesAge: 120,
    sensibleAmount: 758.46,
    floorAtSensibleAmount: 441.54,
    preview: { homeRange: { min: 0, max: 0 }, awayRange: { min: 0, max: 0 }, before: [], after: [] },
    ...overrides,
  }
}

describe('a suggestion card in words', () => {
  it("puts 'AI' before the type only when the id contains 'ai_' (spec)", () => {
    expect(typeBadge({ id: 'g7_ai_insight', type: 'insight' })).toBe('AI Insight')
    expect(typeBadge({ id: 'g7_hedge_1', type: 'hedge' })).toBe('Hedge')
    expect(typeBadge({ id: 'g7_xc', type: 'cross-correlation' })).toBe('Cross-Correlation')
    expect(typeBadge({ id: 'g7_chair_1', type: 'value' })).toBe('Value')
  })

  it('says the confidence on the 1-5 scale', () => {
    expect(confidenceLabel(4)).toBe('Confidence 4 of 5')
  })

  it('names a model price as its break-even price and the fair one, never as a price on offer (decision 029)', () => {
    expect(oddsText(suggestion())).toBe('-140')
    expect(oddsText(suggestion({ priceSource: 'model', suggestedOdds: 310, fairOdds: 310 }))).toBe(
      "at its break-even price, +310 or better (the model's fair price +310)",
    )
    expect(oddsText(suggestion({ priceSource: 'model', suggestedOdds: 310, fairOdds: null }))).toBe(
      'at its break-even price, +310 or better',
    )
    expect(oddsText(suggestion({ selection: null, suggestedOdds: null }))).toBeNull()
  })

  it('says how old the price is (decision 024), in seconds, minutes, then hours', () => {
    expect(priceAgeText(0)).toBe('price seen just now')
    expect(priceAgeText(45)).toBe('price seen 45 s ago')
    expect(priceAgeText(120)).toBe('price seen 2 min ago')
    expect(priceAgeText(179)).toBe('price seen 2 min ago')
    expect(priceAgeText(3600)).toBe('price seen 1 h ago')
    expect(priceAgeText(3600 + 5 * 60 + 59)).toBe('price seen 1 h 5 min ago')
  })

  it('has an amount and a button only with a selection and a price (the insight only informs)', () => {
    expect(isActionable(suggestion())).toBe(true)
    expect(isActionable(suggestion({ selection: null, suggestedOdds: null }))).toBe(false)
    expect(isActionable(suggestion({ suggestedOdds: null }))).toBe(false)
  })
})

describe('which cards show', () => {
  const ruleText = 'Your best likely final: Bills 20 at Chiefs 27 (+$50.00, 4.1% likely).'
  const insight = (overrides: Partial<Suggestion> = {}) =>
    suggestion({
      id: 'ai_insight-7',
      type: 'insight',
      description: ruleText,
      reasoning: ruleText,
      ...overrides,
    })

  it('hides the insight without an LLM: its words are the rule text its Reasoning repeats', () => {
    expect(isWorthShowing(insight())).toBe(false)
    expect(isWorthShowing(insight({ selection: null, suggestedOdds: null, potentialProfit: 0 }))).toBe(false)
  })

  it('hides an insight worth +$0.00 even with words of its own', () => {
    expect(isWorthShowing(insight({ description: 'A rewrite by the LLM.', potentialProfit: 0 }))).toBe(false)
  })

  it('shows the insight that adds words and money, and every rule’s suggestion', () => {
    expect(isWorthShowing(insight({ description: 'A rewrite by the LLM.' }))).toBe(true)
    expect(
      isWorthShowing(suggestion({ potentialProfit: 0, description: 'Because', reasoning: 'Because' })),
    ).toBe(true)
  })
})

describe('the amount a bettor types', () => {
  it('starts at the suggested amount in dollars and cents', () => {
    expect(amountText(30)).toBe('30.00')
    expect(amountText(758.46)).toBe('758.46')
  })

  it('is refused above the sensible amount (decision 024), and accepted at it', () => {
    expect(checkAmount('758.46', 758.46)).toEqual({ ok: true, cents: 75_846 })
    expect(checkAmount('758.47', 758.46)).toEqual({
      ok: false,
      message: 'At most $758.46: more is beyond what this suggestion considers sensible',
    })
  })

  it('is refused when it is not dollars and cents, or not above zero', () => {
    expect(checkAmount('', 100)).toEqual({ ok: false, message: 'Enter an amount in dollars and cents' })
    expect(checkAmount('1.005', 100)).toEqual({ ok: false, message: 'Enter an amount in dollars and cents' })
    expect(checkAmount('abc', 100)).toEqual({ ok: false, message: 'Enter an amount in dollars and cents' })
    expect(checkAmount('0', 100)).toEqual({ ok: false, message: 'Enter an amount above $0.00' })
    expect(checkAmount('-5', 100)).toEqual({ ok: false, message: 'Enter an amount above $0.00' })
  })

  it('previews the decision 001 To Win: $758.46 at -140 wins $541.76, $100 at +1200 wins $1,200', () => {
    // 75,846 x 100 / 140 = 54,175.71... cents, rounded half up to 54,176.
    expect(previewWin(checkAmount('758.46', 1000), -140)).toBe(54_176)
    expect(previewWin(checkAmount('100', 1000), 1200)).toBe(120_000)
    expect(previewWin(checkAmount('0.01', 1000), -105)).toBe(1)
  })

  it('previews nothing while the amount is refused or there is no price', () => {
    expect(previewWin(checkAmount('2000', 1000), -110)).toBeNull()
    expect(previewWin(checkAmount('20', 1000), null)).toBeNull()
  })

  it('never previews a win for an amount above the cap, and always one at or below it', () => {
    fc.assert(
      fc.property(arbAmount, arbAmount, arbOdds, (typed, cap, odds) => {
        const check = checkAmount((typed / 100).toFixed(2), cap / 100)
        expect(check.ok).toBe(typed <= cap)
        expect(previewWin(check, odds) === null).toBe(typed > cap)
      }),
    )
  })
})

describe('using a suggestion', () => {
  it('opens the bet form on the parsed selection, the suggested odds and the chosen amount', () => {
    const form = initialBetForm(CHIEFS_BILLS, betPrefill(suggestion(), 2_500))
    expect(form).toMatchObject({
      betType: 'spread',
      spreadTeam: 'Buffalo Bills',
      spreadPoints: '3.5',
      oddsChoice: '-140',
      customOdds: '',
      amount: '25.00',
    })
  })

  it("puts a price the dropdown does not list in the custom field (decision 009): 'Over 44.5' at +1200", () => {
    const form = initialBetForm(
      CHIEFS_BILLS,
      betPrefill(suggestion({ selection: 'Over 44.5', suggestedOdds: 1200 }), 1),
    )
    expect(form).toMatchObject({
      betType: 'total',
      overUnder: 'over',
      totalPoints: '44.5',
      oddsChoice: CUSTOM_ODDS,
      customOdds: '1200',
      amount: '0.01',
    })
  })

  it('reads a moneyline on the nickname as the full team name (decision 004)', () => {
    const form = initialBetForm(
      CHIEFS_BILLS,
      betPrefill(suggestion({ selection: 'Chiefs ML', suggestedOdds: -250 }), 10_000),
    )
    expect(form).toMatchObject({
      betType: 'moneyline',
      moneylineTeam: 'Kansas City Chiefs',
      oddsChoice: '-250',
    })
  })
})

describe('the list after a suggestion was applied', () => {
  const hedge = suggestion()
  const value = suggestion({ id: 'g7_value_1', type: 'value' })

  it('keeps an applied suggestion the refreshed list no longer holds, after the current ones', () => {
    const applied = new Map([[hedge.id, hedge]])
    expect(withApplied([value], applied).map((s) => s.id)).toEqual(['g7_value_1', 'g7_hedge_1'])
  })

  it('shows an applied suggestion still in the list once, where the list has it', () => {
    const applied = new Map([[hedge.id, hedge]])
    expect(withApplied([hedge, value], applied).map((s) => s.id)).toEqual(['g7_hedge_1', 'g7_value_1'])
    expect(withApplied([hedge, value], new Map()).map((s) => s.id)).toEqual(['g7_hedge_1', 'g7_value_1'])
  })
})
