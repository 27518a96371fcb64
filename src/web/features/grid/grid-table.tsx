import { useVirtualizer } from '@tanstack/react-virtual'
import {
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import type { GameGrid } from '../../types'
import type { CellMode, GridExtremes, Overlay } from './cell-view'
import { type GridCell, moveInGrid } from './grid-keys'
import { CELL_PX, cellAt, cellId, GridRow, HEADER_ROW_PX, ROW_HEADER_PX } from './grid-row'
import { GRID_SCROLLER, HeaderRow } from './placeholder-grid'

/** Rows and columns drawn beyond the visible ones, so a quick scroll does not show blanks. */
const OVERSCAN = 3

/** The drawn [start, end) of one axis: @tanstack/react-virtual's range over the fixed 60 px cells. */
function useAxisWindow(
  element: () => HTMLTableElement | null,
  count: number,
  header: number,
  horizontal: boolean,
): { start: number; end: number } {
  const axis = useVirtualizer({
    count,
    getScrollElement: element,
    estimateSize: () => CELL_PX,
    overscan: OVERSCAN,
    horizontal,
    // React 19 batches the scroll's re-render itself; a flushSync from a layout effect would warn.
    useFlushSync: false,
    // The sticky header row (or column) sits before the first cell.
    paddingStart: header,
    scrollPaddingStart: header,
    // Before the first measurement (and in a test without layout), a screenful of an ordinary grid.
    initialRect: { width: ROW_HEADER_PX + 26 * CELL_PX, height: HEADER_ROW_PX + 16 * CELL_PX },
  })
  const items = axis.getVirtualItems()
  const first = items[0]?.index ?? 0
  const last = items.at(-1)?.index ?? -1
  return { start: first, end: last + 1 }
}

/**
 * The grid itself. Only the rows and columns in view are in the DOM (the tbody's height and each row's
 * left padding stand for the rest; two @tanstack/react-virtual axes follow the scroll and the size), so a poll that changes every one of the 12,321 cells of an NBA grid
 * (a new bet, or a score that moves the range) re-renders a few hundred cells, and rows whose numbers did
 * not change are skipped (GridRow's memo).
 */
export function GridTable({
  gameGrid,
  extremes,
  mode,
}: {
  gameGrid: GameGrid
  extremes: GridExtremes
  mode: CellMode
}) {
  const grid = useRef<HTMLTableElement>(null)
  const likely = gameGrid.probability?.likelyThreshold ?? null
  const { maxAbs, maxProbability, maxAbsEv } = extremes
  // One object per mode and scale, so rows whose cells did not change still skip their render (GridRow).
  const overlay = useMemo<Overlay>(
    () => ({ mode, maxProbability, maxAbsEv, likely }),
    [mode, maxProbability, maxAbsEv, likely],
  )
  const rows = gameGrid.outcomes
  const awayScores = useMemo(() => {
    const { min, max } = gameGrid.awayRange
    return Array.from({ length: Math.max(0, max - min + 1) }, (_, i) => min + i)
  }, [gameGrid.awayRange])
  const scroller = () => grid.current
  const rowWindow = useAxisWindow(scroller, rows.length, HEADER_ROW_PX, false)
  const colWindow = useAxisWindow(scroller, awayScores.length, ROW_HEADER_PX, true)

  const hasScore = gameGrid.homeScore !== null && gameGrid.awayScore !== null
  const currentRow = hasScore ? rows.findIndex((r) => r.homeScore === gameGrid.homeScore) : -1
  const currentCol = hasScore ? awayScores.indexOf(gameGrid.awayScore ?? -1) : -1
  const idBase = useId()
  // The keyboard's cell is the current score until the user picks another; when the current cell moves,
  // the grid scrolls to it (below) and the pick lapses with it. Clamped: a new range may be smaller.
  const currentKey = `${currentRow},${currentCol}`
  const [picked, setPicked] = useState<{ cell: GridCell; current: string } | null>(null)
  const active =
    picked?.current === currentKey
      ? picked.cell
      : { row: Math.max(0, currentRow), col: Math.max(0, currentCol) }
  const activeRow = Math.max(0, Math.min(active.row, rows.length - 1))
  const activeCol = Math.max(0, Math.min(active.col, awayScores.length - 1))
  const pick = (cell: GridCell) => setPicked({ cell, current: currentKey })

  // On first data and whenever the score (or the range around it) moves, bring the current cell into view.
  // The maths stands on the fixed geometry; scrollIntoView would also scroll the page or the dialog.
  useLayoutEffect(() => {
    const element = grid.current
    if (!element || currentRow < 0 || currentCol < 0) return
    element.scrollTop = Math.max(
      0,
      HEADER_ROW_PX + currentRow * CELL_PX - (element.clientHeight - CELL_PX) / 2,
    )
    element.scrollLeft = Math.max(
      0,
      ROW_HEADER_PX + currentCol * CELL_PX - (element.clientWidth - CELL_PX) / 2,
    )
  }, [currentRow, currentCol])

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const at = { row: activeRow, col: activeCol }
    const next = moveInGrid(event.key, event.ctrlKey || event.metaKey, at, rows.length, awayScores.length)
    if (!next || !grid.current) return
    event.preventDefault()
    pick(next)
    reveal(grid.current, next)
  }

  // A click on a cell makes it the keyboard's cell, so the arrows go on from where the user looked.
  const onClick = (event: MouseEvent<HTMLTableElement>) => {
    const cell = cellAt(event.target as Element)
    if (cell) pick(cell)
  }

  const { start: rowStart, end: rowEnd } = rowWindow
  const { start: colStart, end: colEnd } = colWindow
  const drawn = rows.slice(rowStart, rowEnd)
  const activeHome = rows[activeRow]?.homeScore
  const activeAway = awayScores[activeCol]
  // Only a cell in the DOM can be named; the keyboard always scrolls its cell into the drawn window.
  const activeDrawn =
    activeHome !== undefined &&
    activeAway !== undefined &&
    activeRow >= rowStart &&
    activeRow < rowEnd &&
    activeCol >= colStart &&
    activeCol < colEnd
  return (
    <table
      ref={grid}
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA data grid pattern is a table with role grid; the keys are handled below
      role="grid"
      aria-label="Outcome grid"
      aria-readonly="true"
      aria-rowcount={rows.length + 1}
      aria-colcount={awayScores.length + 1}
      aria-activedescendant={activeDrawn ? cellId(idBase, activeHome, activeAway) : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onClick={onClick}
      style={{ '--grid-w': `${ROW_HEADER_PX + awayScores.length * CELL_PX}px` } as CSSProperties}
      className={`group ${GRID_SCROLLER}`}
    >
      <HeaderRow scores={awayScores} />
      <tbody className="block" style={{ height: rows.length * CELL_PX, paddingTop: rowStart * CELL_PX }}>
        {drawn.map((row, i) => (
          <GridRow
            key={row.homeScore}
            rowIndex={rowStart + i}
            homeScore={row.homeScore}
            cells={row.outcomes}
            maxAbs={maxAbs}
            overlay={overlay}
            currentAway={rowStart + i === currentRow ? (gameGrid.awayScore ?? null) : null}
            activeAway={rowStart + i === activeRow ? (activeAway ?? null) : null}
            idBase={idBase}
            colStart={colStart}
            colEnd={colEnd}
          />
        ))}
      </tbody>
    </table>
  )
}

/** Scrolls the least that shows the whole cell below the sticky header row and right of the sticky column. */
function reveal(element: HTMLElement, { row, col }: GridCell) {
  const top = row * CELL_PX
  const left = col * CELL_PX
  const height = element.clientHeight - HEADER_ROW_PX
  const width = element.clientWidth - ROW_HEADER_PX
  if (top < element.scrollTop) element.scrollTop = top
  else if (top + CELL_PX > element.scrollTop + height) element.scrollTop = top + CELL_PX - height
  if (left < element.scrollLeft) element.scrollLeft = left
  else if (left + CELL_PX > element.scrollLeft + width) element.scrollLeft = left + CELL_PX - width
}
