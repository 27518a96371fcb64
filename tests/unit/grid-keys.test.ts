import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { moveInGrid, PAGE_ROWS } from '../../src/web/features/grid/grid-keys'

describe('moveInGrid', () => {
  const middle = { row: 10, col: 10 }

  it('steps one cell with each arrow', () => {
    expect(moveInGrid('ArrowUp', false, middle, 30, 30)).toEqual({ row: 9, col: 10 })
    expect(moveInGrid('ArrowDown', false, middle, 30, 30)).toEqual({ row: 11, col: 10 })
    expect(moveInGrid('ArrowLeft', false, middle, 30, 30)).toEqual({ row: 10, col: 9 })
    expect(moveInGrid('ArrowRight', false, middle, 30, 30)).toEqual({ row: 10, col: 11 })
  })

  it('goes to the row ends with Home and End, and to the grid corners with Ctrl', () => {
    expect(moveInGrid('Home', false, middle, 30, 40)).toEqual({ row: 10, col: 0 })
    expect(moveInGrid('End', false, middle, 30, 40)).toEqual({ row: 10, col: 39 })
    expect(moveInGrid('Home', true, middle, 30, 40)).toEqual({ row: 0, col: 0 })
    expect(moveInGrid('End', true, middle, 30, 40)).toEqual({ row: 29, col: 39 })
  })

  it('pages by PAGE_ROWS rows and stops at the edges', () => {
    expect(moveInGrid('PageDown', false, middle, 30, 30)).toEqual({ row: 10 + PAGE_ROWS, col: 10 })
    expect(moveInGrid('PageUp', false, { row: 2, col: 4 }, 30, 30)).toEqual({ row: 0, col: 4 })
    expect(moveInGrid('ArrowRight', false, { row: 0, col: 29 }, 30, 30)).toEqual({ row: 0, col: 29 })
    expect(moveInGrid('ArrowUp', false, { row: 0, col: 3 }, 30, 30)).toEqual({ row: 0, col: 3 })
  })

  it('leaves other keys, and an empty grid, alone', () => {
    expect(moveInGrid('Enter', false, middle, 30, 30)).toBeNull()
    expect(moveInGrid('Tab', false, middle, 30, 30)).toBeNull()
    expect(moveInGrid('ArrowDown', false, middle, 0, 30)).toBeNull()
  })

  it('always lands on a cell of the grid', () => {
    const keys = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'PageUp', 'PageDown', 'Home', 'End']
    fc.assert(
      fc.property(
        fc.constantFrom(...keys),
        fc.boolean(),
        fc.integer({ min: 1, max: 120 }),
        fc.integer({ min: 1, max: 120 }),
        fc.nat(200),
        fc.nat(200),
        (key, ctrl, rows, cols, row, col) => {
          const next = moveInGrid(key, ctrl, { row, col }, rows, cols)
          expect(next?.row).toBeGreaterThanOrEqual(0)
          expect(next?.row).toBeLessThan(rows)
          expect(next?.col).toBeGreaterThanOrEqual(0)
          expect(next?.col).toBeLessThan(cols)
        },
      ),
    )
  })
})
