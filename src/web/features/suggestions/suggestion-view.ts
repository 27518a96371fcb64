import type { Cents } from '../../../domain/money'
import { dollarsToCents, formatCents, MAX_AMOUNT_CENTS, parseCents } from '../../../domain/money'
import { formatOdds, isValidOdds, potentialWin } from '../../../domain/odds'
import { modelPriceWords } from '../../../domain/suggestions/pricing'
import type { Suggestion } from '../../types'
import { formatMoney } from '../../ui/format'
import type { BetPrefill } from '../bets/bet-form/state'

/**
 * What a suggestion card shows, as pure functions: its badge, its confidence and price age in words, the
 * amount the bettor types checked against the rule's sensible cap (decision 024), the To Win of that amount (decision 001,
 * the domain's potentialWin on cents) and what the bet form opens with.
 */
const TYPE_LABELS: Record<Suggestion['type'], string> = {
  hedge: 'Hedge',
  value: 'Value',
  middle: 'Middle',
  'cross-correlation': 'Cross-Correlation',
  trend: 'Trend',
  momentum: 'Momentum',
  arbitrage: 'Arbitrage',
  insight: 'Insight',
}

/** The spec's type badge: 'AI' before the type when the id contains 'ai_'. */
export function typeBadge(suggestion: Pick<Suggestion, 'id' | 'type'>): string {
  const label = TYPE_LABELS[suggestion.type]
  return suggestion.id.includes('ai_') ? `AI ${label}` : label
}

export const CONFIDENCE_SCALE = 5

/** The dots say the confidence by colour; this says it in words. */
export function confidenceLabel(confidence: number): string {
  return `Confidence ${confidence} of ${CONFIDENCE_SCALE}`
}

/** Decision 024: every suggestion says how old its price is ('price seen 2 min ago'). */
export function priceAgeText(seconds: number): string {
  if (seconds < 60) return seconds <= 5 ? 'price seen just now' : `price seen ${seconds} s ago`
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `price seen ${minutes} min ago`
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  return `price seen ${hours} h${rest ? ` ${rest} min` : ''} ago`
}

/**
 * Decision 029: the price as the card names it. The feed's odds as they are; a model price (the feed's is too old,
 * or the pregame line of a live game) as its break-even price and the fair one, so
 * the bettor checks their book instead of reading it as a price on offer.
 */
export function oddsText(
  suggestion: Pick<Suggestion, 'suggestedOdds' | 'fairOdds' | 'priceSource'>,
): string | null {
  const { suggestedOdds: odds, fairOdds: fair } = suggestion
  if (odds === null) return null
  if (suggestion.priceSource === 'feed') return formatOdds(odds)
  return modelPriceWords(odds, fair)
}

/** The amount field's first value: the suggested amount as the field shows dollars ('25.00'). */
export function amountText(dollars: number): string {
  return formatCents(dollarsToCents(dollars))
}

export type AmountCheck = { ok: true; cents: Cents } | { ok: false; message: string }

/**
 * The typed amount, or why it cannot be used: not dollars and cents, nothing, or more than the rule
 * computed as sensible (decision 024: a suggestion never recommends more, so the card refuses it too).
 */
export function checkAmount(text: string, sensibleDollars: number): AmountCheck {
  const cents = parseCents(text)
  if (cents === null) return { ok: false, message: 'Enter an amount in dollars and cents' }
  if (cents <= 0) return { ok: false, message: 'Enter an amount above $0.00' }
  const sensible = Math.min(dollarsToCents(sensibleDollars), MAX_AMOUNT_CENTS)
  if (cents > sensible) {
    return {
      ok: false,
      message: `At most ${formatMoney(sensible)}: more is beyond what this suggestion considers sensible`,
    }
  }
  return { ok: true, cents }
}

/** Decision 001 To Win of the chosen amount at the suggested odds; null while the amount is refused. */
export function previewWin(check: AmountCheck, odds: number | null): Cents | null {
  if (!check.ok || odds === null || !isValidOdds(odds)) return null
  return potentialWin(check.cents, odds)
}

/**
 * Whether a card is worth its place. Every rule's suggestion is; the insight only when it adds
 * something: words of its own (an LLM rewrote its description; without one the description is the rule
 * text its Reasoning already holds) and money that is not +$0.00.
 */
export function isWorthShowing(
  suggestion: Pick<Suggestion, 'type' | 'description' | 'reasoning' | 'potentialProfit'>,
): boolean {
  if (suggestion.type !== 'insight') return true
  return suggestion.description !== suggestion.reasoning && dollarsToCents(suggestion.potentialProfit) !== 0
}

/** Only a suggestion with a selection and a price can be bet; the insight only informs. */
export function isActionable(suggestion: Pick<Suggestion, 'selection' | 'suggestedOdds'>): boolean {
  return suggestion.selection !== null && suggestion.suggestedOdds !== null
}

/** The bet form's prefill: the selection (parsed back into its parts there), the odds and the amount. */
export function betPrefill(
  suggestion: Pick<Suggestion, 'selection' | 'suggestedOdds'>,
  cents: Cents,
): BetPrefill {
  return {
    selection: suggestion.selection ?? undefined,
    odds: suggestion.suggestedOdds ?? undefined,
    amount: formatCents(cents),
  }
}

/**
 * The list as shown: the current suggestions, then the ones applied here that the refreshed list no
 * longer holds (a placed bet changes the grid, so the rule may not suggest it again), so that
 * 'Suggestion Applied' stays where the bettor saw it.
 */
export function withApplied(
  current: readonly Suggestion[],
  applied: ReadonlyMap<string, Suggestion>,
): Suggestion[] {
  const ids = new Set(current.map((s) => s.id))
  return [...current, ...[...applied.values()].filter((s) => !ids.has(s.id))]
}
