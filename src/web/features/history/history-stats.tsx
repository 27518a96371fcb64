import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { BreakdownKind } from '../../../domain/bet-breakdowns'
import { formatRoi } from '../../../domain/money'
import { api } from '../../api'
import { lazyNamed } from '../../lazy-page'
import { KEYS } from '../../queries'
import { buttonClass } from '../../ui/button'
import { CARD } from '../../ui/card'
import { formatMoney, formatSignedMoney, netTone } from '../../ui/format'
import { Loading } from '../../ui/spinner'
import { ColumnHeads, figures } from '../../ui/table'
import { TabPanel, Tabs } from '../../ui/tabs'
import { type HistoryQuery, historyRangeQuery, winRateText } from './history-data'
import {
  BREAKDOWN_TABS,
  type BreakdownRowView,
  cents,
  chartPoints,
  dayText,
  extremes,
  type ProfitPointView,
  settledRows,
  type UserStats,
} from './stats-data'

/** The chart library loads with the chart, never with the first page. */
const ProfitChart = lazyNamed(() => import('./profit-chart').then((module) => module.ProfitChart))

/**
 * Above the game list, the cumulative profit over the range as a line and the breakdowns by
 * league, bet type, sportsbook and odds range, from GET /api/stats/user over the same range (docs/stats.md).
 * Rendered only for a valid range.
 */
export function HistoryStats({ query }: { query: HistoryQuery }) {
  const custom = query.filter === 'custom'
  const stats = useQuery({
    // Starts with the stats route's key so refreshAfterBetChange refetches every range.
    queryKey: [...KEYS.stats, query.filter, custom ? query.startDate : null, custom ? query.endDate : null],
    queryFn: () => api.get('GET /api/stats/user', { query: historyRangeQuery(query) }),
  })
  return (
    <section aria-labelledby="results-heading" className="flex flex-col gap-3">
      <h2 id="results-heading" className="text-xl font-bold">
        Results
      </h2>
      {stats.isError ? (
        <div role="alert" className={`${CARD} border-red-500/50 p-4 text-red-200`}>
          <p className="font-semibold">Could not load your results.</p>
          <p className="text-sm">{stats.error.message}</p>
          <button
            type="button"
            onClick={() => stats.refetch()}
            className={`${buttonClass('secondary')} mt-3`}
          >
            Try again
          </button>
        </div>
      ) : !stats.data ? (
        <StatsSkeleton />
      ) : stats.data.settledBets === 0 ? (
        <div className={`${CARD} p-6 text-center`}>
          <p className="font-semibold">No settled bets in this range</p>
          <p className="mt-1 text-sm text-slate-400">
            The chart and breakdowns appear once a bet in it settles.
          </p>
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-3 xl:grid-cols-2">
          <ProfitPanel stats={stats.data} />
          <Breakdowns stats={stats.data} />
        </div>
      )}
    </section>
  )
}

function ProfitPanel({ stats }: { stats: UserStats }) {
  const points = stats.profitByDay
  return (
    <figure className={`${CARD} flex min-w-0 flex-col gap-3 p-4`}>
      <figcaption className="font-semibold">Cumulative profit</figcaption>
      <Loading>
        <ProfitChart points={chartPoints(points)} />
      </Loading>
      <p className="text-sm text-slate-300" data-testid="profit-summary">
        {profitSummary(stats)}
      </p>
      <details className="text-sm">
        <summary className="cursor-pointer text-slate-300">Profit by day (table)</summary>
        <div className="mt-2 max-h-64 overflow-auto">
          <ProfitTable points={points} />
        </div>
      </details>
    </figure>
  )
}

/** The chart in one sentence: what a screen reader hears in place of the canvas. */
function profitSummary(stats: UserStats): string {
  const points = stats.profitByDay
  const first = points[0]
  const last = points.at(-1)
  const range = extremes(points)
  if (!first || !last || !range) return ''
  const net = formatSignedMoney(cents(stats.netProfit))
  const span =
    first.day === last.day ? `on ${dayText(first.day)}` : `from ${dayText(first.day)} to ${dayText(last.day)}`
  const high = `${formatSignedMoney(cents(range.high.cumulative))} on ${dayText(range.high.day)}`
  const low = `${formatSignedMoney(cents(range.low.cumulative))} on ${dayText(range.low.day)}`
  const settled = `${stats.settledBets} settled ${stats.settledBets === 1 ? 'bet' : 'bets'}`
  return `${net} over ${settled} ${span}. Highest ${high}; lowest ${low}.`
}

function ProfitTable({ points }: { points: readonly ProfitPointView[] }) {
  return (
    <table className="w-full text-left tabular-nums">
      <caption className="sr-only">Profit by settlement day</caption>
      <ColumnHeads
        className="text-slate-400"
        cell="py-1 font-medium"
        columns={['Day', figures('Settled'), figures('Net'), figures('Cumulative')]}
      />
      <tbody>
        {points.map((point) => (
          <tr key={point.day} className="border-t border-slate-800">
            <th scope="row" className="py-1 font-normal">
              {dayText(point.day)}
            </th>
            <td className="py-1 text-right">{point.settledBets}</td>
            <td className="py-1 text-right">{formatSignedMoney(cents(point.net))}</td>
            <td className="py-1 text-right">{formatSignedMoney(cents(point.cumulative))}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function Breakdowns({ stats }: { stats: UserStats }) {
  const [kind, setKind] = useState<BreakdownKind>('league')
  const tab = BREAKDOWN_TABS.find((candidate) => candidate.key === kind) ?? BREAKDOWN_TABS[0]
  return (
    <div className={`${CARD} flex min-w-0 flex-col gap-3 p-4`}>
      <h3 className="font-semibold">Breakdown</h3>
      {/* Four pills are too many for a phone: they wrap to a second row rather than breaking their words. */}
      <div className="flex [&_[role=tab]]:whitespace-nowrap [&_[role=tablist]]:flex-wrap">
        <Tabs
          label="Break results down by"
          idBase="breakdown"
          tabs={BREAKDOWN_TABS}
          selected={kind}
          onSelect={setKind}
          look="pills"
        />
      </div>
      <TabPanel idBase="breakdown" selected={kind}>
        <div className="overflow-x-auto">
          <BreakdownTable rows={settledRows(stats, kind)} column={tab?.column ?? ''} />
        </div>
        <p className="mt-2 text-xs text-slate-400">
          Settled bets only: tentative and pending bets are not counted.
        </p>
      </TabPanel>
    </div>
  )
}

function BreakdownTable({ rows, column }: { rows: readonly BreakdownRowView[]; column: string }) {
  return (
    <table className="w-full text-left text-xs tabular-nums sm:text-sm" data-testid="breakdown-table">
      <caption className="sr-only">Results by {column.toLowerCase()}</caption>
      <ColumnHeads
        className="text-slate-400"
        cell="py-1.5 font-medium"
        numeric="pl-2 text-right sm:pl-3"
        columns={[
          column,
          figures('Bets'),
          figures('Wagered'),
          figures('Net'),
          figures('ROI'),
          figures('Win rate'),
        ]}
      />
      <tbody>
        {rows.map((row) => {
          const net = cents(row.netProfit)
          return (
            <tr key={row.key} className="border-t border-slate-800">
              <th scope="row" className="py-1.5 font-normal">
                {row.label}
              </th>
              <td className="py-1.5 pl-2 text-right sm:pl-3">{row.settledBets}</td>
              <td className="py-1.5 pl-2 text-right sm:pl-3">{formatMoney(cents(row.totalWagered))}</td>
              {/* The sign carries the meaning too, so colour is never the only signal. */}
              <td className={`py-1.5 pl-2 text-right sm:pl-3 ${netTone(net)}`}>{formatSignedMoney(net)}</td>
              <td className="py-1.5 pl-2 text-right sm:pl-3">{formatRoi(row.roi)}</td>
              <td className="py-1.5 pl-2 text-right sm:pl-3">{winRateText(row)}</td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}

function StatsSkeleton() {
  return (
    <div role="status" aria-label="Loading results" className="grid grid-cols-1 gap-3 xl:grid-cols-2">
      {['chart', 'breakdown'].map((key) => (
        <div key={key} className={`${CARD} h-72 animate-pulse p-4`}>
          <div className="h-3 w-32 rounded bg-slate-800" />
          <div className="mt-4 h-48 rounded bg-slate-800" />
        </div>
      ))}
      <span className="sr-only">Loading...</span>
    </div>
  )
}
