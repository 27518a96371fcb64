import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  assertCents,
  centsToDollars,
  divRound,
  divRoundBig,
  dollarsToCents,
  formatCents,
  formatDollars,
  formatRoi,
  formatSignedDollars,
  parseCents,
  roiPercent,
  sharePercent,
} from '../../src/domain/money'

describe('parseCents', () => {
  it.each([
    ['110', 11_000],
    ['110.5', 11_050],
    ['110.50', 11_050],
    ['0.01', 1],
    [' 7 ', 700],
    ['-25.00', -2_500],
    [110.5, 11_050],
    [0.1, 10],
    [1234.56, 123_456],
  ])('%s is %i cents', (input, cents) => {
    expect(parseCents(input)).toBe(cents)
  })

  it.each(['abc', '', '1.234', '1e3', '1,000', '$5', '.5'])('refuses %j', (input) => {
    expect(parseCents(input)).toBeNull()
  })

  it.each([0.005, 1e21, Number.NaN, Number.POSITIVE_INFINITY, 1e-7])('refuses the number %d', (input) => {
    expect(parseCents(input)).toBeNull()
  })
})

describe('formatting', () => {
  it('formats cents as decimal strings', () => {
    expect(formatCents(12_345)).toBe('123.45')
    expect(formatCents(-5)).toBe('-0.05')
    expect(formatCents(0)).toBe('0.00')
  })

  it('formats signed dollars with two or no decimals', () => {
    expect(formatSignedDollars(1_250)).toBe('+$12.50')
    expect(formatSignedDollars(0)).toBe('+$0.00')
    expect(formatSignedDollars(-300)).toBe('-$3.00')
    expect(formatSignedDollars(1_250, 0)).toBe('+$13')
    expect(formatSignedDollars(-1_249, 0)).toBe('-$12')
    expect(formatDollars(123_456_789)).toBe('1,234,567.89')
    expect(formatDollars(-150, 0)).toBe('-2')
  })

  it('converts cents to dollars for JSON numbers', () => {
    expect(centsToDollars(12_345)).toBe(123.45)
  })
})

describe('guards and arithmetic', () => {
  it('refuses a float or unsafe amount of cents', () => {
    expect(() => assertCents(1.5)).toThrow(TypeError)
    expect(() => assertCents(2 ** 53)).toThrow(TypeError)
    expect(assertCents(42)).toBe(42)
  })

  it('divides rounding half away from zero, exactly', () => {
    expect(divRound(5, 2)).toBe(3)
    expect(divRound(-5, 2)).toBe(-3)
    expect(divRound(4, 3)).toBe(1)
    expect(divRound(100, 105)).toBe(1)
    expect(divRound(1, 3)).toBe(0)
    expect(divRound(-1, 3)).toBe(0)
    expect(divRound(9_007_199_254_740_991, 2)).toBe(4_503_599_627_370_496)
    expect(() => divRound(1, 0)).toThrow(RangeError)
  })

  it('divides big integers by the same rule as divRound', () => {
    expect(divRoundBig(5n, 2n)).toBe(3n)
    expect(divRoundBig(-5n, 2n)).toBe(-3n)
    expect(divRoundBig(5n, -2n)).toBe(-3n)
    expect(divRoundBig(-1n, 3n)).toBe(0n)
    // Beyond a safe integer: (2^60 + 1) / 2 = 2^59 + 0.5, rounded up.
    expect(divRoundBig(2n ** 60n + 1n, 2n)).toBe(2n ** 59n + 1n)
    expect(() => divRoundBig(1n, 0n)).toThrow(RangeError)
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.integer({ min: -1e6, max: 1e6 }).filter((d) => d !== 0),
        (n, d) => {
          expect(divRoundBig(BigInt(n), BigInt(d))).toBe(BigInt(divRound(n, d)))
        },
      ),
    )
  })

  it('rounds ROI once, exactly, half away from zero, to 1 decimal', () => {
    // $2.07 won on $20.00 at -965: 10.35 %, which float arithmetic would round down to 10.3.
    expect(roiPercent(207, 2000)).toBe(10.4)
    // $17 on $11: 154.5454... %, rounded once; 154.55 rounded again would give 154.6.
    expect(roiPercent(1700, 1100)).toBe(154.5)
    expect(roiPercent(-1700, 1100)).toBe(-154.5)
    expect(roiPercent(-2000, 2000)).toBe(-100)
    expect(roiPercent(5, 0)).toBe(0)
    expect(roiPercent(1, 3)).toBe(33.3)
    expect(roiPercent(-1, 6)).toBe(-16.7)
  })

  it('shows ROI with its sign and one decimal', () => {
    expect([formatRoi(10.4), formatRoi(-100), formatRoi(0)]).toEqual(['+10.4%', '-100.0%', '0.0%'])
  })

  it('takes a count share (win rate) to 1 decimal, 0 of none', () => {
    expect([sharePercent(2, 3), sharePercent(1, 3), sharePercent(0, 0)]).toEqual([66.7, 33.3, 0])
  })

  it('turns dollar numbers of the wire into cents exactly, refusing sub-cent values', () => {
    expect([
      dollarsToCents(154.55),
      dollarsToCents(-0.07),
      dollarsToCents(1e7),
      dollarsToCents(0.29),
    ]).toEqual([15_455, -7, 1_000_000_000, 29])
    expect(() => dollarsToCents(0.005)).toThrow(TypeError)
    expect(() => dollarsToCents(Number.NaN)).toThrow(TypeError)
  })
})
