import { formatCents } from '../../domain/money'
import type { BetSummary } from '../../domain/statistics'

/** A BetSummary over HTTP (contract/bet-summary.ts): money as decimal strings, exact to the cent. */
export function summaryView<Summary extends BetSummary>(summary: Summary) {
  const { wagered, net, ...rest } = summary
  return { ...rest, totalWagered: formatCents(wagered), netProfit: formatCents(net) }
}
