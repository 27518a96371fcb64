import type { PGlite } from '@electric-sql/pglite'
import type { SqlText } from './client'

/**
 * PGlite: one read's rows through `COPY (query) TO '/dev/blob'`, which PostgreSQL writes in C
 * and hands over as one text blob. Decoding PGlite's row messages in JavaScript, field by field, was most of
 * an export's time (100,000 bets: about 2.4 s in 2,000-row batches against about 1 s through COPY, measured
 * alone). Each value comes back as PostgreSQL's text form, the same text its wire protocol carries, so the
 * columns' own driver mappings read it (bets.repository.ts, csvFields). `local` settings hold for this one
 * statement (SET LOCAL in its own short transaction).
 */
export async function copyOut(
  client: PGlite,
  query: SqlText,
  local: Record<string, string> = {},
): Promise<(string | null)[][]> {
  const text = await client.transaction(async (tx) => {
    // One statement for every setting: each statement into PGlite costs about 0.3 ms, and an export's
    // batches ran four for every COPY.
    const settings = Object.entries(local)
    if (settings.length > 0) {
      const calls = settings.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`)
      await tx.query(`select ${calls.join(', ')}`, settings.flat())
    }
    const result = await tx.query(`copy (${inlineParams(query)}) to '/dev/blob'`)
    return result.blob ? result.blob.text() : ''
  })
  return decodeCopyText(text)
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
    if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`
    throw new Error(`COPY cannot take parameter $${n} (${typeof value})`)
  })
}

const ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\' }

/**
 * COPY's text format: a row per line, values split by tabs, `\N` for null, and a backslash before a
 * backslash, newline, carriage return, tab or other control character in a value.
 */
export function decodeCopyText(text: string): (string | null)[][] {
  const lines = text.split('\n')
  if (lines.at(-1) === '') lines.pop()
  return lines.map((line) =>
    line
      .split('\t')
      .map((value) =>
        value === '\\N'
          ? null
          : value.includes('\\')
            ? value.replace(/\\(.)/g, (_, c: string) => ESCAPES[c] ?? c)
            : value,
      ),
  )
}
