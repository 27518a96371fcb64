import { formatDollars } from '../money'
import { composeSelection, isCellMarket } from '../selection'
import { type BetLine, marketLine, resultOnLine } from '../settlement'
import { suggestedAmount } from './amounts'
import { finish, percent } from './finish'
import { type MarketSide, marketSides, withAmount } from './market-sides'
import { axisProbability, prepared } from './prepared'
import { priceWords } from './pricing'
import { floorStake } from './stake'
import type { RuleResult, Suggestion, SuggestionContext, SuggestionGame } from './types'
import { direction, holds, lineOf, matchupOf } from './user-grid'

/**
 * Middle: a held spread, total or moneyline and the other side of the current line on the same axis leave
 * a window of final scores where both win (over 44.5 held, under 47.5 now: totals 45 to 47). The window's
 * chance comes from the distribution, so football's key numbers count. The cap is the equalising stake
 * against the whole grid (stake.ts): above it the new bet outweighs the one it middles.
 */
export const MIDDLE_MIN_PROBABILITY = 0.02

interface Window {
  from: number
  to: number
  probability: number
}

/** A line the user holds: a bet on it, or a parlay whose last leg it is (decision 067). */
interface Held {
  /** How the card names it: the bet's selection, or 'parlay’s last leg, Celtics -3.5'. */
  name: string
  line: BetLine
  amount: number
  axisWord: 'total' | 'score'
}

function heldLines(context: SuggestionContext): Held[] {
  const matchup = matchupOf(context.game)
  const axisWord = (line: BetLine): Held['axisWord'] => (line.axis === 'sum' ? 'total' : 'score')
  const bets = context.bets.map((bet): Held => {
    const line = lineOf(bet, matchup)
    return { name: bet.selection, line, amount: bet.amount, axisWord: axisWord(line) }
  })
  const lastLegs = (context.tickets ?? []).flatMap((ticket): Held[] => {
    const [market, ...more] = ticket.markets
    if (!market || more.length > 0 || isCellMarket(market)) return []
    const line = marketLine(market, matchup)
    const name = `parlay’s last leg, ${composeSelection(market)}`
    return [{ name, line, amount: ticket.amount, axisWord: axisWord(line) }]
  })
  return [...bets, ...lastLegs]
}

export function middleRule(context: SuggestionContext): RuleResult {
  const { bets, game } = context
  const matchup = matchupOf(game)
  const best = new Map<string, { held: Held; side: MarketSide; window: Window }>()
  for (const held of heldLines(context)) {
    for (const side of marketSides(context)) {
      if (holds(bets, side.terms.selection)) continue
      const window = bothWin(context, held.line, lineOf(side.terms, matchup))
      if (!window || window.probability < MIDDLE_MIN_PROBABILITY) continue
      const seen = best.get(side.terms.selection)
      if (!seen || window.probability > seen.window.probability)
        best.set(side.terms.selection, { held, side, window })
    }
  }
  const grid = prepared(context).userGrid
  const suggestions: Suggestion[] = []
  for (const { held, side, window } of best.values()) {
    const equalising = floorStake(grid, matchup, side.terms)?.stake ?? null
    const cap = equalising ?? held.amount
    const confidence = confidenceOf(window.probability)
    const bet = withAmount(side, suggestedAmount('middle', bets, confidence, cap))
    const range = rangeText(window, held.line, game)
    suggestions.push(
      finish(context, {
        type: 'middle',
        title: `Middle your ${held.name}`,
        description: `Bet $${formatDollars(bet.amount)} on ${bet.selection} ${priceWords(context, bet)}: both bets win when the final ${held.axisWord} is ${range} (${percent(window.probability)}).`,
        bet,
        riskLevel: 'medium',
        confidence,
        reasoning:
          `Your ${held.name} and ${bet.selection} both win on ${range}; the model gives that window ${percent(window.probability)}. ` +
          `Outside it one bet pays for most of the other. The stake is capped at ${equalising === null ? 'your held stake' : 'the equalising stake'}, $${formatDollars(cap)}.` +
          (side.price === 'assumed' ? ` The feed has no price for ${bet.selection}; -110 is assumed.` : ''),
        sensibleAmount: cap,
        middleRange: range,
      }),
    )
  }
  return { suggestions, notes: [] }
}

/** The axis values where both lines win, when they face each other (one wins above, the other below). */
export function bothWin(context: SuggestionContext, held: BetLine, other: BetLine): Window | null {
  if (held.axis !== other.axis || !facing(held, other)) return null
  let from = Number.POSITIVE_INFINITY
  let to = Number.NEGATIVE_INFINITY
  for (
    let v = Math.ceil(Math.min(held.threshold, other.threshold));
    v <= Math.max(held.threshold, other.threshold);
    v++
  ) {
    if (resultOnLine(held, v) === 'won' && resultOnLine(other, v) === 'won') {
      from = Math.min(from, v)
      to = Math.max(to, v)
    }
  }
  if (from > to) return null
  return { from, to, probability: axisProbability(prepared(context), held.axis, from, to) }
}

function facing(a: BetLine, b: BetLine): boolean {
  const da = direction(a)
  return da !== null && direction(b) !== null && da !== direction(b)
}

function rangeText(window: Window, line: BetLine, game: SuggestionGame): string {
  const span = (a: number, b: number) => (a === b ? `${a}` : `${a}-${b}`)
  if (line.axis === 'sum') return span(window.from, window.to)
  if (window.from > 0) return `${game.homeTeam} by ${span(window.from, window.to)}`
  if (window.to < 0) return `${game.awayTeam} by ${span(-window.to, -window.from)}`
  return `margin ${window.from} to ${window.to} (home - away)`
}

function confidenceOf(p: number): number {
  if (p >= 0.25) return 5
  if (p >= 0.15) return 4
  if (p >= 0.08) return 3
  return p >= 0.04 ? 2 : 1
}
