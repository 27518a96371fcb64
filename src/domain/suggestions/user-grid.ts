import type { BetTerms } from '../bet'
import { buildGrid, type OutcomeGrid, scoreRanges } from '../outcome-grid'
import { type BetLine, betRule, type Matchup } from '../settlement'
import type { SuggestionContext, SuggestionGame } from './types'

/**
 * The grid a rule reasons about: the user's bets on one game, priced cell by cell by the outcome grid
 * (one money rule, decision 005) over the axes the user's Grid shows, and weighed by the score distribution.
 */
export function matchupOf(game: SuggestionGame): Matchup {
  return { homeTeam: game.homeTeam, awayTeam: game.awayTeam, league: game.league }
}

/** The grid the user sees for this game (scoreRanges from the current score), with the given bets and its tickets. */
export function userGrid(context: SuggestionContext, bets: readonly BetTerms[]): OutcomeGrid {
  const { game } = context
  const current =
    game.homeScore === null || game.awayScore === null ? null : { home: game.homeScore, away: game.awayScore }
  return buildGrid({
    matchup: matchupOf(game),
    bets: [...bets, ...context.cellBets],
    tickets: context.tickets,
    ...scoreRanges(game.league, current),
  })
}

/** Calls back every cell that can be a final score (decision 006: no ties where the league has none). */
export function forEachFinal(
  grid: OutcomeGrid,
  visit: (home: number, away: number, profit: number) => void,
): void {
  const width = grid.away.max - grid.away.min + 1
  for (let h = grid.home.min; h <= grid.home.max; h++) {
    for (let a = grid.away.min; a <= grid.away.max; a++) {
      if (grid.tiesImpossible && h === a) continue
      visit(h, a, grid.profit[(h - grid.home.min) * width + a - grid.away.min] ?? 0)
    }
  }
}

/** The grid's worst outcome over every possible final score on the grid. */
export function floorOf(grid: OutcomeGrid): number {
  let floor = Number.POSITIVE_INFINITY
  forEachFinal(grid, (_h, _a, profit) => {
    floor = Math.min(floor, profit)
  })
  return floor
}

/**
 * A bet's line, which the rules that reason about lines (middles, sides, trends) read: the offered sides
 * and the context's `bets` are all on lines; a market read cell by cell (decision 074) is in `cellBets`.
 */
export function lineOf(bet: Omit<BetTerms, 'amount'>, matchup: Matchup): BetLine {
  const rule = betRule({ ...bet, amount: 0 }, matchup)
  if (rule.kind === 'line') return rule.line
  throw new Error(`'${bet.selection}' is read cell by cell, not on a line`)
}

/** Two bets on the same line from opposite sides: the one wins exactly where the other loses. */
export function isOppositeSide(a: BetLine, b: BetLine): boolean {
  return a.axis === b.axis && a.threshold === b.threshold && a.below === b.above && a.above === b.below
}

/** The user already holds this selection (a suggestion never repeats a held bet). */
export function holds(bets: readonly BetTerms[], selection: string): boolean {
  return bets.some((bet) => bet.selection === selection)
}

/** Which way a line pays: 'up' when it wins above its threshold, 'down' below; null for the draw's line. */
export function direction(line: BetLine): 'up' | 'down' | null {
  if (line.above === 'won' && line.below !== 'won') return 'up'
  if (line.below === 'won' && line.above !== 'won') return 'down'
  return null
}
