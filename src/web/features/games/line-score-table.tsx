import type { Game } from '../../types'
import { lineScore } from './line-score'

/** The score by period under a live or final score: scrolls sideways for a long extra-innings game. */
export function LineScoreTable({ game }: { game: Game }) {
  const table = lineScore(game)
  if (!table) return null
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full text-sm tabular-nums">
        <caption className="sr-only">Score by period</caption>
        <thead>
          <tr className="text-slate-400">
            <th scope="col" className="py-1 pr-3 text-left font-medium">
              Team
            </th>
            {table.periods.map((period) => (
              <th key={period} scope="col" className="px-1.5 py-1 text-right font-medium">
                {period}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.team} className="border-t border-slate-800">
              <th scope="row" className="py-1 pr-3 text-left font-medium text-slate-300">
                {row.team}
              </th>
              {row.cells.map((points, index) => (
                <td key={table.periods[index]} className="px-1.5 py-1 text-right text-slate-200">
                  {points}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
