import type { BetTerms } from '../../domain/bet'
import { centsToDollars } from '../../domain/money'
import { buildGrid, type ScoreRange, scoreRanges, toGridOutcomes } from '../../domain/outcome-grid'
import { mostLikely } from '../../domain/probability/distribution'
import { positionExposure } from '../../domain/suggestions/index'
import type { Suggestion, SuggestionContext, SuggestionNote } from '../../domain/suggestions/types'
import { matchupOf } from '../../domain/suggestions/user-grid'
import { wireProbability } from '../probability/probability-view'

/** The mini grid's reach around the likeliest final score: 7 x 7 cells. */
const PREVIEW_REACH = 3

export interface PreviewWindow {
  home: ScoreRange
  away: ScoreRange
}

/** GET /api/suggestions/game/{id}: the engine's answer at the edge, in dollars (docs/spec/product-spec.md §7). */
export function gameSuggestionsView(
  gameId: number,
  context: SuggestionContext,
  result: { suggestions: readonly Suggestion[]; notes: readonly SuggestionNote[] },
  now: Date,
) {
  const window = previewWindow(context)
  // The user's grid and each suggestion's, on the window only (the domain grid's one rule, decision 005).
  const grid = (bets: readonly BetTerms[]) =>
    toGridOutcomes(buildGrid({ matchup: matchupOf(context.game), bets, tickets: context.tickets, ...window }))
      .outcomes
  const before = grid(context.bets)
  const held = context.bets.length + (context.tickets?.length ?? 0)
  return {
    gameId,
    suggestions: result.suggestions.map((s) =>
      suggestionView(s, gameId, window, before, s.bet ? grid([...context.bets, s.bet]) : before),
    ),
    notes: [...result.notes],
    // The spec's default exposure stands in for the amounts of a user without bets, not for this figure.
    totalExposure: held === 0 ? 0 : centsToDollars(positionExposure(context)),
    userBets: held,
    generatedAt: now.toISOString(),
  }
}

/** A game the engine has nothing for: over, or in a league without a score model. */
export function noSuggestionsView(gameId: number, reason: string, bets: number, exposure: number, now: Date) {
  return {
    gameId,
    suggestions: [],
    notes: [{ rule: 'insight' as const, reason }],
    totalExposure: exposure,
    userBets: bets,
    generatedAt: now.toISOString(),
  }
}

function suggestionView(
  s: Suggestion,
  gameId: number,
  window: PreviewWindow,
  before: OutcomeRows,
  after: OutcomeRows,
) {
  return {
    id: s.id,
    gameId,
    type: s.type,
    title: s.title,
    description: s.description,
    selection: s.selection,
    suggestedOdds: s.suggestedOdds,
    priceSource: s.priceSource,
    priceAgeSeconds: s.linesAge,
    fairOdds: s.fairOdds,
    suggestedAmount: centsToDollars(s.suggestedAmount),
    potentialProfit: centsToDollars(s.potentialProfit),
    riskLevel: s.riskLevel,
    confidence: s.confidence,
    reasoning: s.reasoning,
    middleRange: s.middleRange,
    correlationTarget: s.correlationTarget,
    expectedValue: centsToDollars(s.expectedValue),
    profitProbability: wireProbability(s.profitProbability),
    linesAge: s.linesAge,
    sensibleAmount: centsToDollars(s.sensibleAmount),
    floorAtSensibleAmount: s.floorAtSensibleAmount === null ? null : centsToDollars(s.floorAtSensibleAmount),
    // The engine's gridAfter on a window around the likeliest score: the mini grid's before and after.
    preview: { homeRange: window.home, awayRange: window.away, before, after },
  }
}

type OutcomeRows = ReturnType<typeof toGridOutcomes>['outcomes']

/** The window the mini grids show: the likeliest final score and its neighbours, within the game's grid. */
function previewWindow(context: SuggestionContext): PreviewWindow {
  const { game } = context
  const current =
    game.homeScore === null || game.awayScore === null ? null : { home: game.homeScore, away: game.awayScore }
  const ranges = scoreRanges(game.league, current)
  const mode = mostLikely(context.distribution)
  const around = (center: number, range: ScoreRange): ScoreRange => {
    const min = Math.max(range.min, Math.min(center - PREVIEW_REACH, range.max - 2 * PREVIEW_REACH))
    return { min, max: Math.min(range.max, min + 2 * PREVIEW_REACH) }
  }
  return { home: around(mode.home, ranges.home), away: around(mode.away, ranges.away) }
}
