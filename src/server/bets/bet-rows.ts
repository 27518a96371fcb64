import { type BetTerms, type BetType, ledgerResult, type RecordedBet } from '../../domain/bet'
import { FULL_GAME } from '../../domain/periods'
import { toWinAt } from '../../domain/price'
import type { BetRow } from '../db/bets-schema'

/** A stored bet as the domain reads it: its terms for settlement and the grid. */
export function betTerms(bet: BetRow & { betType: BetType }): BetTerms {
  return { ...rowTerms(bet), betType: bet.betType }
}

/** With its lifecycle, for statistics and the CSV; a ticket's betType is its kind. */
export function recordedBet(bet: BetRow): RecordedBet {
  return {
    ...rowTerms(bet),
    betType: bet.betType,
    betStatus: bet.betStatus,
    result: ledgerResult(bet.result),
    payout: bet.payoutCents,
  }
}

function rowTerms(bet: BetRow): Omit<BetTerms, 'betType'> {
  return {
    selection: bet.selection,
    odds: bet.odds,
    exactPrice: bet.exactPrice,
    period: bet.period,
    amount: bet.amountCents,
    spreadTeam: bet.spreadTeam,
    spreadPoints: bet.spreadPoints,
    totalPoints: bet.totalPoints,
    overUnder: bet.overUnder,
  }
}

/** The columns a bet's terms fill, To Win computed here (decision 001), never taken from a client. */
export function termsColumns(terms: BetTerms) {
  return {
    betType: terms.betType,
    selection: terms.selection,
    odds: terms.odds,
    exactPrice: terms.exactPrice ?? null,
    period: terms.period ?? FULL_GAME,
    amountCents: terms.amount,
    potentialWinCents: toWinAt(terms.amount, terms),
    spreadTeam: terms.spreadTeam ?? null,
    spreadPoints: terms.spreadPoints ?? null,
    totalPoints: terms.totalPoints ?? null,
    overUnder: terms.overUnder ?? null,
  }
}
