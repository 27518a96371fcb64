import type { PGlite } from '@electric-sql/pglite'
import type { Column } from 'drizzle-orm'
import type postgres from 'postgres'
import type { SqlText } from './client'
import { copyRows, pgliteCopyOut, settingsFor } from './copy-out'
import { driverRow, type FieldsRow } from './driver-row'

/** Database.readRows: one short read's rows of `fields`, with `extra`'s keys made on each. */
export type ReadRows = <F extends Record<string, Column>, E extends object = object>(
  query: SqlText,
  fields: F,
  options?: { local?: Record<string, string>; extra?: E },
) => Promise<(FieldsRow<F> & E)[]>

/** PGlite: COPY's text, which PostgreSQL writes in C (pgliteCopyOut), read straight into rows (copyRows). */
export function pgliteRows(client: PGlite): ReadRows {
  return async (query, fields, options = {}) =>
    copyRows(fields, options.extra)(await pgliteCopyOut(client, query, options.local))
}

/**
 * PostgreSQL: the rows as value arrays (postgres.js `values`), read by driverRow; in a transaction of their
 * own for `local` settings. Drizzle's own select built an object per row and then mapped it again, about a
 * tenth of a ticket file's export for its legs alone.
 */
export function postgresRows(client: postgres.Sql): ReadRows {
  return async (query, fields, options = {}) => {
    const params = query.params as postgres.ParameterOrJSON<never>[]
    const local = options.local ?? {}
    const values =
      Object.keys(local).length === 0
        ? await client.unsafe(query.sql, params).values()
        : await client.begin(async (tx) => {
            await tx.unsafe(settingsFor(local))
            return tx.unsafe(query.sql, params).values()
          })
    return (values as unknown[][]).map(driverRow(fields, options.extra))
  }
}
