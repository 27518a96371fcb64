import type { ReactNode } from 'react'
import { CARD } from './card'

/**
 * One figure on a card, a term and its value in a `<dl>` with an optional note under it: the admin's
 * dashboard, the referral figures and the active bets' summary all show their figures so.
 */
export function StatCard({
  label,
  value,
  note,
  valueClass = '',
}: {
  label: string
  value: ReactNode
  note?: ReactNode
  valueClass?: string
}) {
  return (
    <div className={`${CARD} flex flex-col gap-1 p-4`}>
      <dt className="text-sm text-slate-400">{label}</dt>
      <dd className={`text-xl font-bold tabular-nums break-all sm:text-2xl ${valueClass}`}>{value}</dd>
      {note ? <dd className="text-xs text-slate-400">{note}</dd> : null}
    </div>
  )
}
