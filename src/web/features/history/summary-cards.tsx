import type { BetSummary } from '../../../domain/statistics'
import { CARD } from '../../ui/card'
import { formatMoney, formatSignedMoney } from '../../ui/format'
import { winRateText } from './history-data'

/**
 * The four summary cards of docs/spec/product-spec.md §2. Figures come from summarizeBets (decisions 002 and 007): wagered, win rate
 * and net count settled committed bets only; the bet count counts every bet in the range.
 */
export function SummaryCards({ summary }: { summary: BetSummary }) {
  const profitable = summary.net >= 0
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Card
        label="Total Bets"
        value={String(summary.totalBets)}
        note={`${summary.placedBets} placed, ${summary.tentativeBets} tentative`}
      />
      <Card label="Total Wagered" value={formatMoney(summary.wagered)} note="Settled bets only" />
      <Card
        label="Win Rate"
        value={winRateText(summary)}
        note={`${summary.won} of ${summary.settledBets} settled`}
      />
      <Card
        label="Net Profit/Loss"
        // The sign carries the meaning too, so colour is never the only signal.
        value={formatSignedMoney(summary.net, 2)}
        valueClass={profitable ? 'text-emerald-400' : 'text-red-400'}
        note="From settled bets"
      />
    </dl>
  )
}

function Card({
  label,
  value,
  note,
  valueClass = '',
}: {
  label: string
  value: string
  note: string
  valueClass?: string
}) {
  return (
    <div className={`${CARD} flex flex-col gap-1 p-4`}>
      <dt className="text-sm text-slate-400">{label}</dt>
      <dd className={`text-xl font-bold tabular-nums break-all sm:text-2xl ${valueClass}`}>{value}</dd>
      <dd className="text-xs text-slate-400">{note}</dd>
    </div>
  )
}

/** Placeholders the size of the cards and game cards while the history loads. */
export function HistorySkeleton() {
  return (
    <div role="status" aria-label="Loading history" className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {['bets', 'wagered', 'rate', 'net'].map((key) => (
          <div key={key} className={`${CARD} h-24 animate-pulse p-4`}>
            <div className="h-3 w-20 rounded bg-slate-800" />
            <div className="mt-3 h-6 w-24 rounded bg-slate-800" />
          </div>
        ))}
      </div>
      {['first', 'second', 'third'].map((key) => (
        <div key={key} className={`${CARD} h-36 animate-pulse p-4`}>
          <div className="h-3 w-32 rounded bg-slate-800" />
          <div className="mt-3 h-5 w-64 max-w-full rounded bg-slate-800" />
          <div className="mt-6 h-4 w-48 rounded bg-slate-800" />
        </div>
      ))}
      <span className="sr-only">Loading...</span>
    </div>
  )
}
