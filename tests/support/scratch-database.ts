import { randomBytes } from 'node:crypto'
import postgres from 'postgres'

export interface ScratchDatabase {
  url: string
  drop(): Promise<void>
}

/** A new, empty database on the PostgreSQL server at `base`, for one test file or one bench run. */
export async function scratchDatabase(base: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
  const admin = postgres(base, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database ${name}`)
  const url = new URL(base)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`)
      await admin.end()
    },
  }
}
