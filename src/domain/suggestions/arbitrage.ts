import { formatDollars, formatSignedDollars } from '../money'
import { formatOdds } from '../odds'
import { averageBetOf, exposureOf, wholeDollars } from './amounts'
import { finish } from './finish'
import { feedSides, withAmount } from './market-sides'
import { staleReason } from './phantom'
import { prepared } from './prepared'
import { maxPriceAge, priceCheck } from './pricing'
import { floorStake } from './stake'
import type { RuleResult, Suggestion, SuggestionContext, SuggestionNote } from './types'
import { holds, isOppositeSide, lineOf, matchupOf } from './user-grid'

/**
 * Arbitrage: a held bet and the current price of the other side of the same line together lock a profit in
 * every final score. Only known prices count. Decision 024's phantom filter applies as written: a price older than
 * `maxPriceAgeSeconds`, or a lock above 10% of the money staked, is flagged as probably stale, not
 * suggested; so is the pregame line of a live game (decision 029), which no book offers once play has begun. The
 * amount is the spec's default (the average bet) moved into the stakes that lock a profit (from the
 * smallest that does to the equalising stake, stake.ts), since any other amount is no arbitrage.
 */
export function arbitrageRule(context: SuggestionContext): RuleResult {
  const { bets, game } = context
  const matchup = matchupOf(game)
  const grid = prepared(context).userGrid
  const suggestions: Suggestion[] = []
  const notes: SuggestionNote[] = []
  const check = priceCheck(context)
  for (const side of feedSides(game, context.lines)) {
    if (side.price !== 'feed' || holds(bets, side.terms.selection)) continue
    const sideLine = lineOf(side.terms, matchup)
    const held = bets.find((bet) => isOppositeSide(lineOf(bet, matchup), sideLine))
    const lock = held ? floorStake(grid, matchup, side.terms) : null
    if (!held || !lock || lock.floor <= 0 || lock.lockFrom === null) continue
    const stale =
      staleReason(
        {
          locked: lock.floor,
          staked: exposureOf(bets) + lock.stake,
          priceAgeSeconds: context.lines?.linesAgeSeconds ?? 0,
          maxPriceAgeSeconds: maxPriceAge(context),
        },
        false,
      ) ?? (check.reason === null ? null : `${check.reason}: no book offers that price now`)
    if (stale) {
      notes.push({
        rule: 'arbitrage',
        reason: `${held.selection} with ${side.terms.selection} at ${formatOdds(side.terms.odds)}: ${stale}.`,
      })
      continue
    }
    const amount = Math.min(Math.max(wholeDollars(averageBetOf(bets)), lock.lockFrom), lock.stake)
    const bet = withAmount(side, amount)
    suggestions.push(
      finish(context, {
        type: 'arbitrage',
        title: `Arbitrage: ${held.selection} against ${bet.selection}`,
        description:
          `Your ${held.selection} at ${formatOdds(held.odds)} and ${bet.selection} at ${formatOdds(bet.odds)} now lock a profit. ` +
          `$${formatDollars(lock.stake)} on ${bet.selection} leaves ${formatSignedDollars(lock.floor)} whatever the final score.`,
        bet,
        riskLevel: 'low',
        confidence: 5,
        reasoning:
          `Any stake from $${formatDollars(lock.lockFrom)} to $${formatDollars(lock.stake)} on ${bet.selection} makes every final score a profit; ` +
          `the equalising $${formatDollars(lock.stake)} makes the worst one the best it can be. The price is ${Math.round(context.lines?.linesAgeSeconds ?? 0)} s old: place it before it moves.`,
        sensibleAmount: lock.stake,
        floorAtSensibleAmount: lock.floor,
        tradesValueForFloor: true,
      }),
    )
  }
  return { suggestions, notes }
}
