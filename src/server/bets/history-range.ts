import type { z } from 'zod'
import type { historyQuery } from '../../contract/bets'
import { type DateRange, dateRange, isDateFilter } from '../../domain/calendar'
import { badRequest } from '../http/errors'

/**
 * The history filter (dateFilter, and startDate/endDate for custom) as a range of placement times: the
 * history, its CSV export and the stats endpoint read the same range. A bad filter or day is a 400 naming
 * the field.
 */
export function historyRange(
  query: z.infer<typeof historyQuery>,
  timeZone: string,
  now: Date,
): DateRange | null {
  const filter = query.dateFilter ?? 'alltime'
  if (!isDateFilter(filter)) throw badRequest(`Unknown date filter: ${filter}`, 'dateFilter')
  try {
    return dateRange(filter, now, timeZone, { startDate: query.startDate, endDate: query.endDate })
  } catch (error) {
    if (error instanceof RangeError) throw badRequest(error.message, rangeField(query, error.message))
    throw error
  }
}

/** Which bound a custom-range error is about: the calendar's messages end with ': ' and the text refused. */
function rangeField(
  query: { startDate?: string | undefined; endDate?: string | undefined },
  message: string,
) {
  if (!query.startDate || message.endsWith(`: ${query.startDate}`)) return 'startDate'
  if (!query.endDate || message.endsWith(`: ${query.endDate}`)) return 'endDate'
  return 'startDate'
}
