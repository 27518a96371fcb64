import { buildGrid, scoreRanges, toGridOutcomes } from '../../domain/outcome-grid'
import { betTerms } from '../bets/bet-rows'
import type { MarketBetRow } from '../db/bets-schema'
import type { GameRow } from '../db/games-schema'
import type { GameDistribution } from '../probability/game-distributions'
import { addProbability } from '../probability/probability-view'

/**
 * GET /api/outcome-matrix/{gameId}: the spec's `outcomes` (rows by homeScore, cells by awayScore with
 * profit in dollars and roi in percent) from the domain grid over all the user's bets on the game,
 * tentative and committed alike (decision 005), with what the grid screen needs around it. Where the game has a
 * score distribution, each cell carries its chance and the answer the grid's summary.
 */
export function gridView(game: GameRow, bets: readonly MarketBetRow[], shared: GameDistribution | null) {
  const current =
    game.homeScore !== null && game.awayScore !== null ? { home: game.homeScore, away: game.awayScore } : null
  const ranges = scoreRanges(game.league, current)
  const grid = buildGrid({ matchup: game, bets: bets.map(betTerms), home: ranges.home, away: ranges.away })
  const gridOutcomes = toGridOutcomes(grid)
  const probability = shared ? addProbability(gridOutcomes, game, shared, bets) : null
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
    ...gridOutcomes,
  }
}
