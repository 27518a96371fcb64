import { dollarsToCents } from '../../../domain/money'
import { expectedCents } from '../../../domain/probability/distribution'
import type { OutcomeCell } from '../../types'
import { formatPercent, formatSignedMoney } from '../../ui/format'

/**
 * What one Grid cell shows (docs/spec/product-spec.md §2, Grid; decisions 005 and 006): profit as +$N / -$N without decimals, the roi
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
/** Probability mode: from dark to bright sky as a score gets likelier (relative to the likeliest). */
const CHANCE_SHADES = [
  'bg-sky-950 text-sky-200',
  'bg-sky-900 text-sky-100',
  'bg-sky-800 text-white',
  'bg-sky-700 text-white',
] as const
const ZERO_SHADE = 'bg-slate-800 text-slate-300'
const IMPOSSIBLE_SHADE = 'bg-slate-900 text-slate-400'

export interface CellView {
  profitText: string
  roiText: string
  shade: string
  /** The spoken summary, so colour is never the only signal. */
  label: string
  /** In the likely region (the likeliest cells holding half the chance), marked on the grid. */
  likely: boolean
  /** Decision 067's marks: '≈' a parlay's legs elsewhere at their chances, '↑' as won; '?' the book's payout. */
  mark: string
}

/** What the grid's cells show: P&L (the spec's), the chance of each final score, or their product. */
export type CellMode = 'pnl' | 'probability' | 'ev'

/** The probability overlay: the mode and the scales its shades are relative to. */
export interface Overlay {
  mode: CellMode
  maxProbability: number
  maxAbsEv: number
  /** The likely region's threshold; null without a distribution. */
  likely: number | null
}

const PNL_ONLY: Overlay = { mode: 'pnl', maxProbability: 0, maxAbsEv: 0, likely: null }

export function cellView(
  homeScore: number,
  awayScore: number,
  cell: OutcomeCell | undefined,
  maxAbs: number,
  overlay: Overlay = PNL_ONLY,
): CellView {
  const view = valueView(homeScore, awayScore, cell, maxAbs, overlay)
  if (!cell || cell.impossible || (!cell.estimate && !cell.needsReview)) return view
  const marks = ticketMarks(cell)
  return { ...view, mark: marks.mark, label: `${view.label}${marks.words}` }
}

/** What a cell's ticket marks show and say (decision 067). */
export const TICKET_MARKS = {
  expected: { mark: '≈', words: "counting your parlays' legs on other games at their chances now" },
  if_rest_win: { mark: '↑', words: "if your parlays' legs on other games all win" },
  needsReview: { mark: '?', words: 'part of it is a payout only the book knows, counted as the stake back' },
} as const

function ticketMarks(cell: OutcomeCell): { mark: string; words: string } {
  const parts = [
    ...(cell.estimate ? [TICKET_MARKS[cell.estimate]] : []),
    ...(cell.needsReview ? [TICKET_MARKS.needsReview] : []),
  ]
  return {
    mark: parts.map((part) => part.mark).join(''),
    words: parts.map((part) => `, ${part.words}`).join(''),
  }
}

function valueView(
  homeScore: number,
  awayScore: number,
  cell: OutcomeCell | undefined,
  maxAbs: number,
  overlay: Overlay,
): CellView {
  const where = `Home ${homeScore}, Away ${awayScore}`
  if (cell?.impossible) {
    return {
      profitText: 'N/A',
      roiText: '',
      shade: IMPOSSIBLE_SHADE,
      label: `${where}: N/A, a tie cannot be final`,
      likely: false,
      mark: '',
    }
  }
  const p = cell?.probability
  const likely = overlay.likely !== null && p !== undefined && p >= overlay.likely
  const chance = p === undefined ? '' : `, ${chanceText(p)} likely`
  const cents = dollarsToCents(cell?.profit ?? 0)
  if (overlay.mode === 'probability') return chanceView(where, cents, p, overlay, likely)
  if (overlay.mode === 'ev') return evView(where, cents, p, overlay, likely)
  if (!cell || cents === 0) {
    return {
      profitText: '--',
      roiText: '',
      shade: ZERO_SHADE,
      label: `${where}: no profit or loss${chance}`,
      likely,
      mark: '',
    }
  }
  const profitText = formatSignedMoney(cents, 0)
  // The cell's sign is its profit's, shown beside it: the ROI repeats only the size.
  const roiText = formatPercent(cell.roi)
  return {
    profitText,
    roiText,
    shade: shadeFor(cell.profit, maxAbs),
    // The visible text in its order ('+$50', '31.3%'), as a grid cell's name must contain it (WCAG 2.5.3).
    label: `${where}: ${profitText} ${roiText} ROI${chance}`,
    likely,
    mark: '',
  }
}

/**
 * Decision 023: fractions on the wire, percentages on screen. Exact scores of points sports are each well under
 * 1% (an NBA score is about 0.05%), so small chances keep two decimals; what rounds to nothing says so.
 */
export function chanceText(p: number): string {
  if (p <= 0) return '0%'
  if (p < 0.0001) return '<0.01%'
  return `${(p * 100).toFixed(p < 0.01 ? 2 : 1)}%`
}

function chanceView(
  where: string,
  cents: number,
  p: number | undefined,
  o: Overlay,
  likely: boolean,
): CellView {
  if (!p) {
    return {
      profitText: '--',
      roiText: '',
      shade: ZERO_SHADE,
      label: `${where}: no chance`,
      likely,
      mark: '',
    }
  }
  const money = cents === 0 ? '' : formatSignedMoney(cents, 0)
  return {
    profitText: chanceText(p),
    roiText: money,
    shade: step(CHANCE_SHADES, o.maxProbability > 0 ? p / o.maxProbability : 1),
    // The visible text first and in order (WCAG 2.5.3), then what it means.
    label: money
      ? `${where}: ${chanceText(p)} ${money}, the chance and your profit or loss there`
      : `${where}: ${chanceText(p)}, the chance; no profit or loss there`,
    likely,
    mark: '',
  }
}

/** A cell's share of the grid's expected profit: its chance times its profit. */
function evView(where: string, cents: number, p: number | undefined, o: Overlay, likely: boolean): CellView {
  const ev = expectedCents(p ?? 0, cents)
  if (Math.round(ev) === 0) {
    return {
      profitText: '--',
      roiText: '',
      shade: ZERO_SHADE,
      label: `${where}: adds nothing to the expected profit`,
      likely,
      mark: '',
    }
  }
  const text = formatSignedMoney(Math.round(ev), 2)
  return {
    profitText: text,
    roiText: chanceText(p ?? 0),
    shade: shadeFor(ev, o.maxAbsEv),
    label: `${where}: ${text} ${chanceText(p ?? 0)}, the share of expected profit and the chance`,
    likely,
    mark: '',
  }
}

function step(shades: readonly string[], share: number): string {
  return shades[Math.max(0, Math.ceil(Math.min(1, share) * shades.length) - 1)] ?? ZERO_SHADE
}

function shadeFor(value: number, maxAbs: number): string {
  return step(value > 0 ? PROFIT_SHADES : LOSS_SHADES, maxAbs > 0 ? Math.abs(value) / maxAbs : 1)
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
  /** The tops of the overlay's scales: the likeliest cell, and the largest |chance x profit| in cents. */
  maxProbability: number
  maxAbsEv: number
  /** A cell holds a ticket's payout only the book knows (decision 067): the legend explains its mark. */
  needsReview: boolean
}

/** One pass over the grid: the colour scales' tops and the best and worst final scores, said in words. */
export function gridExtremes(rows: readonly { homeScore: number; outcomes: readonly OutcomeCell[] }[]) {
  let best: Extreme | null = null
  let worst: Extreme | null = null
  let maxProbability = 0
  let maxAbsEv = 0
  let needsReview = false
  for (const row of rows) {
    for (const cell of row.outcomes) {
      if (cell.impossible) continue
      needsReview ||= cell.needsReview === true
      if (!best || cell.profit > best.profit)
        best = { profit: cell.profit, homeScore: row.homeScore, awayScore: cell.awayScore }
      if (!worst || cell.profit < worst.profit)
        worst = { profit: cell.profit, homeScore: row.homeScore, awayScore: cell.awayScore }
      const p = cell.probability ?? 0
      maxProbability = Math.max(maxProbability, p)
      maxAbsEv = Math.max(maxAbsEv, Math.abs(expectedCents(p, dollarsToCents(cell.profit))))
    }
  }
  const maxAbs = Math.max(Math.abs(best?.profit ?? 0), Math.abs(worst?.profit ?? 0))
  return { maxAbs, best, worst, maxProbability, maxAbsEv, needsReview } satisfies GridExtremes
}

/** Axis labels are the team names' last word, uppercase: 'Los Angeles Lakers' -> 'LAKERS'. */
export function axisLabel(team: string): string {
  return (team.trim().split(/\s+/).pop() ?? team).toUpperCase()
}
