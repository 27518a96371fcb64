import type { BetTerms } from '../bet'
import { isLiveStatus } from '../game-status'
import { fairOdds, formatOdds, oddsPayingAtLeast } from '../odds'
import { chancesOf } from './prepared'
import { DEFAULT_SUGGESTION_OPTIONS, type PriceSource, type SuggestionContext } from './types'

/**
 * Decision 029: a suggestion is priced on a price a book is likely to show, or on none. The feed's price counts when
 * it is within the age limit and, on a live game, was set in play; otherwise (an old price, or the pregame
 * line a live game keeps) each side is priced by the model instead: its fair price, and its break-even price,
 * the shortest price at which taking it costs nothing under the model, which is what the card offers for the
 * bettor to check at their book. The break-even is the fair price rounded in the bettor's favour, so its
 * expected value is never below zero: no rule finds value in a price no book shows.
 */

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
  /** The shortest price at which the side's expected value under the model is not below zero. */
  breakEven: number | null
}

/** A side's fair and break-even prices from the context's distribution (edge = win x (decimal - 1) - loss). */
export function modelPrice(context: SuggestionContext, side: Omit<BetTerms, 'amount'>): ModelPrice {
  const { win, loss } = chancesOf(context, side)
  if (win <= 0) return { fair: null, breakEven: null }
  return { fair: fairOdds(win / (win + loss)), breakEven: oddsPayingAtLeast(1 + loss / win) }
}

/**
 * How a suggestion names its price: the feed's 'at -110', or the model's in decision 029's words, 'at its
 * break-even price, +310 or better (the model's fair price +310)', so a price no book shows is never read
 * as one on offer.
 */
export function priceWords(context: SuggestionContext, side: Omit<BetTerms, 'amount'>): string {
  if (priceCheck(context).source === 'feed') return `at ${formatOdds(side.odds)}`
  return modelPriceWords(side.odds, modelPrice(context, side).fair)
}

/** A model price in decision 029's words: the break-even price to look for, and the fair price. */
export function modelPriceWords(breakEven: number, fair: number | null): string {
  const fairText = fair === null ? '' : ` (the model's fair price ${formatOdds(fair)})`
  return `at its break-even price, ${formatOdds(breakEven)} or better${fairText}`
}

/**
 * Confidence never exceeds what the price's age allows: 5 within the age limit, then one less each time
 * the age doubles past it (7,013 s against 600 s allows 1), never below 1.
 */
export function confidenceCap(priceAgeSeconds: number, maxPriceAgeSeconds: number): number {
  if (priceAgeSeconds <= maxPriceAgeSeconds) return 5
  return Math.max(1, 5 - Math.ceil(Math.log2(priceAgeSeconds / maxPriceAgeSeconds)))
}
