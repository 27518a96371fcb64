import { ledgerResult } from '../../domain/bet'
import { breakdownAccumulator } from '../../domain/bet-breakdowns'
import type { BetsRepository } from '../bets/bets.repository'

type BreakdownGroup = Awaited<ReturnType<BetsRepository['breakdownGroups']>>[number]

/**
 * The stats of SQL's breakdown groups (bets.repository.ts breakdownGroups): each group fed to the domain's
 * accumulator as `count` bets of the same terms, so the money rule stays statistics.ts's.
 */
export function breakdownStats(groups: readonly BreakdownGroup[], timeZone: string) {
  const accumulator = breakdownAccumulator(timeZone)
  for (const group of groups) {
    accumulator.addGroup({
      league: group.league,
      betType: group.betType,
      sportsbook: group.sportsbook,
      // A group's selections differ; no breakdown reads them.
      selection: '',
      odds: group.odds,
      amount: group.amountCents,
      betStatus: group.betStatus,
      result: ledgerResult(group.result),
      payout: group.payoutCents,
      count: group.count,
      settledAt: group.settledAt,
    })
  }
  return accumulator.result()
}
