import { formatDollars, formatSignedDollars } from '../money'
import { formatOdds } from '../odds'
import { arbitrageRule } from './arbitrage'
import { crossCorrelationRule } from './cross-correlation'
import { hedgeRule } from './hedge'
import { insightSuggestion } from './insight'
import { middleRule } from './middle'
import { momentumRule } from './momentum'
import { trendRule } from './trend'
import type { RuleResult, Suggestion, SuggestionContext, SuggestionNote, SuggestionRule } from './types'
import { valueRule } from './value'

export { averageBetOf, defaultAmount, exposureOf, positionExposure } from './amounts'
export { type InsightFacts, insightFacts, insightText } from './insight'
export * from './types'
export { arbitrageRule, crossCorrelationRule, hedgeRule, middleRule, momentumRule, trendRule, valueRule }

/**
 * Every rule, most specific first: when two rules suggest the same selection, the first keeps it (an
 * arbitrage is also the best hedge; a middle is often one too), so the list never shows one bet twice.
 */
export const RULES: readonly SuggestionRule[] = [
  arbitrageRule,
  middleRule,
  hedgeRule,
  valueRule,
  trendRule,
  momentumRule,
  crossCorrelationRule,
]

export interface SuggestionsResult {
  /** Best expected value first; the insight (id with 'ai_') follows the action it recommends. */
  suggestions: Suggestion[]
  notes: SuggestionNote[]
}

export function suggestionsFor(context: SuggestionContext): SuggestionsResult {
  const results: RuleResult[] = RULES.map((rule) => rule(context))
  const offered = results.flatMap((r) => r.suggestions).filter(isOffered)
  const seen = new Set<string>()
  const suggestions: Suggestion[] = []
  for (const s of offered) {
    const key = s.selection ?? s.id
    if (seen.has(key)) continue
    seen.add(key)
    suggestions.push(s)
  }
  const insight = insightSuggestion(context, suggestions)
  const all = insight ? [...suggestions, insight] : suggestions
  // Array.prototype.sort is stable, so the insight stays after the action it shares a value with.
  all.sort((a, b) => b.expectedValue - a.expectedValue)
  return { suggestions: all, notes: [...results.flatMap((r) => r.notes), ...notOffered(results)] }
}

/** Decision 029: a bet expected to lose money at its shown price is no suggestion, unless it is a hedge that says so. */
function isOffered(s: Suggestion): boolean {
  return s.expectedValue >= 0 || s.tradesValueForFloor
}

function notOffered(results: readonly RuleResult[]): SuggestionNote[] {
  return results
    .flatMap((r) => r.suggestions)
    .filter((s) => !isOffered(s))
    .map((s) => ({
      rule: s.type,
      reason: `${s.selection} at ${formatOdds(s.suggestedOdds ?? 0)} is not suggested: its expected value at that price is ${formatSignedDollars(s.expectedValue)} on $${formatDollars(s.suggestedAmount)}.`,
    }))
}
