import type { CSSProperties } from 'react'
import { CELL_PX, ROW_CLASS, ROW_HEADER_CLASS, ROW_HEADER_PX } from './grid-row'

/** docs/spec/product-spec.md §9: before data arrives a 26 by 26 placeholder grid shows. */
const SIZE = 26
const SCORES = Array.from({ length: SIZE }, (_, i) => i)
const WIDTH = { '--grid-w': `${ROW_HEADER_PX + SIZE * CELL_PX}px` } as CSSProperties

const CELL =
  'flex h-[60px] w-[60px] shrink-0 items-center justify-center border-r border-b border-slate-950 bg-slate-800 text-xs text-slate-400'

/** The grid's scrolling frame, the same for the placeholder and the table that takes its place. */
export const GRID_SCROLLER =
  'relative block max-h-[65vh] max-w-full overflow-auto rounded-lg border border-slate-700 bg-slate-950 focus-visible:outline-2 focus-visible:outline-sky-400'

export function PlaceholderGrid() {
  return (
    <table
      aria-label="Outcome grid"
      aria-busy="true"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      style={WIDTH}
      className={GRID_SCROLLER}
    >
      <HeaderRow scores={SCORES} />
      <tbody className="block">
        {SCORES.map((home) => (
          <tr key={home} className={ROW_CLASS}>
            <th scope="row" className={ROW_HEADER_CLASS}>
              {home}
            </th>
            {SCORES.map((away) => (
              <td key={away} aria-label={`Home ${home}, Away ${away}: loading`} className={CELL}>
                --
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/**
 * The away scores across the top; sticky so they stay in view while the rows scroll. The table's parts are
 * blocks and flex rows (not table layout) so cells lay out in fixed 60 px boxes that the grid can window.
 */
export function HeaderRow({ scores }: { scores: readonly number[] }) {
  return (
    <thead className="sticky top-0 z-20 block w-[var(--grid-w)]">
      <tr aria-rowindex={1} className="flex">
        <th
          scope="col"
          aria-colindex={1}
          aria-label="Home score by away score"
          className="sticky left-0 z-30 flex h-8 w-12 shrink-0 items-center justify-center border-r border-b border-slate-700 bg-slate-900 text-[10px] text-slate-400"
        >
          H \ A
        </th>
        {scores.map((away, i) => (
          <th
            scope="col"
            key={away}
            aria-colindex={i + 2}
            className="flex h-8 w-[60px] shrink-0 items-center justify-center border-r border-b border-slate-700 bg-slate-900 text-sm font-semibold text-slate-200"
          >
            {away}
          </th>
        ))}
      </tr>
    </thead>
  )
}
