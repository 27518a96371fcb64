import { ledgerResult, type RecordedBet } from '../../../domain/bet'
import { type Cents, parseCents } from '../../../domain/money'
import { exactPriceOfWire } from '../../../domain/price'
import { type ActiveBetsSummary, betNet, summarizeActiveBets } from '../../../domain/statistics'
import type { Bet } from '../../types'

/**
 * The web app only converts and formats money: the rules live in src/domain. Bets arrive with decimal
 * strings; the domain works in cents on recorded bets.
 */
export function toRecordedBet(bet: Bet): RecordedBet {
  return {
    betType: bet.betType,
    selection: bet.selection,
    odds: bet.odds,
    exactPrice: exactPriceOfWire(bet),
    amount: parseCents(bet.amount) ?? 0,
    betStatus: bet.betStatus,
    // 'void' stays: a ticket whose every leg was void gave its stake back (decision 053).
    result: ledgerResult(bet.result),
    payout: bet.payout === null ? null : parseCents(bet.payout),
  }
}

/** Decision 002: the game card's net is the sum of each settled bet's payout - amount; pending bets add 0. */
export function gameNet(bets: readonly Bet[]): Cents {
  let net = 0
  for (const bet of bets) net += betNet(toRecordedBet(bet)) ?? 0
  return net
}

/** docs/spec/product-spec.md §9: the active-bets cards sum to the cent and average the odds (rounded). */
export function activeBetsSummary(bets: readonly Bet[]): ActiveBetsSummary {
  return summarizeActiveBets(
    bets.map((bet) => ({
      amount: parseCents(bet.amount) ?? 0,
      odds: bet.odds,
      exactPrice: exactPriceOfWire(bet),
    })),
  )
}
