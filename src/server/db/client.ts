import { existsSync, mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator'
import postgres from 'postgres'
import * as schema from './schema'

/**
 * One schema and one set of migrations over two engines: PGlite (PostgreSQL in WASM, persisted under
 * DATA_DIR) by default, a real PostgreSQL when DATABASE_URL is set. Queries are written once against
 * the common Drizzle type.
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  close(): Promise<void>
}

/** Any fixed number: instances starting together migrate one at a time. */
const MIGRATION_LOCK = 7_305_001

export async function openDatabase(options: {
  databaseUrl: string | null
  dataDir: string
}): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir)
}

async function openPglite(dataDir: string): Promise<Database> {
  const inMemory = dataDir === 'memory://'
  if (!inMemory) mkdirSync(dataDir, { recursive: true })
  const client = new PGlite(inMemory ? undefined : join(dataDir, 'pglite'))
  const db = drizzlePglite(client, { schema })
  await migratePglite(db, { migrationsFolder: migrationsFolder() })
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    close: () => client.close(),
  }
}

async function openPostgres(url: string): Promise<Database> {
  // One connection, so that the advisory lock and the migration share a session.
  const migrator = postgres(url, { max: 1, onnotice: () => {} })
  try {
    await migrator`select pg_advisory_lock(${MIGRATION_LOCK})`
    await migratePostgres(drizzlePostgres(migrator, { schema }), { migrationsFolder: migrationsFolder() })
  } finally {
    await migrator.end({ timeout: 5 })
  }
  const client = postgres(url, { max: 10, onnotice: () => {} })
  const db = drizzlePostgres(client, { schema })
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    close: () => client.end({ timeout: 5 }),
  }
}

/** drizzle/ sits at the package root, above both src/server/db (tests) and dist/server (npm start). */
function migrationsFolder(): string {
  let dir = import.meta.dirname
  while (!existsSync(join(dir, 'drizzle', 'meta'))) {
    const parent = dirname(dir)
    if (parent === dir) throw new Error('The drizzle/ migrations folder is missing')
    dir = parent
  }
  return join(dir, 'drizzle')
}
