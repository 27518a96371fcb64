import { memo } from 'react'
import type { OutcomeCell } from '../../types'
import { cellView, type Overlay } from './cell-view'
import type { GridCell } from './grid-keys'

/** Fixed geometry (docs/spec/product-spec.md §9: 60 px cells); the windowing and scroll maths of the grid rely on it. */
export const CELL_PX = 60
export const HEADER_ROW_PX = 32
export const ROW_HEADER_PX = 48

export const ROW_CLASS = 'flex w-[var(--grid-w)]'
export const ROW_HEADER_CLASS =
  'sticky left-0 z-10 flex h-[60px] w-12 shrink-0 items-center justify-center border-r border-b border-slate-700 bg-slate-900 text-sm font-semibold text-slate-200'
const CELL_CLASS =
  'relative flex h-[60px] w-[60px] shrink-0 flex-col items-center justify-center border-r border-b border-slate-950 text-xs leading-tight tabular-nums'

export interface GridRowProps {
  /** 0-based position among the rows, for aria-rowindex (the header row is 1). */
  rowIndex: number
  homeScore: number
  cells: readonly OutcomeCell[]
  /** The colour scale's top: the largest |profit| on the grid. */
  maxAbs: number
  /** What the cells show (P&L, probability, expected value) and the likely region. */
  overlay: Overlay
  /** The away score of the current-score cell when it is on this row, else null. */
  currentAway: number | null
  /** The away score of the keyboard's active cell when it is on this row, else null. */
  activeAway: number | null
  /** Prefix of the cells' ids, which the grid's aria-activedescendant names. */
  idBase: string
  /** The window of columns drawn: [colStart, colEnd). */
  colStart: number
  colEnd: number
}

/**
 * One home score's row, drawing only the columns in view (the left padding stands for the others, so
 * every cell keeps its place under its column header). Memoised with a comparison that is cheap when
 * nothing changed: a poll that brings the same numbers (TanStack's structural sharing usually keeps the
 * very same array) skips the row.
 */
export const GridRow = memo(function GridRow(props: GridRowProps) {
  const { rowIndex, homeScore, cells, maxAbs, overlay, currentAway, activeAway, idBase, colStart, colEnd } =
    props
  const drawn: OutcomeCell[] = cells.slice(colStart, colEnd)
  return (
    <tr
      aria-rowindex={rowIndex + FIRST_INDEX}
      className={ROW_CLASS}
      style={{ paddingLeft: colStart * CELL_PX }}
    >
      <th scope="row" aria-colindex={1} className={ROW_HEADER_CLASS}>
        {homeScore}
      </th>
      {drawn.map((cell, i) => {
        const view = cellView(homeScore, cell.awayScore, cell, maxAbs, overlay)
        const current = cell.awayScore === currentAway
        return (
          <td
            key={cell.awayScore}
            id={cellId(idBase, homeScore, cell.awayScore)}
            aria-colindex={colStart + i + FIRST_INDEX}
            aria-label={current ? `${view.label}, current score` : view.label}
            className={`${CELL_CLASS} ${view.shade}`}
          >
            {view.likely ? <LikelyMark /> : null}
            {current ? <CurrentMark /> : null}
            {cell.awayScore === activeAway ? <ActiveMark /> : null}
            {view.mark ? (
              <span aria-hidden="true" className="absolute bottom-0.5 left-1 text-[10px] text-slate-200">
                {view.mark}
              </span>
            ) : null}
            <span className="font-semibold">{view.profitText}</span>
            {/* A space the flex layout drops, so the cell's text reads '+$50 31.3%', as its name does. */}
            {view.roiText ? (
              <>
                {' '}
                <span>{view.roiText}</span>
              </>
            ) : null}
          </td>
        )
      })}
    </tr>
  )
}, sameRow)

/** The current score: a green border and a yellow dot (the label says 'current score' in words). */
function CurrentMark() {
  return (
    <>
      <span aria-hidden="true" className="pointer-events-none absolute inset-0 border-2 border-green-400" />
      <span aria-hidden="true" className="absolute top-1 right-1 h-2 w-2 rounded-full bg-yellow-400" />
    </>
  )
}

/** The likely region: a dashed sky frame inside the cell, which reads over any shade. */
function LikelyMark() {
  return (
    <span
      aria-hidden="true"
      className="pointer-events-none absolute inset-1 rounded-sm border border-dashed border-sky-300/80"
    />
  )
}

/** The keyboard's cell: a ring shown while the grid has focus (the grid names the cell to screen readers). */
function ActiveMark() {
  return (
    <span
      aria-hidden="true"
      className="pointer-events-none absolute inset-0.5 hidden rounded-sm outline-2 outline-sky-400 group-focus:block"
    />
  )
}

/** The aria row and column index of the first score: 1 is the header row and the row-header column. */
const FIRST_INDEX = 2

/** The grid position of the cell an event landed in, read back from the aria indexes; null outside cells. */
export function cellAt(target: Element): GridCell | null {
  const cell = target.closest('td')
  const row = Number(cell?.parentElement?.getAttribute('aria-rowindex')) - FIRST_INDEX
  const col = Number(cell?.getAttribute('aria-colindex')) - FIRST_INDEX
  return row >= 0 && col >= 0 ? { row, col } : null
}

export function cellId(idBase: string, homeScore: number, awayScore: number): string {
  return `${idBase}-h${homeScore}-a${awayScore}`
}

function sameRow(a: GridRowProps, b: GridRowProps): boolean {
  return (
    a.rowIndex === b.rowIndex &&
    a.activeAway === b.activeAway &&
    a.idBase === b.idBase &&
    a.homeScore === b.homeScore &&
    a.maxAbs === b.maxAbs &&
    a.overlay === b.overlay &&
    a.currentAway === b.currentAway &&
    a.colStart === b.colStart &&
    a.colEnd === b.colEnd &&
    sameCells(a.cells, b.cells, a.colStart, a.colEnd)
  )
}

/** Reference first; otherwise one pass over the drawn cells, far cheaper than re-rendering the row. */
function sameCells(a: readonly OutcomeCell[], b: readonly OutcomeCell[], from: number, to: number): boolean {
  if (a === b) return true
  for (let i = from; i < to; i++) {
    const x = a[i]
    const y = b[i]
    if (!x || !y) return x === y
    if (
      x.awayScore !== y.awayScore ||
      x.profit !== y.profit ||
      x.roi !== y.roi ||
      x.probability !== y.probability ||
      x.impossible !== y.impossible ||
      x.estimate !== y.estimate ||
      x.needsReview !== y.needsReview
    )
      return false
  }
  return true
}
