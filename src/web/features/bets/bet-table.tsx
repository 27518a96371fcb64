import { type ReactNode, useState } from 'react'
import { WIRE_BET_TYPE_LABELS } from '../../../domain/bet'
import { wirePriceText } from '../../../domain/price'
import { formatSignedPoints } from '../../../domain/selection'
import { CARD } from '../../ui/card'
import { FOCUS } from '../../ui/focus'
import { Figure, Money } from '../../ui/format'
import { type BetSort, type BetSortKey, nextSort, type SortableBet, sortBets } from './bet-sort'

export interface BetColumn<T extends SortableBet> {
  label: string
  /** What the column's header button sorts by; a column without one has a plain header. */
  sortKey?: BetSortKey
  /** The column that names the row for a screen reader (a row header). */
  rowHeader?: boolean
  cell: (bet: T) => ReactNode
}

/** The columns every bet table shares; a screen picks its own order and adds its own (status, sportsbook). */
export const BET_COLUMNS = {
  type: { label: 'Type', sortKey: 'type', cell: (bet) => WIRE_BET_TYPE_LABELS[bet.betType] },
  selection: { label: 'Selection', sortKey: 'selection', rowHeader: true, cell: (bet) => bet.selection },
  points: { label: 'Points', sortKey: 'points', cell: (bet) => <Figure>{pointsText(bet)}</Figure> },
  odds: { label: 'Odds', sortKey: 'odds', cell: (bet) => <Figure>{wirePriceText(bet)}</Figure> },
  amount: { label: 'Amount', sortKey: 'amount', cell: (bet) => <Money amount={bet.amount} /> },
  toWin: { label: 'To Win', sortKey: 'toWin', cell: (bet) => <Money amount={bet.toWin} /> },
} satisfies Record<string, BetColumn<SortableBet>>

/** A handicap reads signed ('+1', '-3.5'); a total's line is a plain number of points. */
function pointsText(bet: SortableBet): string {
  if (bet.points === null) return '—'
  const signed = bet.betType === 'spread' || bet.betType === 'three_way_handicap'
  return signed ? formatSignedPoints(bet.points) : String(bet.points)
}

const CELL = 'px-3 py-2'

/**
 * A table of bets sortable by its columns' header buttons (Enter or Space on the focused header; aria-sort
 * tells a screen reader which column sorts and which way), in a scrollable region the keyboard can reach.
 * Starts by type; the order is sortBets'.
 */
export function BetTable<T extends SortableBet>({
  bets,
  columns,
  label,
  caption,
  minWidth = 'min-w-[36rem]',
}: {
  bets: readonly T[]
  columns: readonly BetColumn<T>[]
  /** Names the scrollable region. */
  label: string
  caption: string
  minWidth?: string
}) {
  const [sort, setSort] = useState<BetSort>({ key: 'type', direction: 'ascending' })
  const sorted = sortBets(bets, sort)
  return (
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      aria-label={label}
      className={`${CARD} overflow-x-auto ${FOCUS}`}
    >
      <table className={`w-full ${minWidth} text-left text-sm`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-800 text-slate-400">
          <tr>
            {columns.map((column) => (
              <SortHeader
                key={column.label}
                column={column}
                sort={sort}
                onSort={(key) => setSort((current) => nextSort(current, key))}
              />
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-800">
          {sorted.map((bet) => (
            <tr key={bet.id}>
              {columns.map((column) =>
                column.rowHeader ? (
                  <th
                    key={column.label}
                    scope="row"
                    className={`${CELL} min-w-36 font-medium text-slate-100`}
                  >
                    {column.cell(bet)}
                  </th>
                ) : (
                  <td key={column.label} className={CELL}>
                    {column.cell(bet)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

function SortHeader<T extends SortableBet>({
  column,
  sort,
  onSort,
}: {
  column: BetColumn<T>
  sort: BetSort
  onSort: (key: BetSortKey) => void
}) {
  const { sortKey } = column
  if (!sortKey) {
    return (
      <th scope="col" className={`${CELL} font-medium`}>
        {column.label}
      </th>
    )
  }
  const active = sort.key === sortKey
  return (
    <th scope="col" aria-sort={active ? sort.direction : 'none'} className={`${CELL} font-medium`}>
      <button
        type="button"
        onClick={() => onSort(sortKey)}
        className={`inline-flex items-center gap-1 rounded hover:text-white ${FOCUS}`}
      >
        {column.label}
        <span aria-hidden="true" className="text-xs">
          {active ? (sort.direction === 'ascending' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  )
}
