import type { z } from 'zod'
import type { gameTicket } from '../../contract/probability'
import { type GridTicket, gridTicket, type RestView } from '../../domain/ticket-grid'
import type { GameRow } from '../db/games-schema'
import type { Position } from '../game-answers/position'
import type { GameDistributions } from './game-distributions'
import { chancesNow, storedTicketToPrice, ticketNow, ticketOnGame, ticketPriceView } from './ticket-price'

type TicketOnGameView = z.infer<typeof gameTicket>

/** The tickets of a position on one game: what the grid counts, and how the answer lists them. */
export interface PositionTickets {
  grid: GridTicket[]
  list: TicketOnGameView[]
  /** The tickets with no leg left to play but here: their worth on every cell is exact (the last-leg hedge). */
  lastLeg: GridTicket[]
}

/**
 * Decision 067: each open ticket whose worth still depends on this game's score, made for the grid in the
 * view asked (the legs still to play elsewhere at their chances, or as won), and listed with its chances
 * now (decision 066). Without `distributions` (no plan, decision 016) nothing is priced: the grid counts
 * the rest as won.
 */
export function positionTickets(
  position: Position,
  game: GameRow,
  distributions: GameDistributions | null,
  view: RestView,
): PositionTickets {
  const out: PositionTickets = { grid: [], list: [], lastLeg: [] }
  const rest = distributions ? view : 'if_rest_win'
  for (const { bet, legs } of position.tickets) {
    const now = ticketNow(storedTicketToPrice(bet, legs), position.games, distributions)
    const onGame = ticketOnGame(now, game.id)
    if (!onGame) continue
    const made = gridTicket(onGame, rest)
    if (made) out.grid.push(made)
    if (made && onGame.elsewhere?.length === 0) out.lastLeg.push(made)
    const price = chancesNow(now)
    const chances = price.ok ? ticketPriceView(price.chances) : null
    const decided = onGame.terms.legs.filter((leg) => leg.result !== null).length
    out.list.push({
      id: bet.id,
      kind: bet.ticketKind,
      legs: legs.length,
      legsDecided: decided,
      legsElsewhere: legs.length - decided - onGame.here.length,
      amount: bet.amountCents / 100,
      potentialWin: bet.potentialWinCents / 100,
      winProbability: chances?.winProbability ?? null,
      pushProbability: chances?.pushProbability ?? null,
      expectedProfit: chances?.expectedValue ?? null,
      fairOdds: chances?.fairOdds ?? null,
      bookMargin: chances?.bookMargin ?? null,
      onGrid: made !== null,
      unpriced: price.ok ? null : price.reason,
    })
  }
  return out
}
