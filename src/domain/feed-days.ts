import { addDays, type CalendarDay } from './calendar'

/**
 * The days a feed is ever asked for. ESPN's scoreboards reach back decades and the simulator
 * makes up any day, but each day read is stored for good (every league's games), so a file dated 1905 or
 * 2190 must not cost a fetch. Bets older than a few seasons, or days further ahead than schedules are
 * published, are imported unlinked or not at all (docs/import.md).
 */
export const FIRST_FEED_DAY: CalendarDay = '2022-08-01'
/** Days after the feed's today whose schedules a feed holds. */
export const FEED_DAYS_AHEAD = 7

/** Why the feeds hold no games of `day` (`today` being the feed's day), or null when they may. */
export function outsideFeedDays(day: CalendarDay, today: CalendarDay): string | null {
  if (day < FIRST_FEED_DAY) return `Games before ${FIRST_FEED_DAY} are not in the feed`
  const last = addDays(today, FEED_DAYS_AHEAD)
  if (day > last) return `Games after ${last} are not in the feed yet (at most ${FEED_DAYS_AHEAD} days ahead)`
  return null
}
