import { FORECAST_MONTHS } from '../../../domain/admin-dashboards'
import { Money } from '../../ui/format'
import type { AdminGrowth } from './admin-data'

export type Forecast = AdminGrowth['forecast']

/** The forecast's points in the order the chart draws them. */
export function forecastPoints(forecast: Forecast): { month: number; label: string; amount: string }[] {
  return FORECAST_MONTHS.map((month) => ({
    month,
    label: month === 1 ? '1 month' : `${month} months`,
    amount: forecast[`month${month}`],
  }))
}

/** The chart's figures in words: what a screen reader reads, and anyone who wants the exact amounts. */
export function ForecastFigures({ forecast }: { forecast: Forecast }) {
  return (
    <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-5" aria-label="Forecast monthly revenue">
      {forecastPoints(forecast).map((point) => (
        <div key={point.month} className="rounded-lg border border-slate-800 px-3 py-2">
          <dt className="text-slate-400">{point.label}</dt>
          <dd className="font-semibold">
            <Money amount={point.amount} />
          </dd>
        </div>
      ))}
    </dl>
  )
}
