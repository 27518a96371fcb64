import { z } from 'zod'
import { decimalMoney } from './common'

/**
 * A summary of bets (domain/statistics.ts BetSummary) over HTTP: the history's summary and every row of
 * the stats. Decision 007: only committed, settled bets count in P&L; money as decimal strings, win rate as a
 * fraction, ROI in percent.
 */
export const betSummary = z.object({
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
