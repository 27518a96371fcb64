import { type RecordedBet, WIRE_BET_TYPE_LABELS, WIRE_BET_TYPES } from './bet'
import { type CalendarDay, calendarDay } from './calendar'
import { leagueLabel, leagueRank } from './leagues'
import type { Cents } from './money'
import { addToSummary, type BetSummary, betNet, emptySummary, finishSummary } from './statistics'

/**
 * The history's drawings: the cumulative profit day by day and the breakdowns by league, bet
 * type, sportsbook and odds range, in one pass over the bets or over groups of like bets (the stats
 * endpoint lets SQL group 100,000 bets into a few hundred groups). Every figure goes through statistics.ts,
 * the one money rule (decisions 002 and 007): a bet counts in P&L when committed and settled, its net is the stored
 * payout minus the stake.
 */
export interface BreakdownBet extends RecordedBet {
  league: string
  sportsbook: string
  placedAt: Date
  /** When settlement wrote the result; null for bets settled before the column existed. */
  settledAt: Date | null
}

/**
 * `count` bets alike in every key the breakdowns read (league, type, book, odds, status, result, whether a
 * payout is stored, settlement quarter-hour), `amount` and `payout` their sums (payout null when the
 * bets have none). `settledAt` is an instant of their settlement quarter-hour, or their placement when
 * they have no settlement time; null when they have no result.
 */
export interface BreakdownGroup extends RecordedBet {
  league: string
  sportsbook: string
  count: number
  settledAt: Date | null
}

/** The league of a ticket whose legs are in more than one league. */
export const MULTIPLE_LEAGUES = 'Multiple'

export const BREAKDOWN_KINDS = ['league', 'betType', 'sportsbook', 'oddsRange'] as const
export type BreakdownKind = (typeof BREAKDOWN_KINDS)[number]

/**
 * Odds ranges in American odds, favourites to long shots. The middle range holds the near-even prices
 * (-110 to -100 and +100 to +110: American odds never lie strictly between -100 and +100). Bounds are
 * inclusive as the labels read; the keys are stable for clients.
 */
export const ODDS_RANGES = [
  { key: 'heavy-favorite', label: '-200 or shorter', max: -200 },
  { key: 'favorite', label: '-199 to -111', max: -111 },
  { key: 'near-even', label: '-110 to +110', max: 110 },
  { key: 'underdog', label: '+111 to +199', max: 199 },
  { key: 'long-shot', label: '+200 or longer', max: Number.POSITIVE_INFINITY },
] as const
export type OddsRange = (typeof ODDS_RANGES)[number]['key']

export function oddsRange(odds: number): OddsRange {
  const range = ODDS_RANGES.find((candidate) => odds <= candidate.max)
  return range?.key ?? 'long-shot'
}

export interface BreakdownRow extends BetSummary {
  /** The league code, bet type, sportsbook name or odds range key. */
  key: string
  label: string
}

export interface ProfitPoint {
  /** The settlement day in the user's zone. */
  day: CalendarDay
  /** Net of the bets settled that day. */
  net: Cents
  /** Net of every bet settled up to and including that day, in the range. */
  cumulative: Cents
  settledBets: number
}

export interface Breakdowns {
  summary: BetSummary
  profitByDay: ProfitPoint[]
  breakdowns: Record<BreakdownKind, BreakdownRow[]>
}

/**
 * A running breakdown: add bets in any order, then read the result. Days are the settlement time in
 * `timeZone` (the placement time when a settled bet has none): calendar.ts applies the zone, so a bet
 * settled at 23:30 in Chicago counts on that local day, whatever the UTC date (the DST trap).
 */
export function breakdownAccumulator(timeZone: string) {
  const total = emptySummary()
  const groups: Record<BreakdownKind, Map<string, BetSummary>> = {
    league: new Map(),
    betType: new Map(),
    sportsbook: new Map(),
    oddsRange: new Map(),
  }
  const days = new Map<CalendarDay, { net: Cents; settledBets: number }>()
  const keysOf = (bet: BreakdownGroup): Record<BreakdownKind, string> => ({
    league: bet.league,
    betType: bet.betType,
    sportsbook: bet.sportsbook,
    oddsRange: oddsRange(bet.odds),
  })

  const addGroup = (group: BreakdownGroup): void => {
    addToSummary(total, group, group.count)
    const keys = keysOf(group)
    for (const kind of BREAKDOWN_KINDS) {
      const summaries = groups[kind]
      const summary = summaries.get(keys[kind]) ?? emptySummary()
      if (summary.totalBets === 0) summaries.set(keys[kind], summary)
      addToSummary(summary, group, group.count)
    }
    const net = betNet(group)
    if (net === null || !group.settledAt) return
    const day = calendarDay(group.settledAt, timeZone)
    const entry = days.get(day)
    if (entry) {
      entry.net += net
      entry.settledBets += group.count
    } else days.set(day, { net, settledBets: group.count })
  }

  return {
    addGroup,
    add(bet: BreakdownBet): void {
      addGroup({ ...bet, count: 1, settledAt: bet.result ? (bet.settledAt ?? bet.placedAt) : null })
    },

    result(): Breakdowns {
      return {
        summary: finishSummary(total),
        profitByDay: profitPoints(days),
        breakdowns: {
          league: rows(groups.league, leagueLabel, (a, b) => leagueRank(a.key) - leagueRank(b.key)),
          betType: rows(groups.betType, betTypeLabel, (a, b) => betTypeIndex(a) - betTypeIndex(b)),
          sportsbook: rows(groups.sportsbook, (key) => key, bySettledThenName),
          oddsRange: rows(groups.oddsRange, oddsRangeLabel, (a, b) => oddsRangeIndex(a) - oddsRangeIndex(b)),
        },
      }
    },
  }
}

/** Breakdowns of a list of bets (tests, small lists). */
export function breakdownsOf(bets: Iterable<BreakdownBet>, timeZone: string): Breakdowns {
  const accumulator = breakdownAccumulator(timeZone)
  for (const bet of bets) accumulator.add(bet)
  return accumulator.result()
}

function rows(
  group: Map<string, BetSummary>,
  label: (key: string) => string,
  order: (a: BreakdownRow, b: BreakdownRow) => number,
): BreakdownRow[] {
  // Ties keep first-seen order (Array.prototype.sort is stable).
  return [...group]
    .map(([key, summary]) => ({ key, label: label(key), ...finishSummary(summary) }))
    .sort(order)
}

function profitPoints(days: Map<CalendarDay, { net: Cents; settledBets: number }>): ProfitPoint[] {
  let cumulative = 0
  return [...days]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([day, { net, settledBets }]) => {
      cumulative += net
      return { day, net, cumulative, settledBets }
    })
}

/** Most settled bets first, then by name: the books the user uses most lead. */
function bySettledThenName(a: BreakdownRow, b: BreakdownRow): number {
  return b.settledBets - a.settledBets || a.key.localeCompare(b.key)
}

function betTypeLabel(key: string): string {
  const type = WIRE_BET_TYPES.find((candidate) => candidate === key)
  return type ? WIRE_BET_TYPE_LABELS[type] : key
}

/** The markets first, then bets off the feed, then each kind of ticket (a ticket's betType is its kind). */
const BET_TYPE_ORDER = new Map<string, number>(WIRE_BET_TYPES.map((type, index) => [type, index]))

function betTypeIndex(row: BreakdownRow): number {
  return BET_TYPE_ORDER.get(row.key) ?? WIRE_BET_TYPES.length
}

function oddsRangeIndex(row: BreakdownRow): number {
  return ODDS_RANGES.findIndex((range) => range.key === row.key)
}

function oddsRangeLabel(key: string): string {
  return ODDS_RANGES.find((range) => range.key === key)?.label ?? key
}
