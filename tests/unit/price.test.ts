import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { validateBetForm } from '../../src/domain/bet-form'
import { amountDisplayOf, DOLLARS, formatAmount, readUnitSize } from '../../src/domain/display'
import { divRound } from '../../src/domain/money'
import { potentialWin } from '../../src/domain/odds'
import {
  americanRounding,
  decimalPrice,
  exactPriceOfWire,
  fractionalPrice,
  PRICE_MESSAGES,
  priceDecimalRatio,
  priceInputOfText,
  priceText,
  readPrice,
  toWinAt,
  wirePrice,
} from '../../src/domain/price'
import { settle } from '../../src/domain/settlement'
import { ticketPotentialWin, ticketStanding } from '../../src/domain/ticket-settlement'
import { arbAmount, LAKERS_CELTICS, spread } from '../support/bets'

/** Decision 072 by hand: prices kept as the slip says them, payouts from the exact price. */
describe('a decimal or fractional price, exactly', () => {
  it.each([
    ['1.91', '1.91'],
    ['1.910', '1.91'],
    [2.5, '2.5'],
    ['1.001', '1.001'],
    ['1001', '1001'],
  ])('reads the decimal %j as %j', (input, text) => {
    expect(decimalPrice(input)).toBe(text)
  })

  it.each(['1.9091', '1', '1.0', '0.5', '1001.001', '-2', 'abc', '1,91', ''])(
    'refuses the decimal %j',
    (input) => {
      expect(decimalPrice(input)).toBeNull()
    },
  )

  it.each([
    ['6/4', '6/4'],
    [' 11 / 10 ', '11/10'],
    ['1/1000', '1/1000'],
    ['1000/1', '1000/1'],
  ])('reads the fraction %j as %j, unreduced as the slip writes it', (input, text) => {
    expect(fractionalPrice(input)).toBe(text)
  })

  it.each(['0/1', '1/0', '1001/1', '1/1001', '6:4', '1.5/1', '6/4/2'])('refuses the fraction %j', (input) => {
    expect(fractionalPrice(input)).toBeNull()
  })

  it.each([
    ['1.91', -110],
    ['2.5', 150],
    ['2', 100],
    ['1.5', -200],
    ['6/4', 150],
    ['11/10', 110],
    ['4/6', -150],
    ['1.001', -100_000],
    ['1001', 100_000],
  ])('rounds %s to the American %d', (price, odds) => {
    expect(americanRounding(price)).toBe(odds)
  })

  it('pays from the exact price, not its American rounding', () => {
    // $100 at 1.91 wins $91.00; at -110 it would win $90.91.
    expect(toWinAt(10_000, { odds: -110, exactPrice: '1.91' })).toBe(9_100)
    expect(potentialWin(10_000, -110)).toBe(9_091)
    // $10 at 6/4 wins $15; $10.01 at 1.333 wins $3.33 (3.33333 rounded once).
    expect(toWinAt(1_000, { odds: 150, exactPrice: '6/4' })).toBe(1_500)
    expect(toWinAt(1_001, { odds: -300, exactPrice: '1.333' })).toBe(333)
    // An American price is decision 001's potentialWin.
    expect(toWinAt(11_000, { odds: -110 })).toBe(10_000)
  })

  it('settles a single and a parlay from the exact prices', () => {
    const bet = { ...spread('Los Angeles Lakers', -3.5, 10_000, -110), exactPrice: '1.91' }
    expect(settle(bet, { home: 110, away: 100 }, LAKERS_CELTICS)).toEqual({
      result: 'won',
      payout: 19_100,
      net: 9_100,
    })
    // $10 on 1.91 and 5/2: 10 x 1.91 x 3.5 = $66.85.
    const legs = [
      { odds: -110, exactPrice: '1.91' },
      { odds: 250, exactPrice: '5/2' },
    ]
    const toWin = ticketPotentialWin({ kind: 'parlay' }, legs, 1_000, null)
    expect(toWin).toBe(5_685)
    const standing = ticketStanding({
      shape: { kind: 'parlay' },
      legs: [
        { odds: -110, exactPrice: '1.91', result: 'won' },
        { odds: 250, exactPrice: '5/2', result: 'push' },
      ],
      amount: 1_000,
      potentialWin: toWin ?? 0,
      boost: null,
    })
    expect(standing).toEqual({ status: 'settled', result: 'won', payout: 1_910 })
  })
})

describe('the wire and the form', () => {
  it('takes a decimal or fractional price over the odds, and refuses both at once', () => {
    expect(readPrice({ odds: 150, decimalOdds: 1.91 })).toEqual({ ok: true, odds: -110, exactPrice: '1.91' })
    expect(readPrice({ fractionalOdds: '6/4' })).toEqual({ ok: true, odds: 150, exactPrice: '6/4' })
    expect(readPrice({ odds: -110 })).toEqual({ ok: true, odds: -110, exactPrice: null })
    expect(readPrice({ decimalOdds: 1.91, fractionalOdds: '6/4' })).toEqual({
      ok: false,
      field: 'decimalOdds',
      message: PRICE_MESSAGES.both,
    })
    expect(readPrice({ decimalOdds: 0.9 })).toMatchObject({ ok: false, field: 'decimalOdds' })
    expect(readPrice({ fractionalOdds: '6-4' })).toMatchObject({ ok: false, field: 'fractionalOdds' })
  })

  it('checks the bet form with an exact price in place of the odds', () => {
    const form = {
      betType: 'spread' as const,
      spreadTeam: 'Lakers',
      spreadPoints: -3.5,
      amount: '100',
      decimalOdds: '1.91',
    }
    expect(validateBetForm(form, LAKERS_CELTICS)).toMatchObject({
      ok: true,
      terms: { odds: -110, exactPrice: '1.91', amount: 10_000 },
    })
    expect(validateBetForm({ ...form, decimalOdds: '1.9091' }, LAKERS_CELTICS)).toEqual({
      ok: false,
      field: 'decimalOdds',
      message: PRICE_MESSAGES.decimal,
    })
    expect(validateBetForm({ ...form, decimalOdds: null }, LAKERS_CELTICS)).toMatchObject({
      ok: false,
      field: 'odds',
    })
  })
})

describe('a price typed in one field, in any format', () => {
  it.each([
    ['+600', { odds: 600 }],
    ['-110', { odds: -110 }],
    ['EVEN', { odds: 100 }],
    ['150', { odds: 150 }],
    ['7.00', { decimalOdds: '7.00' }],
    ['1.91', { decimalOdds: '1.91' }],
    ['6/1', { fractionalOdds: '6/1' }],
    ['+50', { odds: 50 }],
    ['', { odds: null }],
  ])('reads %j as %j', (text, input) => {
    expect(priceInputOfText(text)).toEqual(input)
  })
})

describe('prices round-trip through their format exactly', () => {
  const arbThousandths = fc.integer({ min: 1_001, max: 1_001_000 })
  const arbFraction = fc
    .tuple(fc.integer({ min: 1, max: 1_000 }), fc.integer({ min: 1, max: 1_000 }))
    .filter(([n, d]) => n / d >= 1 / 1000 && n / d <= 1000)

  it('a decimal is its thousandths, through the text, the wire and the payout', () => {
    fc.assert(
      fc.property(arbThousandths, arbAmount, (thousandths, amount) => {
        const text = decimalPrice(thousandths / 1000)
        expect(text).not.toBeNull()
        const exactPrice = text as string
        expect(decimalPrice(exactPrice)).toBe(exactPrice)
        expect(exactPriceOfWire(wirePrice(exactPrice))).toBe(exactPrice)
        const ratio = priceDecimalRatio({ odds: americanRounding(exactPrice), exactPrice })
        expect((ratio.numerator * 1000) / ratio.denominator).toBe(thousandths)
        const toWin = toWinAt(amount, { odds: americanRounding(exactPrice), exactPrice })
        expect(toWin).toBe(divRound(amount * (thousandths - 1000), 1000))
      }),
      { numRuns: 1_000 },
    )
  })

  it('a fraction keeps its own numbers, and pays numerator / denominator of the stake', () => {
    fc.assert(
      fc.property(arbFraction, arbAmount, ([n, d], amount) => {
        const exactPrice = fractionalPrice(`${n}/${d}`) as string
        expect(exactPrice).toBe(`${n}/${d}`)
        expect(exactPriceOfWire(wirePrice(exactPrice))).toBe(exactPrice)
        expect(priceText({ odds: americanRounding(exactPrice), exactPrice })).toBe(`${n}/${d}`)
        expect(toWinAt(amount, { odds: americanRounding(exactPrice), exactPrice })).toBe(
          divRound(amount * n, d),
        )
      }),
      { numRuns: 1_000 },
    )
  })

  it("rounds to valid American odds that are the price's nearest", () => {
    fc.assert(
      fc.property(arbThousandths, (thousandths) => {
        const profit = (thousandths - 1000) / 1000
        const odds = americanRounding(String(thousandths / 1000))
        const exact = profit >= 1 ? 100 * profit : -100 / profit
        expect(Math.abs(odds - exact)).toBeLessThanOrEqual(0.5 + 1e-9)
      }),
      { numRuns: 1_000 },
    )
  })
})

describe('amounts as the bettor reads them (decision 072)', () => {
  const euro = { currencySymbol: '€', unitSizeCents: 2_500, amountsInUnits: false }
  const units = { ...euro, amountsInUnits: true }

  it('carries the bettor’s symbol, never converting', () => {
    expect(formatAmount(123_450, DOLLARS)).toBe('$1,234.50')
    expect(formatAmount(-500, euro)).toBe('-€5.00')
    expect(formatAmount(1_250, euro, { signed: true })).toBe('+€12.50')
    expect(formatAmount(123_450, euro, { decimals: 0 })).toBe('€1,235')
  })

  it('shows units of the unit size, to two decimals, signed for a result', () => {
    expect(formatAmount(10_000, units)).toBe('4u')
    expect(formatAmount(-2_500, units, { signed: true })).toBe('-1u')
    expect(formatAmount(11_725, units, { signed: true })).toBe('+4.69u')
    expect(formatAmount(1, units)).toBe('0u')
    // Without a unit size, units fall back to money.
    expect(formatAmount(1_000, { ...units, unitSizeCents: null })).toBe('€10.00')
  })

  it('reads the settings as the wire sends them', () => {
    expect(amountDisplayOf({ currencySymbol: '£', unitSize: '25.00', amountsInUnits: true })).toEqual({
      currencySymbol: '£',
      unitSizeCents: 2_500,
      amountsInUnits: true,
    })
    expect(readUnitSize('')).toEqual({ cents: null })
    expect(readUnitSize('10.5')).toEqual({ cents: 1_050 })
    expect(readUnitSize('0')).toHaveProperty('message')
    expect(readUnitSize('1.005')).toHaveProperty('message')
  })
})
