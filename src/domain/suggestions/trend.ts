import type { BetTerms } from '../bet'
import { formatDollars } from '../money'
import { decimalOdds } from '../odds'
import { averageBetOf, suggestedAmount } from './amounts'
import { finish, percent } from './finish'
import { notStartedReason, scoringText } from './game-age'
import { type MarketSide, marketSides, withAmount } from './market-sides'
import { chancesOf, prepared } from './prepared'
import { priceWords } from './pricing'
import { floorStake } from './stake'
import type { RuleResult, SuggestionContext } from './types'
import { direction, holds, lineOf, matchupOf } from './user-grid'

/**
 * Trend: how far each held bet's chance has moved between the distribution when it was placed and the
 * distribution now, as the score history unfolded. A move of 15 points or more is a trend: against the
 * bet, the other side at the current line protects it (capped at its equalising stake, stake.ts); in its
 * favour, the same side at the current line adds to it, only when the model still finds it worth its price
 * and never above the held stake. A game with fewer than 3 score updates, or without the distribution at
 * the time of the bet, is too young for a trend and the rule says so.
 */
export const TREND_MIN_SHIFT = 0.15
export const TREND_MIN_UPDATES = 3

export function trendRule(context: SuggestionContext): RuleResult {
  const { bets, distributionAtBet, scoreHistory } = context
  if (bets.length === 0) return { suggestions: [], notes: [] }
  const young =
    notStartedReason(context) ??
    (distributionAtBet ? null : 'the chances at the time of your bets are not known') ??
    (scoreHistory.length < TREND_MIN_UPDATES
      ? `not enough data: ${scoreHistory.length} score update${scoreHistory.length === 1 ? '' : 's'} so far, a trend needs ${TREND_MIN_UPDATES}`
      : null)
  if (young || !distributionAtBet)
    return { suggestions: [], notes: [{ rule: 'trend', reason: `No trend yet: ${young}.` }] }
  const moves = bets.map((bet) => ({
    bet,
    before: chancesOf(context, bet, distributionAtBet).win,
    now: chancesOf(context, bet).win,
  }))
  const biggest = moves.reduce((a, b) => (Math.abs(b.now - b.before) > Math.abs(a.now - a.before) ? b : a))
  const shift = biggest.now - biggest.before
  if (Math.abs(shift) < TREND_MIN_SHIFT) return { suggestions: [], notes: [] }
  const pick = shift < 0 ? protect(context, biggest.bet) : addTo(context, biggest.bet)
  if (!pick) return { suggestions: [], notes: [] }
  const confidence =
    Math.abs(shift) >= 0.5 ? 5 : Math.abs(shift) >= 0.35 ? 4 : Math.abs(shift) >= 0.25 ? 3 : 2
  const bet = withAmount(pick.side, suggestedAmount('trend', bets, confidence, pick.cap))
  const moved = `${biggest.bet.selection} has gone from ${percent(biggest.before)} to ${percent(biggest.now)} since you bet`
  return {
    suggestions: [
      finish(context, {
        type: 'trend',
        title:
          shift < 0
            ? `Trend against your ${biggest.bet.selection}`
            : `Trend with your ${biggest.bet.selection}`,
        description: `${moved}. ${shift < 0 ? 'Protect it' : 'Add to it'} with $${formatDollars(bet.amount)} on ${bet.selection} ${priceWords(context, bet)}.`,
        bet,
        riskLevel: 'medium',
        confidence,
        reasoning: `${scoringText(context.scoreHistory)} The model's chance for ${moved}. The stake is capped at $${formatDollars(pick.cap)}.`,
        sensibleAmount: pick.cap,
        tradesValueForFloor: shift < 0,
      }),
    ],
    notes: [],
  }
}

/** The other side of the held bet's market at the current line, at the stake that lifts the floor most. */
function protect(context: SuggestionContext, held: BetTerms): { side: MarketSide; cap: number } | null {
  const matchup = matchupOf(context.game)
  const heldWay = direction(lineOf(held, matchup))
  const grid = prepared(context).userGrid
  let best: { side: MarketSide; cap: number; floor: number } | null = null
  for (const side of sameMarket(context, held)) {
    if (direction(lineOf(side.terms, matchup)) === heldWay) continue
    const hedge = floorStake(grid, matchup, side.terms)
    if (hedge && (!best || hedge.floor > best.floor)) best = { side, cap: hedge.stake, floor: hedge.floor }
  }
  return best
}

/** The held bet's side at the current line, when the model still expects it to pay more than it costs. */
function addTo(context: SuggestionContext, held: BetTerms): { side: MarketSide; cap: number } | null {
  const matchup = matchupOf(context.game)
  const heldLine = lineOf(held, matchup)
  // On the margin, 'up' is the home side and 'down' the away side, so the same way is the same team.
  const side = sameMarket(context, held).find(
    (s) => direction(lineOf(s.terms, matchup)) === direction(heldLine),
  )
  if (!side) return null
  const chances = chancesOf(context, side.terms)
  const edge = chances.win * (decimalOdds(side.terms.odds) - 1) - chances.loss
  return edge > 0 ? { side, cap: Math.min(held.amount, averageBetOf(context.bets) * 2) } : null
}

function sameMarket(context: SuggestionContext, held: BetTerms): MarketSide[] {
  return marketSides(context).filter(
    (side) => side.market === held.betType && !holds(context.bets, side.terms.selection),
  )
}
