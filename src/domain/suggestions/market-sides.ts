import type { BetTerms } from '../bet'
import { DEFAULT_ODDS, isValidOdds } from '../odds'
import { composeSelection, DRAW } from '../selection'
import { modelPrice, priceCheck } from './pricing'
import type { SuggestionContext, SuggestionGame, SuggestionLines } from './types'

/**
 * The sides a user could bet now, from the current lines: each moneyline with a price, both sides of the
 * spread and of the total. A spread or total side whose price the feed does not carry is priced at the
 * spec's default -110 and marked, so no rule passes an assumed price off as the market's (decision 024). When the
 * feed's price is not one a book still shows (pricing.ts, decision 029), every side is priced at the model's
 * break-even price instead, and a side the model gives no such price is left out.
 */
export type Market = 'moneyline' | 'spread' | 'total'

/** 'feed': the feed's price; 'assumed': the spec's -110 for a side the feed sent no price for; 'model': pricing.ts. */
export type SidePrice = 'feed' | 'assumed' | 'model'

export interface MarketSide {
  market: Market
  /** The bet's terms at this side's price; the amount is filled in by the rule. */
  terms: Omit<BetTerms, 'amount'>
  price: SidePrice
}

export function marketSides(context: SuggestionContext): MarketSide[] {
  const sides = feedSides(context.game, context.lines)
  if (priceCheck(context).source === 'feed') return sides
  return sides.flatMap((side) => {
    const breakEven = modelPrice(context, side.terms).breakEven
    return breakEven === null
      ? []
      : [{ ...side, terms: { ...side.terms, odds: breakEven }, price: 'model' as const }]
  })
}

/** The sides at the feed's own prices, whatever their age: arbitrage flags a lock on a price no book shows. */
export function feedSides(game: SuggestionGame, lines: SuggestionLines | null): MarketSide[] {
  if (!lines) return []
  return [...moneylineSides(game, lines), ...spreadSides(game, lines), ...totalSides(lines)]
}

export function withAmount(side: MarketSide, amount: number): BetTerms {
  return { ...side.terms, amount }
}

function moneylineSides(game: SuggestionGame, lines: SuggestionLines): MarketSide[] {
  const priced: [string, number | null][] = [
    [game.homeTeam, lines.homeMoneyline],
    [game.awayTeam, lines.awayMoneyline],
    [DRAW, lines.drawMoneyline],
  ]
  return priced.flatMap(([team, odds]) =>
    odds != null && isValidOdds(odds)
      ? [
          {
            market: 'moneyline' as const,
            terms: {
              betType: 'moneyline',
              selection: composeSelection({ betType: 'moneyline', team }),
              odds,
            },
            price: 'feed' as const,
          },
        ]
      : [],
  )
}

function spreadSides(game: SuggestionGame, lines: SuggestionLines): MarketSide[] {
  const points = lines.homeSpread
  if (points == null) return []
  const side = (team: string, pts: number, odds: number | null | undefined): MarketSide => ({
    market: 'spread',
    terms: {
      betType: 'spread',
      selection: composeSelection({ betType: 'spread', team, points: pts }),
      spreadTeam: team,
      spreadPoints: pts,
      odds: priceOr(odds),
    },
    price: isKnown(odds) ? 'feed' : 'assumed',
  })
  // The feed's spread is the home team's; the away side gets the same line with the other sign (0 stays 0).
  return [
    side(game.homeTeam, points, lines.homeSpreadOdds),
    side(game.awayTeam, 0 - points, lines.awaySpreadOdds),
  ]
}

function totalSides(lines: SuggestionLines): MarketSide[] {
  const points = lines.total
  if (points == null || points <= 0) return []
  const side = (overUnder: 'over' | 'under', odds: number | null | undefined): MarketSide => ({
    market: 'total',
    terms: {
      betType: 'total',
      selection: composeSelection({ betType: 'total', overUnder, points }),
      totalPoints: points,
      overUnder,
      odds: priceOr(odds),
    },
    price: isKnown(odds) ? 'feed' : 'assumed',
  })
  return [side('over', lines.overOdds), side('under', lines.underOdds)]
}

function isKnown(odds: number | null | undefined): odds is number {
  return odds != null && isValidOdds(odds)
}

function priceOr(odds: number | null | undefined): number {
  return isKnown(odds) ? odds : DEFAULT_ODDS
}
