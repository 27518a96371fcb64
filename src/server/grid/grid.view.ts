import { buildGrid, scoreRanges, toGridOutcomes } from '../../domain/outcome-grid'
import type { RestView } from '../../domain/ticket-grid'
import { betTerms } from '../bets/bet-rows'
import type { GameRow } from '../db/games-schema'
import type { Position } from '../game-answers/position'
import type { GameDistributions } from '../probability/game-distributions'
import { positionTickets } from '../probability/position-tickets'
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
) {
  const { bets } = position
  const current =
    game.homeScore !== null && game.awayScore !== null ? { home: game.homeScore, away: game.awayScore } : null
  const ranges = scoreRanges(game.league, current)
  const tickets = positionTickets(position, game, distributions, view)
  const grid = buildGrid({
    matchup: game,
    bets: bets.map(betTerms),
    tickets: tickets.grid,
    home: ranges.home,
    away: ranges.away,
  })
  const gridOutcomes = toGridOutcomes(grid)
  const shared = distributions?.forGame(game) ?? null
  const probability = shared ? addProbability(gridOutcomes, game, shared, bets, tickets.grid) : null
  return {
    gameId: game.id,
    sport: game.league,
    status: game.status,
    homeTeam: game.homeTeam,
    awayTeam: game.awayTeam,
    homeScore: game.homeScore,
    awayScore: game.awayScore,
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
