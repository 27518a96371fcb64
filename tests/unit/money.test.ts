import { describe, expect, it } from 'vitest'
import {
  assertCents,
  centsToDollars,
  divRound,
  formatCents,
  formatDollars,
  formatSignedDollars,
  parseCents,
  percent,
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

  it('computes percentages with 0 for an empty base', () => {
    expect(percent(1, 3)).toBe(33.33)
    expect(percent(-2, 3, 1)).toBe(-66.7)
    expect(percent(5, 0)).toBe(0)
  })
})
