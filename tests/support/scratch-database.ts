import { randomBytes } from 'node:crypto'
import postgres from 'postgres'

export interface ScratchDatabase {
  name: string
  url: string
  drop(): Promise<void>
}

/**
 * A new database on the PostgreSQL server at `base`, for one test file or one bench run: empty, or a copy
 * of `template` (a migrated database nobody is connected to), which is much quicker than migrating.
 */
export async function scratchDatabase(
  base: string,
  prefix: string,
  template?: string,
): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
  const admin = postgres(base, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database ${name}${template ? ` template ${template}` : ''}`)
  const url = new URL(base)
  url.pathname = `/${name}`
  return {
    name,
    url: url.toString(),
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`)
      await admin.end()
    },
  }
}
