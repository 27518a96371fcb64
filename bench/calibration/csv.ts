import { readFileSync } from 'node:fs'
import { join } from 'node:path'

export const DATA_DIR = join(import.meta.dirname, '..', 'data')

/** The history files as records keyed by header; quoted fields and CR-only line ends are handled. */
export function readCsv(name: string): Record<string, string>[] {
  const text = readFileSync(join(DATA_DIR, name), 'utf8').replace(/\r\n?/g, '\n')
  const rows = parseRows(text)
  const header = rows.shift() ?? []
  return rows
    .filter((row) => row.length === header.length)
    .map((row) => Object.fromEntries(header.map((key, i) => [key, row[i] ?? ''])))
}

function parseRows(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(field)
      field = ''
    } else if (c === '\n') {
      row.push(field)
      rows.push(row)
      row = []
      field = ''
    } else field += c
  }
  if (field !== '' || row.length > 0) rows.push([...row, field])
  return rows
}

export function num(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return null
  const n = Number(value)
  return Number.isFinite(n) ? n : null
}

/** The named columns as numbers, or null when any is blank or not a number. */
export function numbers<K extends string>(
  row: Record<string, string>,
  columns: Record<K, string>,
): Record<K, number> | null {
  const out = {} as Record<K, number>
  for (const key of Object.keys(columns) as K[]) {
    const value = num(row[columns[key]])
    if (value === null) return null
    out[key] = value
  }
  return out
}
