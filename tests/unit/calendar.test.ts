import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  addDays,
  addMonths,
  type CustomDates,
  calendarDay,
  DATE_FILTERS,
  type DateFilter,
  DEFAULT_DATE_FILTER,
  DEFAULT_TIMEZONE,
  dateRange,
  EARLIEST_DAY,
  inRange,
  isDateFilter,
  isSupportedTimezone,
  LATEST_DAY,
  startOfDay,
  startOfMonth,
  startOfWeek,
  startOfYear,
  TIMEZONES,
} from '../../src/domain/calendar'

// Expected instants below are worked out by hand from each zone's offsets (Chicago: CST -6, CDT -5;
// Sydney: AEST +10, AEDT +11; London: GMT 0, BST +1; Tokyo +9; Honolulu -10) and the 2026 DST dates.
const CHICAGO = 'America/Chicago'
const SYDNEY = 'Australia/Sydney'
const LONDON = 'Europe/London'
const TOKYO = 'Asia/Tokyo'
const HONOLULU = 'Pacific/Honolulu'
const HOUR = 3_600_000

const iso = (date: Date | undefined) => date?.toISOString()
const hoursIn = (day: string, zone: string) =>
  (startOfDay(addDays(day, 1), zone).getTime() - startOfDay(day, zone).getTime()) / HOUR

describe('options', () => {
  it('lists the date filters in order, defaulting to all time', () => {
    expect(DATE_FILTERS.map((f) => [f.value, f.label])).toEqual([
      ['today', 'Today'],
      ['last7days', 'Last 7 Days'],
      ['last30days', 'Last 30 Days'],
      ['week', 'This Week'],
      ['month', 'This Month'],
      ['last3months', 'Last 3 Months'],
      ['last6months', 'Last 6 Months'],
      ['year', 'This Year'],
      ['alltime', 'All Time'],
      ['custom', 'Custom Range'],
    ])
    expect(DEFAULT_DATE_FILTER).toBe('alltime')
  })

  it('recognises only the listed filters', () => {
    for (const { value } of DATE_FILTERS) expect(isDateFilter(value)).toBe(true)
    for (const other of ['yesterday', 'Today', '', null, undefined, 7, {}])
      expect(isDateFilter(other)).toBe(false)
  })

  it('lists the eleven zones, defaulting to Chicago', () => {
    expect(TIMEZONES.map((z) => [z.value, z.label])).toEqual([
      ['America/New_York', 'Eastern'],
      ['America/Chicago', 'Central'],
      ['America/Denver', 'Mountain'],
      ['America/Los_Angeles', 'Pacific'],
      ['America/Phoenix', 'Arizona'],
      ['America/Anchorage', 'Alaska'],
      ['Pacific/Honolulu', 'Hawaii'],
      ['Europe/London', 'GMT'],
      ['Europe/Paris', 'CET'],
      ['Asia/Tokyo', 'JST'],
      ['Australia/Sydney', 'AEDT'],
    ])
    expect(DEFAULT_TIMEZONE).toBe(CHICAGO)
  })

  it('supports only the listed zones, even if Intl knows others', () => {
    for (const { value } of TIMEZONES) expect(isSupportedTimezone(value)).toBe(true)
    for (const other of ['Europe/Berlin', 'america/chicago', 'UTC', '', null, 3]) {
      expect(isSupportedTimezone(other)).toBe(false)
    }
  })
})

describe('calendarDay', () => {
  it.each([
    ['2026-11-21T05:30:00Z', CHICAGO, '2026-11-20'], // 23:30 CST: the UTC date is already the 21st
    ['2026-11-21T06:30:00Z', CHICAGO, '2026-11-21'], // 00:30 CST
    ['2026-11-20T14:30:00Z', TOKYO, '2026-11-20'], // 23:30 JST
    ['2026-11-20T15:30:00Z', TOKYO, '2026-11-21'], // 00:30 JST: the UTC date is still the 20th
    ['2026-07-01T09:30:00Z', HONOLULU, '2026-06-30'], // 23:30 HST
    ['2026-07-01T10:30:00Z', HONOLULU, '2026-07-01'], // 00:30 HST
    ['2026-06-30T23:30:00Z', LONDON, '2026-07-01'], // 00:30 BST
    ['2026-12-31T23:30:00Z', LONDON, '2026-12-31'], // 23:30 GMT
    ['2026-01-01T12:30:00Z', SYDNEY, '2026-01-01'], // 23:30 AEDT
    ['2026-01-01T13:30:00Z', SYDNEY, '2026-01-02'], // 00:30 AEDT
    ['2026-07-01T13:30:00Z', SYDNEY, '2026-07-01'], // 23:30 AEST
    ['2026-07-01T14:30:00Z', SYDNEY, '2026-07-02'], // 00:30 AEST
  ])('%s in %s is %s', (instant, zone, day) => {
    expect(calendarDay(new Date(instant), zone)).toBe(day)
  })

  it('refuses an unknown zone and an invalid date', () => {
    expect(() => calendarDay(new Date(), 'Mars/Olympus')).toThrow(RangeError)
    expect(() => calendarDay(new Date(), 'Mars/Olympus')).toThrow('Unknown time zone: Mars/Olympus')
    expect(() => calendarDay(new Date(Number.NaN), CHICAGO)).toThrow(RangeError)
  })
})

describe('day arithmetic', () => {
  it.each([
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2026-11-23', -6, '2026-11-17'],
    ['2026-11-23', -29, '2026-10-25'],
    ['2026-11-23', 0, '2026-11-23'],
    ['0050-01-01', -1, '0049-12-31'],
  ])('%s plus %i days is %s', (day, n, expected) => {
    expect(addDays(day, n)).toBe(expected)
  })

  it.each([
    ['2026-03-31', -1, '2026-02-28'],
    ['2024-05-31', -3, '2024-02-29'],
    ['2026-01-31', 1, '2026-02-28'],
    ['2026-05-31', 1, '2026-06-30'],
    ['2026-08-31', -6, '2026-02-28'],
    ['2026-12-15', 1, '2027-01-15'],
    ['2026-01-15', -3, '2025-10-15'],
    ['2026-11-23', -6, '2026-05-23'],
    ['2026-10-31', -12, '2025-10-31'],
    ['0050-03-31', -1, '0050-02-28'],
  ])('%s plus %i months is %s', (day, n, expected) => {
    expect(addMonths(day, n)).toBe(expected)
  })

  it.each([
    ['2026-11-22', '2026-11-22'], // Sunday
    ['2026-11-23', '2026-11-22'], // Monday
    ['2026-11-28', '2026-11-22'], // Saturday
    ['2027-01-01', '2026-12-27'], // Friday, week begun the year before
    ['2026-03-07', '2026-03-01'], // Saturday
  ])('the week of %s starts on Sunday %s', (day, sunday) => {
    expect(startOfWeek(day)).toBe(sunday)
  })

  it('finds the first day of the month and year', () => {
    expect(startOfMonth('2026-11-23')).toBe('2026-11-01')
    expect(startOfMonth('2026-02-28')).toBe('2026-02-01')
    expect(startOfYear('2026-11-23')).toBe('2026-01-01')
  })

  it('refuses a day that does not exist, and fractional steps', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '2026-1-5', 'yesterday', '2026-11-23T00:00:00Z', '']) {
      expect(() => addDays(bad, 1)).toThrow(RangeError)
      expect(() => addMonths(bad, 1)).toThrow(RangeError)
      expect(() => startOfWeek(bad)).toThrow(RangeError)
      expect(() => startOfMonth(bad)).toThrow(RangeError)
      expect(() => startOfYear(bad)).toThrow(RangeError)
      expect(() => startOfDay(bad, CHICAGO)).toThrow(RangeError)
    }
    expect(() => addDays('2026-11-23', 1.5)).toThrow(RangeError)
    expect(() => addMonths('2026-11-23', Number.NaN)).toThrow(RangeError)
  })
})

describe('startOfDay', () => {
  it.each([
    ['2026-03-07', CHICAGO, '2026-03-07T06:00:00.000Z'],
    ['2026-03-08', CHICAGO, '2026-03-08T06:00:00.000Z'], // springs forward at 02:00: 23 h long
    ['2026-03-09', CHICAGO, '2026-03-09T05:00:00.000Z'],
    ['2026-11-01', CHICAGO, '2026-11-01T05:00:00.000Z'], // falls back at 02:00: 25 h long
    ['2026-11-02', CHICAGO, '2026-11-02T06:00:00.000Z'],
    ['2026-03-08', 'America/New_York', '2026-03-08T05:00:00.000Z'],
    ['2026-03-09', 'America/New_York', '2026-03-09T04:00:00.000Z'],
    ['2026-11-01', 'America/Denver', '2026-11-01T06:00:00.000Z'],
    ['2026-11-02', 'America/Denver', '2026-11-02T07:00:00.000Z'],
    ['2026-11-01', 'America/Los_Angeles', '2026-11-01T07:00:00.000Z'],
    ['2026-03-09', 'America/Anchorage', '2026-03-09T08:00:00.000Z'],
    ['2026-07-01', 'America/Phoenix', '2026-07-01T07:00:00.000Z'], // no DST
    ['2026-07-01', HONOLULU, '2026-07-01T10:00:00.000Z'],
    ['2026-07-01', TOKYO, '2026-06-30T15:00:00.000Z'],
    ['2026-03-29', LONDON, '2026-03-29T00:00:00.000Z'], // springs forward at 01:00
    ['2026-03-30', LONDON, '2026-03-29T23:00:00.000Z'],
    ['2026-10-25', LONDON, '2026-10-24T23:00:00.000Z'], // falls back at 02:00
    ['2026-10-26', LONDON, '2026-10-26T00:00:00.000Z'],
    ['2026-03-29', 'Europe/Paris', '2026-03-28T23:00:00.000Z'],
    ['2026-03-30', 'Europe/Paris', '2026-03-29T22:00:00.000Z'],
    ['2026-04-05', SYDNEY, '2026-04-04T13:00:00.000Z'], // southern autumn: falls back at 03:00
    ['2026-04-06', SYDNEY, '2026-04-05T14:00:00.000Z'],
    ['2026-10-04', SYDNEY, '2026-10-03T14:00:00.000Z'], // southern spring: springs forward at 02:00
    ['2026-10-05', SYDNEY, '2026-10-04T13:00:00.000Z'],
  ])('%s in %s starts at %s', (day, zone, expected) => {
    expect(iso(startOfDay(day, zone))).toBe(expected)
  })

  it.each([
    ['2026-03-08', CHICAGO, 23],
    ['2026-11-01', CHICAGO, 25],
    ['2026-11-02', CHICAGO, 24],
    ['2026-03-29', LONDON, 23],
    ['2026-10-25', LONDON, 25],
    ['2026-04-05', SYDNEY, 25],
    ['2026-10-04', SYDNEY, 23],
  ])('%s in %s lasts %i hours', (day, zone, hours) => {
    expect(hoursIn(day, zone)).toBe(hours)
  })

  // Zones outside the list, whose clocks change at midnight itself.
  it.each([
    ['2026-03-08', 'America/Havana', '2026-03-08T05:00:00.000Z'], // 23:59 -> 01:00: starts at 01:00 CDT
    ['2026-03-29', 'Asia/Beirut', '2026-03-28T22:00:00.000Z'], // 23:59 -> 01:00: starts at 01:00 EEST
    ['2026-09-06', 'America/Santiago', '2026-09-06T04:00:00.000Z'], // 23:59 -> 01:00: starts at 01:00 -03
    ['2026-11-01', 'America/Havana', '2026-11-01T04:00:00.000Z'], // 00:59 -> 00:00: the first midnight
  ])('%s in %s, with a gap or overlap at midnight, starts at %s', (day, zone, expected) => {
    const start = startOfDay(day, zone)
    expect(iso(start)).toBe(expected)
    expect(calendarDay(start, zone)).toBe(day)
    expect(calendarDay(new Date(start.getTime() - 1), zone)).toBe(addDays(day, -1))
  })

  it('refuses an unknown zone', () => {
    expect(() => startOfDay('2026-01-01', 'Mars/Olympus')).toThrow(RangeError)
  })

  it.each(TIMEZONES.map((z) => z.value))(
    'gives every day of 2026 in %s 24 hours, bar two DST days',
    (zone) => {
      const changes = new Map<string, number>()
      for (let day = '2026-01-01'; day < '2027-01-01'; day = addDays(day, 1)) {
        const start = startOfDay(day, zone)
        expect(calendarDay(start, zone)).toBe(day)
        expect(calendarDay(new Date(start.getTime() - 1), zone)).toBe(addDays(day, -1))
        const hours = hoursIn(day, zone)
        if (hours !== 24) changes.set(day, hours)
      }
      const noDst = ['America/Phoenix', HONOLULU, TOKYO].includes(zone)
      expect([...changes.values()].sort()).toEqual(noDst ? [] : [23, 25])
    },
  )
})

describe('dateRange', () => {
  // Monday 23 November 2026, 23:30 in Chicago: already 05:30Z on the 24th.
  const lateMonday = new Date('2026-11-24T05:30:00Z')

  it.each<[DateFilter, string]>([
    ['today', '2026-11-23T06:00:00.000Z'],
    ['last7days', '2026-11-17T06:00:00.000Z'],
    ['last30days', '2026-10-25T05:00:00.000Z'], // before the fall-back: CDT
    ['week', '2026-11-22T06:00:00.000Z'],
    ['month', '2026-11-01T05:00:00.000Z'],
    ['last3months', '2026-08-23T05:00:00.000Z'],
    ['last6months', '2026-05-23T05:00:00.000Z'],
    ['year', '2026-01-01T06:00:00.000Z'],
  ])('%s at 23:30 local starts at %s and ends at local midnight tonight', (filter, start) => {
    const range = dateRange(filter, lateMonday, CHICAGO)
    expect(iso(range?.start)).toBe(start)
    expect(iso(range?.end)).toBe('2026-11-24T06:00:00.000Z')
  })

  it.each([
    // 00:30 local on Tuesday: the UTC date and the local date agree again
    ['2026-11-24T06:30:00Z', CHICAGO, '2026-11-24T06:00:00Z', '2026-11-25T06:00:00Z'],
    // noon and 23:30 on the 23 h day
    ['2026-03-08T17:00:00Z', CHICAGO, '2026-03-08T06:00:00Z', '2026-03-09T05:00:00Z'],
    ['2026-03-09T04:30:00Z', CHICAGO, '2026-03-08T06:00:00Z', '2026-03-09T05:00:00Z'],
    // noon on the 25 h days
    ['2026-11-01T18:00:00Z', CHICAGO, '2026-11-01T05:00:00Z', '2026-11-02T06:00:00Z'],
    ['2026-04-05T02:00:00Z', SYDNEY, '2026-04-04T13:00:00Z', '2026-04-05T14:00:00Z'],
    ['2026-10-25T12:00:00Z', LONDON, '2026-10-24T23:00:00Z', '2026-10-26T00:00:00Z'],
    // 23:30 in Sydney and Honolulu, 00:30 in Tokyo
    ['2026-01-01T12:30:00Z', SYDNEY, '2025-12-31T13:00:00Z', '2026-01-01T13:00:00Z'],
    ['2026-11-24T09:30:00Z', HONOLULU, '2026-11-23T10:00:00Z', '2026-11-24T10:00:00Z'],
    ['2026-11-23T15:30:00Z', TOKYO, '2026-11-23T15:00:00Z', '2026-11-24T15:00:00Z'],
  ])('today at %s in %s is [%s, %s)', (now, zone, start, end) => {
    expect(dateRange('today', new Date(now), zone)).toEqual({ start: new Date(start), end: new Date(end) })
  })

  it.each<[DateFilter, string, string, string, string]>([
    ['last7days', '2026-10-05T01:00:00Z', SYDNEY, '2026-09-28T14:00:00Z', '2026-10-05T13:00:00Z'], // spans DST
    ['year', '2026-01-01T12:30:00Z', SYDNEY, '2025-12-31T13:00:00Z', '2026-01-01T13:00:00Z'],
    ['month', '2026-11-23T15:30:00Z', TOKYO, '2026-10-31T15:00:00Z', '2026-11-24T15:00:00Z'],
    ['month', '2026-10-25T12:00:00Z', LONDON, '2026-09-30T23:00:00Z', '2026-10-26T00:00:00Z'],
    ['week', '2026-04-05T02:00:00Z', SYDNEY, '2026-04-04T13:00:00Z', '2026-04-05T14:00:00Z'], // a Sunday
    ['last3months', '2026-05-31T17:00:00Z', CHICAGO, '2026-02-28T06:00:00Z', '2026-06-01T05:00:00Z'], // clamped
    ['last6months', '2026-08-31T17:00:00Z', CHICAGO, '2026-02-28T06:00:00Z', '2026-09-01T05:00:00Z'], // clamped
  ])('%s at %s in %s', (filter, now, zone, start, end) => {
    expect(dateRange(filter, new Date(now), zone)).toEqual({ start: new Date(start), end: new Date(end) })
  })

  it('is null for all time, which includes everything', () => {
    expect(dateRange('alltime', lateMonday, CHICAGO)).toBeNull()
    expect(inRange(new Date(0), null)).toBe(true)
  })

  it('refuses an unknown zone', () => {
    expect(() => dateRange('today', lateMonday, 'Nowhere/Special')).toThrow(RangeError)
  })

  describe('custom', () => {
    const custom = (dates: CustomDates, zone = CHICAGO) => dateRange('custom', lateMonday, zone, dates)
    const week = { start: new Date('2026-11-01T05:00:00Z'), end: new Date('2026-11-08T06:00:00Z') }

    it('includes both days, across the fall-back', () => {
      const range = custom({ startDate: '2026-11-01', endDate: '2026-11-07' })
      expect(range).toEqual(week)
      expect(inRange(new Date('2026-11-01T04:59:59.999Z'), range)).toBe(false) // 23:59:59.999 on Oct 31
      expect(inRange(new Date('2026-11-01T05:00:00Z'), range)).toBe(true) // 00:00 Nov 1
      expect(inRange(new Date('2026-11-08T05:59:59.999Z'), range)).toBe(true) // 23:59:59.999 Nov 7
      expect(inRange(new Date('2026-11-08T06:00:00Z'), range)).toBe(false) // 00:00 Nov 8
    })

    it.each([
      ['UTC timestamps', '2026-11-01T05:00:00.000Z', '2026-11-08T05:59:59.000Z'],
      ['offset timestamps', '2026-11-01T00:30:00-05:00', '2026-11-07T23:59-06:00'],
      ['wall-clock times without an offset', '2026-11-01T00:00', '2026-11-07T23:30:00'],
    ])('reads %s as their local days', (_, startDate, endDate) => {
      expect(custom({ startDate, endDate })).toEqual(week)
    })

    it('places UTC timestamps on the local day, in Sydney', () => {
      // 01:00 AEDT on 1 April to 23:30 AEST on 5 April (the day DST ends).
      const range = custom({ startDate: '2026-03-31T14:00:00Z', endDate: '2026-04-05T13:30:00Z' }, SYDNEY)
      expect(range).toEqual({
        start: new Date('2026-03-31T13:00:00Z'),
        end: new Date('2026-04-05T14:00:00Z'),
      })
    })

    it('allows a single day, whichever way round its times are', () => {
      const day = { start: new Date('2026-03-08T06:00:00Z'), end: new Date('2026-03-09T05:00:00Z') }
      expect(custom({ startDate: '2026-03-08', endDate: '2026-03-08' })).toEqual(day)
      expect(custom({ startDate: '2026-03-08T20:00:00Z', endDate: '2026-03-08T10:00:00Z' })).toEqual(day)
    })

    it.each<[CustomDates, string]>([
      [{}, 'needs both startDate and endDate'],
      [{ startDate: '2026-11-01' }, 'needs both startDate and endDate'],
      [{ endDate: '2026-11-01' }, 'needs both startDate and endDate'],
      [{ startDate: '', endDate: '2026-11-01' }, 'needs both startDate and endDate'],
      [{ startDate: 'soon', endDate: '2026-11-01' }, 'Not an ISO date or timestamp: soon'],
      [{ startDate: '2026-11-01', endDate: 'March 7, 2026' }, 'Not an ISO date or timestamp'],
      [{ startDate: '2026-11-01 10:00', endDate: '2026-11-02' }, 'Not an ISO date or timestamp'],
      [{ startDate: '2026-11-01T24:00:00Z', endDate: '2026-11-02' }, 'Not an ISO date or timestamp'],
      [{ startDate: '2026-11-01T10:00:00+99:00', endDate: '2026-11-02' }, 'Not an ISO date or timestamp'],
      [{ startDate: '2026-11-31', endDate: '2026-12-01' }, 'Not a calendar day'],
      [{ startDate: '2026-02-01', endDate: '2026-02-30T00:00:00Z' }, 'Not a calendar day'],
      [{ startDate: '2026-11-08', endDate: '2026-11-01' }, 'starts (2026-11-08) after it ends (2026-11-01)'],
      // 00:30 CST on Nov 8 is after 23:30 CST on Nov 7, though the UTC dates are the same.
      [{ startDate: '2026-11-08T06:30:00Z', endDate: '2026-11-08T05:30:00Z' }, 'after it ends'],
    ])('refuses %j', (dates, message) => {
      expect(() => custom(dates)).toThrow(RangeError)
      expect(() => custom(dates)).toThrow(message)
    })

    it('takes any day from 1900-01-01 to 2200-12-31, the bounds included', () => {
      expect(EARLIEST_DAY).toBe('1900-01-01')
      expect(LATEST_DAY).toBe('2200-12-31')
      const all = custom({ startDate: EARLIEST_DAY, endDate: LATEST_DAY }, LONDON)
      expect(iso(all?.start)).toBe('1900-01-01T00:00:00.000Z')
      expect(iso(all?.end)).toBe('2201-01-01T00:00:00.000Z')
    })

    it.each<[CustomDates, string]>([
      // Year 0 does not exist in PostgreSQL, and Intl names no era: these once made invalid queries.
      [{ startDate: '0000-01-01', endDate: '0000-01-02' }, '0000-01-01'],
      [{ startDate: '0001-01-01', endDate: '0001-01-02' }, '0001-01-01'],
      [{ startDate: '0000-01-01T00:00:00Z', endDate: '2026-01-02' }, '0000-01-01T00:00:00Z'],
      [{ startDate: '1899-12-31', endDate: '2026-01-02' }, '1899-12-31'],
      [{ startDate: '2026-01-01', endDate: '2201-01-01' }, '2201-01-01'],
      [{ startDate: '2026-01-01', endDate: '9999-12-31' }, '9999-12-31'],
      // The local day is what counts: midnight UTC on 1900-01-01 is still 1899 in Chicago.
      [{ startDate: '1900-01-01T00:00:00Z', endDate: '2026-01-02' }, '1900-01-01T00:00:00Z'],
    ])('refuses %j, a day outside 1900-01-01..2200-12-31', (dates, text) => {
      expect(() => custom(dates)).toThrow(RangeError)
      expect(() => custom(dates)).toThrow(`Dates must be from 1900-01-01 to 2200-12-31: ${text}`)
    })

    it('names the day it refuses last in the message, and never returns an instant PostgreSQL cannot hold', () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: 9999 }),
          fc.integer({ min: 1, max: 12 }),
          fc.constantFrom(...TIMEZONES.map((z) => z.value)),
          (year, month, zone) => {
            const day = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`
            let range: ReturnType<typeof dateRange>
            try {
              range = custom({ startDate: day, endDate: day }, zone)
            } catch (error) {
              expect(error).toBeInstanceOf(RangeError)
              expect((error as Error).message.endsWith(day)).toBe(true)
              expect(year < 1900 || year > 2200).toBe(true)
              return
            }
            expect(year >= 1900 && year <= 2200).toBe(true)
            expect(range?.start.getUTCFullYear()).toBeGreaterThanOrEqual(1899)
            expect(range?.end.getUTCFullYear()).toBeLessThanOrEqual(2201)
          },
        ),
      )
    })
  })
})

describe('properties', () => {
  const arbInstant = fc.date({
    min: new Date('2000-01-01'),
    max: new Date('2040-01-01'),
    noInvalidDate: true,
  })
  const arbDay = arbInstant.map((date) => date.toISOString().slice(0, 10))

  describe.each(TIMEZONES.map((z) => z.value))('in %s', (zone) => {
    it('every instant lies within its own local day', () => {
      fc.assert(
        fc.property(arbInstant, (instant) => {
          const day = calendarDay(instant, zone)
          expect(startOfDay(day, zone).getTime()).toBeLessThanOrEqual(instant.getTime())
          expect(instant.getTime()).toBeLessThan(startOfDay(addDays(day, 1), zone).getTime())
        }),
      )
    })

    it('a day starts on itself, right after the day before', () => {
      fc.assert(
        fc.property(arbDay, (day) => {
          const start = startOfDay(day, zone)
          expect(calendarDay(start, zone)).toBe(day)
          expect(calendarDay(new Date(start.getTime() - 1), zone)).toBe(addDays(day, -1))
        }),
      )
    })
  })

  it('adding days undoes itself', () => {
    fc.assert(
      fc.property(arbDay, fc.integer({ min: -1000, max: 1000 }), (day, n) => {
        expect(addDays(addDays(day, n), -n)).toBe(day)
      }),
    )
  })

  it('adding months keeps the day of the month, or clamps it to the last', () => {
    fc.assert(
      fc.property(arbDay, fc.integer({ min: -24, max: 24 }), (day, n) => {
        const moved = addMonths(day, n)
        const kept = moved.slice(8) === day.slice(8)
        const clamped = moved.slice(8) < day.slice(8) && addDays(moved, 1).slice(8) === '01'
        expect(kept || clamped).toBe(true)
        expect(startOfMonth(moved)).toBe(addMonths(startOfMonth(day), n))
      }),
    )
  })
})
