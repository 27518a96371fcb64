/**
 * Money is integer cents everywhere inside Grid (decision 001). Amounts cross the HTTP edge as numbers or decimal
 * strings, so every conversion goes through here, and one guard refuses anything that is not a safe
 * integer: a float that slipped in is a programmer error, not a rounding question.
 */
export type Cents = number

/** The largest stake one bet may carry: $1,000,000.00. Bigger figures are typos, not bets. */
export const MAX_AMOUNT_CENTS: Cents = 100_000_000

export function assertCents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new TypeError(`Not an integer amount of cents: ${value}`)
  return value
}

const DECIMAL = /^([+-])?(\d+)(?:\.(\d{1,2}))?$/

/**
 * Parses '110', '110.5', '110.50' or the number 110.5 into cents. Returns null for anything else
 * (three decimals, exponent notation, text), so callers can answer with a field error.
 */
export function parseCents(value: string | number): Cents | null {
  const text = typeof value === 'number' ? numberToDecimalText(value) : value.trim()
  if (text === null) return null
  const match = DECIMAL.exec(text)
  if (!match) return null
  const [, sign, whole = '', fraction = ''] = match
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
  if (!Number.isSafeInteger(cents)) return null
  return sign === '-' ? -cents : cents
}

function numberToDecimalText(value: number): string | null {
  if (!Number.isFinite(value)) return null
  // toFixed(2) would silently round 0.005 up; a stake with sub-cent precision is refused instead.
  const text = String(value)
  return /e/i.test(text) ? null : text
}

/** 12345 -> '123.45'; -5 -> '-0.05'. The active-bet lists send amounts in this form. */
export function formatCents(cents: Cents): string {
  assertCents(cents)
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/** Cents to a dollar number for JSON payloads where the spec wants a number (12345 -> 123.45). */
export function centsToDollars(cents: Cents): number {
  return assertCents(cents) / 100
}

/** '+$12.50' / '-$3.00' with two decimals, or '+$13' / '-$3' whole (game cards, grid cells). */
export function formatSignedDollars(cents: Cents, decimals: 0 | 2 = 2): string {
  const sign = cents < 0 ? '-' : '+'
  return `${sign}$${formatDollars(Math.abs(cents), decimals)}`
}

/** '$1,234.50' style amount without a sign, whole dollars rounded half away from zero. */
export function formatDollars(cents: Cents, decimals: 0 | 2 = 2): string {
  assertCents(cents)
  const abs = Math.abs(cents)
  const units = decimals === 0 ? divRound(abs, 100) : Math.trunc(abs / 100)
  const grouped = units.toLocaleString('en-US')
  const text = decimals === 0 ? grouped : `${grouped}.${String(abs % 100).padStart(2, '0')}`
  return cents < 0 ? `-${text}` : text
}

/**
 * Exact integer division rounded half away from zero, for safe integers. Float division then
 * Math.round can land on the wrong side of a half for large numerators; this cannot.
 */
export function divRound(numerator: number, denominator: number): number {
  assertCents(numerator)
  if (!Number.isSafeInteger(denominator) || denominator === 0) {
    throw new RangeError(`Bad denominator: ${denominator}`)
  }
  const negative = numerator < 0 !== denominator < 0
  const n = Math.abs(numerator)
  const d = Math.abs(denominator)
  const remainder = n % d
  const quotient = (n - remainder) / d + (remainder * 2 >= d ? 1 : 0)
  return negative && quotient !== 0 ? -quotient : quotient
}

/**
 * divRound's rule (half away from zero) on big integers, for exact products that outgrow a safe integer:
 * a parlay's payout is its stake times the product of up to 15 prices' fractions (decision 054).
 */
export function divRoundBig(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('Bad denominator: 0')
  const negative = numerator < 0n !== denominator < 0n
  const n = numerator < 0n ? -numerator : numerator
  const d = denominator < 0n ? -denominator : denominator
  const remainder = n % d
  const quotient = (n - remainder) / d + (remainder * 2n >= d ? 1n : 0n)
  return negative ? -quotient : quotient
}

/**
 * ROI in percent: net / stake, rounded once, half away from zero, to 1 decimal; 0 when nothing was staked.
 * The one rule for every ROI Grid shows or sends: the grid's cells (decision 005), history and its cards, stats and
 * the CSV (decision 007), the share card. Computed on cents with exact integer division, so $2.07 on $20.00
 * (10.35 %) is 10.4 everywhere, where a float would land on 10.3; and rounded once, so $17 on $11
 * (154.5454... %) is 154.5, never 154.55 rounded again to 154.6.
 */
export function roiPercent(net: Cents, stake: Cents): number {
  assertCents(stake)
  if (stake === 0) return 0
  return divRound(net * 1000, stake) / 10
}

/** A roiPercent value as shown: '+12.5%', '-100.0%', '0.0%'. */
export function formatRoi(roi: number): string {
  return `${roi > 0 ? '+' : ''}${roi.toFixed(1)}%`
}

/** A count's share in percent, 1 decimal (the win rate: won / settled, decision 007); 0 of none. */
export function sharePercent(part: number, whole: number): number {
  return whole === 0 ? 0 : divRound(part * 1000, whole) / 10
}

/**
 * Dollars as the API sends them in number form (the grid's profit and stake) to cents. Such numbers
 * carry at most two decimals, so the nearest cent is exact; anything finer is a programmer error.
 */
export function dollarsToCents(dollars: number): Cents {
  const cents = Math.round(dollars * 100)
  if (!Number.isSafeInteger(cents) || Math.abs(cents - dollars * 100) > 1e-6) {
    throw new TypeError(`Not an amount of dollars and cents: ${dollars}`)
  }
  return cents
}
