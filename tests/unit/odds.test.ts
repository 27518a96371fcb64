import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_ODDS,
  decimalOdds,
  formatOdds,
  impliedProbability,
  isValidOdds,
  ODDS_OPTIONS,
  oddsFromProbability,
  parseOdds,
  potentialWin,
  profitRatio,
} from '../../src/domain/odds'
import { priceDecimalRatio } from '../../src/domain/price'
import { arbAmount, arbOdds } from '../support/bets'

describe('potentialWin (decision 001)', () => {
  it.each([
    ['-110 stake 110.00 wins 100.00', 11_000, -110, 10_000],
    ['+150 stake 10.00 wins 15.00', 1_000, 150, 1_500],
    ['EVEN stake 50.00 wins 50.00', 5_000, 100, 5_000],
    ['-100 is even money too', 5_000, -100, 5_000],
    ['-105 stake 0.01 wins 0.95 cents, rounded half up to 0.01', 1, -105, 1],
    ['-300 stake 0.01 wins 0.33 cents, rounded to 0.00', 1, -300, 0],
    ['-200 stake 0.01 wins exactly half a cent, rounded up to 0.01', 1, -200, 1],
    ['+105 stake 0.10 wins 0.105, rounded up to 0.11', 10, 105, 11],
    ['-110 stake 100.00 wins 90.909..., rounded to 90.91', 10_000, -110, 9_091],
    ['+100000 on the largest stake stays exact', 100_000_000, 100_000, 100_000_000_000],
  ])('%s', (_, amount, odds, expected) => {
    expect(potentialWin(amount, odds)).toBe(expected)
  })

  it('refuses odds between -100 and +100', () => {
    expect(() => potentialWin(100, 0)).toThrow(RangeError)
    expect(() => potentialWin(100, -99)).toThrow(RangeError)
    expect(() => potentialWin(100, 99.5)).toThrow(RangeError)
  })

  it('is within half a cent of the exact rational value', () => {
    fc.assert(
      fc.property(arbAmount, arbOdds, (amount, odds) => {
        const exact = odds > 0 ? (amount * odds) / 100 : (amount * 100) / -odds
        expect(Math.abs(potentialWin(amount, odds) - exact)).toBeLessThanOrEqual(0.5 + 1e-9)
      }),
    )
  })
})

describe('parse and format', () => {
  it.each([
    ['+150', 150],
    ['150', 150],
    ['-110', -110],
    [' -110 ', -110],
    ['EVEN', 100],
    ['even', 100],
    ['EVEN (+100)', 100],
    ['+100', 100],
    ['-100', -100],
  ])('parses %j', (text, odds) => {
    expect(parseOdds(text)).toBe(odds)
  })

  it.each(['-99', '0', '+50', '1.5', 'abc', '', '+-110', '-1000001'])('refuses %j', (text) => {
    expect(parseOdds(text)).toBeNull()
  })

  it('formats with a plus sign when positive', () => {
    expect(formatOdds(150)).toBe('+150')
    expect(formatOdds(-110)).toBe('-110')
  })

  it('round-trips every valid value', () => {
    fc.assert(
      fc.property(arbOdds, (odds) => {
        expect(parseOdds(formatOdds(odds))).toBe(odds)
      }),
    )
  })

  it('validates the decision 009 range', () => {
    expect(isValidOdds(-100)).toBe(true)
    expect(isValidOdds(100)).toBe(true)
    expect(isValidOdds(-99)).toBe(false)
    expect(isValidOdds(0)).toBe(false)
    expect(isValidOdds(100.5)).toBe(false)
  })
})

describe('probabilities', () => {
  it('gives implied probability and decimal odds', () => {
    expect(impliedProbability(-110)).toBeCloseTo(110 / 210, 10)
    expect(impliedProbability(150)).toBeCloseTo(0.4, 10)
    expect(impliedProbability(100)).toBe(0.5)
    expect(decimalOdds(-110)).toBeCloseTo(1 + 100 / 110, 10)
    expect(decimalOdds(150)).toBe(2.5)
    expect(decimalOdds(-200)).toBe(1.5)
  })

  it('gives the profit and decimal odds as exact fractions', () => {
    expect(profitRatio(-110)).toEqual({ numerator: 100, denominator: 110 })
    expect(profitRatio(150)).toEqual({ numerator: 150, denominator: 100 })
    expect(priceDecimalRatio({ odds: -110 })).toEqual({ numerator: 210, denominator: 110 })
    expect(priceDecimalRatio({ odds: 150 })).toEqual({ numerator: 250, denominator: 100 })
    expect(() => priceDecimalRatio({ odds: 99 })).toThrow(RangeError)
    fc.assert(
      fc.property(arbOdds, (odds) => {
        const { numerator, denominator } = priceDecimalRatio({ odds })
        expect(numerator / denominator).toBeCloseTo(decimalOdds(odds), 12)
      }),
    )
  })

  it('agree with each other: implied probability is 1 / decimal odds', () => {
    fc.assert(
      fc.property(arbOdds, (odds) => {
        expect(impliedProbability(odds)).toBeCloseTo(1 / decimalOdds(odds), 12)
      }),
    )
  })

  it('turns a probability back into the price it implies', () => {
    expect(oddsFromProbability(0.4)).toBe(150)
    expect(oddsFromProbability(110 / 210)).toBe(-110)
    expect(oddsFromProbability(0.5)).toBe(-100)
    expect(() => oddsFromProbability(0)).toThrow(RangeError)
    expect(() => oddsFromProbability(1)).toThrow(RangeError)
  })

  it('gives back every valid price but even money, which it names -100', () => {
    fc.assert(
      fc.property(arbOdds, (odds) => {
        const back = oddsFromProbability(impliedProbability(odds))
        expect(isValidOdds(back)).toBe(true)
        expect(back).toBe(odds === 100 ? -100 : odds)
      }),
    )
  })
})

describe('the dropdown (decision 009)', () => {
  it('lists -500..-105 then +100..+500 in steps of 5 with the two special labels', () => {
    const values = ODDS_OPTIONS.map((o) => o.value)
    expect(values).toHaveLength(80 + 81)
    expect(values[0]).toBe(-500)
    expect(values[79]).toBe(-105)
    expect(values[80]).toBe(100)
    expect(values.at(-1)).toBe(500)
    expect(values.every((v, i) => i === 0 || v - (values[i - 1] ?? 0) === 5 || v === 100)).toBe(true)
    expect(ODDS_OPTIONS.find((o) => o.value === -110)?.label).toBe('-110 (Common)')
    expect(ODDS_OPTIONS.find((o) => o.value === 100)?.label).toBe('EVEN (+100)')
    expect(ODDS_OPTIONS.find((o) => o.value === 150)?.label).toBe('+150')
    expect(ODDS_OPTIONS.find((o) => o.value === -200)?.label).toBe('-200')
    expect(DEFAULT_ODDS).toBe(-110)
  })
})
