import { type Cents, divRound } from './money'
import { formatOdds, isValidOdds, MAX_ABS_ODDS, type OddsRatio, parseOdds, profitRatio } from './odds'

/**
 * A price exactly as the slip says it (decision 072): American (+150), decimal (2.50, 1.91) or fractional
 * (6/4). An American price is its odds; a decimal or fractional one is kept as its text beside its American
 * rounding, and payouts come from the text: a 1.91 slip pays 0.91 a unit, not -110's 0.9090....
 *
 * Stored and sent as one text, `exactPrice`: a fractional price holds a '/', a decimal one never does.
 */
export const PRICE_FORMATS = ['american', 'decimal', 'fractional'] as const
export type PriceFormat = (typeof PRICE_FORMATS)[number]

/** The bet's American odds (the spec's `odds`) and, for a decimal or fractional slip, its exact text. */
export interface Priced {
  odds: number
  exactPrice?: string | null
}

/** Decimal prices have at most 3 decimals (1.909 is a price; 1.9091 is a computation). */
const DECIMAL_TEXT = /^\d{1,4}(?:\.\d{1,3})?$/
const FRACTION_TEXT = /^(\d{1,6})\/(\d{1,6})$/
/** Decision 009's range in every format: the profit per unit of -100000 to that of +100000. */
const MIN_PROFIT = 100 / MAX_ABS_ODDS
const MAX_PROFIT = MAX_ABS_ODDS / 100

export const PRICE_MESSAGES = {
  decimal: `Decimal odds must be a number above 1 with at most 3 decimals, from ${1 + MIN_PROFIT} to ${1 + MAX_PROFIT}`,
  fractional: `Fractional odds must be two whole numbers such as 6/4, from 1/${MAX_ABS_ODDS / 100} to ${MAX_PROFIT}/1`,
  both: 'Give the price once: decimalOdds or fractionalOdds',
} as const

/** A price as the wire gives it: American `odds`, or `decimalOdds` or `fractionalOdds`, which win over it. */
export interface PriceInput {
  odds?: number | null | undefined
  decimalOdds?: number | string | null | undefined
  fractionalOdds?: string | null | undefined
}

export type PriceRead =
  | { ok: true; odds: number | null; exactPrice: string | null }
  | { ok: false; field: 'decimalOdds' | 'fractionalOdds'; message: string }

/**
 * The price the wire gives (decision 072): a decimal or fractional one is the price, and `odds` becomes its
 * American rounding; otherwise `odds` as given (checked where it is required). Refuses a malformed exact
 * price, or both at once, naming the field.
 */
export function readPrice(input: PriceInput): PriceRead {
  const decimal = input.decimalOdds ?? null
  const fractional = input.fractionalOdds ?? null
  if (decimal !== null && fractional !== null)
    return { ok: false, field: 'decimalOdds', message: PRICE_MESSAGES.both }
  if (decimal !== null) {
    const exactPrice = decimalPrice(decimal)
    if (exactPrice === null) return { ok: false, field: 'decimalOdds', message: PRICE_MESSAGES.decimal }
    return { ok: true, odds: americanRounding(exactPrice), exactPrice }
  }
  if (fractional !== null) {
    const exactPrice = fractionalPrice(fractional)
    if (exactPrice === null) return { ok: false, field: 'fractionalOdds', message: PRICE_MESSAGES.fractional }
    return { ok: true, odds: americanRounding(exactPrice), exactPrice }
  }
  return { ok: true, odds: input.odds ?? null, exactPrice: null }
}

/**
 * A price typed in one field in any format (the bet slip's): American when it reads as American odds
 * (+600, -110, 150, EVEN), fractional with a '/', else decimal; blank is no price. The rules of readPrice
 * then apply, with their messages.
 */
export function priceInputOfText(text: string): PriceInput {
  const typed = text.trim()
  if (typed === '') return { odds: null }
  const american = parseOdds(typed)
  if (american !== null) return { odds: american }
  if (typed.includes('/')) return { fractionalOdds: typed }
  // A signed or whole number that is not valid American odds stays odds, refused as such ('+50', '0').
  return /^[+-]|^\d+$/.test(typed) ? { odds: Number(typed) } : { decimalOdds: typed }
}

/** The format a stored price is in: none is American, a '/' fractional, else decimal. */
export function priceFormatOf(exactPrice: string | null | undefined): PriceFormat {
  if (exactPrice == null) return 'american'
  return exactPrice.includes('/') ? 'fractional' : 'decimal'
}

/** A decimal price's canonical text ('1.910' and 1.91 -> '1.91'), or null when it is not a price Grid takes. */
export function decimalPrice(value: number | string): string | null {
  const text = typeof value === 'number' ? String(value) : value.trim()
  if (!DECIMAL_TEXT.test(text)) return null
  const profit = exactProfit(text)
  return inRange(profit) ? String(Number(text)) : null
}

/** A fractional price's text as the slip writes it ('6/4' stays 6/4), or null when it is not one Grid takes. */
export function fractionalPrice(value: string): string | null {
  const text = value.replace(/\s+/g, '')
  const match = FRACTION_TEXT.exec(text)
  if (!match || Number(match[2]) === 0 || Number(match[1]) === 0) return null
  return inRange(exactProfit(text)) ? `${Number(match[1])}/${Number(match[2])}` : null
}

/**
 * The profit per unit staked, exactly, as whole numbers: '1.91' -> 91/100, '6/4' -> 6/4, an American price
 * its profitRatio (decision 001).
 */
export function priceProfit(price: Priced): OddsRatio {
  return price.exactPrice == null ? profitRatio(price.odds) : exactProfit(price.exactPrice)
}

/** The price's decimal odds as an exact fraction: the stake back plus the profit (decision 054's parlay factor). */
export function priceDecimalRatio(price: Priced): OddsRatio {
  const { numerator, denominator } = priceProfit(price)
  return { numerator: numerator + denominator, denominator }
}

/**
 * Decision 001's To Win at the exact price: the profit of a winning stake, rounded half up to the cent once.
 * For an American price it is potentialWin itself.
 */
export function toWinAt(amount: Cents, price: Priced): Cents {
  const { numerator, denominator } = priceProfit(price)
  return divRound(amount * numerator, denominator)
}

/**
 * The American odds a decimal or fractional price rounds to (the spec's `odds`): a profit of r per unit is
 * +100r from even money up, -100/r below it. 1.91 -> -110, 6/4 -> +150, 2.00 -> +100.
 */
export function americanRounding(exactPrice: string): number {
  const { numerator, denominator } = exactProfit(exactPrice)
  const odds =
    numerator >= denominator
      ? Math.round((100 * numerator) / denominator)
      : -Math.round((100 * denominator) / numerator)
  if (!isValidOdds(odds)) throw new RangeError(`${exactPrice} rounds to no valid odds`)
  return odds
}

/** An exact price in the wire's field of its format (decision 072): `decimalOdds` or `fractionalOdds`. */
export function wirePrice(exactPrice: string | null): {
  decimalOdds: number | null
  fractionalOdds: string | null
} {
  switch (priceFormatOf(exactPrice)) {
    case 'american':
      return { decimalOdds: null, fractionalOdds: null }
    case 'decimal':
      return { decimalOdds: Number(exactPrice), fractionalOdds: null }
    case 'fractional':
      return { decimalOdds: null, fractionalOdds: exactPrice }
  }
}

/** wirePrice read back: the one text the domain keeps, from the wire's two fields. */
export function exactPriceOfWire(wire: {
  decimalOdds: number | null
  fractionalOdds: string | null
}): string | null {
  return wire.decimalOdds === null ? wire.fractionalOdds : String(wire.decimalOdds)
}

/**
 * American odds written in another format, for a field that starts from them (a suggestion's price in a
 * decimal bettor's form): decimal to 3 decimals (-110 -> '1.909'), fractional exactly (-110 -> '10/11',
 * +150 -> '3/2'); American as the spec writes it.
 */
export function oddsInFormat(odds: number, format: PriceFormat): string {
  const { numerator, denominator } = profitRatio(odds)
  switch (format) {
    case 'american':
      return formatOdds(odds)
    case 'decimal':
      return String(Math.round(((numerator + denominator) * 1000) / denominator) / 1000)
    case 'fractional': {
      const reduced = reduce(numerator, denominator)
      return `${reduced.numerator}/${reduced.denominator}`
    }
  }
}

/** The price as the bettor reads it: '+150', '1.91' or '6/4'. */
export function priceText(price: Priced): string {
  return price.exactPrice ?? formatOdds(price.odds)
}

/** A bet's or leg's price from the wire as the slip said it: its exact price, else its American odds. */
export function wirePriceText(wire: {
  odds: number
  decimalOdds: number | null
  fractionalOdds: string | null
}): string {
  return priceText({ odds: wire.odds, exactPrice: exactPriceOfWire(wire) })
}

function exactProfit(text: string): OddsRatio {
  const fraction = FRACTION_TEXT.exec(text)
  if (fraction) return reduce(Number(fraction[1]), Number(fraction[2]))
  // A decimal with up to 3 decimals is a whole number of thousandths.
  const thousandths = Math.round(Number(text) * 1000)
  return reduce(thousandths - 1000, 1000)
}

function inRange(profit: OddsRatio): boolean {
  const value = profit.numerator / profit.denominator
  return profit.numerator > 0 && value >= MIN_PROFIT - 1e-12 && value <= MAX_PROFIT + 1e-12
}

function reduce(numerator: number, denominator: number): OddsRatio {
  const d = gcd(Math.abs(numerator), denominator) || 1
  return { numerator: numerator / d, denominator: denominator / d }
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b)
}
