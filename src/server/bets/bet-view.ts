import { normalizeResult } from '../../domain/bet'
import { formatCents } from '../../domain/money'
import type { BetRow, GameRow } from '../db/games-schema'
import { gameFields } from '../games/game-view'

/** The spec's Bet entity over HTTP: money as decimal strings (active-bet lists), results as D3 stores them. */
export interface BetView {
  id: number
  userId: number
  gameId: number
  betType: string
  selection: string
  odds: number
  amount: string
  potentialWin: string
  payout: string | null
  sportsbook: string
  spreadTeam: string | null
  spreadPoints: number | null
  totalPoints: number | null
  overUnder: string | null
  betStatus: string
  result: string | null
  placedAt: string
  settledAt: string | null
}

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
  }
}

/** A bet with its game embedded (active, history and all-bets lists). */
export function betWithGameView({ bet, game }: { bet: BetRow; game: GameRow }) {
  return { ...betView(bet), game: gameFields(game) }
}
