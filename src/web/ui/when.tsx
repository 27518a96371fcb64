import { calendarDay, DEFAULT_TIMEZONE } from '../../domain/calendar'
import { useCurrentUser } from '../queries'

/**
 * The one way the app shows an instant: in the account's time zone, never the
 * browser's, so a Pacific account in a New York browser reads the same 5:20 PM on every screen. The clock
 * alone when the instant falls today in that zone, else its date too ('Nov 28, 5:20 PM'), with the year
 * when it is not this year.
 */
export function formatWhen(instant: Date, timeZone: string, now: Date = new Date()): string {
  const zone = knownZone(timeZone)
  const time = instant.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone: zone })
  const day = calendarDay(instant, zone)
  const today = calendarDay(now, zone)
  if (day === today) return time
  const sameYear = day.slice(0, 4) === today.slice(0, 4)
  const date = instant.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
    timeZone: zone,
  })
  return `${date}, ${time}`
}

/** A zone this browser does not know (an old Intl) falls back to the app's default, not to the browser's. */
function knownZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone })
    return timeZone
  } catch {
    return DEFAULT_TIMEZONE
  }
}

/** The signed-in account's zone (Settings, Time Zone); the default until the user query answers. */
export function useTimeZone(): string {
  return useCurrentUser().data?.timezone ?? DEFAULT_TIMEZONE
}

/** An instant as a <time> element through formatWhen, in the account's zone; 'Never' for none. */
export function When({ iso }: { iso: string | null }) {
  const timeZone = useTimeZone()
  if (!iso) return 'Never'
  return <time dateTime={iso}>{formatWhen(new Date(iso), timeZone)}</time>
}
