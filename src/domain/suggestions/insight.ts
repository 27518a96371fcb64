import { formatSignedDollars } from '../money'
import { formatOdds } from '../odds'
import { toGridOutcomes } from '../outcome-grid'
import { forEachCell } from '../probability/distribution'
import { percent } from './finish'
import { prepared, profitProbabilityWith } from './prepared'
import { confidenceCap, maxPriceAge, priceCheck, priceWords } from './pricing'
import type { Suggestion, SuggestionContext } from './types'

/**
 * The insight (the spec's 'AI' card: its id holds 'ai_'): the grid in plain words, written by rules
 * from facts the engine computed (decision 024: the AI never invents a number). The facts are exported so that a
 * language model may rewrite the text from them, with this text as the fallback. Best and worst final
 * scores are read among scores with at least a 0.1% chance, so a freak score does not headline.
 */
export const INSIGHT_MIN_CELL = 0.001

export interface FinalScoreFact {
  homeScore: number
  awayScore: number
  /** Cents. */
  profit: number
  probability: number
}

export interface InsightFacts {
  best: FinalScoreFact
  worst: FinalScoreFact
  profitProbability: number
  /** Cents. */
  expectedProfit: number
  /** The suggestion that raises the chance of profit most, and that chance after it; null when none does. */
  action: { suggestion: Suggestion; profitProbability: number } | null
}

export function insightFacts(context: SuggestionContext, others: readonly Suggestion[]): InsightFacts | null {
  const { bets, distribution: dist } = context
  if (bets.length === 0) return null
  const grid = prepared(context).distGrid
  const width = dist.away.max - dist.away.min + 1
  let best: FinalScoreFact | null = null
  let worst: FinalScoreFact | null = null
  let expectedProfit = 0
  forEachCell(dist, (homeScore, awayScore, probability) => {
    const profit = grid.profit[(homeScore - dist.home.min) * width + awayScore - dist.away.min] ?? 0
    expectedProfit += probability * profit
    if (probability < INSIGHT_MIN_CELL) return
    const fact = { homeScore, awayScore, profit, probability }
    if (!best || profit > best.profit || (profit === best.profit && probability > best.probability))
      best = fact
    if (!worst || profit < worst.profit || (profit === worst.profit && probability > worst.probability))
      worst = fact
  })
  if (!best || !worst) return null
  const now = { profitProbability: profitProbabilityWith(context, null), expectedProfit }
  const action = others.reduce<InsightFacts['action']>(
    (top, s) =>
      s.profitProbability > (top?.profitProbability ?? now.profitProbability)
        ? { suggestion: s, profitProbability: s.profitProbability }
        : top,
    null,
  )
  return {
    best,
    worst,
    profitProbability: now.profitProbability,
    expectedProfit: Math.round(now.expectedProfit),
    action,
  }
}

export function insightText(facts: InsightFacts, context: SuggestionContext): string {
  const { homeTeam, awayTeam } = context.game
  const score = (f: FinalScoreFact) =>
    `${awayTeam} ${f.awayScore} at ${homeTeam} ${f.homeScore} (${formatSignedDollars(f.profit)}, ${percent(f.probability)} likely)`
  const action = facts.action
    ? `The move that changes it most: ${facts.action.suggestion.selection} ${moveWords(facts.action.suggestion, context)} (${facts.action.suggestion.type}) takes your chance of profit to ${percent(facts.action.profitProbability)}.`
    : 'No suggestion raises your chance of profit.'
  return [
    `Your best likely final: ${score(facts.best)}.`,
    `Your worst: ${score(facts.worst)}.`,
    `Chance of profit ${percent(facts.profitProbability)}, expected ${formatSignedDollars(facts.expectedProfit)}.`,
    action,
  ].join(' ')
}

/** The action's price as its own card names it: the feed's, or the model's break-even and fair prices (decision 029). */
function moveWords(move: Suggestion, context: SuggestionContext): string {
  return move.bet ? priceWords(context, move.bet) : `at ${formatOdds(move.suggestedOdds ?? 0)}`
}

export function insightSuggestion(
  context: SuggestionContext,
  others: readonly Suggestion[],
): Suggestion | null {
  const facts = insightFacts(context, others)
  if (!facts) return null
  const text = insightText(facts, context)
  const id = `ai_insight-${context.game.id.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`
  const base = {
    id,
    type: 'insight' as const,
    title: `Your position: ${percent(facts.profitProbability)} chance of profit`,
    description: text,
    reasoning: text,
    middleRange: null,
    correlationTarget: null,
    linesAge: context.lines?.linesAgeSeconds ?? 0,
  }
  const action = facts.action?.suggestion
  // With an action the card carries its bet, amount and grid after; the words are the insight's own. The
  // properties are copied as they are, so the action's grid is still built only when read.
  if (action) {
    return Object.defineProperties(
      {},
      { ...Object.getOwnPropertyDescriptors(action), ...Object.getOwnPropertyDescriptors(base) },
    ) as Suggestion
  }
  return {
    ...base,
    bet: null,
    selection: null,
    suggestedOdds: null,
    priceSource: priceCheck(context).source,
    fairOdds: null,
    tradesValueForFloor: false,
    suggestedAmount: 0,
    potentialProfit: 0,
    riskLevel: 'low',
    confidence: Math.min(3, confidenceCap(base.linesAge, maxPriceAge(context))),
    expectedValue: 0,
    profitProbability: facts.profitProbability,
    get gridAfter() {
      return toGridOutcomes(prepared(context).userGrid)
    },
    sensibleAmount: 0,
    floorAtSensibleAmount: null,
  }
}
