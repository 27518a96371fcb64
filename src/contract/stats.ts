import { z } from 'zod'
import { BET_TYPES } from '../domain/bet'
import { decimalMoney, pathId } from './common'

/**
 * GET /api/stats/user[/{userId}] (shape not in the spec): the history summary (D7: only committed, settled
 * bets count in P&L) and the same summary per sport and per bet type. Money as decimal strings, win rate
 * as a fraction, ROI in percent (roiPercent).
 */
const summary = z.object({
  totalBets: z.number().int(),
  placedBets: z.number().int(),
  tentativeBets: z.number().int(),
  settledBets: z.number().int(),
  won: z.number().int(),
  lost: z.number().int(),
  push: z.number().int(),
  pending: z.number().int(),
  winRate: z.number(),
  roi: z.number(),
  totalWagered: decimalMoney,
  netProfit: decimalMoney,
})

export const userStats = summary
  .extend({
    userId: z.number().int(),
    bySport: z.array(summary.extend({ sport: z.string(), label: z.string() })),
    byBetType: z.array(summary.extend({ betType: z.enum(BET_TYPES), label: z.string() })),
  })
  .meta({ id: 'UserStats' })

export const statsParams = z.object({ userId: pathId('userId') })
