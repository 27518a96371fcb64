import { useId, useState } from 'react'
import { BET_TYPE_LABELS, BET_TYPES, type BetType } from '../../../domain/bet'
import { navigate } from '../../router'
import { BADGE } from '../../ui/badge'
import { buttonClass } from '../../ui/button'
import { CARD } from '../../ui/card'
import { FOCUS } from '../../ui/focus'
import { formatMoney } from '../../ui/format'
import { BET_COLUMNS, type BetColumn, BetTable } from '../bets/bet-table'
import { SAMPLE_GAMES, type SampleBet } from './organizer-sample'

const STATUS_STYLE: Record<SampleBet['status'], string> = {
  won: 'border border-emerald-400/60 bg-emerald-500/20 text-emerald-100',
  lost: 'border border-red-400/60 bg-red-500/20 text-red-100',
  push: 'border border-slate-500 bg-slate-700/60 text-slate-200',
  committed: 'border border-sky-400/60 bg-sky-500/20 text-sky-100',
  tentative: 'border border-amber-400/60 bg-amber-500/20 text-amber-100',
}

const COLUMNS: readonly BetColumn<SampleBet>[] = [
  BET_COLUMNS.selection,
  BET_COLUMNS.type,
  BET_COLUMNS.points,
  BET_COLUMNS.amount,
  BET_COLUMNS.odds,
  BET_COLUMNS.toWin,
  { label: 'Sportsbook', cell: (bet) => <span className="text-slate-300">{bet.sportsbook}</span> },
  {
    label: 'Status',
    sortKey: 'status',
    cell: (bet) => <span className={`${BADGE} ${STATUS_STYLE[bet.status]}`}>{bet.status}</span>,
  },
]

/**
 * docs/spec/product-spec.md §2, Bet organizer demo: pick a game (the first is preselected) and see its bets organized
 * by type, points, amount and odds, with a per-type summary; sample data only, no API call.
 */
export function BetOrganizer() {
  const selectId = useId()
  const [gameId, setGameId] = useState(SAMPLE_GAMES[0]?.id ?? 0)
  const game = SAMPLE_GAMES.find((candidate) => candidate.id === gameId)
  const bets = game?.bets ?? []

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
          <BetTable
            bets={bets}
            columns={COLUMNS}
            label="Sample bets"
            caption="Bets on the chosen game; the column buttons sort the table"
            minWidth="min-w-[40rem]"
          />
        </>
      )}
    </div>
  )
}

/** The spec's three types always have a card; another market (decision 068) only when a bet is on it. */
const SPEC_TYPES: readonly BetType[] = ['spread', 'total', 'moneyline']

/** The bets grouped by type: how many and how much staked on each. */
function TypeSummary({ bets }: { bets: SampleBet[] }) {
  const types = BET_TYPES.filter(
    (type) => SPEC_TYPES.includes(type) || bets.some((bet) => bet.betType === type),
  )
  return (
    <dl className="grid grid-cols-3 gap-2 sm:gap-3">
      {types.map((type) => {
        const ofType = bets.filter((bet) => bet.betType === type)
        const staked = ofType.reduce((sum, bet) => sum + bet.amount, 0)
        return (
          <div key={type} className={`${CARD} p-3`}>
            <dt className="text-xs text-slate-400">{BET_TYPE_LABELS[type]}</dt>
            <dd className="text-lg font-semibold">{ofType.length}</dd>
            <dd className="text-xs text-slate-300">{formatMoney(staked)} staked</dd>
          </div>
        )
      })}
    </dl>
  )
}
