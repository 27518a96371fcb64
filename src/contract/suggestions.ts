import { z } from 'zod'
import { SUGGESTION_TYPES } from '../domain/suggestions/types'
import { instant, pathId } from './common'
import { outcomeCell } from './grid'

/**
 * The suggestions calls (docs/spec/product-spec.md §7): what to do next on the user's own bets. Money is
 * in dollars on the wire like every answer (the engine counts cents); probabilities are fractions 0-1
 * (decision 023); every suggestion says how old its price is (decision 024).
 */
export const suggestionParams = z.object({ gameId: pathId('gameId') })

const scoreRange = z.object({ min: z.number().int(), max: z.number().int() })
const previewRow = z.object({ homeScore: z.number().int(), outcomes: z.array(outcomeCell) })

export const suggestion = z
  .object({
    /** Unique per game; the spec's 'AI' badge reads 'ai_' in the id (only the insight has it). */
    id: z.string(),
    gameId: z.number().int(),
    type: z.enum(SUGGESTION_TYPES),
    title: z.string(),
    description: z.string(),
    /** The bet form parses it back into its parts ('Chiefs +3.5', 'Over 8.5', 'Lakers ML'). */
    selection: z.string().nullable(),
    /** The feed's price; with priceSource 'model', the bet's break-even price under the model (decision 029). */
    suggestedOdds: z.number().int().nullable(),
    /**
     * 'feed': a price the feed sent within the age limit. 'model': the feed's price is older than the limit
     * or is the pregame line of a live game, so no book is likely to offer it; suggestedOdds is then the
     * model's break-even price (its fair price, rounded in the bettor's favour) for the bettor to check at
     * their book (decision 029).
     */
    priceSource: z.enum(['feed', 'model']),
    /** Seconds since the feed's price was seen, also when the model's price replaces it (decision 024). */
    priceAgeSeconds: z.number().int().min(0),
    /** The model's fair American odds of the selection (no vig, pushes aside); null when no valid odds say it. */
    fairOdds: z.number().int().nullable(),
    suggestedAmount: z.number(),
    potentialProfit: z.number(),
    riskLevel: z.enum(['low', 'medium', 'high']),
    confidence: z.number().int().min(1).max(5),
    reasoning: z.string(),
    middleRange: z.string().nullable(),
    correlationTarget: z.string().nullable(),
    /** The suggested bet's expected profit at the suggested amount, in dollars. */
    expectedValue: z.number(),
    /** The chance the user's bets on the game end in profit with the suggested bet added. */
    profitProbability: z.number().min(0).max(1),
    /** Seconds since the price was seen (decision 024). */
    linesAge: z.number().int().min(0),
    /** The most the rule considers sensible to stake (decision 024): the amount field should not go above it. */
    sensibleAmount: z.number(),
    /** The grid's worst outcome at the sensible amount, where the rule locks or caps it. */
    floorAtSensibleAmount: z.number().nullable(),
    /**
     * The mini grid: the grid before and after the suggested bet, on a window of final scores around
     * the likeliest one (the whole grid is on the game's page).
     */
    preview: z.object({
      homeRange: scoreRange,
      awayRange: scoreRange,
      before: z.array(previewRow),
      after: z.array(previewRow),
    }),
  })
  .meta({ id: 'Suggestion' })

export const suggestionNote = z.object({ rule: z.enum(SUGGESTION_TYPES), reason: z.string() })

export const gameSuggestions = z
  .object({
    gameId: z.number().int(),
    suggestions: z.array(suggestion),
    /** What a rule saw and chose not to suggest, said plainly (too young a game, a probably stale price). */
    notes: z.array(suggestionNote),
    /** The stake of the user's open bets on the game, in dollars. */
    totalExposure: z.number(),
    /** How many open bets the user has on the game. */
    userBets: z.number().int(),
    generatedAt: instant,
  })
  .meta({ id: 'GameSuggestions' })

export const userSuggestions = z
  .object({
    /** Across the user's open games, best expected value first. */
    suggestions: z.array(suggestion),
    generatedAt: instant,
  })
  .meta({ id: 'UserSuggestions' })
