import fc from 'fast-check'
import { DATE_FILTERS } from '../../../src/domain/calendar'

/**
 * Generators of malformed requests for tests/api/fuzz.test.ts. A request starts from a shape the fuzz
 * test learned from the route itself (which path values it knows, which body fields it asks for) and
 * breaks part of it: a path value, the query string, one field or all of one kind, the whole body, or
 * its content type.
 */

/** JSON text placed in a body as is: numbers JSON.stringify cannot write, nesting no test object holds. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** A path value resolved when the request is sent: a fresh row of the database, or a name the app knows. */
export type Known = 'user' | 'bet' | 'game' | 'self' | 'espn'
export const KNOWN: readonly Known[] = ['user', 'bet', 'game', 'self', 'espn']

/** A path value: a known one, or text already percent-encoded. */
export type PathValue = { known: Known } | { text: string }

export type Body = { json: unknown } | { text: string } | null

export interface RequestPlan {
  params: Record<string, PathValue>
  query: string
  body: Body
  contentType: string | null
  origin: string | null
}

/** What a route takes when it answers something other than a refusal of its input. */
export interface Shape {
  params: Record<string, Known>
  body: Record<string, unknown>
}

export const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** Percent-encodes any text; a lone surrogate, which encodeURIComponent refuses, becomes U+FFFD first. */
export const encode = (text: string) => encodeURIComponent(text.replace(/\p{Cs}/gu, '\ufffd'))

/**
 * Whole numbers past PostgreSQL's integer (2^31 - 1) that are still safe integers, so a schema asking for
 * an integer lets them through, and the other edges: past every column, negative, fractional.
 */
const PAST_INTEGER = [2 ** 31, 3_000_000_000, Number.MAX_SAFE_INTEGER]
const OTHER_EDGES = [-(2 ** 31) - 1, 1e21, 1e308, -1, 0.5]
const edgeNumber = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...PAST_INTEGER) },
  { weight: 1, arbitrary: fc.constantFrom(...OTHER_EDGES) },
)
const RAW_NUMBERS = ['1e400', '-1e400', '123456789012345678901234567890', '-0']

const oddText = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\u202e',
    'null',
    'NaN',
    '-1',
    '3000000000',
    '0x10',
    "' or 1=1 --",
    '<script>',
    '%00',
    '../..',
  ),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer({ min: 201, max: 20_000 }).map((length) => 'x'.repeat(length)),
)

/** Years 0000 and 0001 do not exist for PostgreSQL or read wrongly through Intl; 1899, 2201, 9999 are edges. */
const year = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(0, 1) },
  { weight: 1, arbitrary: fc.constantFrom(1899, 2201, 9999) },
  { weight: 2, arbitrary: fc.integer({ min: 1900, max: 2200 }) },
)
const pad = (n: number, width: number) => String(n).padStart(width, '0')
const isoDay = fc
  .tuple(year, fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }))
  .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`)

const TIMES = ['T00:00:00Z', 'T23:59:59.999+14:00', 'T12:00:00-12:00', 'T12:00']
const timestampText = fc.tuple(isoDay, fc.constantFrom(...TIMES)).map(([day, time]) => day + time)

/** Days, timestamps, and text that is neither. */
export const dateText = fc.oneof(
  { weight: 3, arbitrary: isoDay },
  { weight: 2, arbitrary: timestampText },
  { weight: 1, arbitrary: oddText },
)

const DATE_LIKE = /^\d{4}-\d{2}-\d{2}/

/**
 * A file for POST /api/bets/import (with IMPORT_COLUMNS) whose rows are dated anywhere: years
 * 0000, 1899, 1900-2200, 9999, US and dotted forms, a few days around today, or text that is no date.
 */
export const IMPORT_COLUMNS = {
  date: 'Date',
  league: 'League',
  event: 'Event',
  selection: 'Pick',
  odds: 'Odds',
  stake: 'Stake',
}
const nearDay = fc
  .integer({ min: -5, max: 20 })
  .map((days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10))
const importDate = fc.oneof(
  { weight: 4, arbitrary: dateText },
  { weight: 2, arbitrary: nearDay },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }), year)
      .map(([m, d, y]) => `${m}/${d}/${pad(y, 4)}`),
  },
  { weight: 1, arbitrary: isoDay.map((day) => day.split('-').reverse().join('.')) },
)
const importRow = fc
  .tuple(importDate, fc.constantFrom('NBA', 'EPL', 'NFL', '', 'Curling'))
  .map(([date, league]) => [date, league, 'Boston Celtics @ Los Angeles Lakers', 'Lakers', '-110', '10'])
const csvCell = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)
/** The file's text and how many data rows it holds. */
export const importFile = fc.array(importRow, { minLength: 1, maxLength: 8 }).map((rows) => ({
  text: [Object.values(IMPORT_COLUMNS), ...rows].map((cells) => cells.map(csvCell).join(',')).join('\n'),
  rows: rows.length,
}))

const nested = fc
  .integer({ min: 20, max: 20_000 })
  .map((depth) => new RawJson('['.repeat(depth) + ']'.repeat(depth)))

const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  oddText,
  edgeNumber,
  fc.constantFrom(null, true, false, [], {}),
  nested,
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
)

/** A timestamp for a timestamp, a day for a day: the form the field takes, with the date broken. */
const sameFormDate = (seed: string) =>
  fc.oneof(
    { weight: 3, arbitrary: seed.includes('T') ? timestampText : isoDay },
    { weight: 1, arbitrary: dateText },
  )

const isNumber = (value: unknown) => typeof value === 'number'
const isText = (value: unknown) => typeof value === 'string'
const isDate = (value: unknown) => isText(value) && DATE_LIKE.test(String(value))

/** A wrong value for a field, of the kind most likely to get past its type: numbers for numbers, dates for dates. */
function malformed(seed: unknown): fc.Arbitrary<unknown> {
  if (isNumber(seed)) {
    return fc.oneof(
      { weight: 6, arbitrary: edgeNumber },
      { weight: 1, arbitrary: fc.constantFrom(...RAW_NUMBERS).map((text) => new RawJson(text)) },
      { weight: 2, arbitrary: anyValue },
    )
  }
  if (isDate(seed)) {
    return fc.oneof({ weight: 3, arbitrary: sameFormDate(String(seed)) }, { weight: 1, arbitrary: anyValue })
  }
  return anyValue
}

/** Every field of one kind replaced, each by its own draw. */
const replaceEach = (
  seeds: Record<string, unknown>,
  matches: (seed: unknown) => boolean,
  by: (seed: unknown) => fc.Arbitrary<unknown>,
) =>
  fc.record(
    Object.fromEntries(
      Object.entries(seeds).map(([key, seed]) => [key, matches(seed) ? by(seed) : fc.constant(seed)]),
    ),
  )

/**
 * A body broken in one of several ways, starting from the fields the route takes: one field, every
 * number, every date or every text at once, an extra field, or another body altogether. Ways that would
 * change nothing (no number to break) are left out.
 */
export function bodyFor(seeds: Record<string, unknown>): fc.Arbitrary<Body> {
  const keys = Object.keys(seeds)
  const values = Object.values(seeds)
  const ways: fc.WeightedArbitrary<unknown>[] = [
    { weight: 1, arbitrary: fc.oneof(fc.constantFrom(null, [], 42, 'text', true), nested, anyValue) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom('isAdmin', 'role', 'userId', '__proto__', 'constructor', ''), anyValue)
        .map(([key, value]) => ({ ...seeds, [key]: value })),
    },
  ]
  if (keys.length > 0) {
    ways.push({
      weight: 3,
      arbitrary: fc
        .constantFrom(...keys)
        .chain((key) => malformed(seeds[key]).map((value) => ({ ...seeds, [key]: value }))),
    })
  }
  if (values.some(isNumber))
    ways.push({ weight: 2, arbitrary: replaceEach(seeds, isNumber, () => edgeNumber) })
  if (values.some(isDate)) {
    ways.push({ weight: 2, arbitrary: replaceEach(seeds, isDate, (seed) => sameFormDate(String(seed))) })
  }
  if (values.some(isText)) ways.push({ weight: 1, arbitrary: replaceEach(seeds, isText, () => oddText) })
  const text = fc.constantFrom('{', '{"a":', '{"a":1,}', "{'a':1}", '', ' ', '\u0000', '[', '{"a":1}{"b":2}')
  return fc.oneof(
    { weight: 9, arbitrary: fc.oneof(...ways).map((json) => ({ json })) },
    { weight: 1, arbitrary: text.map((value) => ({ text: value })) },
  )
}

const filters = DATE_FILTERS.map((filter) => filter.value)

/** Date filters with ranges (often custom, in years that once broke it), other pairs, and bad encodings. */
export const queryText: fc.Arbitrary<string> = fc
  .tuple(
    fc.oneof(
      { weight: 1, arbitrary: fc.constant<[string, string][]>([]) },
      {
        weight: 5,
        arbitrary: fc
          .tuple(
            fc.oneof(
              { weight: 3, arbitrary: fc.constant('custom') },
              { weight: 1, arbitrary: fc.constantFrom(...filters, 'nope') },
            ),
            dateText,
            fc.option(dateText),
          )
          .map(([filter, start, end]): [string, string][] => [
            ['dateFilter', filter],
            ['startDate', start],
            ['endDate', end ?? start],
          ]),
      },
      {
        weight: 2,
        arbitrary: fc.array(
          fc.tuple(
            fc.constantFrom('dateFilter', 'startDate', 'endDate', 't', 'token', 'id', ''),
            fc.oneof(dateText, oddText, fc.constantFrom(...filters)),
          ),
          { maxLength: 4 },
        ),
      },
    ),
    fc.oneof(
      { weight: 6, arbitrary: fc.constant('') },
      {
        weight: 1,
        arbitrary: fc.constantFrom('&%zz', '&a=%', '&b=%E0%A4%A', '&&&', '&a[b]=1', '&startDate=x'),
      },
    ),
  )
  .map(([pairs, tail]) => pairs.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&') + tail)

const pathValue = (known: Known): fc.Arbitrary<PathValue> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant({ known }) },
    { weight: 1, arbitrary: fc.constantFrom(...KNOWN).map((other) => ({ known: other })) },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(
          '0',
          '-1',
          '007',
          '1.5',
          '1e3',
          '0x10',
          '2147483647',
          '2147483648',
          '3000000000',
          '99999999999999999999',
          '%00',
          '%zz',
          '%20',
          '..',
          'ESPN',
          'x'.repeat(201),
        )
        .map((text) => ({ text })),
    },
    { weight: 1, arbitrary: oddText.map((text) => ({ text: encode(text) })) },
  )

const contentType = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      null,
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=utf-16',
      'application/xml',
      'application/json, text/plain',
    ),
  },
)

/** The names of a route's path parameters ('/api/bets/:id/status' has `id`). */
export const paramNames = (url: string) => [...url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '')

/** A malformed request for a route, from the shape it was learned to take. */
export function requestPlan(method: string, url: string, shape: Shape): fc.Arbitrary<RequestPlan> {
  const params = fc.record(
    Object.fromEntries(paramNames(url).map((name) => [name, pathValue(shape.params[name] ?? 'game')])),
  )
  const body = BODY_METHODS.has(method)
    ? fc.oneof({ weight: 10, arbitrary: bodyFor(shape.body) }, { weight: 1, arbitrary: fc.constant(null) })
    : fc.oneof({ weight: 6, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: bodyFor({}) })
  const origin = fc.oneof(
    { weight: 12, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.constantFrom('http://evil.example', 'null', 'not a url') },
  )
  return fc.record({ params, query: queryText, body, contentType, origin })
}

/** JSON text of a value, with each RawJson written as is. */
export function jsonText(value: unknown): string {
  const raws: string[] = []
  const text = JSON.stringify(value, (_key, item: unknown) =>
    item instanceof RawJson ? `__raw_json_${raws.push(item.text) - 1}__` : item,
  )
  return (text ?? 'null').replace(
    /"__raw_json_(\d+)__"/g,
    (_match, index: string) => raws[Number(index)] ?? 'null',
  )
}
