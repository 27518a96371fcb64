import { type GridOutcomes, outcomeCell } from '../../domain/outcome-grid'
import {
  forEachCell,
  type GridExpectation,
  gridOnDistribution,
  probabilityAt,
  summaryOnGrid,
} from '../../domain/probability/distribution'
import type { GridTicket } from '../../domain/ticket-grid'
import { betTerms } from '../bets/bet-rows'
import type { MarketBetRow } from '../db/bets-schema'
import type { GameRow } from '../db/games-schema'
import type { Position } from '../game-answers/position'
import type { GameDistribution, GameDistributions } from './game-distributions'
import { positionTickets } from './position-tickets'

/** Decision 044: the answer lists every final score at least this likely. */
export const MIN_LISTED_PROBABILITY = 0.0001

/** Six decimals: a millionth is far below anything the screens show, and it keeps the answers small. */
export function wireProbability(p: number): number {
  return Math.round(p * 1e6) / 1e6
}

/** GET /api/live-probability/{gameId}: the distribution, priced by the user's bets on the game. */
export function liveProbabilityView(
  game: GameRow,
  shared: GameDistribution,
  position: Position,
  distributions: GameDistributions,
) {
  const { bets } = position
  const tickets = positionTickets(position, game, distributions, 'expected')
  const dist = shared.result.distribution
  const grid = gridOnDistribution(dist, game, bets.map(betTerms), tickets.grid)
  const listed: { homeScore: number; awayScore: number; probability: number; roi: number; profit: number }[] =
    []
  let listedMass = 0
  forEachCell(dist, (homeScore, awayScore, p, i) => {
    if (p < MIN_LISTED_PROBABILITY) return
    listedMass += p
    const { profit, roi } = outcomeCell(homeScore, awayScore, grid.profit[i] ?? 0, grid, grid.marks?.[i])
    listed.push({ homeScore, awayScore, probability: wireProbability(p), roi, profit })
  })
  listed.sort((a, b) => b.probability - a.probability)
  return {
    gameId: game.id,
    sport: game.league,
    status: game.status,
    situation: situationOf(game),
    outcomes: listed,
    metadata: {
      significantOutcomes: listed.length,
      maxHomeScore: Math.max(0, ...listed.map((o) => o.homeScore)),
      maxAwayScore: Math.max(0, ...listed.map((o) => o.awayScore)),
      unlistedProbability: wireProbability(Math.max(0, 1 - listedMass)),
      betCount: bets.length,
      model: modelView(game, shared),
    },
    summary: summaryView(shared, summaryOnGrid(dist, grid)),
    tickets: tickets.list,
    lastUpdated: shared.computedAt.toISOString(),
  }
}

/** The outcome grid's share of the same computation: each cell's chance, the model and the summary. */
export function addProbability(
  gridOutcomes: GridOutcomes,
  game: GameRow,
  shared: GameDistribution,
  bets: readonly MarketBetRow[],
  tickets: readonly GridTicket[],
) {
  const dist = shared.result.distribution
  for (const row of gridOutcomes.outcomes) {
    for (const cell of row.outcomes) {
      const p = wireProbability(probabilityAt(dist, row.homeScore, cell.awayScore))
      if (p > 0) cell.probability = p
    }
  }
  const expectation = summaryOnGrid(dist, gridOnDistribution(dist, game, bets.map(betTerms), tickets))
  return {
    model: modelView(game, shared),
    summary: summaryView(shared, expectation),
    likelyThreshold: wireProbability(shared.likelyThreshold),
  }
}

function situationOf(game: GameRow) {
  return {
    homeScore: game.homeScore ?? 0,
    awayScore: game.awayScore ?? 0,
    period: game.period,
    clock: game.gameTime,
    ...(game.baseball ? { baseball: game.baseball } : {}),
    ...(game.football ? { football: game.football } : {}),
  }
}

function modelView(game: GameRow, shared: GameDistribution) {
  const { model } = shared.result
  return { ...model, timeLeft: Math.round(model.timeLeft * 1e4) / 1e4, lines: game.lines }
}

function summaryView(shared: GameDistribution, expectation: GridExpectation) {
  return {
    homeWin: wireProbability(shared.threeWay.homeWin),
    draw: wireProbability(shared.threeWay.draw),
    awayWin: wireProbability(shared.threeWay.awayWin),
    expectedProfit: Math.round(expectation.expectedProfit) / 100,
    profitProbability: wireProbability(expectation.profitProbability),
    pushProbability: wireProbability(expectation.pushProbability),
    lossProbability: wireProbability(expectation.lossProbability),
  }
}
