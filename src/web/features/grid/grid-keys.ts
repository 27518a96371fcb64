export interface GridCell {
  row: number
  col: number
}

/** How far PageUp and PageDown move: about one screenful of 60 px rows. */
export const PAGE_ROWS = 5

/**
 * The keys of the WAI-ARIA data grid, for the outcome grid: arrows step one cell, Home and End go to the
 * row's first and last cell, PageUp and PageDown move PAGE_ROWS rows, Ctrl+Home and Ctrl+End go to the
 * first and the last cell. Moves stop at the edges (a grid does not wrap). Null: not a key the grid uses.
 */
export function moveInGrid(
  key: string,
  ctrl: boolean,
  at: GridCell,
  rows: number,
  cols: number,
): GridCell | null {
  if (rows <= 0 || cols <= 0) return null
  const lastRow = rows - 1
  const lastCol = cols - 1
  const to = (row: number, col: number): GridCell => ({
    row: Math.min(lastRow, Math.max(0, row)),
    col: Math.min(lastCol, Math.max(0, col)),
  })
  switch (key) {
    case 'ArrowUp':
      return to(at.row - 1, at.col)
    case 'ArrowDown':
      return to(at.row + 1, at.col)
    case 'ArrowLeft':
      return to(at.row, at.col - 1)
    case 'ArrowRight':
      return to(at.row, at.col + 1)
    case 'PageUp':
      return to(at.row - PAGE_ROWS, at.col)
    case 'PageDown':
      return to(at.row + PAGE_ROWS, at.col)
    case 'Home':
      return ctrl ? to(0, 0) : to(at.row, 0)
    case 'End':
      return ctrl ? to(lastRow, lastCol) : to(at.row, lastCol)
    default:
      return null
  }
}
