import { centsToDollars } from '../../domain/money'
import { type OutcomeMatrix, type ScoreRange, scoreRanges, toOutcomeMatrix } from '../../domain/outcome-grid'
import type { ScoreDistribution } from '../../domain/probability/distribution'
import { exposureOf } from '../../domain/suggestions/index'
import { positionGrid } from '../../domain/suggestions/position'
import type { Suggestion, SuggestionContext, SuggestionNote } from '../../domain/suggestions/types'

/** The mini grid's reach around the likeliest final score: 7 x 7 cells. */
const PREVIEW_REACH = 3

export interface PreviewWindow {
  home: ScoreRange
  away: ScoreRange
  before: OutcomeMatrix
}

/** GET /api/suggestions/game/{id}: the engine's answer at the edge, in dollars (spec section 7). */
export function gameSuggestionsView(
  gameId: number,
  context: SuggestionContext,
  result: { suggestions: readonly Suggestion[]; notes: readonly SuggestionNote[] },
  now: Date,
) {
  const window = previewWindow(context)
  return {
    gameId,
    suggestions: result.suggestions.map((s) => suggestionView(s, gameId, window)),
    notes: [...result.notes],
    // The spec's default exposure stands in for the amounts of a user without bets, not for this figure.
    totalExposure: context.bets.length === 0 ? 0 : centsToDollars(exposureOf(context.bets)),
    userBets: context.bets.length,
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

function suggestionView(s: Suggestion, gameId: number, window: PreviewWindow) {
  return {
    id: s.id,
    gameId,
    type: s.type,
    title: s.title,
    description: s.description,
    selection: s.selection,
    suggestedOdds: s.suggestedOdds,
    suggestedAmount: centsToDollars(s.suggestedAmount),
    potentialProfit: centsToDollars(s.potentialProfit),
    riskLevel: s.riskLevel,
    confidence: s.confidence,
    reasoning: s.reasoning,
    middleRange: s.middleRange,
    correlationTarget: s.correlationTarget,
    expectedValue: centsToDollars(s.expectedValue),
    profitProbability: Math.round(s.profitProbability * 1e6) / 1e6,
    linesAge: s.linesAge,
    sensibleAmount: centsToDollars(s.sensibleAmount),
    floorAtSensibleAmount: s.floorAtSensibleAmount === null ? null : centsToDollars(s.floorAtSensibleAmount),
    preview: {
      homeRange: window.home,
      awayRange: window.away,
      before: slice(window.before, window),
      after: slice(s.gridAfter, window),
    },
  }
}

/**
 * The window the mini grids show: the likeliest final score and its neighbours, within the game's grid
 * (the engine's gridAfter spans scoreRanges, like the outcome grid).
 */
function previewWindow(context: SuggestionContext): PreviewWindow {
  const { game } = context
  const current =
    game.homeScore === null || game.awayScore === null ? null : { home: game.homeScore, away: game.awayScore }
  const ranges = scoreRanges(game.league, current)
  const mode = likeliest(context.distribution)
  const around = (center: number, range: ScoreRange): ScoreRange => {
    const min = Math.max(range.min, Math.min(center - PREVIEW_REACH, range.max - 2 * PREVIEW_REACH))
    return { min, max: Math.min(range.max, min + 2 * PREVIEW_REACH) }
  }
  const home = around(mode.home, ranges.home)
  const away = around(mode.away, ranges.away)
  const before = toOutcomeMatrix(positionGrid(context, context.bets))
  return { home, away, before }
}

function likeliest(dist: ScoreDistribution): { home: number; away: number } {
  let best = 0
  let at = 0
  dist.p.forEach((p, i) => {
    if (p > best) {
      best = p
      at = i
    }
  })
  const width = dist.away.max - dist.away.min + 1
  return { home: dist.home.min + Math.floor(at / width), away: dist.away.min + (at % width) }
}

function slice(matrix: OutcomeMatrix, window: { home: ScoreRange; away: ScoreRange }) {
  return matrix.outcomes
    .filter((row) => row.homeScore >= window.home.min && row.homeScore <= window.home.max)
    .map((row) => ({
      homeScore: row.homeScore,
      outcomes: row.outcomes.filter((c) => c.awayScore >= window.away.min && c.awayScore <= window.away.max),
    }))
}
