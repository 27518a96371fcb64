import { type Cents, formatDollars, MAX_AMOUNT_CENTS, parseCents } from './money'

/**
 * How a bettor reads amounts (decision 072): the currency symbol they carry, and, with a unit size, every
 * amount in units instead. Display only: money stays in cents and is never converted.
 */
export interface AmountDisplay {
  currencySymbol: string
  unitSizeCents: Cents | null
  amountsInUnits: boolean
}

export const DOLLARS: AmountDisplay = { currencySymbol: '$', unitSizeCents: null, amountsInUnits: false }

/** A user's display settings as the wire sends them (the unit size in dollars). */
export function amountDisplayOf(user: {
  currencySymbol: string
  unitSize: string | null
  amountsInUnits: boolean
}): AmountDisplay {
  const unitSizeCents = user.unitSize === null ? null : parseCents(user.unitSize)
  return { currencySymbol: user.currencySymbol, unitSizeCents, amountsInUnits: user.amountsInUnits }
}

/**
 * An amount as the bettor reads it: '$1,234.50' ('$1,235' whole), '€12.50', or in units to two decimals
 * with trailing zeros dropped ('2.5u' for $25 at a $10 unit). Signed, a result carries its sign
 * ('+$12.50', '-0.5u'); unsigned, a negative amount reads '-$5.00', never '$-5.00'.
 */
export function formatAmount(
  cents: Cents,
  display: AmountDisplay,
  options: { decimals?: 0 | 2; signed?: boolean } = {},
): string {
  const sign = cents < 0 ? '-' : options.signed ? '+' : ''
  const unit = display.amountsInUnits ? display.unitSizeCents : null
  if (unit !== null && unit > 0) return `${sign}${unitsOf(Math.abs(cents), unit)}u`
  return `${sign}${display.currencySymbol}${formatDollars(Math.abs(cents), options.decimals ?? 2)}`
}

/** Cents in units, to two decimals with trailing zeros dropped: 2,500 at a 1,000 unit is 2.5. */
export function unitsOf(cents: Cents, unitSizeCents: Cents): number {
  return Math.round((cents / unitSizeCents) * 100) / 100
}

/** One to three characters, none a digit, a sign, a point or a space: '$', '€', '£', 'kr', 'R$'. */
export const CURRENCY_SYMBOL = /^[^\d\s+\-.,]{1,3}$/u

/** The symbols the settings list; any other that fits CURRENCY_SYMBOL is taken too. */
export const CURRENCY_SYMBOLS = ['$', '€', '£', '¥', '₹', 'C$', 'A$', 'kr', 'R$'] as const

export const DISPLAY_MESSAGES = {
  unitSize: 'A unit is an amount from 0.01 to 1,000,000.00 with at most 2 decimals, or empty for none',
  currencySymbol: 'The currency symbol is 1 to 3 characters, without digits or spaces',
} as const

/** A unit size as the settings take it: cents, null (empty: no units), or the reason it is not one. */
export function readUnitSize(value: number | string | null): { cents: Cents | null } | { message: string } {
  if (value === null || (typeof value === 'string' && value.trim() === '')) return { cents: null }
  const cents = parseCents(value)
  return cents !== null && cents > 0 && cents <= MAX_AMOUNT_CENTS
    ? { cents }
    : { message: DISPLAY_MESSAGES.unitSize }
}
