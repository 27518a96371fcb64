import type { KeyboardEvent } from 'react'
import { DayPicker } from 'react-day-picker'
import type { CalendarDay } from '../../../domain/calendar'
import { FOCUS } from '../../ui/focus'
import { longDay } from './date-picker'

/** A calendar day as a local date at midnight, which react-day-picker shows as that same day. */
function asLocalDate(day: CalendarDay): Date {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number)
  return new Date(year, month - 1, date)
}

function calendarDayOf(date: Date): CalendarDay {
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` as CalendarDay
}

const NAV_BUTTON = `inline-flex h-7 w-7 items-center justify-center rounded hover:bg-slate-800 ${FOCUS}`

/**
 * The month calendar of a date picker: react-day-picker's grid (arrow keys by day and week, PageUp and
 * PageDown by month, Home and End to the week's ends, Enter picks) in a popover that Escape closes.
 */
export function CalendarPopover({
  id,
  label,
  align,
  selected,
  today,
  onPick,
  onEscape,
}: {
  id: string
  label: string
  align: 'left' | 'right'
  selected: CalendarDay | null
  today: CalendarDay
  onPick: (day: CalendarDay) => void
  onEscape: () => void
}) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return
    // Only the popover closes, not a dialog around it.
    event.preventDefault()
    event.stopPropagation()
    onEscape()
  }
  return (
    <div
      id={id}
      role="dialog"
      aria-label={label}
      onKeyDown={onKeyDown}
      className={`absolute top-full z-40 mt-2 w-72 max-w-[calc(100vw-1.5rem)] ${align === 'right' ? 'right-0' : 'left-0'} rounded-xl border border-slate-700 bg-slate-900 p-3 shadow-2xl`}
    >
      <DayPicker
        mode="single"
        required
        autoFocus
        selected={selected ? asLocalDate(selected) : undefined}
        defaultMonth={asLocalDate(selected ?? today)}
        today={asLocalDate(today)}
        onSelect={(date) => onPick(calendarDayOf(date))}
        labels={{
          labelDayButton: (date) => longDay(calendarDayOf(date)),
          labelNext: () => 'Next month',
          labelPrevious: () => 'Previous month',
        }}
        classNames={{
          root: 'relative',
          months: 'flex flex-col',
          month: 'flex flex-col gap-2',
          month_caption: 'flex h-7 items-center justify-center font-semibold',
          nav: 'absolute inset-x-0 top-0 flex items-center justify-between',
          button_previous: NAV_BUTTON,
          button_next: NAV_BUTTON,
          chevron: 'h-4 w-4 fill-current',
          month_grid: 'w-full table-fixed border-collapse text-center',
          weekday: 'pb-1 text-xs font-medium text-slate-400',
          day: 'p-0.5 text-sm tabular-nums text-slate-200',
          day_button: `h-8 w-full rounded-md hover:bg-slate-800 ${FOCUS}`,
          selected: '[&>button]:bg-emerald-500 [&>button]:font-bold [&>button]:text-slate-950',
          today:
            '[&>button]:font-bold [&>button]:text-emerald-300 [&>button]:ring-1 [&>button]:ring-emerald-500/60',
          outside: 'text-slate-600',
        }}
      />
    </div>
  )
}
