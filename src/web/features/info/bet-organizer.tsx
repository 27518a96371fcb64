import { useId, useState } from 'react'
import { BET_TYPE_LABELS, type BetType } from '../../../domain/bet'
import { formatDollars } from '../../../domain/money'
import { formatOdds } from '../../../domain/odds'
import { formatSignedPoints } from '../../../domain/selection'
import { navigate } from '../../router'
import { BADGE } from '../../ui/badge'
import { buttonClass } from '../../ui/button'
import { CARD } from '../../ui/card'
import { FOCUS } from '../../ui/focus'
import { SAMPLE_GAMES, type SampleBet } from './organizer-sample'

type SortKey = 'betType' | 'points' | 'amount' | 'odds'
type Direction = 'ascending' | 'descending'

const COLUMNS: { key: SortKey; label: string }[] = [
  { key: 'betType', label: 'Type' },
  { key: 'points', label: 'Points' },
  { key: 'amount', label: 'Amount' },
  { key: 'odds', label: 'Odds' },
]

const STATUS_STYLE: Record<SampleBet['status'], string> = {
  won: 'border border-emerald-400/60 bg-emerald-500/20 text-emerald-100',
  lost: 'border border-red-400/60 bg-red-500/20 text-red-100',
  push: 'border border-slate-500 bg-slate-700/60 text-slate-200',
  committed: 'border border-sky-400/60 bg-sky-500/20 text-sky-100',
  tentative: 'border border-amber-400/60 bg-amber-500/20 text-amber-100',
}

/**
 * Spec section 2, Bet organizer demo: pick a game (the first is preselected) and see its bets organized
 * by type, points, amount and odds, with a per-type summary; sample data only, no API call.
 */
export function BetOrganizer() {
  const selectId = useId()
  const [gameId, setGameId] = useState(SAMPLE_GAMES[0]?.id ?? 0)
  const [sort, setSort] = useState<{ key: SortKey; direction: Direction }>({
    key: 'betType',
    direction: 'ascending',
  })
  const game = SAMPLE_GAMES.find((candidate) => candidate.id === gameId)
  const bets = sortBets(game?.bets ?? [], sort.key, sort.direction)

  const sortBy = (key: SortKey) =>
    setSort((current) => ({
      key,
      direction: current.key === key && current.direction === 'ascending' ? 'descending' : 'ascending',
    }))

  return (
    <div className="flex flex-col gap-4">
      <div className={`${CARD} p-4`}>
        <label htmlFor={selectId} className="mb-1 block text-sm text-slate-300">
          Game
        </label>
        <select
          id={selectId}
          value={gameId}
          onChange={(event) => setGameId(Number(event.target.value))}
          className={`w-full rounded-lg border border-slate-600 bg-slate-950 px-3 py-2 ${FOCUS}`}
        >
          {SAMPLE_GAMES.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {bets.length === 0 ? (
        <div className={`${CARD} p-8 text-center`}>
          <p className="text-lg font-semibold">No Bets Found</p>
          <p className="mt-1 text-sm text-slate-400">There are no bets on this game yet.</p>
          <button type="button" onClick={() => navigate('/')} className={`${buttonClass('primary')} mt-4`}>
            Go to Dashboard
          </button>
        </div>
      ) : (
        <>
          <TypeSummary bets={bets} />
          <section
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
            tabIndex={0}
            aria-label="Sample bets"
            className={`${CARD} overflow-x-auto ${FOCUS}`}
          >
            <table className="w-full min-w-[40rem] text-left text-sm">
              <caption className="sr-only">
                Bets on the chosen game; the column buttons sort the table
              </caption>
              <thead className="border-b border-slate-800 text-slate-400">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Selection
                  </th>
                  {COLUMNS.map((column) => (
                    <th
                      key={column.key}
                      scope="col"
                      aria-sort={sort.key === column.key ? sort.direction : 'none'}
                      className="px-3 py-2 font-medium"
                    >
                      <button
                        type="button"
                        onClick={() => sortBy(column.key)}
                        className={`inline-flex items-center gap-1 rounded hover:text-white ${FOCUS}`}
                      >
                        {column.label}
                        <span aria-hidden="true">
                          {sort.key === column.key ? (sort.direction === 'ascending' ? '▲' : '▼') : '↕'}
                        </span>
                      </button>
                    </th>
                  ))}
                  <th scope="col" className="px-3 py-2 font-medium">
                    To Win
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Sportsbook
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Status
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-800">
                {bets.map((bet) => (
                  <tr key={bet.id}>
                    <th scope="row" className="min-w-36 px-3 py-2 font-medium text-slate-100">
                      {bet.selection}
                    </th>
                    <td className="px-3 py-2">{BET_TYPE_LABELS[bet.betType]}</td>
                    <td className="px-3 py-2 tabular-nums">
                      {bet.points === null
                        ? '—'
                        : bet.betType === 'spread'
                          ? formatSignedPoints(bet.points)
                          : bet.points}
                    </td>
                    <td className="px-3 py-2 tabular-nums">${formatDollars(bet.amount)}</td>
                    <td className="px-3 py-2 tabular-nums">{formatOdds(bet.odds)}</td>
                    <td className="px-3 py-2 tabular-nums">${formatDollars(bet.toWin)}</td>
                    <td className="px-3 py-2 text-slate-300">{bet.sportsbook}</td>
                    <td className="px-3 py-2">
                      <span className={`${BADGE} ${STATUS_STYLE[bet.status]}`}>{bet.status}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      )}
    </div>
  )
}

/** The bets grouped by type: how many and how much staked on each. */
function TypeSummary({ bets }: { bets: SampleBet[] }) {
  const types = Object.keys(BET_TYPE_LABELS) as BetType[]
  return (
    <dl className="grid grid-cols-3 gap-2 sm:gap-3">
      {types.map((type) => {
        const ofType = bets.filter((bet) => bet.betType === type)
        const staked = ofType.reduce((sum, bet) => sum + bet.amount, 0)
        return (
          <div key={type} className={`${CARD} p-3`}>
            <dt className="text-xs text-slate-400">{BET_TYPE_LABELS[type]}</dt>
            <dd className="text-lg font-semibold">{ofType.length}</dd>
            <dd className="text-xs text-slate-300">${formatDollars(staked)} staked</dd>
          </div>
        )
      })}
    </dl>
  )
}

/** Type sorts in the label order (Spread, Over/Under, Moneyline); a moneyline (no line) counts as highest. */
function sortBets(bets: SampleBet[], key: SortKey, direction: Direction): SampleBet[] {
  const order = Object.keys(BET_TYPE_LABELS)
  const value = (bet: SampleBet): number => {
    switch (key) {
      case 'betType':
        return order.indexOf(bet.betType)
      case 'points':
        return bet.points ?? Number.POSITIVE_INFINITY
      case 'amount':
        return bet.amount
      case 'odds':
        return bet.odds
    }
  }
  const sign = direction === 'ascending' ? 1 : -1
  return [...bets].sort((a, b) => {
    const diff = value(a) - value(b)
    // Infinity - Infinity is NaN: two bets without a line keep their order.
    return (Number.isNaN(diff) ? 0 : diff * sign) || a.id - b.id
  })
}
