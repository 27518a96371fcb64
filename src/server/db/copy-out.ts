import type { PGlite } from '@electric-sql/pglite'
import { Column, is } from 'drizzle-orm'
import { PgBigInt53, PgInteger, PgSerial, PgSmallInt } from 'drizzle-orm/pg-core'
import type { SqlText } from './client'
import { type FieldsRow, rowMaker } from './driver-row'

/**
 * PGlite: one read's rows through `COPY (query) TO '/dev/blob'`, handed over as one text blob (read into
 * rows by copyRows). Decoding PGlite's row messages in JavaScript, field by field, was most of an export's
 * time (100,000 bets: about 2.4 s in 2,000-row batches against about 1 s through COPY, measured alone).
 */
export async function pgliteCopyOut(
  client: PGlite,
  query: SqlText,
  local: Record<string, string> = {},
): Promise<string> {
  // One round trip: the statements of one simple query run as one transaction, which the settings
  // (set_config's is_local) last for. A transaction of a query per statement cost about 1 ms per COPY,
  // most of it going back and forth into PGlite.
  const setup = Object.keys(local).length > 0 ? `${settingsFor(local)}; ` : ''
  const results = await client.exec(`${setup}copy (${inlineParams(query)}) to '/dev/blob'`)
  const blob = results.at(-1)?.blob
  return blob ? blob.text() : ''
}

/** A statement that sets `local` until the end of its transaction (set_config's is_local). */
export function settingsFor(local: Record<string, string>): string {
  const settings = Object.entries(local).map(
    ([name, value]) => `set_config(${literal(name)}, ${literal(value)}, true)`,
  )
  return `select ${settings.join(', ')}`
}

/**
 * COPY takes no bind parameters, so they are written into the statement: integers as they are, strings
 * (dates arrive as ISO text from their columns' mappings) as quoted literals with quotes doubled, which is
 * all a literal needs under standard_conforming_strings (on since PostgreSQL 9.1). Anything else is refused.
 */
export function inlineParams(query: SqlText): string {
  return query.sql.replace(/\$(\d+)/g, (_, n: string) => {
    const value = query.params[Number(n) - 1]
    if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value)
    if (typeof value === 'string') return literal(value)
    throw new Error(`COPY cannot take parameter $${n} (${typeof value})`)
  })
}

/** A string literal: quotes doubled is all one needs under standard_conforming_strings. */
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`

const ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\' }

/**
 * COPY's text format: a row per line, values split by tabs, `\N` for null, and a backslash before a
 * backslash, newline, carriage return, tab or other control character in a value. The text goes straight
 * into rows of `fields` (in their order), each value read as its column's type (valueRead), in one pass
 * with no array per line or per row between (one for the read holds a line's values until rowMaker makes
 * its row): splitting the lines, then the values, then mapping them was a quarter of a ticket file's export
 * on PGlite (100,000 tickets: about 0.35 s and its garbage).
 */
export function copyRows<F extends Record<string, Column>, E extends object = object>(
  fields: F,
  extra?: E,
): (text: string) => (FieldsRow<F> & E)[] {
  const columns = Object.values(fields)
  const reads = columns.map(valueRead)
  const last = columns.length - 1
  const make = rowMaker(fields, extra)
  return (text) => {
    const rows: (FieldsRow<F> & E)[] = []
    // One line's values, made into its row (rowMaker) once the line is read.
    const values: unknown[] = columns.map(() => null)
    // The next backslash: a value before it has neither an escape nor a null, so it is read as it is.
    let backslash = nextBackslash(text, 0)
    let at = 0
    while (at < text.length) {
      const lineEnd = text.indexOf('\n', at)
      const end = lineEnd === -1 ? text.length : lineEnd
      for (let index = 0; index <= last; index++) {
        const tab = index === last ? -1 : text.indexOf('\t', at)
        const stop = tab === -1 || tab > end ? end : tab
        const column = columns[index] as Column
        if (backslash >= stop) values[index] = plainValue(text, at, stop, reads[index], column)
        else {
          values[index] = isNull(text, at, stop) ? null : mapped(column, unescaped(text.slice(at, stop)))
          backslash = nextBackslash(text, stop)
        }
        at = stop + 1
      }
      at = end + 1
      rows.push(make(values) as FieldsRow<F> & E)
    }
    return rows
  }
}

/**
 * How copyRows reads a column's text, as a driver would type it before the column's mapping: a whole
 * number's digits as a number, which is what these columns map a number to (read from the characters,
 * with no string made for them); a column whose mapping is the identity as the text itself; any other
 * through its mapping. Integers were most of a ticket file's values, and a mapping call each a third of
 * reading them (100,000 tickets: 0.16 s against 0.29 s for every value through its mapping).
 */
type ValueRead = 'whole' | 'text' | 'mapped'

function valueRead(column: Column): ValueRead {
  if (WHOLE_NUMBERS.some((kind) => is(column, kind))) return 'whole'
  return column.mapFromDriverValue === Column.prototype.mapFromDriverValue ? 'text' : 'mapped'
}

const WHOLE_NUMBERS = [PgInteger, PgSerial, PgSmallInt, PgBigInt53]

/** A value with no backslash, so neither null nor escaped. */
function plainValue(
  text: string,
  at: number,
  stop: number,
  read: ValueRead | undefined,
  column: Column,
): unknown {
  switch (read) {
    case 'whole':
      return stop - at <= SAFE_DIGITS ? wholeNumber(text, at, stop) : mapped(column, text.slice(at, stop))
    case 'text':
      return text.slice(at, stop)
    case 'mapped':
    case undefined:
      return mapped(column, text.slice(at, stop))
  }
}

/** Digits (a minus included) that always fit a safe integer, so adding them up is exact. */
const SAFE_DIGITS = 15

/** An integer as PostgreSQL writes one: digits after a minus for a negative, never a plus. */
function wholeNumber(text: string, at: number, stop: number): number {
  const negative = text.charCodeAt(at) === MINUS
  let value = 0
  for (let index = negative ? at + 1 : at; index < stop; index++)
    value = value * 10 + text.charCodeAt(index) - ZERO
  return negative ? -value : value
}

const MINUS = 45
const ZERO = 48

const mapped = (column: Column, value: string): unknown => column.mapFromDriverValue(value)

/** `\N`, COPY's null, which an escaped backslash before an N (`\\N`) is not. */
const isNull = (text: string, at: number, stop: number) =>
  stop - at === 2 && text.charCodeAt(at) === BACKSLASH && text.charCodeAt(at + 1) === CAPITAL_N

const BACKSLASH = 92
const CAPITAL_N = 78

function nextBackslash(text: string, from: number): number {
  const found = text.indexOf('\\', from)
  return found === -1 ? text.length : found
}

function unescaped(value: string): string {
  return value.replace(/\\(.)/g, (_, c: string) => ESCAPES[c] ?? c)
}
