import type { Cents } from './money'
import type { BetPeriod } from './periods'

/** The bet vocabulary of the spec's Bet entity, shared by server, web and CSV. */
export const BET_TYPES = [
  'spread',
  'total',
  'moneyline',
  'team_total',
  'draw_no_bet',
  'double_chance',
  'three_way_handicap',
  'winning_margin',
  'both_teams_to_score',
  'correct_score',
] as const
export type BetType = (typeof BET_TYPES)[number]

export const BET_TYPE_LABELS: Record<BetType, string> = {
  spread: 'Spread',
  total: 'Over/Under',
  moneyline: 'Moneyline',
  team_total: 'Team Total',
  draw_no_bet: 'Draw No Bet',
  double_chance: 'Double Chance',
  three_way_handicap: 'Three-Way Handicap',
  winning_margin: 'Winning Margin',
  both_teams_to_score: 'Both Teams to Score',
  correct_score: 'Correct Score',
}

/**
 * The markets offered and taken on soccer games alone: those only a three-way result has (a draw is a final
 * score, decisions 068 and 069), and both teams to score and the correct score (decision 074).
 */
export const SOCCER_BET_TYPES: readonly BetType[] = [
  'draw_no_bet',
  'double_chance',
  'three_way_handicap',
  'winning_margin',
  'both_teams_to_score',
  'correct_score',
]

/**
 * The wire's `betType` (docs/spec/product-spec.md §7 extended by decision 063): a single's market, 'other'
 * for a single off the feed whose market Grid does not model (a prop, a future), or a ticket's kind.
 */
export const TICKET_BET_TYPES = ['parlay', 'same_game_parlay', 'teaser', 'round_robin'] as const
export type TicketBetType = (typeof TICKET_BET_TYPES)[number]
export const OTHER_MARKET = 'other'
export const WIRE_BET_TYPES = [...BET_TYPES, OTHER_MARKET, ...TICKET_BET_TYPES] as const
export type WireBetType = (typeof WIRE_BET_TYPES)[number]

export const WIRE_BET_TYPE_LABELS: Record<WireBetType, string> = {
  ...BET_TYPE_LABELS,
  other: 'Other',
  parlay: 'Parlay',
  same_game_parlay: 'Same-Game Parlay',
  teaser: 'Teaser',
  round_robin: 'Round Robin',
}

/** A ticket's kind among the wire's bet types (a parlay, a teaser...), not a single's market. */
export function isTicketType(type: string): type is TicketBetType {
  return (TICKET_BET_TYPES as readonly string[]).includes(type)
}

/** A single on a market Grid settles and draws (the grid's, live status's and settlement's bets). */
export function isMarketBet<T extends { betType: WireBetType }>(bet: T): bet is T & { betType: BetType } {
  return (BET_TYPES as readonly string[]).includes(bet.betType)
}

export type OverUnder = 'over' | 'under'

/** Decision 008: a new bet is tentative; confirming makes it committed ('placed' in the tutorial's words). */
export type BetStatus = 'tentative' | 'committed'

/**
 * Decision 003: the stored results. Pending is the absence of a result. A quarter line (decision 071) splits
 * the stake over two lines, so it can win or lose half: 'half_won' pays half the To Win and gives half the
 * stake back; 'half_lost' gives half the stake back.
 */
export const RESULTS = ['won', 'lost', 'push', 'half_won', 'half_lost'] as const
export type Result = (typeof RESULTS)[number]
export type HalfResult = Extract<Result, 'half_won' | 'half_lost'>

/** How a result spends the stake (decision 071): a half result is half a win or a loss and half a push. */
export function resultShares(result: Result | 'void'): Readonly<{ won: number; push: number; lost: number }> {
  return RESULT_SHARES[result]
}

/** The shares once: the chances read them at every value of an axis, every poll. */
const RESULT_SHARES = {
  won: { won: 1, push: 0, lost: 0 },
  lost: { won: 0, push: 0, lost: 1 },
  push: { won: 0, push: 1, lost: 0 },
  void: { won: 0, push: 1, lost: 0 },
  half_won: { won: 0.5, push: 0.5, lost: 0 },
  half_lost: { won: 0, push: 0.5, lost: 0.5 },
} as const satisfies Record<Result | 'void', { won: number; push: number; lost: number }>

/**
 * A result's place in the won-lost-push record (decision 071): a half win made money and counts as won, a
 * half loss as lost; a void ticket gave its stake back and counts with the pushes (decision 053).
 */
export function recordOf(result: LedgerResult): 'won' | 'lost' | 'push' {
  switch (result) {
    case 'won':
    case 'half_won':
      return 'won'
    case 'lost':
    case 'half_lost':
      return 'lost'
    case 'push':
    case 'void':
      return 'push'
  }
}

/** A result as a bettor reads it: 'won', 'half won'. */
export function resultLabel(result: LedgerResult): string {
  return result.replace('_', ' ')
}
/** A ticket's result: 'void' gives the stake back, as a push does, and is shown as the book says it. */
export const LEDGER_RESULTS = [...RESULTS, 'void'] as const
export type LedgerResult = (typeof LEDGER_RESULTS)[number]

export const DEFAULT_SPORTSBOOK = 'Manual Entry'

/**
 * Decision 043: GET /api/bets and /api/bets/active answer at most this many bets at once; a longer list names
 * its next page's cursor in this response header. Here, not in the contract, for the web to read too.
 */
export const BET_LIST_LIMIT = 1000
export const NEXT_CURSOR_HEADER = 'x-next-cursor'

/** Decision 003: 'win' and 'loss' arrive from older clients and are stored as 'won' and 'lost'. */
export function normalizeResult(value: string | null | undefined): Result | null {
  switch (value) {
    case 'won':
    case 'win':
      return 'won'
    case 'lost':
    case 'loss':
      return 'lost'
    case 'push':
      return 'push'
    case 'half_won':
    case 'half won':
    case 'half-won':
      return 'half_won'
    case 'half_lost':
    case 'half lost':
    case 'half-lost':
      return 'half_lost'
    default:
      return null
  }
}

/** A stored result as the ledger reads it: normalizeResult's, and a ticket's 'void' (decision 053). */
export function ledgerResult(value: string | null | undefined): LedgerResult | null {
  return value === 'void' ? 'void' : normalizeResult(value)
}

/** The terms of a bet as the form and the database hold them (team sides by name, decision 004). */
export interface BetTerms {
  betType: BetType
  /** The composed selection text: 'Lakers +3.5', 'Over 8.5', 'Lakers ML', 'Draw', 'Lakers Over 110.5', '1X'. */
  selection: string
  /** American odds: the slip's, or the American rounding of its exact price. */
  odds: number
  /** A decimal ('1.91') or fractional ('6/4') slip's price, exactly; payouts come from it (decision 072). */
  exactPrice?: string | null
  amount: Cents
  /** A spread's team; also a team total's and a draw-no-bet's team (decision 068). */
  spreadTeam?: string | null
  spreadPoints?: number | null
  totalPoints?: number | null
  overUnder?: OverUnder | null
  /** The part of the game the bet is on (decision 073); the full game when absent. */
  period?: BetPeriod
}

/**
 * A recorded bet or ticket: its terms plus lifecycle; what statistics and CSV read. A ticket's `betType` is its
 * kind, and its result may be 'void' (every leg void, decision 053): the stake came back.
 */
export interface RecordedBet extends Omit<BetTerms, 'betType'> {
  betType: WireBetType
  betStatus: BetStatus
  result: LedgerResult | null
  /**
   * What the book returns (decision 002), stored by settlement with the result from settlementFor: one source for
   * every reader, in the app and in SQL (decision 037). Null while unsettled.
   */
  payout: Cents | null
}

/** A tentative bet on a game that has ended was never placed: a what-if, never 'pending'. */
export const WHAT_IF_STATUS = 'not placed (what-if)'

/**
 * Display uses the result, else the bet status, else 'pending' (spec, Bet entity); a tentative bet on a
 * final game (`gameFinal`) reads as WHAT_IF_STATUS.
 */
export function displayStatus(
  bet: { result?: LedgerResult | null; betStatus?: BetStatus | null },
  gameFinal = false,
): string {
  if (bet.result) return resultLabel(bet.result)
  if (gameFinal && bet.betStatus === 'tentative') return WHAT_IF_STATUS
  return bet.betStatus ?? 'pending'
}
