import { buildGrid, scoreRanges, toGridOutcomes } from '../../domain/outcome-grid'
import { BET_PERIODS, type BetPeriod, FULL_GAME, periodsOn } from '../../domain/periods'
import { scoreFor } from '../../domain/settlement'
import type { RestView } from '../../domain/ticket-grid'
import { betTerms } from '../bets/bet-rows'
import type { GameRow } from '../db/games-schema'
import type { Position } from '../game-answers/position'
import type { GameDistributions } from '../probability/game-distributions'
import { type PositionTickets, positionTickets } from '../probability/position-tickets'
import { addProbability } from '../probability/probability-view'

/**
 * GET /api/outcome-matrix/{gameId}: the spec's `outcomes` (rows by homeScore, cells by awayScore with
 * profit in dollars and roi in percent) from the domain grid over all the user's bets on the game,
 * tentative and committed alike (decision 005), and the open tickets whose worth depends on this game's
 * score (decision 067), with what the grid screen needs around it. Where the game has a
 * score distribution, each cell carries its chance and the answer the grid's summary.
 */
export function gridView(
  game: GameRow,
  position: Position,
  distributions: GameDistributions | null,
  view: RestView,
  period: BetPeriod = FULL_GAME,
) {
  const fullGame = period === FULL_GAME
  const bets = fullGame ? position.bets : position.periodBets.filter((bet) => bet.period === period)
  // The score of the period so far once the game is under way (0-0 before the period starts).
  const started = game.homeScore !== null && game.awayScore !== null
  const current = started ? scoreFor(period, game, false) : null
  const ranges = scoreRanges(game.league, current, period)
  // Decision 073: tickets are drawn on the full game's grid only (ticketOnGame says which).
  const tickets = fullGame ? positionTickets(position, game, distributions, view) : NO_TICKETS
  const grid = buildGrid({
    matchup: game,
    bets: bets.map(betTerms),
    tickets: tickets.grid,
    home: ranges.home,
    away: ranges.away,
    period,
  })
  const gridOutcomes = toGridOutcomes(grid)
  const shared = distributions?.forPeriod(game, period) ?? null
  const probability = shared ? addProbability(gridOutcomes, game, shared, bets, tickets.grid) : null
  return {
    gameId: game.id,
    sport: game.league,
    status: game.status,
    homeTeam: game.homeTeam,
    awayTeam: game.awayTeam,
    homeScore: current?.home ?? null,
    awayScore: current?.away ?? null,
    period,
    periodsOffered: periodsOn(game.league),
    onPeriods: onPeriods(position),
    gameVersion: game.version,
    betCount: bets.length,
    totalStake: grid.totalStake / 100,
    // Decision 006: diagonal cells carry impossible: true in these leagues.
    tiesImpossible: grid.tiesImpossible,
    homeRange: grid.home,
    awayRange: grid.away,
    probability,
    rest: distributions ? view : ('if_rest_win' as const),
    tickets: tickets.list,
    ...gridOutcomes,
  }
}

const NO_TICKETS: PositionTickets = { grid: [], list: [], lastLeg: [] }

/** Decision 073: what rides on each period of the game, in the league's order, for the full game's grid to say. */
function onPeriods(position: Position) {
  const stakes = new Map<BetPeriod, { betCount: number; stake: number }>()
  for (const bet of position.periodBets) {
    const held = stakes.get(bet.period) ?? { betCount: 0, stake: 0 }
    stakes.set(bet.period, { betCount: held.betCount + 1, stake: held.stake + bet.amountCents })
  }
  return BET_PERIODS.flatMap((period) => {
    const held = stakes.get(period)
    return held ? [{ period, betCount: held.betCount, stake: held.stake / 100 }] : []
  })
}
