import type { Column } from 'drizzle-orm'

/** A row of `fields` as Drizzle types a select of them. */
export type FieldsRow<F extends Record<string, Column>> = {
  [K in keyof F]: F[K]['_']['notNull'] extends true ? F[K]['_']['data'] : F[K]['_']['data'] | null
}

/**
 * Reads a row given as values in `fields`' order (postgres.js's value arrays) through each column's own
 * driver mapping, as Drizzle does for a select; `extra`'s keys are made with it (blankRow).
 */
export function driverRow<F extends Record<string, Column>, E extends object = object>(
  fields: F,
  extra?: E,
): (values: unknown[]) => FieldsRow<F> & E {
  const keys = Object.keys(fields)
  const columns = Object.values(fields)
  const blank = blankRow(fields, extra)
  return (values) => {
    const row: Record<string, unknown> = { ...blank }
    for (let index = 0; index < keys.length; index++) {
      const value = values[index]
      if (value !== null && value !== undefined) {
        row[keys[index] as string] = (columns[index] as Column).mapFromDriverValue(value)
      }
    }
    return row as FieldsRow<F> & E
  }
}

/**
 * A row of `fields` and `extra` with every key present (null until read): each row of a long read starts
 * as a copy of it. Rows built key by key reallocated their properties as they grew, most of a decode's
 * garbage (a 100,000-ticket export allocated about 170 MB of it).
 */
export function blankRow(fields: Record<string, Column>, extra: object = {}): Record<string, unknown> {
  return { ...Object.fromEntries(Object.keys(fields).map((key) => [key, null])), ...extra }
}
