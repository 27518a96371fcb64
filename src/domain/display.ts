import { type Cents, formatCents, MAX_AMOUNT_CENTS, parseCents } from './money'
import type { PriceFormat } from './price'

/**
 * A bettor's display settings (decision 072): the format prices are entered and shown in, a unit's stake
 * for amounts in units, and the currency symbol amounts carry. Display only: money stays in cents and is
 * never converted.
 */
export interface DisplaySettings {
  oddsFormat: PriceFormat
  unitSizeCents: Cents | null
  currencySymbol: string
}

export const DEFAULT_DISPLAY: DisplaySettings = {
  oddsFormat: 'american',
  unitSizeCents: null,
  currencySymbol: '$',
}

/** One to three characters, none a digit, a sign, a point or a space: '$', '€', '£', 'kr', 'R$'. */
export const CURRENCY_SYMBOL = /^[^\d\s+\-.,]{1,3}$/u

/** The symbols the settings list; any other that fits CURRENCY_SYMBOL is taken too. */
export const CURRENCY_SYMBOLS = ['$', '€', '£', '¥', '₹', 'C$', 'A$', 'kr', 'R$'] as const

export const DISPLAY_MESSAGES = {
  unitSize: 'A unit is an amount from 0.01 to 1,000,000.00 with at most 2 decimals, or empty for none',
  currencySymbol: 'The currency symbol is 1 to 3 characters, without digits or spaces',
} as const

/**
 * An amount in units, to two decimals with trailing zeros dropped: 2,500 cents at a $10 unit is '2.5u'.
 * Signed amounts keep their sign.
 */
export function formatUnits(cents: Cents, unitSizeCents: Cents): string {
  const units = Math.round((cents / unitSizeCents) * 100) / 100
  return `${Number(units.toFixed(2))}u`
}

/** An amount with the bettor's symbol: formatCents' digits after it, the sign before ('-€12.50'). */
export function formatWithSymbol(cents: Cents, symbol: string): string {
  const text = formatCents(Math.abs(cents))
  return `${cents < 0 ? '-' : ''}${symbol}${text}`
}

/** A unit size as the settings take it: cents, null (empty: no units), or the reason it is not one. */
export function readUnitSize(value: number | string | null): { cents: Cents | null } | { message: string } {
  if (value === null || (typeof value === 'string' && value.trim() === '')) return { cents: null }
  const cents = parseCents(value)
  return cents !== null && cents > 0 && cents <= MAX_AMOUNT_CENTS
    ? { cents }
    : { message: DISPLAY_MESSAGES.unitSize }
}
