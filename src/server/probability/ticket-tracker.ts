import type { z } from 'zod'
import type { ticketTracker } from '../../contract/probability'
import type { LegWithGame } from '../bets/bet-view'
import type { BetRow } from '../db/bets-schema'
import type { GameRow } from '../db/games-schema'
import type { GameDistributions } from './game-distributions'
import { wireProbability } from './probability-view'
import { chancesNow, legChances, storedTicketToPrice, ticketNow, ticketPriceView } from './ticket-price'

/**
 * GET /api/bets/ticket-chances (decision 067's live ticket tracker): each open ticket with its chances now
 * and each of its legs' still to play, from the games' shared distributions (decision 066). The joint
 * results of one game's legs are shared between the tickets (ticket-price.ts).
 */
export function ticketTrackerView(
  tickets: readonly { bet: BetRow; legs: readonly LegWithGame[] }[],
  games: ReadonlyMap<number, GameRow>,
  distributions: GameDistributions,
): z.infer<typeof ticketTracker> {
  return tickets.map(({ bet, legs }) => {
    const now = ticketNow(storedTicketToPrice(bet, legs), games, distributions)
    const price = chancesNow(now)
    const view = price.ok ? ticketPriceView(price.chances) : null
    const chances = legChances(now)
    return {
      betId: bet.id,
      winProbability: view?.winProbability ?? null,
      pushProbability: view?.pushProbability ?? null,
      expectedProfit: view?.expectedValue ?? null,
      fairOdds: view?.fairOdds ?? null,
      bookMargin: view?.bookMargin ?? null,
      unpriced: price.ok ? null : price.reason,
      legs: legs.map(({ leg }, i) => {
        const chance = chances.get(i)
        return {
          legId: leg.id,
          result: now.terms.legs[i]?.result ?? null,
          winProbability: chance === undefined ? null : wireProbability(chance),
        }
      }),
    }
  })
}
