import { type RecordedBet, recordOf } from './bet'
import { type Cents, roiPercent } from './money'
import { impliedProbability, oddsFromProbability } from './odds'
import { type Priced, toWinAt } from './price'
import type { TicketResult } from './ticket'

/**
 * Summaries of recorded bets, as the history page, the game cards and the stats endpoints show them.
 * Only committed bets with a result count in P&L (docs/spec/product-spec.md §4: tentative bets are not counted), and
 * their net is the stored payout (written by settlement from settlementFor, decision 002) minus the stake.
 */
export interface BetSummary {
  totalBets: number
  placedBets: number
  tentativeBets: number
  settledBets: number
  won: number
  lost: number
  push: number
  /** Bets without a result, tentative or committed. */
  pending: number
  /** Decision 007: the amount wagered on settled bets, the ROI base. */
  wagered: Cents
  net: Cents
  /** Decision 007: won / settled, a fraction (0 with none settled). */
  winRate: number
  /** Decision 007: net / wagered in percent, 1 decimal (roiPercent; 0 when nothing was wagered). */
  roi: number
}

/** What settles a bet or a ticket (a ticket's result may also be 'void', decision 053). */
/** What a bet's net reads: its stake, lifecycle, result and payout. */
export type Settleable = Pick<RecordedBet, 'betStatus' | 'amount' | 'payout'> & {
  result: TicketResult | null
}

export function isSettled(bet: Pick<Settleable, 'betStatus' | 'result'>): boolean {
  return bet.betStatus === 'committed' && bet.result !== null
}

/** The bet's P&L when settled (decision 002: payout - amount, from the stored payout), else null. */
export function betNet(bet: Settleable): Cents | null {
  return isSettled(bet) && bet.payout !== null ? bet.payout - bet.amount : null
}

export function summarizeBets(bets: readonly RecordedBet[]): BetSummary {
  const summary = emptySummary()
  for (const bet of bets) addToSummary(summary, bet)
  return finishSummary(summary)
}

/**
 * Counts one bet into a running summary: summarizeBets one bet at a time, for readers that stream their
 * bets (the stats endpoint's breakdowns, bet-breakdowns.ts). Finish with finishSummary. `count` lets a
 * reader pass `count` bets of the same status and result at once, with `amount` and `payout` their sums:
 * the rule (net = payout - amount, decision 002) is linear, so the sums give the exact figures of the bets one by one.
 */
export function addToSummary(summary: BetSummary, bet: RecordedBet, count = 1): void {
  summary.totalBets += count
  if (bet.betStatus === 'committed') summary.placedBets += count
  else summary.tentativeBets += count
  const net = betNet(bet)
  if (net === null || !bet.result) {
    if (!bet.result) summary.pending += count
    return
  }
  summary.settledBets += count
  summary[recordOf(bet.result)] += count
  summary.wagered += bet.amount
  summary.net += net
}

/** The running summary with its rates (settledRates) filled in. */
export function finishSummary(summary: BetSummary): BetSummary {
  return { ...summary, ...settledRates(summary) }
}

/**
 * Decision 007: the win rate (won / settled, a fraction, 0 with none settled) and the ROI (roiPercent of net on
 * wagered) of settled totals. summarizeBets and the admin dashboards, whose totals SQL sums with the same
 * settled rule (server/admin/admin-reads.repository.ts), both finish with this.
 */
export function settledRates(totals: Pick<BetSummary, 'won' | 'settledBets' | 'net' | 'wagered'>): {
  winRate: number
  roi: number
} {
  return {
    winRate: totals.settledBets === 0 ? 0 : totals.won / totals.settledBets,
    roi: roiPercent(totals.net, totals.wagered),
  }
}

/** Summaries per key (sport, bet type...), keys in first-seen order. */
export function summarizeBy<T extends RecordedBet, K extends string>(
  bets: readonly T[],
  key: (bet: T) => K,
): Map<K, BetSummary> {
  const groups = new Map<K, T[]>()
  for (const bet of bets) {
    const k = key(bet)
    const group = groups.get(k)
    if (group) group.push(bet)
    else groups.set(k, [bet])
  }
  return new Map([...groups].map(([k, group]) => [k, summarizeBets(group)]))
}

export function emptySummary(): BetSummary {
  return {
    totalBets: 0,
    placedBets: 0,
    tentativeBets: 0,
    settledBets: 0,
    won: 0,
    lost: 0,
    push: 0,
    pending: 0,
    wagered: 0,
    net: 0,
    winRate: 0,
    roi: 0,
  }
}

/**
 * The active-bets panel's three cards (docs/spec/product-spec.md §9): sums to the cent, and the average price.
 * The plain mean of American numbers is no price (-110 and +150 average to +20), so the average is the
 * price of the mean implied probability, a valid price (decision 009) whatever the mix; null with no bets.
 */
export interface ActiveBetsSummary {
  totalWagered: Cents
  potentialWin: Cents
  averageOdds: number | null
  bets: number
}

export function summarizeActiveBets(bets: readonly ({ amount: Cents } & Priced)[]): ActiveBetsSummary {
  let totalWagered = 0
  let totalToWin = 0
  let probabilitySum = 0
  for (const bet of bets) {
    totalWagered += bet.amount
    totalToWin += toWinAt(bet.amount, bet)
    probabilitySum += impliedProbability(bet.odds)
  }
  const averageOdds = bets.length === 0 ? null : oddsFromProbability(probabilitySum / bets.length)
  return { totalWagered, potentialWin: totalToWin, averageOdds, bets: bets.length }
}
