import type { LeagueCode } from '../leagues'
import { formatDollars } from '../money'
import { decimalOdds, formatOdds } from '../odds'
import { devigThreeWay, devigTwoWay } from '../probability/devig'
import { averageBetOf, suggestedAmount } from './amounts'
import { finish, percent } from './finish'
import { type MarketSide, marketSides, withAmount } from './market-sides'
import { chancesOf } from './prepared'
import { priceCheck } from './pricing'
import type { RuleResult, Suggestion, SuggestionContext, SuggestionNote } from './types'

/**
 * Value: a side whose model chance beats the market's fair chance (its price with the vig taken out by
 * Shin, devig.ts) by enough that a dollar on it is expected to return at least 3 cents more than it costs.
 * The edge is that expected return per dollar, in percent. Confidence grows with the edge and drops one
 * step where the model's calibration is weakest (docs/probability.md: the NFL's gap to the market is 0.030,
 * above the others; the college parameters are assumptions). An edge above 20% is read as a stale price.
 * Only known prices count: an assumed -110 has no market behind it to beat.
 */
export const VALUE_MIN_EDGE = 0.03
export const VALUE_STALE_EDGE = 0.2
export const LESS_CALIBRATED: readonly LeagueCode[] = ['NFL', 'NCAAF', 'NCAAB']

export function valueRule(context: SuggestionContext): RuleResult {
  const check = priceCheck(context)
  // Value is the model against a book's price: with none to beat (decision 029) there is nothing to measure.
  if (check.reason !== null && context.lines !== null) {
    return { suggestions: [], notes: [{ rule: 'value', reason: `No value read: ${check.reason}.` }] }
  }
  const suggestions: Suggestion[] = []
  const notes: SuggestionNote[] = []
  for (const market of pricedMarkets(marketSides(context))) {
    const fair = devig(market)
    market.forEach((side, i) => {
      const chances = chancesOf(context, side.terms)
      const edge = chances.win * (decimalOdds(side.terms.odds) - 1) - chances.loss
      if (edge < VALUE_MIN_EDGE) return
      if (edge > VALUE_STALE_EDGE) {
        notes.push({
          rule: 'value',
          reason: `${side.terms.selection} at ${formatOdds(side.terms.odds)} shows a ${pct(edge)} edge: too large to be real, probably a stale price.`,
        })
        return
      }
      const confidence = confidenceOf(edge, context.game.league)
      const cap = averageBetOf(context.bets) * 2
      const bet = withAmount(side, suggestedAmount('value', context.bets, confidence, cap))
      const model = chances.win / (chances.win + chances.loss)
      suggestions.push(
        finish(context, {
          type: 'value',
          title: `Value on ${bet.selection}`,
          description: `The model gives ${bet.selection} ${percent(model)} against the market's fair ${percent(fair[i] ?? 0)}: a ${pct(edge)} edge at ${formatOdds(bet.odds)}.`,
          bet,
          riskLevel: 'medium',
          confidence,
          reasoning:
            `The price ${formatOdds(bet.odds)} without its vig says ${percent(fair[i] ?? 0)}; the score model says ${percent(model)} (pushes aside). ` +
            `Each dollar staked is expected to return ${pct(edge)} more than it costs. The amount is capped at twice your average bet, $${formatDollars(cap)}.`,
          sensibleAmount: cap,
        }),
      )
    })
  }
  return { suggestions, notes }
}

/** The markets whose every side has a known price: a moneyline (two- or three-way), a spread, a total. */
function pricedMarkets(sides: readonly MarketSide[]): MarketSide[][] {
  const groups = new Map<string, MarketSide[]>()
  for (const side of sides) groups.set(side.market, [...(groups.get(side.market) ?? []), side])
  return [...groups.values()].filter(
    (group) => group.length >= 2 && group.every((side) => side.price === 'feed'),
  )
}

/** Shin treats every side alike, so the fair chances come back in the sides' own order. */
function devig(market: readonly MarketSide[]): number[] {
  const [a = 0, b = 0, c] = market.map((side) => side.terms.odds)
  return c === undefined ? devigTwoWay([a, b]).probabilities : devigThreeWay([a, b, c]).probabilities
}

function confidenceOf(edge: number, league: string): number {
  const base = edge < 0.05 ? 2 : edge < 0.08 ? 3 : edge < 0.12 ? 4 : 5
  return LESS_CALIBRATED.includes(league as LeagueCode) ? base - 1 : base
}

function pct(edge: number): string {
  return `${(edge * 100).toFixed(1)}%`
}
