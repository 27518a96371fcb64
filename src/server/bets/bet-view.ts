import type { BetView, BetWithGameView } from '../../contract/bets'
import { ledgerResult, normalizeResult } from '../../domain/bet'
import { formatCents } from '../../domain/money'
import { wirePrice } from '../../domain/price'
import { ticketStanding } from '../../domain/ticket-settlement'
import type { BetLegRow, BetRow } from '../db/bets-schema'
import type { GameRow } from '../db/games-schema'
import { gameFields } from '../games/game-view'
import { handResultView, type LegGame, legView, ticketTerms } from './ticket-rows'

/** A leg with its game, as the views read it (bets.repository.ts legsOf). */
export interface LegWithGame {
  leg: BetLegRow
  game: LegGame
}

/** The spec's Bet entity over HTTP (src/contract/bets.ts); a ticket's legs beside it (decision 053). */
export function betView(bet: BetRow, legs: readonly LegWithGame[] = []): BetView {
  return {
    id: bet.id,
    userId: bet.userId,
    gameId: bet.gameId,
    betType: bet.betType,
    selection: bet.selection,
    odds: bet.odds,
    ...wirePrice(bet.exactPrice),
    period: bet.period,
    amount: formatCents(bet.amountCents),
    potentialWin: formatCents(bet.potentialWinCents),
    payout: bet.payoutCents === null ? null : formatCents(bet.payoutCents),
    sportsbook: bet.sportsbook,
    spreadTeam: bet.spreadTeam,
    spreadPoints: bet.spreadPoints,
    totalPoints: bet.totalPoints,
    overUnder: bet.overUnder,
    betStatus: bet.betStatus,
    result: ledgerResult(bet.result),
    placedAt: bet.placedAt.toISOString(),
    settledAt: bet.settledAt?.toISOString() ?? null,
    conflict: conflictView(bet),
    legs: bet.ticketKind === 'single' ? [] : legs.map(({ leg, game }) => legView(leg, game)),
    needsReview: bet.needsReview,
    reviewReason: bet.needsReview ? reviewReason(bet, legs) : null,
    voidRule: bet.voidRule,
    ties: bet.tieRule,
    teaserPoints: bet.teaserPoints,
    reducedOdds: bet.teaserReducedOdds,
    sizes: bet.roundRobinSizes,
    profitBoostPercent: bet.boostPercent,
    unboostedOdds: bet.unboostedOdds,
    handResult: handResultView(bet),
  }
}

/** A bet with its game embedded (active, history and all-bets lists). */
export function betWithGameView(
  { bet, game }: { bet: BetRow; game: GameRow },
  legs: readonly LegWithGame[] = [],
): BetWithGameView {
  return { ...betView(bet, legs), game: gameFields(game) }
}

/** Decision 060: why the legs leave the payout to the book, read again from the legs as settlement read them. */
function reviewReason(bet: BetRow, legs: readonly LegWithGame[]): string {
  const standing = ticketStanding(
    ticketTerms(
      bet,
      legs.map(({ leg }) => leg),
    ),
  )
  return standing.status === 'needs_review' ? standing.reason : 'Enter what the book paid'
}

/** Decision 027: an open conflict is a stored score result beside the book's (settlement.service.ts). */
function conflictView(bet: BetRow): BetView['conflict'] {
  const fileResult = normalizeResult(bet.result)
  const scoreResult = normalizeResult(bet.scoreResult)
  return fileResult && scoreResult ? { fileResult, scoreResult } : null
}
