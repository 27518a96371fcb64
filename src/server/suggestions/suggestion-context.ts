import type { BetTerms } from '../../domain/bet'
import type { ScoreDistribution } from '../../domain/probability/distribution'
import { probabilityGame } from '../../domain/probability/game-state'
import { scoreDistribution } from '../../domain/probability/index'
import { isCellBetType } from '../../domain/selection'
import type { ScorePoint, SuggestionContext, SuggestionLines } from '../../domain/suggestions/types'
import type { GridTicket } from '../../domain/ticket-grid'
import { betTerms } from '../bets/bet-rows'
import type { MarketBetRow } from '../db/bets-schema'
import type { GameRow, GameStateRow } from '../db/games-schema'

export interface ContextInput {
  game: GameRow
  distribution: ScoreDistribution
  /** The user's bets on the game; the settled ones are not on the grid any more. */
  bets: readonly MarketBetRow[]
  /** Decision 067: the open tickets whose only legs left to play are on this game. */
  tickets: readonly GridTicket[]
  /** The game's states, oldest first (games.repository.ts). */
  states: readonly GameStateRow[]
  now: Date
  maxPriceAgeSeconds: number
}

/** What the engine reads about a game and the user's bets on it, from the stored rows. */
export function suggestionContext(input: ContextInput): SuggestionContext {
  const { game, now } = input
  const open = input.bets.filter((bet) => bet.result === null)
  const terms = open.map(betTerms)
  // Decision 074: the bets read cell by cell are in the grids, never on a rule's line.
  const onCells = (bet: BetTerms) => isCellBetType(bet.betType)
  return {
    game: {
      id: String(game.id),
      league: game.league,
      homeTeam: game.homeTeam,
      awayTeam: game.awayTeam,
      status: game.status as SuggestionContext['game']['status'],
      homeScore: game.homeScore,
      awayScore: game.awayScore,
    },
    distribution: input.distribution,
    lines: linesOf(game, now),
    bets: terms.filter((bet) => !onCells(bet)),
    cellBets: terms.filter(onCells),
    tickets: input.tickets,
    scoreHistory: scoreHistory(input.states),
    distributionAtBet: distributionAt(game.league, input.states, open[0]?.placedAt ?? null),
    now,
    options: { maxPriceAgeSeconds: input.maxPriceAgeSeconds },
  }
}

/**
 * Decision 024: the price's age. The feeds carry the pregame line (ESPN's scoreboard keeps it through the game),
 * so once play has begun the price is at least as old as the start, however recently a sync repeated it.
 * Decision 029: neither feed sends an in-play price (ESPN drops the odds once play starts, the simulator prices
 * before the start), so the stored lines are the pregame ones, which the engine does not offer on a live game.
 */
function linesOf(game: GameRow, now: Date): SuggestionLines | null {
  if (!game.lines) return null
  const { provider: _provider, ...lines } = game.lines
  const seen = game.linesSeenAt ?? game.updatedAt
  const asOf =
    game.status === 'scheduled' ? seen : new Date(Math.min(seen.getTime(), game.startTime.getTime()))
  return {
    ...lines,
    linesAgeSeconds: Math.max(0, Math.floor((now.getTime() - asOf.getTime()) / 1000)),
    pregame: true,
  }
}

/** One point per score the feed showed, in order (clock-only versions repeat the score and are skipped). */
function scoreHistory(states: readonly GameStateRow[]): ScorePoint[] {
  const points: ScorePoint[] = []
  for (const state of states) {
    if (state.homeScore === null || state.awayScore === null) continue
    const last = points.at(-1)
    if (last?.homeScore === state.homeScore && last.awayScore === state.awayScore) continue
    points.push({ at: state.seenAt, homeScore: state.homeScore, awayScore: state.awayScore })
  }
  return points
}

/** The distribution of the state the game was in when the user's first open bet was placed. */
function distributionAt(league: string, states: readonly GameStateRow[], placedAt: Date | null) {
  if (!placedAt) return null
  const before = states.filter((state) => state.seenAt.getTime() <= placedAt.getTime())
  const state = before.at(-1) ?? states[0]
  if (!state) return null
  return scoreDistribution(probabilityGame({ ...state, league }))?.distribution ?? null
}
