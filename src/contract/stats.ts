import { z } from 'zod'
import { WIRE_BET_TYPES } from '../domain/bet'
import type { BreakdownKind } from '../domain/bet-breakdowns'
import { betSummary } from './bet-summary'
import { historyQuery } from './bets'
import { decimalMoney, pathId } from './common'

export const breakdownRow = betSummary.extend({
  key: z.string().describe('League code, bet type, sportsbook name or odds range key'),
  label: z.string(),
})

export const profitPoint = z.object({
  day: z.iso.date().describe("Settlement day in the user's time zone"),
  net: decimalMoney.describe('Net of the bets settled that day'),
  cumulative: decimalMoney.describe('Net of the bets settled up to that day, within the range'),
  settledBets: z.number().int(),
})

/**
 * GET /api/stats/user[/{userId}] (shape not in the spec, ours: docs/stats.md). Over the bets placed in the
 * history's range (same query as GET /api/bets/history; all time by default): the history summary (decision 007:
 * only committed, settled bets count in P&L), the cumulative profit by settlement day in the user's zone,
 * and the summary per league, bet type, sportsbook and odds range. Money as decimal strings, win rate as a
 * fraction, ROI in percent.
 */
export const userStats = betSummary
  .extend({
    userId: z.number().int(),
    timezone: z.string(),
    /** Kept from the first shape: the league breakdown under its old names ('sport' is the league code). */
    bySport: z.array(betSummary.extend({ sport: z.string(), label: z.string() })),
    byBetType: z.array(betSummary.extend({ betType: z.enum(WIRE_BET_TYPES), label: z.string() })),
    profitByDay: z.array(profitPoint),
    breakdowns: z.object({
      league: z.array(breakdownRow),
      betType: z.array(breakdownRow),
      sportsbook: z.array(breakdownRow),
      oddsRange: z.array(breakdownRow),
    } satisfies Record<BreakdownKind, z.ZodType>),
  })
  .meta({ id: 'UserStats' })

/**
 * The history's range (dateFilter; startDate and endDate for custom), read as the history reads it. The
 * spec's client adds the user id when known: accepted and ignored, the stats are the signed-in user's (decision 010).
 */
export const statsQuery = historyQuery.extend({
  userId: z.string('userId must be given once').max(64, 'userId is too long').optional(),
})

export const statsParams = z.object({ userId: pathId('userId') })
