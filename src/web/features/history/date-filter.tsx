import { useId } from 'react'
import { type CalendarDay, DATE_FILTERS, isDateFilter } from '../../../domain/calendar'
import { FOCUS } from '../../ui/focus'
import { DatePicker } from './date-picker'
import type { HistoryQuery } from './history-data'

/**
 * The date-range dropdown of docs/spec/product-spec.md §2 (every option of DATE_FILTERS, 'alltime' by default);
 * 'custom' reveals the Start date and End date pickers (docs/spec/product-spec.md §4, Date dropdown).
 */
export function DateFilterControl({
  query,
  today,
  problem,
  onChange,
}: {
  query: HistoryQuery
  today: CalendarDay
  problem: string | null
  onChange: (query: HistoryQuery) => void
}) {
  const selectId = useId()
  const problemId = useId()
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={selectId} className="text-xs text-slate-400">
            Date range
          </label>
          <select
            id={selectId}
            value={query.filter}
            onChange={(event) => {
              const filter = event.target.value
              if (isDateFilter(filter)) onChange({ ...query, filter })
            }}
            className={`h-11 min-w-44 rounded-lg border border-slate-700 bg-slate-900 px-3 text-slate-100 ${FOCUS}`}
          >
            {DATE_FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        {query.filter === 'custom' ? (
          <fieldset
            className="flex flex-wrap items-end gap-2"
            aria-describedby={problem ? problemId : undefined}
          >
            <legend className="sr-only">Custom Range</legend>
            <DatePicker
              label="Start date"
              value={query.startDate}
              today={today}
              onChange={(startDate) => onChange({ ...query, startDate })}
            />
            <span aria-hidden="true" className="pb-3 text-slate-500">
              –
            </span>
            <DatePicker
              label="End date"
              align="right"
              value={query.endDate}
              today={today}
              onChange={(endDate) => onChange({ ...query, endDate })}
            />
          </fieldset>
        ) : null}
      </div>
      {problem ? (
        <p id={problemId} role="alert" className="text-sm text-amber-300">
          {problem}
        </p>
      ) : null}
    </div>
  )
}
