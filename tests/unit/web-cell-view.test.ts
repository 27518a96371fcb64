import { describe, expect, it } from 'vitest'
import {
  axisLabel,
  cellView,
  chanceText,
  gridExtremes,
  type Overlay,
} from '../../src/web/features/grid/cell-view'

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

describe("the grid's overlay", () => {
  const overlay = (mode: Overlay['mode']): Overlay => ({
    mode,
    maxProbability: 0.2,
    maxAbsEv: 800,
    likely: 0.1,
  })
  const cell = { awayScore: 2, profit: 40, roi: 40, probability: 0.125 }

  it('says the chance in the P&L label and marks a cell of the likely region', () => {
    const view = cellView(3, 2, cell, 100, overlay('pnl'))
    expect(view).toMatchObject({ profitText: '+$40', likely: true })
    expect(view.label).toBe('Home 3, Away 2: +$40 40.0% ROI, 12.5% likely')
    expect(cellView(3, 2, { ...cell, probability: 0.05 }, 100, overlay('pnl')).likely).toBe(false)
  })

  it('shows the chance first in probability mode, brighter the likelier', () => {
    const view = cellView(3, 2, cell, 100, overlay('probability'))
    expect(view).toMatchObject({
      profitText: '12.5%',
      roiText: '+$40',
      label: 'Home 3, Away 2: 12.5% +$40, the chance and your profit or loss there',
    })
    expect(view.shade).toContain('sky-800')
    expect(cellView(3, 2, { ...cell, probability: 0.2 }, 100, overlay('probability')).shade).toContain(
      'sky-700',
    )
    expect(cellView(3, 2, { ...cell, probability: 0.0004 }, 100, overlay('probability')).profitText).toBe(
      '0.04%',
    )
    expect(cellView(3, 2, { ...cell, probability: undefined }, 100, overlay('probability')).profitText).toBe(
      '--',
    )
  })

  it("shows the cell's share of the expected profit in EV mode: chance times profit", () => {
    // 12.5% of +$40 is +$5.00.
    const view = cellView(3, 2, cell, 100, overlay('ev'))
    expect(view).toMatchObject({ profitText: '+$5.00', roiText: '12.5%' })
    expect(view.label).toBe('Home 3, Away 2: +$5.00 12.5%, the share of expected profit and the chance')
    const loss = cellView(3, 2, { ...cell, profit: -64, probability: 0.125 }, 100, overlay('ev'))
    expect(loss).toMatchObject({ profitText: '-$8.00' })
    expect(loss.shade).toContain('red-700')
  })

  it('says a percentage without inventing precision', () => {
    expect([0, 0.00004, 0.0004, 0.0123, 1].map(chanceText)).toEqual([
      '0%',
      '<0.01%',
      '0.04%',
      '1.2%',
      '100.0%',
    ])
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
    expect(extremes).toMatchObject({
      maxAbs: 40,
      best: { profit: 25, homeScore: 1, awayScore: 0 },
      worst: { profit: -40, homeScore: 0, awayScore: 1 },
    })
    expect(gridExtremes([])).toEqual({
      maxAbs: 0,
      best: null,
      worst: null,
      maxProbability: 0,
      maxAbsEv: 0,
      needsReview: false,
    })
  })

  it('says whether a cell holds a payout only the book knows (decision 067)', () => {
    const row = (needsReview: boolean) => [
      {
        homeScore: 0,
        outcomes: [
          { awayScore: 1, profit: 0, roi: 0, ...(needsReview ? { needsReview: true as const } : {}) },
        ],
      },
    ]
    expect(gridExtremes(row(true)).needsReview).toBe(true)
    expect(gridExtremes(row(false)).needsReview).toBe(false)
  })

  it("takes the overlay's scales from the cells' chances: the likeliest, and the largest chance x profit", () => {
    const extremes = gridExtremes([
      {
        homeScore: 0,
        outcomes: [
          { awayScore: 0, profit: -100, roi: -100, probability: 0.05 },
          { awayScore: 1, profit: 40, roi: 40, probability: 0.2 },
        ],
      },
    ])
    // -$100 at 5% is -$5.00 of expected profit; +$40 at 20% is +$8.00: the larger is 800 cents.
    expect(extremes).toMatchObject({ maxProbability: 0.2, maxAbsEv: 800 })
  })

  it("labels an axis with the team name's last word in capitals", () => {
    expect(axisLabel(' Los Angeles Lakers ')).toBe('LAKERS')
  })
})
