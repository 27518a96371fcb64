import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const DRIZZLE = resolve(import.meta.dirname, '../../../drizzle')

interface Journal {
  entries: { idx: number; tag: string }[]
}

/**
 * A copy of drizzle/ that ends at the migration `lastTag` (its journal cut there), for a test that
 * migrates a database part of the way, fills it as the app then would, and then migrates the rest with
 * the real folder (openDatabase). Drizzle's migrator reads only the journal and the listed .sql files.
 */
export function migrationsUpTo(lastTag: string): string {
  const journal = JSON.parse(readFileSync(join(DRIZZLE, 'meta/_journal.json'), 'utf8')) as Journal
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag)
  if (last < 0) throw new Error(`No migration ${lastTag}`)
  const entries = journal.entries.slice(0, last + 1)
  const dir = mkdtempSync(join(tmpdir(), 'grid-migrations-'))
  mkdirSync(join(dir, 'meta'))
  writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }))
  for (const { tag } of entries) copyFileSync(join(DRIZZLE, `${tag}.sql`), join(dir, `${tag}.sql`))
  return dir
}
