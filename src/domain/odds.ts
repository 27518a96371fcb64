import { type Cents, divRound } from './money'

/**
 * American odds are integers <= -100 or >= +100; -100 and +100 both mean even money (decision 009). The cap keeps
 * stake x odds a safe integer and refuses typos like +1000000.
 */
export const MIN_POSITIVE_ODDS = 100
export const MAX_ABS_ODDS = 100_000
export const DEFAULT_ODDS = -110

export function isValidOdds(odds: number): boolean {
  return Number.isInteger(odds) && Math.abs(odds) >= MIN_POSITIVE_ODDS && Math.abs(odds) <= MAX_ABS_ODDS
}

const ODDS_TEXT = /^([+-]?)(\d+)$/

/** '+150', '150', '-110', 'EVEN', 'EVEN (+100)' -> integer odds; null when not valid odds. */
export function parseOdds(text: string): number | null {
  const trimmed = text.trim()
  if (/^even\b/i.test(trimmed)) return 100
  const match = ODDS_TEXT.exec(trimmed)
  if (!match) return null
  const odds = Number(`${match[1] === '-' ? '-' : ''}${match[2]}`)
  return isValidOdds(odds) ? odds : null
}

/** Shown with '+' when positive, as the spec's Bet entity says: 150 -> '+150', -110 -> '-110'. */
export function formatOdds(odds: number): string {
  return odds > 0 ? `+${odds}` : String(odds)
}

/** The bookmaker's implied win probability, vig included: -110 -> 0.5238, +150 -> 0.4. */
export function impliedProbability(odds: number): number {
  assertOdds(odds)
  return odds > 0 ? 100 / (odds + 100) : -odds / (-odds + 100)
}

/**
 * The American price of a win probability, rounded to a whole number: 0.4 -> +150, 0.5238 -> -110, 0.5 ->
 * -100 (even money, decision 009). Rounding never leaves the valid range: below one half the price is above +100.
 */
export function oddsFromProbability(probability: number): number {
  if (!(probability > 0 && probability < 1)) throw new RangeError(`Not a win probability: ${probability}`)
  return Math.min(Math.max(Math.round(americanOddsOf(probability)), -MAX_ABS_ODDS), MAX_ABS_ODDS)
}

/** Decimal (European) odds: the total return per unit staked. -110 -> 1.909..., +150 -> 2.5. */
export function decimalOdds(odds: number): number {
  assertOdds(odds)
  return odds > 0 ? 1 + odds / 100 : 1 + 100 / -odds
}

/**
 * The American odds, unrounded, of a price whose implied chance is `probability` (0 < p < 1): 0.25 -> +300,
 * 0.75 -> -300, an even chance -100. The one conversion from a chance to American odds: a fair price is the
 * chance with no vig, a book's price the chance with its margin added.
 */
export function americanOddsOf(probability: number): number {
  return probability >= 0.5
    ? (-100 * probability) / (1 - probability)
    : (100 * (1 - probability)) / probability
}

/** The fair price of a chance, rounded to whole odds; null when no valid odds say it (a sure or hopeless side). */
export function fairOdds(probability: number): number | null {
  return validOrNull(probability, Math.round)
}

/**
 * The shortest odds that pay at least `decimal` per unit staked: rounded in the bettor's favour, so a price
 * shown as "X or better" always reaches the return it was computed for. 1.0840 -> -1190.
 */
export function oddsPayingAtLeast(decimal: number): number | null {
  // A float a hair above a whole price is that price: 1 / 2.06 converts back to 106.00000000000001.
  return decimal > 1 ? validOrNull(1 / decimal, (x) => Math.ceil(x - 1e-9)) : null
}

function validOrNull(probability: number, round: (x: number) => number): number | null {
  if (!(probability > 0 && probability < 1)) return null
  const odds = round(americanOddsOf(probability))
  return isValidOdds(odds) ? odds : null
}

/**
 * Decision 001: "To Win" is the profit of a winning bet, stake excluded, rounded half up to the cent:
 * amount x odds / 100 for positive odds, amount x 100 / |odds| for negative odds.
 * -105 on a 0.01 stake wins 0.95 cents, which rounds to 0.01.
 */
export function potentialWin(amount: Cents, odds: number): Cents {
  const { numerator, denominator } = profitRatio(odds)
  return divRound(amount * numerator, denominator)
}

/** An exact fraction of whole numbers: what a price pays per unit staked, without a float's rounding. */
export interface OddsRatio {
  numerator: number
  denominator: number
}

/** Decision 001's profit per unit staked, exactly: +150 -> 150/100, -110 -> 100/110. */
export function profitRatio(odds: number): OddsRatio {
  assertOdds(odds)
  return odds > 0 ? { numerator: odds, denominator: 100 } : { numerator: 100, denominator: -odds }
}

export interface OddsOption {
  value: number
  label: string
}

/** Decision 009: every 5 from -500 to -105, then +100 ('EVEN (+100)') to +500; -110 is marked '(Common)'. */
export const ODDS_OPTIONS: readonly OddsOption[] = buildOddsOptions()

function buildOddsOptions(): OddsOption[] {
  const options: OddsOption[] = []
  for (let odds = -500; odds <= -105; odds += 5) {
    options.push({ value: odds, label: odds === DEFAULT_ODDS ? '-110 (Common)' : String(odds) })
  }
  for (let odds = 100; odds <= 500; odds += 5) {
    options.push({ value: odds, label: odds === 100 ? 'EVEN (+100)' : formatOdds(odds) })
  }
  return options
}

function assertOdds(odds: number): void {
  if (!isValidOdds(odds)) throw new RangeError(`Not valid American odds: ${odds}`)
}
