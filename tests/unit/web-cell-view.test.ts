import { describe, expect, it } from 'vitest'
import { axisLabel, cellView, gridExtremes } from '../../src/web/features/grid/cell-view'

describe('a Grid cell', () => {
  it('shows profit without cents, the ROI to 1 decimal, and says both in its label', () => {
    const view = cellView(24, 10, { awayScore: 10, profit: 50.4, roi: 31.3 }, 100)
    expect(view.profitText).toBe('+$50')
    expect(view.roiText).toBe('31.3%')
    expect(view.label).toBe('Home 24, Away 10: +$50 31.3% ROI')
  })

  it("shows '--' for no profit or a missing cell, and 'N/A' for a tie that cannot be final", () => {
    expect(cellView(3, 3, { awayScore: 3, profit: 0, roi: 0 }, 10).profitText).toBe('--')
    expect(cellView(3, 4, undefined, 10)).toMatchObject({ profitText: '--', roiText: '' })
    const tie = cellView(3, 3, { awayScore: 3, profit: 10, roi: 5, impossible: true }, 10)
    expect(tie).toMatchObject({ profitText: 'N/A', label: 'Home 3, Away 3: N/A, a tie cannot be final' })
  })

  it('shades green for profit and red for loss, darker the larger the share of the extreme', () => {
    const small = cellView(1, 0, { awayScore: 0, profit: 10, roi: 1 }, 100).shade
    const large = cellView(2, 0, { awayScore: 0, profit: 100, roi: 10 }, 100).shade
    const loss = cellView(0, 2, { awayScore: 2, profit: -100, roi: -10 }, 100).shade
    expect(small).toContain('emerald-950')
    expect(large).toContain('emerald-700')
    expect(loss).toContain('red-700')
  })
})

describe('the extremes of a Grid', () => {
  it('finds the best and worst final scores and the colour scale, skipping impossible ties', () => {
    const extremes = gridExtremes([
      {
        homeScore: 0,
        outcomes: [
          { awayScore: 0, profit: 900, roi: 1, impossible: true },
          { awayScore: 1, profit: -40, roi: -4 },
        ],
      },
      {
        homeScore: 1,
        outcomes: [
          { awayScore: 0, profit: 25, roi: 2 },
          { awayScore: 1, profit: 5, roi: 1 },
        ],
      },
    ])
    expect(extremes).toEqual({
      maxAbs: 40,
      best: { profit: 25, homeScore: 1, awayScore: 0 },
      worst: { profit: -40, homeScore: 0, awayScore: 1 },
    })
    expect(gridExtremes([])).toEqual({ maxAbs: 0, best: null, worst: null })
  })

  it("labels an axis with the team name's last word in capitals", () => {
    expect(axisLabel(' Los Angeles Lakers ')).toBe('LAKERS')
  })
})
