import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../../src/server/db/client'
import { scratchDatabase } from './scratch-database'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated PGlite data directory (dumpDataDir's tar), when the project runs on PGlite. */
    pgliteTemplate: string | null
    /** A migrated database on TEST_DATABASE_URL to copy, when the project runs on PostgreSQL. */
    postgresTemplate: string | null
  }
}

/**
 * Vitest's global setup for the projects that start the app: it migrates one database per run, and each
 * test file starts from a copy of it (tests/api/support/test-app.ts). A fresh PGlite spends most of its
 * start in initdb; a PostgreSQL database in running the migrations.
 */
export default async function setup(project: TestProject) {
  if (project.config.env.GRID_TEST_DB === 'postgres') {
    const base = process.env.TEST_DATABASE_URL
    if (!base) throw new Error('GRID_TEST_DB=postgres needs TEST_DATABASE_URL')
    const template = await scratchDatabase(base, 'grid_template')
    const database = await openDatabase({ databaseUrl: template.url, dataDir: 'memory://' })
    await database.close()
    project.provide('postgresTemplate', template.name)
    project.provide('pgliteTemplate', null)
    return () => template.drop()
  }
  const pglite = new PGlite()
  await migrate(drizzle(pglite), { migrationsFolder: resolve(import.meta.dirname, '../../drizzle') })
  await pglite.query('CHECKPOINT')
  // Uncompressed: loading skips the gunzip, and the file lives only for this run.
  const dump = await pglite.dumpDataDir('none')
  await pglite.close()
  const dir = mkdtempSync(join(tmpdir(), 'grid-template-'))
  const file = join(dir, 'pglite.tar')
  writeFileSync(file, new Uint8Array(await dump.arrayBuffer()))
  project.provide('pgliteTemplate', file)
  project.provide('postgresTemplate', null)
  return () => rmSync(dir, { recursive: true, force: true })
}
