import type { BetTerms } from '../bet'
import type { Cents } from '../money'
import { potentialWin } from '../odds'
import { type OutcomeMatrix, toOutcomeMatrix } from '../outcome-grid'
import { lineOf, matchupOf, positionGrid } from './position'
import { expectedProfit, prepared, profitProbabilityWith } from './prepared'
import type { RiskLevel, Suggestion, SuggestionContext, SuggestionType } from './types'

/**
 * What every rule decides (the bet, its amount, the words) and what is computed the same way for all of
 * them: the grid after, the expected value and the chance of profit from the distribution (prepared.ts reads
 * the grid's own settlement, D5), the potential win (D1) and the price's age (D24).
 */
export interface Draft {
  type: SuggestionType
  title: string
  description: string
  /** The suggested bet at the suggested amount. */
  bet: BetTerms
  riskLevel: RiskLevel
  confidence: number
  reasoning: string
  sensibleAmount: Cents
  floorAtSensibleAmount?: Cents | null
  middleRange?: string | null
  correlationTarget?: string | null
}

export function finish(context: SuggestionContext, draft: Draft): Suggestion {
  const line = lineOf(draft.bet, matchupOf(context.game))
  const after = [...context.bets, draft.bet]
  let gridAfter: OutcomeMatrix | null = null
  return {
    id: suggestionId(draft.type, context.game.id, draft.bet.selection),
    type: draft.type,
    title: draft.title,
    description: draft.description,
    selection: draft.bet.selection,
    suggestedOdds: draft.bet.odds,
    bet: draft.bet,
    suggestedAmount: draft.bet.amount,
    potentialProfit: potentialWin(draft.bet.amount, draft.bet.odds),
    riskLevel: draft.riskLevel,
    confidence: clampConfidence(draft.confidence),
    reasoning: draft.reasoning,
    middleRange: draft.middleRange ?? null,
    correlationTarget: draft.correlationTarget ?? null,
    expectedValue: Math.round(expectedProfit(prepared(context), line, draft.bet.amount, draft.bet.odds)),
    profitProbability: profitProbabilityWith(context, {
      line,
      amount: draft.bet.amount,
      odds: draft.bet.odds,
    }),
    // Built on first read: an NBA matrix is 12,000 cells, and suggestions that lose to another rule's on
    // the same selection are dropped before anything reads their grid.
    get gridAfter() {
      gridAfter ??= toOutcomeMatrix(positionGrid(context, after))
      return gridAfter
    },
    linesAge: context.lines?.linesAgeSeconds ?? 0,
    sensibleAmount: draft.sensibleAmount,
    floorAtSensibleAmount: draft.floorAtSensibleAmount ?? null,
  }
}

/**
 * Ids join the type, the game and the selection with hyphens: the spec marks a card 'AI' when its id holds
 * 'ai_', so no other id may contain an underscore.
 */
export function suggestionId(type: SuggestionType, gameId: string, selection: string): string {
  return [type, gameId, selection].map(slug).join('-')
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/\+/g, 'plus')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

export function clampConfidence(value: number): number {
  return Math.min(5, Math.max(1, Math.round(value)))
}

/** 0.4567 -> '45.7%': chances in the words of a suggestion. */
export function percent(p: number): string {
  return `${(p * 100).toFixed(1)}%`
}
