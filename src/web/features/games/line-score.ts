import type { Game } from '../../types'

/** One side's row of a line score: its name, then each period's points ('–' where it had no turn). */
export interface LineScoreRow {
  team: string
  cells: string[]
}

/**
 * A game's score by period as a table (decision 070): the periods' names as columns, away above home as on
 * the card; null when the game keeps no periods (not started, tennis, a soccer match whose goals the feed
 * has not all listed yet).
 */
export function lineScore(
  game: Pick<Game, 'periods' | 'homeTeam' | 'awayTeam' | 'homeAbbreviation' | 'awayAbbreviation'>,
): { periods: string[]; rows: [LineScoreRow, LineScoreRow] } | null {
  if (game.periods.length === 0) return null
  const cell = (points: number | null) => (points === null ? '–' : String(points))
  return {
    periods: game.periods.map((period) => period.period),
    rows: [
      { team: game.awayAbbreviation ?? game.awayTeam, cells: game.periods.map((p) => cell(p.awayScore)) },
      { team: game.homeAbbreviation ?? game.homeTeam, cells: game.periods.map((p) => cell(p.homeScore)) },
    ],
  }
}
