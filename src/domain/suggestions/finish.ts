import type { BetTerms } from '../bet'
import { type Cents, formatDollars } from '../money'
import { formatOdds, potentialWin } from '../odds'
import { type GridOutcomes, toGridOutcomes } from '../outcome-grid'
import { expectedProfit, prepared, profitProbabilityWith } from './prepared'
import { confidenceCap, maxPriceAge, modelPrice, priceCheck } from './pricing'
import type { RiskLevel, Suggestion, SuggestionContext, SuggestionType } from './types'
import { lineOf, matchupOf, userGrid } from './user-grid'

/**
 * What every rule decides (the bet, its amount, the words) and what is computed the same way for all of
 * them: the grid after, the expected value and the chance of profit from the distribution (prepared.ts reads
 * the grid's own settlement, decision 005), the potential win (decision 001), the price's age and source (decisions 024 and 029), the
 * model's fair price, and the confidence the price's age allows.
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
  /** A hedge: offered even at a negative expected value, which its description then states (decision 029). */
  tradesValueForFloor?: boolean
}

export function finish(context: SuggestionContext, draft: Draft): Suggestion {
  const line = lineOf(draft.bet, matchupOf(context.game))
  const after = [...context.bets, draft.bet]
  let gridAfter: GridOutcomes | null = null
  const check = priceCheck(context)
  const fair = modelPrice(context, draft.bet).fair
  const expectedValue = Math.round(expectedProfit(prepared(context), line, draft.bet.amount, draft.bet.odds))
  const tradesValue = draft.tradesValueForFloor === true
  const linesAge = context.lines?.linesAgeSeconds ?? 0
  return {
    id: suggestionId(draft.type, context.game.id, draft.bet.selection),
    type: draft.type,
    title: draft.title,
    description:
      tradesValue && expectedValue < 0
        ? `${draft.description} This hedge trades $${formatDollars(-expectedValue)} of expected value for a higher floor.`
        : draft.description,
    selection: draft.bet.selection,
    suggestedOdds: draft.bet.odds,
    priceSource: check.source,
    fairOdds: fair,
    bet: draft.bet,
    suggestedAmount: draft.bet.amount,
    potentialProfit: potentialWin(draft.bet.amount, draft.bet.odds),
    riskLevel: draft.riskLevel,
    confidence: Math.min(clampConfidence(draft.confidence), confidenceCap(linesAge, maxPriceAge(context))),
    reasoning:
      check.reason === null
        ? draft.reasoning
        : `${draft.reasoning} ${modelPriceText(check.reason, draft.bet.odds, fair)}`,
    middleRange: draft.middleRange ?? null,
    correlationTarget: draft.correlationTarget ?? null,
    expectedValue,
    profitProbability: profitProbabilityWith(context, {
      line,
      amount: draft.bet.amount,
      odds: draft.bet.odds,
    }),
    // Built on first read: an NBA grid is 12,000 cells, and suggestions that lose to another rule's on
    // the same selection are dropped before anything reads their grid.
    get gridAfter() {
      gridAfter ??= toGridOutcomes(userGrid(context, after))
      return gridAfter
    },
    linesAge,
    tradesValueForFloor: tradesValue,
    sensibleAmount: draft.sensibleAmount,
    floorAtSensibleAmount: draft.floorAtSensibleAmount ?? null,
  }
}

/** Why the card shows the model's price, and what it means for the bettor (decision 029). */
function modelPriceText(reason: string, breakEven: number, fair: number | null): string {
  const fairText = fair === null ? '' : `The model's fair price is ${formatOdds(fair)}; `
  return (
    `No book price to use: ${reason}. ${fairText}the bet's break-even price is ${formatOdds(breakEven)}: ` +
    'take it only at that price or better. Check the price at your book.'
  )
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
