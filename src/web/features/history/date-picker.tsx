import { Suspense, useEffect, useId, useRef, useState } from 'react'
import type { CalendarDay } from '../../../domain/calendar'
import { lazyNamed } from '../../lazy-page'
import { FOCUS } from '../../ui/focus'

// The calendar (react-day-picker) loads when a custom range is first opened.
const CalendarPopover = lazyNamed(() => import('./calendar-popover').then((module) => module.CalendarPopover))

/**
 * A date-picker button with a month-calendar popover (docs/spec/product-spec.md §2, custom range). Days are plain
 * 'YYYY-MM-DD' strings: the server reads them in the user's zone, so no instant or browser zone is
 * involved. The calendar is react-day-picker's keyboard grid; Escape closes the popover.
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
        <Suspense fallback={null}>
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
        </Suspense>
      ) : null}
    </div>
  )
}

// A calendar day read at UTC midnight and formatted in UTC is that same day, whatever the browser's zone.
function asUtc(day: CalendarDay): Date {
  return new Date(`${day}T00:00:00Z`)
}

const LONG_DAY = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
})

/** 'November 23, 2026'. */
export function longDay(day: CalendarDay): string {
  return LONG_DAY.format(asUtc(day))
}
