import type { BetView, BetWithGameView } from '../../contract/bets'
import { normalizeResult } from '../../domain/bet'
import { formatCents } from '../../domain/money'
import type { BetRow } from '../db/bets-schema'
import type { GameRow } from '../db/games-schema'
import { gameFields } from '../games/game-view'

/** The spec's Bet entity over HTTP (src/contract/bets.ts). */
export function betView(bet: BetRow): BetView {
  return {
    id: bet.id,
    userId: bet.userId,
    gameId: bet.gameId,
    betType: bet.betType,
    selection: bet.selection,
    odds: bet.odds,
    amount: formatCents(bet.amountCents),
    potentialWin: formatCents(bet.potentialWinCents),
    payout: bet.payoutCents === null ? null : formatCents(bet.payoutCents),
    sportsbook: bet.sportsbook,
    spreadTeam: bet.spreadTeam,
    spreadPoints: bet.spreadPoints,
    totalPoints: bet.totalPoints,
    overUnder: bet.overUnder,
    betStatus: bet.betStatus,
    result: normalizeResult(bet.result),
    placedAt: bet.placedAt.toISOString(),
    settledAt: bet.settledAt?.toISOString() ?? null,
    conflict: conflictView(bet),
  }
}

/** A bet with its game embedded (active, history and all-bets lists). */
export function betWithGameView({ bet, game }: { bet: BetRow; game: GameRow }): BetWithGameView {
  return { ...betView(bet), game: gameFields(game) }
}

/** Decision 027: an open conflict is a stored score result beside the book's (settlement.service.ts). */
function conflictView(bet: BetRow): BetView['conflict'] {
  const fileResult = normalizeResult(bet.result)
  const scoreResult = normalizeResult(bet.scoreResult)
  return fileResult && scoreResult ? { fileResult, scoreResult } : null
}
