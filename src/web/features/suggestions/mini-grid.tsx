import { dollarsToCents } from '../../../domain/money'
import type { OutcomeCell, Suggestion } from '../../types'
import { FOCUS } from '../../ui/focus'
import { formatMoney } from '../../ui/format'
import { cellView, gridExtremes } from '../grid/cell-view'

type Preview = Suggestion['preview']
type PreviewRow = Preview['before'][number]

/**
 * The grid before and after the suggested bet on the preview's window of final scores,
 * side by side. Both share one colour scale, so a cell that turns from red to green did improve; every
 * cell is labelled like the Grid's ('Home 24, Away 21: +$50 ...'), so colour is never the only signal.
 */
export function MiniGrid({ preview, amount }: { preview: Preview; amount: number }) {
  const { maxAbs } = gridExtremes([...preview.before, ...preview.after])
  // The preview is at the suggested amount: the caption says so, since the bettor may type another.
  const after = `After (at ${formatMoney(dollarsToCents(amount))})`
  return (
    <div className="flex flex-wrap gap-3">
      <MiniTable caption="Before" rows={preview.before} maxAbs={maxAbs} />
      <MiniTable caption={after} rows={preview.after} maxAbs={maxAbs} />
    </div>
  )
}

function MiniTable({
  caption,
  rows,
  maxAbs,
}: {
  caption: string
  rows: readonly PreviewRow[]
  maxAbs: number
}) {
  const awayScores = rows[0]?.outcomes.map((cell) => cell.awayScore) ?? []
  return (
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a phone scrolls a wide window sideways, by keyboard too
      tabIndex={0}
      aria-label={`The grid ${caption.toLowerCase()}`}
      className={`max-w-full overflow-x-auto rounded ${FOCUS}`}
    >
      <table className="border-separate border-spacing-0.5 text-[10px] tabular-nums">
        <caption className="pb-1 text-left text-xs font-semibold text-slate-300">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="px-1 text-left font-medium text-slate-400">
              <span aria-hidden="true">H\A</span>
              <span className="sr-only">Home score by away score</span>
            </th>
            {awayScores.map((away) => (
              <th key={away} scope="col" className="px-1 font-medium text-slate-400">
                {away}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.homeScore}>
              <th scope="row" className="px-1 text-right font-medium text-slate-400">
                {row.homeScore}
              </th>
              {row.outcomes.map((cell) => (
                <MiniCell key={cell.awayScore} homeScore={row.homeScore} cell={cell} maxAbs={maxAbs} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

function MiniCell({ homeScore, cell, maxAbs }: { homeScore: number; cell: OutcomeCell; maxAbs: number }) {
  const view = cellView(homeScore, cell.awayScore, cell, maxAbs)
  return (
    <td aria-label={view.label} className={`h-7 min-w-10 rounded-sm px-1 text-center ${view.shade}`}>
      {view.profitText}
    </td>
  )
}
