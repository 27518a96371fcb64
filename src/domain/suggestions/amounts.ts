import type { BetTerms } from '../bet'
import { type Cents, divRound } from '../money'
import type { SuggestionContext, SuggestionType } from './types'

/**
 * The spec's default suggested amounts (section 9): the average bet size is the exposure divided by the
 * number of bets, else $50 (exposure $100 by default); hedge 30% of the exposure, value average x
 * confidence / 3, middle 0.8 x average, cross-correlation 0.6 x average, trend and momentum average x
 * confidence / 4, anything else the average. Rounded to whole dollars, then capped at what the rule
 * computed as sensible (decision 024: never over-hedge).
 */
export const DEFAULT_AVERAGE_BET: Cents = 5_000
export const DEFAULT_EXPOSURE: Cents = 10_000

export function exposureOf(bets: readonly BetTerms[]): Cents {
  return bets.length === 0 ? DEFAULT_EXPOSURE : bets.reduce((sum, bet) => sum + bet.amount, 0)
}

/** What the user has at stake on the game: the bets' stakes and the tickets' riding on it (decision 067). */
export function positionExposure(context: Pick<SuggestionContext, 'bets' | 'tickets'>): Cents {
  const tickets = context.tickets ?? []
  if (tickets.length === 0) return exposureOf(context.bets)
  const held = context.bets.length === 0 ? 0 : exposureOf(context.bets)
  return tickets.reduce((sum, ticket) => sum + ticket.amount, held)
}

export function averageBetOf(bets: readonly BetTerms[]): Cents {
  return bets.length === 0 ? DEFAULT_AVERAGE_BET : divRound(exposureOf(bets), bets.length)
}

export function defaultAmount(type: SuggestionType, bets: readonly BetTerms[], confidence: number): Cents {
  const average = averageBetOf(bets)
  switch (type) {
    case 'hedge':
      return wholeDollars(divRound(exposureOf(bets) * 3, 10))
    case 'value':
      return wholeDollars(divRound(average * confidence, 3))
    case 'middle':
      return wholeDollars(divRound(average * 4, 5))
    case 'cross-correlation':
      return wholeDollars(divRound(average * 3, 5))
    case 'trend':
    case 'momentum':
      return wholeDollars(divRound(average * confidence, 4))
    default:
      return wholeDollars(average)
  }
}

/** The default, never above the sensible cap; a cap under a dollar is staked as it is. */
export function suggestedAmount(
  type: SuggestionType,
  bets: readonly BetTerms[],
  confidence: number,
  cap: Cents,
): Cents {
  return Math.min(Math.max(defaultAmount(type, bets, confidence), 100), cap)
}

export function wholeDollars(cents: Cents): Cents {
  return divRound(cents, 100) * 100
}
