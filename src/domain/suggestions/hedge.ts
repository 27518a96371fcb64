import { isLiveStatus } from '../game-status'
import { formatDollars, formatSignedDollars } from '../money'
import type { GridTicket } from '../ticket-grid'
import { positionExposure, suggestedAmount } from './amounts'
import { finish } from './finish'
import { type MarketSide, marketSides, withAmount } from './market-sides'
import { staleReason } from './phantom'
import { prepared } from './prepared'
import { maxPriceAge, priceWords } from './pricing'
import { type FloorStake, floorStake } from './stake'
import type { RuleResult, SuggestionContext } from './types'
import { floorOf, holds, matchupOf, userGrid } from './user-grid'

/**
 * Hedge: the side, at its current price, whose equalising stake lifts the grid's worst final score the
 * most (stake.ts). The spec's default amount is 30% of the exposure; the equalising stake is the cap and is
 * shown beside it, with the outcome it locks (decision 024: never over-hedge). Before the start a hedge only
 * locks the book's margin as a loss, so a pregame hedge is suggested only when it locks a profit.
 */
export const HEDGE_MIN_GAIN_SHARE = 0.05

export function hedgeRule(context: SuggestionContext): RuleResult {
  const { bets, game } = context
  const tickets = context.tickets ?? []
  if (bets.length === 0 && tickets.length === 0) return { suggestions: [], notes: [] }
  const best = bestHedge(context)
  if (!best) return { suggestions: [], notes: [] }
  const { side, hedge } = best
  const live = isLiveStatus(game.status)
  const exposure = positionExposure(context)
  if (!live && hedge.floor < 0) return { suggestions: [], notes: [] }
  // Decision 067: a ticket's last leg locks what its won legs earned, no sign of a stale price. Otherwise a
  // lock at the model's break-even price is no feed price gone stale: the card says to check the book.
  const lastLeg = tickets.length > 0
  if (hedge.floor > 0 && side.price !== 'model' && !lastLeg) {
    const stale = staleReason(lockCheck(context, hedge, exposure), live)
    if (stale)
      return {
        suggestions: [],
        notes: [{ rule: 'hedge', reason: `${side.terms.selection}: ${stale}` }],
      }
  }
  const confidence = (hedge.floor >= 0 ? 5 : 3) - (side.price === 'assumed' ? 1 : 0)
  // Decision 067: a parlay riding on its last leg is hedged at the stake that locks it, never more.
  const amount = lastLeg ? hedge.stake : suggestedAmount('hedge', bets, confidence, hedge.stake)
  const bet = withAmount(side, amount)
  const after = floorOf(userGrid(context, [...bets, bet]))
  const locks = hedge.floor >= 0
  const what = lastLeg ? lastLegWords(tickets) : null
  return {
    suggestions: [
      finish(context, {
        type: 'hedge',
        title: locks
          ? `Hedge ${what ? `${what} ` : ''}to lock ${formatSignedDollars(hedge.floor)}`
          : `Hedge to cap your loss at $${formatDollars(-hedge.floor)}`,
        description:
          `Bet $${formatDollars(amount)} on ${bet.selection} ${priceWords(context, bet)}. ` +
          `The equalising stake is $${formatDollars(hedge.stake)}: it leaves ${formatSignedDollars(hedge.floor)} ` +
          `at worst whatever the final score.`,
        bet,
        riskLevel: 'low',
        confidence,
        reasoning: [
          `Your worst final score now costs ${formatSignedDollars(hedge.floorBefore)}.`,
          `With $${formatDollars(amount)} on ${bet.selection} it becomes ${formatSignedDollars(after)}.`,
          `At the equalising stake of $${formatDollars(hedge.stake)} every final score is at least ${formatSignedDollars(hedge.floor)}; more than that over-hedges.`,
          side.price === 'assumed' ? `The feed has no price for ${bet.selection}; -110 is assumed.` : '',
        ]
          .filter(Boolean)
          .join(' '),
        sensibleAmount: hedge.stake,
        floorAtSensibleAmount: hedge.floor,
        tradesValueForFloor: true,
      }),
    ],
    notes: [],
  }
}

function bestHedge(context: SuggestionContext): { side: MarketSide; hedge: FloorStake } | null {
  const { bets, game } = context
  const grid = prepared(context).userGrid
  const matchup = matchupOf(game)
  const minGain = positionExposure(context) * HEDGE_MIN_GAIN_SHARE
  let best: { side: MarketSide; hedge: FloorStake } | null = null
  for (const side of marketSides(context)) {
    if (holds(bets, side.terms.selection)) continue
    const hedge = floorStake(grid, matchup, side.terms)
    if (!hedge || hedge.floor - hedge.floorBefore < minGain) continue
    if (!best || hedge.floor > best.hedge.floor) best = { side, hedge }
  }
  return best
}

/** What the hedge locks: a parlay's last leg, or a ticket with several legs left on this game. */
function lastLegWords(tickets: readonly GridTicket[]): string {
  const one = tickets.length === 1
  if (tickets.every((ticket) => ticket.markets.length === 1)) {
    return one ? 'your parlay’s last leg' : 'your parlays’ last legs'
  }
  return one ? 'your ticket' : 'your tickets'
}

function lockCheck(context: SuggestionContext, hedge: FloorStake, exposure: number) {
  return {
    locked: hedge.floor,
    staked: exposure + hedge.stake,
    priceAgeSeconds: context.lines?.linesAgeSeconds ?? 0,
    maxPriceAgeSeconds: maxPriceAge(context),
  }
}
