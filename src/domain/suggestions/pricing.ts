import type { BetTerms } from '../bet'
import { isLiveStatus } from '../game-status'
import { fairOdds, formatOdds, oddsPayingAtLeast } from '../odds'
import { chancesOf } from './prepared'
import { DEFAULT_SUGGESTION_OPTIONS, type PriceSource, type SuggestionContext } from './types'

/**
 * Decision 029: a suggestion is priced on a price a book is likely to show, or on none. The feed's price counts when
 * it is within the age limit and, on a live game, was set in play; otherwise (an old price, or the pregame
 * line a live game keeps) each side is priced by the model instead: its fair price, and the price at which
 * it becomes worth taking, which is what the card offers for the bettor to check at their book.
 *
 * The worth-it price asks the model for the value rule's minimum edge (3% expected return per dollar), not
 * for a bare break-even: at the fair price itself the bet is worth nothing, and the model's error is larger
 * than a cent of edge. It is rounded in the bettor's favour, so its expected value is never below zero.
 */
export const MODEL_PRICE_EDGE = 0.03

export interface PriceCheck {
  source: PriceSource
  /** Why the feed's price is not used, in the words a suggestion shows; null for a feed price. */
  reason: string | null
}

export function priceCheck(context: SuggestionContext): PriceCheck {
  const { lines, game } = context
  if (!lines) return { source: 'model', reason: 'the feed has no price for this game' }
  const limit = maxPriceAge(context)
  if (lines.linesAgeSeconds > limit) {
    return {
      source: 'model',
      reason: `the feed's price is ${Math.round(lines.linesAgeSeconds)} s old (limit ${limit} s)`,
    }
  }
  if (lines.pregame && isLiveStatus(game.status)) {
    return { source: 'model', reason: "the feed's price is the pregame line and the game is under way" }
  }
  return { source: 'feed', reason: null }
}

export function maxPriceAge(context: SuggestionContext): number {
  return context.options?.maxPriceAgeSeconds ?? DEFAULT_SUGGESTION_OPTIONS.maxPriceAgeSeconds
}

export interface ModelPrice {
  /** The model's fair price (pushes aside: win / (win + loss)). */
  fair: number | null
  /** The shortest price at which the side returns MODEL_PRICE_EDGE per dollar under the model. */
  worthIt: number | null
}

/** A side's fair and worth-it prices from the context's distribution (edge = win x (decimal - 1) - loss). */
export function modelPrice(context: SuggestionContext, side: Omit<BetTerms, 'amount'>): ModelPrice {
  const { win, loss } = chancesOf(context, side)
  if (win <= 0) return { fair: null, worthIt: null }
  return {
    fair: fairOdds(win / (win + loss)),
    worthIt: oddsPayingAtLeast(1 + (loss + MODEL_PRICE_EDGE) / win),
  }
}

/**
 * How a suggestion names its price: the feed's 'at -110', or the model's 'worth it at +340 or better, fair
 * +310', so a price no book shows is never read as one to take.
 */
export function priceWords(context: SuggestionContext, side: Omit<BetTerms, 'amount'>): string {
  if (priceCheck(context).source === 'feed') return `at ${formatOdds(side.odds)}`
  const fair = modelPrice(context, side).fair
  return `worth it at ${formatOdds(side.odds)} or better${fair === null ? '' : `, fair ${formatOdds(fair)}`}`
}

/**
 * Confidence never exceeds what the price's age allows: 5 within the age limit, then one less each time
 * the age doubles past it (7,013 s against 600 s allows 1), never below 1.
 */
export function confidenceCap(priceAgeSeconds: number, maxPriceAgeSeconds: number): number {
  if (priceAgeSeconds <= maxPriceAgeSeconds) return 5
  return Math.max(1, 5 - Math.ceil(Math.log2(priceAgeSeconds / maxPriceAgeSeconds)))
}
