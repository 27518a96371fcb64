import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { addDays, addMonths, type CalendarDay, startOfMonth } from '../../../domain/calendar'
import { FOCUS } from '../../ui/focus'

/**
 * A date-picker button with a month-calendar popover (spec section 2, custom range). Days are plain
 * 'YYYY-MM-DD' strings: the server reads them in the user's zone, so no instant or browser zone is
 * involved. The grid uses a roving tabindex: Tab reaches one day, the arrow keys move between days
 * (PageUp/PageDown by month, Home/End to the week's ends), Enter picks, Escape closes.
 */
export function DatePicker({
  label,
  value,
  today,
  onChange,
  align = 'left',
}: {
  label: string
  value: CalendarDay | null
  today: CalendarDay
  onChange: (day: CalendarDay) => void
  /** Which edge the popover lines up with: the right-hand picker opens leftwards to stay on a phone screen. */
  align?: 'left' | 'right'
}) {
  const [open, setOpen] = useState(false)
  const wrapper = useRef<HTMLDivElement>(null)
  const trigger = useRef<HTMLButtonElement>(null)
  const popoverId = useId()

  const close = (refocus: boolean) => {
    setOpen(false)
    if (refocus) trigger.current?.focus()
  }

  // A press outside the picker closes it, as a popover should.
  useEffect(() => {
    if (!open) return
    const onPointer = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointer)
    return () => document.removeEventListener('pointerdown', onPointer)
  }, [open])

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focusout of the picker's own controls bubbles here; the div takes no input itself.
    <div
      ref={wrapper}
      className="relative"
      onBlur={(event) => {
        // Tabbing out of the popover closes it; moving focus inside it does not.
        if (open && !wrapper.current?.contains(event.relatedTarget as Node | null)) setOpen(false)
      }}
    >
      <button
        ref={trigger}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? popoverId : undefined}
        onClick={() => setOpen((isOpen) => !isOpen)}
        className={`flex w-full min-w-40 flex-col items-start rounded-lg border border-slate-700 bg-slate-900 px-3 py-1.5 text-left hover:bg-slate-800 ${FOCUS}`}
      >
        <span className="text-xs text-slate-400">{label}</span>
        <span className="flex items-center gap-2 text-sm font-medium">
          <span aria-hidden="true">📅</span>
          {value ? longDay(value) : 'Pick a date'}
        </span>
      </button>
      {open ? (
        <CalendarPopover
          id={popoverId}
          label={`Choose ${label.toLowerCase()}`}
          align={align}
          selected={value}
          today={today}
          onPick={(day) => {
            onChange(day)
            close(true)
          }}
          onEscape={() => close(true)}
        />
      ) : null}
    </div>
  )
}

const WEEKDAYS = [
  ['Su', 'Sunday'],
  ['Mo', 'Monday'],
  ['Tu', 'Tuesday'],
  ['We', 'Wednesday'],
  ['Th', 'Thursday'],
  ['Fr', 'Friday'],
  ['Sa', 'Saturday'],
] as const

function CalendarPopover({
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
  const [focused, setFocused] = useState<CalendarDay>(selected ?? today)
  const grid = useRef<HTMLTableElement>(null)
  // Focus follows the roving day on opening and on keys; the month buttons keep their own focus.
  const focusDay = useRef(true)
  const headingId = useId()
  const month = startOfMonth(focused)
  const weeks = monthWeeks(month)

  useEffect(() => {
    if (!focusDay.current) return
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus()
  }, [focused])

  const showMonth = (months: number) => {
    focusDay.current = false
    setFocused(addMonths(focused, months))
  }

  const onKeyDown = (event: KeyboardEvent) => {
    const next = movedDay(focused, event.key)
    if (next) {
      event.preventDefault()
      focusDay.current = true
      setFocused(next)
    } else if (event.key === 'Escape') {
      // Only the popover closes, not a dialog around it.
      event.preventDefault()
      event.stopPropagation()
      onEscape()
    }
  }

  return (
    <div
      id={id}
      role="dialog"
      aria-label={label}
      onKeyDown={onKeyDown}
      className={`absolute top-full z-40 mt-2 w-72 max-w-[calc(100vw-1.5rem)] ${align === 'right' ? 'right-0' : 'left-0'} rounded-xl border border-slate-700 bg-slate-900 p-3 shadow-2xl`}
    >
      <div className="mb-2 flex items-center justify-between gap-2">
        <button
          type="button"
          aria-label="Previous month"
          onClick={() => showMonth(-1)}
          className={`rounded px-2 py-1 hover:bg-slate-800 ${FOCUS}`}
        >
          ‹
        </button>
        <p id={headingId} aria-live="polite" className="font-semibold">
          {monthTitle(month)}
        </p>
        <button
          type="button"
          aria-label="Next month"
          onClick={() => showMonth(1)}
          className={`rounded px-2 py-1 hover:bg-slate-800 ${FOCUS}`}
        >
          ›
        </button>
      </div>
      <table
        ref={grid}
        aria-labelledby={headingId}
        className="w-full table-fixed border-collapse text-center"
      >
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th key={long} scope="col" abbr={long} className="pb-1 text-xs font-medium text-slate-400">
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find((day) => day !== null) ?? 'empty'}>
              {week.map((day, index) =>
                day === null ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: blank cells have no identity but their place.
                  <td key={index} />
                ) : (
                  <td key={day} className="p-0.5">
                    <button
                      type="button"
                      data-day={day}
                      tabIndex={day === focused ? 0 : -1}
                      aria-label={longDay(day)}
                      aria-pressed={day === selected}
                      aria-current={day === today ? 'date' : undefined}
                      onClick={() => onPick(day)}
                      className={`h-8 w-full rounded-md text-sm tabular-nums ${dayStyle(day, selected, today)} ${FOCUS}`}
                    >
                      {Number(day.slice(8))}
                    </button>
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function dayStyle(day: CalendarDay, selected: CalendarDay | null, today: CalendarDay): string {
  if (day === selected) return 'bg-emerald-500 font-bold text-slate-950'
  if (day === today) return 'font-bold text-emerald-300 ring-1 ring-emerald-500/60 hover:bg-slate-800'
  return 'text-slate-200 hover:bg-slate-800'
}

function movedDay(day: CalendarDay, key: string): CalendarDay | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, -1)
    case 'ArrowRight':
      return addDays(day, 1)
    case 'ArrowUp':
      return addDays(day, -7)
    case 'ArrowDown':
      return addDays(day, 7)
    case 'PageUp':
      return addMonths(day, -1)
    case 'PageDown':
      return addMonths(day, 1)
    case 'Home':
      return addDays(day, -weekday(day))
    case 'End':
      return addDays(day, 6 - weekday(day))
    default:
      return null
  }
}

/** The month's days in weeks starting on Sunday, blanks before the 1st and after the last day. */
function monthWeeks(first: CalendarDay): (CalendarDay | null)[][] {
  const days: (CalendarDay | null)[] = Array.from({ length: weekday(first) }, () => null)
  for (let day = first; day.slice(0, 7) === first.slice(0, 7); day = addDays(day, 1)) days.push(day)
  while (days.length % 7 !== 0) days.push(null)
  const weeks: (CalendarDay | null)[][] = []
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7))
  return weeks
}

// A calendar day read at UTC midnight and formatted in UTC is that same day, whatever the browser's zone.
function asUtc(day: CalendarDay): Date {
  return new Date(`${day}T00:00:00Z`)
}

function weekday(day: CalendarDay): number {
  return asUtc(day).getUTCDay()
}

const LONG_DAY = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
})
const MONTH_TITLE = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' })

/** 'November 23, 2026'. */
export function longDay(day: CalendarDay): string {
  return LONG_DAY.format(asUtc(day))
}

function monthTitle(first: CalendarDay): string {
  return MONTH_TITLE.format(asUtc(first))
}
