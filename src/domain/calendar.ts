/**
 * Calendar days and the user's time zone. Instants are UTC `Date`s; calendar days are 'YYYY-MM-DD'
 * strings; the user's IANA zone is applied only when grouping (date filters) and formatting.
 *
 * The DST trap: local midnight is not always 24 h after the previous one (a 23 h day when clocks spring
 * forward, 25 h when they fall back), and in some zones (America/Havana, Asia/Beirut, America/Santiago)
 * clocks jump from 23:59 straight to 01:00, so local midnight does not exist on that day. The start of a
 * day is therefore read from the zone's own offset at that moment, never by adding 24 h to yesterday.
 */
export type CalendarDay = string

export const DATE_FILTERS = [
  { value: 'today', label: 'Today' },
  { value: 'last7days', label: 'Last 7 Days' },
  { value: 'last30days', label: 'Last 30 Days' },
  { value: 'week', label: 'This Week' },
  { value: 'month', label: 'This Month' },
  { value: 'last3months', label: 'Last 3 Months' },
  { value: 'last6months', label: 'Last 6 Months' },
  { value: 'year', label: 'This Year' },
  { value: 'alltime', label: 'All Time' },
  { value: 'custom', label: 'Custom Range' },
] as const
export type DateFilter = (typeof DATE_FILTERS)[number]['value']
export const DEFAULT_DATE_FILTER: DateFilter = 'alltime'

export const TIMEZONES = [
  { value: 'America/New_York', label: 'Eastern' },
  { value: 'America/Chicago', label: 'Central' },
  { value: 'America/Denver', label: 'Mountain' },
  { value: 'America/Los_Angeles', label: 'Pacific' },
  { value: 'America/Phoenix', label: 'Arizona' },
  { value: 'America/Anchorage', label: 'Alaska' },
  { value: 'Pacific/Honolulu', label: 'Hawaii' },
  { value: 'Europe/London', label: 'GMT' },
  { value: 'Europe/Paris', label: 'CET' },
  { value: 'Asia/Tokyo', label: 'JST' },
  { value: 'Australia/Sydney', label: 'AEDT' },
] as const
export type SupportedTimezone = (typeof TIMEZONES)[number]['value']
export const DEFAULT_TIMEZONE: SupportedTimezone = 'America/Chicago'

/**
 * The days a custom range may name, both included. Grid records bets placed by living people, so no bet
 * is older than 1900, and no bettor means a day after 2200. Outside them nothing is right anyway: before
 * about 1900 the zones only know local mean time (Chicago's midnight was 05:50:36Z), and at year 1 and
 * below Intl prints years without their era while PostgreSQL has no year 0, so a year-0000 range became
 * an instant PostgreSQL refused (a 500, and a broken CSV stream).
 */
export const EARLIEST_DAY: CalendarDay = '1900-01-01'
export const LATEST_DAY: CalendarDay = '2200-12-31'

/** Half-open: `start` is in the range, `end` is not. */
export interface DateRange {
  start: Date
  end: Date
}

/** Bounds of a custom range: ISO timestamps or plain 'YYYY-MM-DD' days, both days inclusive. */
export interface CustomDates {
  startDate?: string | undefined
  endDate?: string | undefined
}

export function isDateFilter(value: unknown): value is DateFilter {
  return DATE_FILTERS.some((filter) => filter.value === value)
}

export function isSupportedTimezone(value: unknown): value is SupportedTimezone {
  return TIMEZONES.some((zone) => zone.value === value)
}

/** The local date of an instant in a zone. Throws RangeError for an invalid Date or an unknown zone. */
export function calendarDay(instant: Date, timeZone: string): CalendarDay {
  const { year, month, day } = wallClock(instant.getTime(), timeZone)
  return toDay(year, month, day)
}

export function addDays(day: CalendarDay, days: number): CalendarDay {
  const { year, month, date } = parseDay(day)
  return fromUtc(utcDate(year, month - 1, date + wholeNumber(days)))
}

/** Months later or earlier, clamped to the month's last day: 2026-03-31 minus 1 month is 2026-02-28. */
export function addMonths(day: CalendarDay, months: number): CalendarDay {
  const { year, month, date } = parseDay(day)
  const first = utcDate(year, month - 1 + wholeNumber(months), 1)
  const lastDate = utcDate(first.getUTCFullYear(), first.getUTCMonth() + 1, 0).getUTCDate()
  return toDay(first.getUTCFullYear(), first.getUTCMonth() + 1, Math.min(date, lastDate))
}

/** Weeks start on Sunday, the US convention: the default zone is Chicago (decision 031). */
export function startOfWeek(day: CalendarDay): CalendarDay {
  const { year, month, date } = parseDay(day)
  return addDays(day, -utcDate(year, month - 1, date).getUTCDay())
}

export function startOfMonth(day: CalendarDay): CalendarDay {
  const { year, month } = parseDay(day)
  return toDay(year, month, 1)
}

export function startOfYear(day: CalendarDay): CalendarDay {
  return toDay(parseDay(day).year, 1, 1)
}

/**
 * The first instant of a local day: local midnight, or, when a DST gap skips midnight, the first instant
 * that exists on that day (01:00 on Havana's spring-forward day). When midnight happens twice (Havana
 * falling back from 01:00 to 00:00), the first one.
 */
export function startOfDay(day: CalendarDay, timeZone: string): Date {
  const { year, month, date } = parseDay(day)
  const wallMidnight = utcDate(year, month - 1, date).getTime()
  const midnight = wallTimeInstant(wallMidnight, timeZone)
  if (beginsDay(midnight, day, timeZone)) return new Date(midnight)
  return new Date(searchDayStart(day, wallMidnight, timeZone))
}

/** The instant a wall-clock time ('19:05') has on `day` in `timeZone` (schedules, start times). */
export function instantAt(day: CalendarDay, time: string, timeZone: string): Date {
  const { year, month, date } = parseDay(day)
  const [hour = 0, minute = 0] = time.split(':').map(Number)
  return new Date(wallTimeInstant(Date.UTC(year, month - 1, date, hour, minute), timeZone))
}

/**
 * A wall time (its fields read as UTC) to the instant. The offset depends on the instant being solved for:
 * guess with the offset at the wall time read as UTC, then correct with the offset at the guess. Right on
 * every day without a change near that hour.
 */
function wallTimeInstant(wall: number, timeZone: string): number {
  const guess = wall - offsetMs(wall, timeZone)
  return wall - offsetMs(guess, timeZone)
}

/**
 * [start of the first day, start of the day after the last day) in the user's zone; null for all time.
 * Every preset ends at the start of tomorrow. Throws RangeError for a bad custom range or zone.
 */
export function dateRange(
  filter: DateFilter,
  now: Date,
  timeZone: string,
  custom: CustomDates = {},
): DateRange | null {
  if (filter === 'alltime') return null
  if (filter === 'custom') return customRange(custom, timeZone)
  const today = calendarDay(now, timeZone)
  return daysRange(firstDay(filter, today), today, timeZone)
}

/** Whether an instant falls in a range; a null range is all time. */
export function inRange(instant: Date, range: DateRange | null): boolean {
  return range === null || (instant >= range.start && instant < range.end)
}

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

function firstDay(filter: Exclude<DateFilter, 'alltime' | 'custom'>, today: CalendarDay): CalendarDay {
  switch (filter) {
    case 'today':
      return today
    case 'last7days':
      return addDays(today, -6)
    case 'last30days':
      return addDays(today, -29)
    case 'week':
      return startOfWeek(today)
    case 'month':
      return startOfMonth(today)
    case 'last3months':
      return addMonths(today, -3)
    case 'last6months':
      return addMonths(today, -6)
    case 'year':
      return startOfYear(today)
  }
}

function daysRange(first: CalendarDay, last: CalendarDay, timeZone: string): DateRange {
  return { start: startOfDay(first, timeZone), end: startOfDay(addDays(last, 1), timeZone) }
}

// Days, not instants, are compared: two timestamps on the same local day, in either order, mean that day.
function customRange({ startDate, endDate }: CustomDates, timeZone: string): DateRange {
  if (!startDate || !endDate) throw new RangeError('A custom date range needs both startDate and endDate')
  const first = dayOf(startDate, timeZone)
  const last = dayOf(endDate, timeZone)
  if (first > last) throw new RangeError(`The custom date range starts (${first}) after it ends (${last})`)
  return daysRange(first, last, timeZone)
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/
const ISO_PATTERN =
  /^(\d{4}-\d{2}-\d{2})(?:T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/

// Strict ISO only: Date's own parser accepts 'March 7' and rolls 2026-02-30 over into March. Every
// message ends with the text refused, so the caller can say which bound it was.
function dayOf(text: string, timeZone: string): CalendarDay {
  const match = ISO_PATTERN.exec(text)
  const date = match?.[1]
  if (match === null || date === undefined) throw new RangeError(`Not an ISO date or timestamp: ${text}`)
  parseDay(date)
  // The written date first: an offset moves it by less than a day, so its local day then has four digits
  // too, and the string comparison below holds.
  withinBounds(date, text)
  // Without an offset, Date would read the time in the server's zone; it is the user's wall clock.
  if (match[2] === undefined) return date
  const instant = new Date(text)
  if (Number.isNaN(instant.getTime())) throw new RangeError(`Not an ISO date or timestamp: ${text}`)
  return withinBounds(calendarDay(instant, timeZone), text)
}

function withinBounds(day: CalendarDay, text: string): CalendarDay {
  if (day < EARLIEST_DAY || day > LATEST_DAY) {
    throw new RangeError(`Dates must be from ${EARLIEST_DAY} to ${LATEST_DAY}: ${text}`)
  }
  return day
}

function parseDay(day: CalendarDay): { year: number; month: number; date: number } {
  const match = DAY_PATTERN.exec(day)
  const year = Number(match?.[1])
  const month = Number(match?.[2])
  const date = Number(match?.[3])
  if (match === null || fromUtc(utcDate(year, month - 1, date)) !== day) {
    throw new RangeError(`Not a calendar day (YYYY-MM-DD): ${day}`)
  }
  return { year, month, date }
}

function wholeNumber(n: number): number {
  if (!Number.isSafeInteger(n)) throw new RangeError(`Not a whole number: ${n}`)
  return n
}

// Date.UTC maps years 0-99 to 1900-1999; setUTCFullYear does not.
function utcDate(year: number, monthIndex: number, date: number): Date {
  const result = new Date(0)
  result.setUTCFullYear(year, monthIndex, date)
  return result
}

function toDay(year: number, month: number, date: number): CalendarDay {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`
}

function fromUtc(date: Date): CalendarDay {
  return toDay(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate())
}

function beginsDay(instant: number, day: CalendarDay, timeZone: string): boolean {
  const previous = calendarDay(new Date(instant - 1), timeZone)
  return calendarDay(new Date(instant), timeZone) === day && previous < day
}

// Offsets stay within -12 h..+14 h, so a day begins within 24 h of its wall midnight read as UTC. Only
// days whose midnight is skipped or repeated get here: about 28 steps to the millisecond.
function searchDayStart(day: CalendarDay, wallMidnight: number, timeZone: string): number {
  let before = wallMidnight - DAY_MS
  let from = wallMidnight + DAY_MS
  while (from - before > 1) {
    const middle = Math.floor((before + from) / 2)
    if (calendarDay(new Date(middle), timeZone) >= day) from = middle
    else before = middle
  }
  return from
}

/** The zone's offset from UTC at an instant, in ms (Chicago in winter: -6 h). */
function offsetMs(instant: number, timeZone: string): number {
  const wall = wallClock(instant, timeZone)
  const wallAsUtc =
    utcDate(wall.year, wall.month - 1, wall.day).getTime() +
    (wall.hour * 60 + wall.minute) * 60_000 +
    wall.second * 1000
  // The formatter shows whole seconds, so compare with the instant truncated to its second.
  return wallAsUtc - Math.floor(instant / 1000) * 1000
}

interface WallClock {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

function wallClock(instant: number, timeZone: string): WallClock {
  if (!Number.isFinite(instant)) throw new RangeError('Invalid date')
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {}
  for (const part of formatter(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value)
  }
  const { year, month, day, hour, minute, second } = parts
  if (
    year === undefined ||
    month === undefined ||
    day === undefined ||
    hour === undefined ||
    minute === undefined ||
    second === undefined
  ) {
    throw new RangeError(`Could not read the wall clock in ${timeZone}`)
  }
  return { year, month, day, hour, minute, second }
}

// Building a DateTimeFormat is slow (it loads zone data), so keep one per zone.
const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(timeZone: string): Intl.DateTimeFormat {
  const cached = formatters.get(timeZone)
  if (cached) return cached
  let created: Intl.DateTimeFormat
  try {
    created = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
  } catch {
    throw new RangeError(`Unknown time zone: ${timeZone}`)
  }
  formatters.set(timeZone, created)
  return created
}
