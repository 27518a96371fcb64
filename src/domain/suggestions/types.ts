import type { BetTerms } from '../bet'
import type { GameStatus, MarketLines } from '../game'
import type { Cents } from '../money'
import type { GridOutcomes } from '../outcome-grid'
import type { ScoreDistribution } from '../probability/distribution'
import type { GridTicket } from '../ticket-grid'

/**
 * The suggestion engine's vocabulary: what every rule reads (a SuggestionContext) and what it
 * answers (Suggestions, plus notes for what it saw and chose not to suggest). Money is cents, like the rest
 * of the domain; the route turns amounts into dollars at the edge (centsToDollars).
 */
export const SUGGESTION_TYPES = [
  'hedge',
  'value',
  'middle',
  'cross-correlation',
  'trend',
  'momentum',
  'arbitrage',
  'insight',
] as const
export type SuggestionType = (typeof SUGGESTION_TYPES)[number]

export type RiskLevel = 'low' | 'medium' | 'high'

export interface SuggestionGame {
  /** Part of every suggestion id, so ids stay unique across a user's games. */
  id: string
  league: string
  homeTeam: string
  awayTeam: string
  status: GameStatus
  homeScore: number | null
  awayScore: number | null
}

/**
 * The current lines (MarketLines) plus the prices of each side where the feed has them. A spread or total
 * side without a price is taken at the spec's default -110 and the suggestion says so; moneylines, value
 * and arbitrage use known prices only.
 */
export interface SuggestionLines extends Omit<MarketLines, 'provider'> {
  homeSpreadOdds?: number | null
  awaySpreadOdds?: number | null
  overOdds?: number | null
  underOdds?: number | null
  /** Seconds since these prices were seen (decision 024: every suggestion shows the age of its price). */
  linesAgeSeconds: number
  /**
   * The prices are the line set before the start (decision 029): on a live game no book offers them any more, so
   * the suggestions are priced by the model. Absent: prices the feed sent in play.
   */
  pregame?: boolean
}

/** Where a suggestion's price comes from (decision 029): the feed's, within the age limit, or the model's. */
export type PriceSource = 'feed' | 'model'

/** One entry of the score history the server keeps per game (one per score change seen by the feed). */
export interface ScorePoint {
  at: Date
  homeScore: number
  awayScore: number
}

export interface SuggestionOptions {
  /** Prices older than this are not offered (decisions 024 and 029): arbitrage flags them, the other rules price by the model. */
  maxPriceAgeSeconds: number
}

export const DEFAULT_SUGGESTION_OPTIONS: SuggestionOptions = { maxPriceAgeSeconds: 600 }

export interface SuggestionContext {
  game: SuggestionGame
  /** The game's final-score distribution now (scoreDistribution(...).distribution). */
  distribution: ScoreDistribution
  lines: SuggestionLines | null
  /** The user's open bets on this game on a line (every market but two): the rules read their lines. */
  bets: readonly BetTerms[]
  /**
   * Decision 074: the user's open bets read cell by cell (both teams to score, a correct score): in every
   * grid the rules weigh (the hedge's, the outlook's), on no line a rule reads.
   */
  cellBets: readonly BetTerms[]
  /**
   * Decision 067: the user's open tickets whose only legs left to play are on this game, exact on every cell
   * (their other legs won, or pushed): the grids the rules reason about count them, and the hedge can lock them.
   */
  tickets?: readonly GridTicket[]
  scoreHistory: readonly ScorePoint[]
  /** The distribution when the user's bets were placed, for the trend since then; absent when unknown. */
  distributionAtBet?: ScoreDistribution | null
  now: Date
  options?: Partial<SuggestionOptions>
}

export interface Suggestion {
  /** Unique per game; only the insight's id contains 'ai_' (the spec's AI badge reads the id). */
  id: string
  type: SuggestionType
  title: string
  description: string
  /** Selection text as the bet form parses it ('Chiefs +3.5', 'Over 8.5', 'Lakers ML'); null only for an insight without an action. */
  selection: string | null
  /** The feed's price, or with priceSource 'model' the bet's break-even price under the model. */
  suggestedOdds: number | null
  /** 'model' when the feed's price is too old or is the pregame line of a live game (decision 029). */
  priceSource: PriceSource
  /** The model's fair price of the selection (no vig, pushes aside); null when no valid odds say it. */
  fairOdds: number | null
  suggestedAmount: Cents
  /** What the suggested bet wins at suggestedAmount (decision 001 potentialWin). */
  potentialProfit: Cents
  riskLevel: RiskLevel
  /** 1 to 5 (docs/spec/product-spec.md §9). */
  confidence: number
  reasoning: string
  /** The middle's window of final scores where both bets win: '45-47', 'Chiefs by 4-6'. */
  middleRange: string | null
  /** The held bet the suggestion moves with (cross-correlation). */
  correlationTarget: string | null
  /** The suggested bet's expected profit at suggestedAmount under the distribution, in cents. */
  expectedValue: Cents
  /** The chance the user's bets on the game end in profit with the suggested bet added. */
  profitProbability: number
  /** The suggested bet at the suggested amount; null for an insight without an action. */
  bet: BetTerms | null
  /**
   * The user's grid with the suggested bet added (toGridOutcomes's shape), built when first
   * read: an NBA grid is 12,000 cells, and the route previews a window of it from `bet` instead.
   */
  readonly gridAfter: GridOutcomes
  /** Seconds since the feed's price was seen (decision 024), also when the model's price replaces it. */
  linesAge: number
  /** A hedge that gives up expected value for a higher floor, and says so: the one bet offered at a negative expected value (decision 029). */
  tradesValueForFloor: boolean
  /** The most the rule considers sensible to stake (decision 024): suggestedAmount never exceeds it. */
  sensibleAmount: Cents
  /** The grid's worst outcome when staking sensibleAmount, where the rule locks or caps it (hedge, arbitrage, middle). */
  floorAtSensibleAmount: Cents | null
}

/** Something a rule saw and did not suggest, said plainly (too young a game, a probably stale price). */
export interface SuggestionNote {
  rule: SuggestionType
  reason: string
}

export interface RuleResult {
  suggestions: Suggestion[]
  notes: SuggestionNote[]
}

export type SuggestionRule = (context: SuggestionContext) => RuleResult
