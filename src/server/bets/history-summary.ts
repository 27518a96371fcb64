import { ledgerResult } from '../../domain/bet'
import { addToSummary, type BetSummary, emptySummary, finishSummary } from '../../domain/statistics'
import type { BetsRepository } from './bets.repository'

type SummaryGroup = Awaited<ReturnType<BetsRepository['summaryGroups']>>[number]

/**
 * The history's summary from the database's groups (bets.repository.ts summaryGroups): each group goes
 * through statistics.ts's addToSummary once, with its count and its sums, exactly as its bets would one
 * by one (the rule is linear, decision 002). No term, odds or selection is read by the summary.
 */
export function historySummary(groups: readonly SummaryGroup[]): BetSummary {
  const summary = emptySummary()
  for (const group of groups) {
    addToSummary(
      summary,
      {
        betType: 'moneyline',
        selection: '',
        odds: 0,
        amount: group.amountCents,
        betStatus: group.betStatus,
        result: ledgerResult(group.result),
        payout: group.payoutCents,
      },
      group.count,
    )
  }
  return finishSummary(summary)
}

/** The bets whose file (or sync) and final score disagree and await the bettor's choice. */
export function openConflicts(groups: readonly SummaryGroup[]): number {
  return groups.reduce((open, group) => open + (group.conflicted ? group.count : 0), 0)
}
