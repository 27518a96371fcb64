import { existsSync, openSync, readFileSync, readSync, renameSync } from 'node:fs'
import { resolve } from 'node:path'
import postgres from 'postgres'
import { loadConfig } from '../config'
import { APPLICATION_NAME, newPglite, pgliteDir } from '../db/client'
import { claimDataDir, dataDirHolder } from '../db/data-dir-lock'
import { stamp } from '../db/snapshots'
import { runCommand } from './command'
import { runPgTool } from './pg-tools'

/** pg_dump's custom format starts with these bytes; a PGlite snapshot is a gzip (1f 8b). */
const PG_DUMP_MAGIC = 'PGDMP'
/** PostgreSQL truncates identifiers past 63 bytes. */
const MAX_NAME = 63

/**
 * `npm run restore -- <file>`: brings back a snapshot from `npm run backup` into the configured database.
 * It refuses while a server runs on that database, and keeps the replaced data aside instead of deleting
 * it: DATA_DIR/pglite-replaced-<time>, or the PostgreSQL database renamed <name>_replaced_<time>.
 */
runCommand(async () => {
  const argument = process.argv[2]
  if (!argument) throw new Error('Usage: npm run restore -- <backup file>')
  const file = resolve(argument)
  if (!existsSync(file)) throw new Error(`No such file: ${file}`)
  const config = loadConfig()
  const isPgDump = startsWith(file, PG_DUMP_MAGIC)
  if (config.database.databaseUrl) {
    if (!isPgDump)
      throw new Error(`${file} is not a pg_dump file (custom format), so not a PostgreSQL backup`)
    const replaced = await restorePostgres(config.database.databaseUrl, file)
    console.log(`Restored ${file}; the replaced database is kept as ${replaced}`)
    return
  }
  if (isPgDump) throw new Error(`${file} is a PostgreSQL backup: set DATABASE_URL to restore it there`)
  const replaced = await restorePglite(config.database.dataDir, file)
  console.log(
    `Restored ${file} into ${config.database.dataDir}${replaced ? `; the replaced database is kept in ${replaced}` : ''}`,
  )
})

function startsWith(file: string, magic: string): boolean {
  const bytes = Buffer.alloc(magic.length)
  readSync(openSync(file, 'r'), bytes, 0, magic.length, 0)
  return bytes.toString('latin1') === magic
}

async function restorePglite(dataDir: string, file: string): Promise<string | null> {
  const server = dataDirHolder(dataDir)
  if (server !== null)
    throw new Error(`A Grid server (pid ${server}) is running on ${dataDir}: stop it first`)
  const release = claimDataDir(dataDir)
  const current = pgliteDir(dataDir)
  const replaced = existsSync(current) ? `${current}-replaced-${stamp(new Date())}` : null
  try {
    if (replaced) renameSync(current, replaced)
    try {
      // PGlite unpacks the snapshot into the empty directory and starts on it: a file that is no
      // snapshot fails here, before anything is kept.
      const pglite = newPglite(
        current,
        undefined,
        new Blob([readFileSync(file)], { type: 'application/x-gzip' }),
      )
      await pglite.waitReady
      await pglite.query('select 1')
      await pglite.close()
    } catch (error) {
      if (existsSync(current)) renameSync(current, `${current}-failed-${stamp(new Date())}`)
      if (replaced) renameSync(replaced, current)
      throw new Error(`${file} could not be restored (${(error as Error).message}); nothing was changed`)
    }
    return replaced
  } finally {
    release()
  }
}

async function restorePostgres(url: string, file: string): Promise<string> {
  const target = new URL(url)
  const name = decodeURIComponent(target.pathname.slice(1))
  const replaced = `${name.slice(0, MAX_NAME - 25)}_replaced_${stamp(new Date()).toLowerCase()}`
  // The rename and the new database are done from the server's maintenance database.
  const maintenance = new URL(url)
  maintenance.pathname = '/postgres'
  const sql = postgres(maintenance.toString(), { max: 1, onnotice: () => {} })
  try {
    const others = await sql<{ application_name: string }[]>`
      select application_name from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`
    if (others.some((c) => c.application_name === APPLICATION_NAME)) {
      throw new Error(`A Grid server is connected to the database ${name}: stop it first`)
    }
    if (others.length > 0) {
      throw new Error(`${others.length} other connection(s) use the database ${name}: close them first`)
    }
    await sql`alter database ${sql(name)} rename to ${sql(replaced)}`
    await sql`create database ${sql(name)}`
    try {
      await runPgTool('pg_restore', ['--no-owner', '--single-transaction', '--exit-on-error', file], url)
    } catch (error) {
      await sql`drop database ${sql(name)}`
      await sql`alter database ${sql(replaced)} rename to ${sql(name)}`
      throw new Error(`${(error as Error).message}\nNothing was changed`)
    }
    return replaced
  } finally {
    await sql.end()
  }
}
