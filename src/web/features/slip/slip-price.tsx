import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { CreateBetBody } from '../../../contract/bets'
import { formatOdds } from '../../../domain/odds'
import { api, failureText } from '../../api'
import { formatPercent, formatSignedMoney } from '../../ui/format'

/** How long the slip rests before its price is asked again: typing a stake asks once, not per key. */
const SETTLE_MS = 400

/**
 * The ticket's chances and price against them before it is placed (decision 066, POST /api/bets/price):
 * the chance to win, the fair odds, and what the book keeps of the stake, or why Grid cannot say.
 */
export function SlipPrice({ body }: { body: CreateBetBody }) {
  const settled = useSettled(body)
  const price = useQuery({
    queryKey: ['ticket-price', settled],
    queryFn: () => api.post('POST /api/bets/price', { body: settled }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  })
  if (price.isError)
    return (
      <p className="text-xs text-slate-400">{failureText(price.error, 'No price for this ticket now')}</p>
    )
  if (!price.data) return <p className="text-xs text-slate-400">Pricing the ticket...</p>
  const { winProbability, pushProbability, fairOdds, bookMargin, expectedValue } = price.data
  return (
    <dl aria-label="The ticket's chances" className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs tabular-nums">
      <dt className="text-slate-400">Chance to win</dt>
      <dd className="text-right text-slate-100">
        {formatPercent(winProbability * 100)}
        {pushProbability > 0 ? ` (push ${formatPercent(pushProbability * 100)})` : ''}
      </dd>
      <dt className="text-slate-400">Fair odds</dt>
      <dd className="text-right text-slate-100">{fairOdds === null ? '—' : formatOdds(fairOdds)}</dd>
      <dt className="text-slate-400">Expected value</dt>
      <dd className="text-right text-slate-100">
        {expectedValue === null ? 'Depends on the book' : formatSignedMoney(Math.round(expectedValue * 100))}
      </dd>
      <dt className="text-slate-400">
        {bookMargin !== null && bookMargin < 0 ? 'Your edge' : 'The book keeps'}
      </dt>
      <dd className="text-right text-slate-100">
        {bookMargin === null ? '—' : `${formatPercent(Math.abs(bookMargin) * 100)} of the stake`}
      </dd>
    </dl>
  )
}

/** The value once it has stayed the same for SETTLE_MS. */
function useSettled<T>(value: T): T {
  const [settled, setSettled] = useState(value)
  const key = JSON.stringify(value)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the value is compared by its JSON
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SETTLE_MS)
    return () => clearTimeout(timer)
  }, [key])
  return settled
}
