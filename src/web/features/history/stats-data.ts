import type { z } from 'zod'
import type { userStats } from '../../../contract/stats'
import type { BreakdownKind } from '../../../domain/bet-breakdowns'
import { addDays, type CalendarDay } from '../../../domain/calendar'
import { type Cents, parseCents } from '../../../domain/money'

/**
 * GET /api/stats/user as the history page reads it (src/contract/stats.ts, docs/stats.md). Every figure is
 * the server's, from the domain's one money rule (decisions 002 and 007); the page only converts and formats.
 */
export type UserStats = z.infer<typeof userStats>
export type BreakdownRowView = UserStats['breakdowns'][BreakdownKind][number]
export type ProfitPointView = UserStats['profitByDay'][number]

export const BREAKDOWN_TABS: readonly { key: BreakdownKind; label: string; column: string }[] = [
  { key: 'league', label: 'League', column: 'League' },
  { key: 'betType', label: 'Bet Type', column: 'Bet type' },
  { key: 'sportsbook', label: 'Sportsbook', column: 'Sportsbook' },
  { key: 'oddsRange', label: 'Odds Range', column: 'Odds (American)' },
]

/** A decimal string of the API as cents (the API only sends valid amounts). */
export function cents(amount: string): Cents {
  return parseCents(amount) ?? 0
}

/** The groups the table lists: those with settled bets (a book with only pending bets has nothing to show). */
export function settledRows(stats: UserStats, kind: BreakdownKind): BreakdownRowView[] {
  return stats.breakdowns[kind].filter((row) => row.settledBets > 0)
}

export interface ChartPoint {
  day: CalendarDay
  cumulative: Cents
}

/**
 * The line's points: the day before the first settlement at zero, then the running net each day, so the
 * line starts from nothing at the start of the range.
 */
export function chartPoints(points: readonly ProfitPointView[]): ChartPoint[] {
  const first = points[0]
  if (!first) return []
  return [
    { day: addDays(first.day, -1), cumulative: 0 },
    ...points.map((point) => ({ day: point.day, cumulative: cents(point.cumulative) })),
  ]
}

/** A calendar day as the axis and the table show it: 'Nov 20, 2026' (the day itself, no zone shift). */
export function dayText(day: CalendarDay): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' })
}

export interface Extremes {
  high: ProfitPointView
  low: ProfitPointView
}

/** The best and worst running totals of the range (the first day reached wins a tie). */
export function extremes(points: readonly ProfitPointView[]): Extremes | null {
  const [first, ...rest] = points
  if (!first) return null
  let high = first
  let low = first
  for (const point of rest) {
    if (cents(point.cumulative) > cents(high.cumulative)) high = point
    if (cents(point.cumulative) < cents(low.cumulative)) low = point
  }
  return { high, low }
}
