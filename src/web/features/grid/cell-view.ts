import { dollarsToCents, formatSignedDollars } from '../../../domain/money'
import type { OutcomeCell } from '../../types'

/**
 * What one Grid cell shows (spec section 2, Grid; D5, D6): profit as +$N / -$N without decimals, the roi
 * percent, a shade from green (profit) to red (loss) relative to the largest |profit| on the grid, grey
 * '--' for zero or missing, 'N/A' for a tie that cannot be final. The shades are a fixed set of classes
 * (not inline styles) so 12,000 cells share a handful of rules, and each keeps text contrast above 4.5:1.
 */
const PROFIT_SHADES = [
  'bg-emerald-950 text-emerald-200',
  'bg-emerald-900 text-emerald-100',
  'bg-emerald-800 text-white',
  'bg-emerald-700 text-white',
] as const
const LOSS_SHADES = [
  'bg-red-950 text-red-200',
  'bg-red-900 text-red-100',
  'bg-red-800 text-white',
  'bg-red-700 text-white',
] as const
const ZERO_SHADE = 'bg-slate-800 text-slate-300'
const IMPOSSIBLE_SHADE = 'bg-slate-900 text-slate-400'

export interface CellView {
  profitText: string
  roiText: string
  shade: string
  /** The spoken summary, so colour is never the only signal. */
  label: string
}

export function cellView(
  homeScore: number,
  awayScore: number,
  cell: OutcomeCell | undefined,
  maxAbs: number,
): CellView {
  const where = `Home ${homeScore}, Away ${awayScore}`
  if (cell?.impossible) {
    return {
      profitText: 'N/A',
      roiText: '',
      shade: IMPOSSIBLE_SHADE,
      label: `${where}: N/A, a tie cannot be final`,
    }
  }
  const cents = dollarsToCents(cell?.profit ?? 0)
  if (!cell || cents === 0) {
    return { profitText: '--', roiText: '', shade: ZERO_SHADE, label: `${where}: no profit or loss` }
  }
  const profitText = formatSignedDollars(cents, 0)
  const roiText = `${cell.roi.toFixed(1)}%`
  return {
    profitText,
    roiText,
    shade: shadeFor(cell.profit, maxAbs),
    // The visible text in its order ('+$50', '31.3%'), as a grid cell's name must contain it (WCAG 2.5.3).
    label: `${where}: ${profitText} ${roiText} ROI`,
  }
}

function shadeFor(profit: number, maxAbs: number): string {
  const shades = profit > 0 ? PROFIT_SHADES : LOSS_SHADES
  const share = maxAbs > 0 ? Math.min(1, Math.abs(profit) / maxAbs) : 1
  return shades[Math.max(0, Math.ceil(share * shades.length) - 1)] ?? ZERO_SHADE
}

export interface Extreme {
  profit: number
  homeScore: number
  awayScore: number
}

export interface GridExtremes {
  /** The largest |profit| on the grid, the top of the colour scale; impossible cells do not count. */
  maxAbs: number
  best: Extreme | null
  worst: Extreme | null
}

/** One pass over the grid: the colour scale's top and the best and worst final scores, said in words. */
export function gridExtremes(rows: readonly { homeScore: number; outcomes: readonly OutcomeCell[] }[]) {
  let best: Extreme | null = null
  let worst: Extreme | null = null
  for (const row of rows) {
    for (const cell of row.outcomes) {
      if (cell.impossible) continue
      if (!best || cell.profit > best.profit)
        best = { profit: cell.profit, homeScore: row.homeScore, awayScore: cell.awayScore }
      if (!worst || cell.profit < worst.profit)
        worst = { profit: cell.profit, homeScore: row.homeScore, awayScore: cell.awayScore }
    }
  }
  const maxAbs = Math.max(Math.abs(best?.profit ?? 0), Math.abs(worst?.profit ?? 0))
  return { maxAbs, best, worst } satisfies GridExtremes
}

/** Axis labels are the team names' last word, uppercase: 'Los Angeles Lakers' -> 'LAKERS'. */
export function axisLabel(team: string): string {
  return (team.trim().split(/\s+/).pop() ?? team).toUpperCase()
}
