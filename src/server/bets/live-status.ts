import { isMarketBet, recordOf } from '../../domain/bet'
import { formatCents } from '../../domain/money'
import { BetTermsError, settleOnGame } from '../../domain/settlement'
import { betTerms } from './bet-rows'
import type { BetWithGame } from './bets.repository'

export type Standing = 'winning' | 'losing' | 'push'

const STANDING = { won: 'winning', lost: 'losing', push: 'push' } as const

/**
 * GET /api/bets/live-status (its shape is not in the spec): each unsettled bet on a live game, read with
 * the settlement rule at the current score, i.e. what it would pay if the game ended now.
 */
export function liveStatus(rows: readonly BetWithGame[]) {
  return rows.flatMap(({ bet, game }) => {
    // A ticket of several legs is worth its legs together (GET /api/bets/ticket-chances), not one game's score.
    if (!isMarketBet(bet) || bet.ticketKind !== 'single') return []
    if (game.status !== 'in_progress' || game.homeScore === null || game.awayScore === null) return []
    try {
      // A bet on a period reads the period's score so far (decision 073).
      const now = settleOnGame(betTerms(bet), game, false)
      if (now === null) return []
      return [
        {
          betId: bet.id,
          gameId: game.id,
          selection: bet.selection,
          betStatus: bet.betStatus,
          homeScore: game.homeScore,
          awayScore: game.awayScore,
          standing: STANDING[recordOf(now.result)] satisfies Standing,
          netIfFinal: formatCents(now.net),
        },
      ]
    } catch (error) {
      if (error instanceof BetTermsError) return []
      throw error
    }
  })
}
