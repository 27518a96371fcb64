import type { Cents } from './money'

/** The bet vocabulary of the spec's Bet entity, shared by server, web and CSV. */
export const BET_TYPES = ['spread', 'total', 'moneyline'] as const
export type BetType = (typeof BET_TYPES)[number]

export const BET_TYPE_LABELS: Record<BetType, string> = {
  spread: 'Spread',
  total: 'Over/Under',
  moneyline: 'Moneyline',
}

export type OverUnder = 'over' | 'under'

/** Decision 008: a new bet is tentative; confirming makes it committed ('placed' in the tutorial's words). */
export type BetStatus = 'tentative' | 'committed'

/** Decision 003: the stored results. Pending is the absence of a result. */
export const RESULTS = ['won', 'lost', 'push'] as const
export type Result = (typeof RESULTS)[number]

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
    default:
      return null
  }
}

/** The terms of a bet as the form and the database hold them (team sides by name, decision 004). */
export interface BetTerms {
  betType: BetType
  /** The composed selection text: 'Lakers +3.5', 'Over 8.5', 'Lakers ML', 'Draw'. */
  selection: string
  odds: number
  amount: Cents
  spreadTeam?: string | null
  spreadPoints?: number | null
  totalPoints?: number | null
  overUnder?: OverUnder | null
}

/** A recorded bet: its terms plus lifecycle; what statistics and CSV read. */
export interface RecordedBet extends BetTerms {
  betStatus: BetStatus
  result: Result | null
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
  bet: { result?: Result | null; betStatus?: BetStatus | null },
  gameFinal = false,
): string {
  if (bet.result) return bet.result
  if (gameFinal && bet.betStatus === 'tentative') return WHAT_IF_STATUS
  return bet.betStatus ?? 'pending'
}
