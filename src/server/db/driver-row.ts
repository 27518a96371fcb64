import type { Column } from 'drizzle-orm'

/** A row of `fields` as Drizzle types a select of them. */
export type FieldsRow<F extends Record<string, Column>> = {
  [K in keyof F]: F[K]['_']['notNull'] extends true ? F[K]['_']['data'] : F[K]['_']['data'] | null
}

/**
 * Reads a row given as values in `fields`' order (a cursor's row, a line of COPY's text) through each
 * column's own driver mapping, as Drizzle does for a select. The fields' entries are listed once, not per row.
 */
export function driverRow<F extends Record<string, Column>>(fields: F): (values: unknown[]) => FieldsRow<F> {
  const entries = Object.entries(fields)
  return (values) => {
    const row: Record<string, unknown> = {}
    for (let index = 0; index < entries.length; index++) {
      const [key, column] = entries[index] as [string, Column]
      const value = values[index]
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value)
    }
    return row as FieldsRow<F>
  }
}
