import { type BetTerms, RESULTS, type Result, resultShares } from '../bet'
import { formatDollars } from '../money'
import { decimalOdds } from '../odds'
import type { ScoreDistribution } from '../probability/distribution'
import type { BetLine } from '../settlement'
import { suggestedAmount } from './amounts'
import { finish, percent } from './finish'
import { type MarketSide, marketSides, withAmount } from './market-sides'
import { axisPmfs, cellAxis, RESULT_CODE, resultsOnAxis } from './prepared'
import { priceWords } from './pricing'
import type { RuleResult, Suggestion, SuggestionContext, SuggestionNote } from './types'
import { holds, lineOf, matchupOf } from './user-grid'

/**
 * Cross-correlation: a spread or moneyline and a total settle on different axes (margin and sum), yet they
 * can move together: a favourite running up the score also pushes the total up. The correlation is the
 * Pearson correlation of the two bets' returns per dollar over the distribution, never a rule of thumb.
 * A side on the other axis that moves with a held bet (rho >= 0.1) is suggested with the held bet as its
 * `correlationTarget`; it adds to the same risk, so it is high risk and never staked above the held bet.
 * Two held bets that move together are noted.
 */
export const MIN_CORRELATION = 0.1

export interface Correlation {
  rho: number
  /** P(the other side wins | the held bet wins). */
  bothGivenFirst: number
  /** P(the other side wins). */
  second: number
}

export function crossCorrelationRule(context: SuggestionContext): RuleResult {
  const { bets, game } = context
  const matchup = matchupOf(game)
  const suggestions: Suggestion[] = []
  const notes: SuggestionNote[] = []
  const sides = marketSides(context)
  bets.forEach((held, i) => {
    const heldLine = lineOf(held, matchup)
    for (const other of bets.slice(i + 1)) {
      const otherLine = lineOf(other, matchup)
      if (otherLine.axis === heldLine.axis) continue
      const c = correlation(context.distribution, heldLine, held.odds, otherLine, other.odds)
      if (Math.abs(c.rho) >= MIN_CORRELATION)
        notes.push({ rule: 'cross-correlation', reason: pairNote(held, other, c.rho) })
    }
    const best = bestPartner(context, held, heldLine, sides)
    if (!best) return
    const confidence = best.c.rho * 10
    const bet = withAmount(best.side, suggestedAmount('cross-correlation', bets, confidence, held.amount))
    suggestions.push(
      finish(context, {
        type: 'cross-correlation',
        title: `${bet.selection} moves with your ${held.selection}`,
        description: `When ${held.selection} wins, ${bet.selection} wins ${percent(best.c.bothGivenFirst)} of the time, against ${percent(best.c.second)} overall (correlation ${best.c.rho.toFixed(2)}).`,
        bet,
        riskLevel: 'high',
        confidence,
        reasoning:
          `Both depend on how the game goes: the model's final scores tie them with a correlation of ${best.c.rho.toFixed(2)}. ` +
          `Adding ${bet.selection} ${priceWords(context, bet)} doubles down on the same outcome, so the stake is capped at your ${held.selection} bet, $${formatDollars(held.amount)}.` +
          (best.side.price === 'assumed'
            ? ` The feed has no price for ${bet.selection}; -110 is assumed.`
            : ''),
        sensibleAmount: held.amount,
        correlationTarget: held.selection,
      }),
    )
  })
  return { suggestions, notes }
}

function bestPartner(
  context: SuggestionContext,
  held: BetTerms,
  heldLine: BetLine,
  sides: readonly MarketSide[],
): { side: MarketSide; c: Correlation } | null {
  const matchup = matchupOf(context.game)
  let best: { side: MarketSide; c: Correlation } | null = null
  for (const side of sides) {
    const line = lineOf(side.terms, matchup)
    if (line.axis === heldLine.axis || holds(context.bets, side.terms.selection)) continue
    const c = correlation(context.distribution, heldLine, held.odds, line, side.terms.odds)
    if (c.rho >= MIN_CORRELATION && (!best || c.rho > best.c.rho)) best = { side, c }
  }
  return best
}

/**
 * Pearson correlation of two bets' returns per dollar (returnPerDollar), from the table of their joint
 * results (RESULT_CODE by RESULT_CODE) over the distribution's cells.
 */
export function correlation(
  dist: ScoreDistribution,
  a: BetLine,
  oddsA: number,
  b: BetLine,
  oddsB: number,
): Correlation {
  const pmfs = axisPmfs(dist)
  const [resultsA, resultsB] = [resultsOnAxis(pmfs, a), resultsOnAxis(pmfs, b)]
  const [axisA, axisB] = [cellAxis(pmfs, a), cellAxis(pmfs, b)]
  const n = RESULTS.length
  const joint = new Float64Array(n * n)
  for (let k = 0; k < pmfs.cells.p.length; k++) {
    const cell = (resultsA[axisA[k] ?? 0] ?? 0) * n + (resultsB[axisB[k] ?? 0] ?? 0)
    joint[cell] = (joint[cell] ?? 0) + (pmfs.cells.p[k] ?? 0)
  }
  const x = RESULTS.map((result) => returnPerDollar(result, oddsA))
  const y = RESULTS.map((result) => returnPerDollar(result, oddsB))
  let ex = 0
  let ey = 0
  let exy = 0
  let exx = 0
  let eyy = 0
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const p = joint[i * n + j] ?? 0
      const xi = x[i] ?? 0
      const yj = y[j] ?? 0
      ex += p * xi
      ey += p * yj
      exy += p * xi * yj
      exx += p * xi * xi
      eyy += p * yj * yj
    }
  }
  // The chances that A wins (its row of the won code) and that B wins (its column).
  const won = RESULT_CODE.won
  let pA = 0
  let pB = 0
  for (let k = 0; k < n; k++) {
    pA += joint[won * n + k] ?? 0
    pB += joint[k * n + won] ?? 0
  }
  const denominator = Math.sqrt((exx - ex * ex) * (eyy - ey * ey))
  return {
    rho: denominator > 0 ? (exy - ex * ey) / denominator : 0,
    bothGivenFirst: pA > 0 ? (joint[won * n + won] ?? 0) / pA : 0,
    second: pB,
  }
}

function pairNote(a: BetTerms, b: BetTerms, rho: number): string {
  return rho > 0
    ? `Your ${a.selection} and ${b.selection} move together (correlation ${rho.toFixed(2)}): they tend to win and lose at once.`
    : `Your ${a.selection} and ${b.selection} offset each other (correlation ${rho.toFixed(2)}): one tends to win when the other loses.`
}

/** What a dollar returns on a result (won: the odds' win, lost: -1, push: 0, a half result half of one). */
function returnPerDollar(result: Result, odds: number): number {
  const shares = resultShares(result)
  return shares.won * (decimalOdds(odds) - 1) - shares.lost
}
