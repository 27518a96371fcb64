import { existsSync, mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator'
import postgres from 'postgres'
import { claimDataDir } from './data-dir-lock'
import { type LineLogger, pgliteLogHooks } from './pglite-log'
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
  /** Leader election for background jobs: at most one holder of `key` across every instance. */
  leadership(key: number): Leadership
  /**
   * A consistent snapshot of the whole embedded database (PGlite's data directory, a gzipped tar); null
   * on PostgreSQL, whose snapshots are pg_dump's (`npm run backup`), and in memory.
   */
  snapshot: (() => Promise<Uint8Array>) | null
  close(): Promise<void>
}

export interface Leadership {
  /** True while this instance holds the lock (taking it when free). */
  acquire(): Promise<boolean>
  release(): Promise<void>
}

/** How a Grid server's connections are named on PostgreSQL. */
export const APPLICATION_NAME = 'grid'

/** Any fixed number: instances starting together migrate one at a time. */
const MIGRATION_LOCK = 7_305_001

/** Where PGlite keeps its files under DATA_DIR. */
export function pgliteDir(dataDir: string): string {
  return join(dataDir, 'pglite')
}

/** PGlite on `dir` (undefined: in memory), its PostgreSQL server log in `log`; `load` fills a new one. */
export function newPglite(dir: string | undefined, log: LineLogger | undefined, load?: Blob): PGlite {
  return new PGlite(dir, { ...(log ? pgliteLogHooks(log) : {}), ...(load ? { loadDataDir: load } : {}) })
}

export async function openDatabase(
  options: { databaseUrl: string | null; dataDir: string },
  log?: LineLogger,
): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir, log)
}

async function openPglite(dataDir: string, log: LineLogger | undefined): Promise<Database> {
  const inMemory = dataDir === 'memory://'
  if (!inMemory) mkdirSync(dataDir, { recursive: true })
  // A start that fails leaves the pid file behind; it names a process that is gone, so it binds no one.
  const release = inMemory ? () => {} : claimDataDir(dataDir)
  const pglite = newPglite(inMemory ? undefined : pgliteDir(dataDir), log)
  // Its start-up runs queries of its own through query(): they must not wait behind the queue below.
  await pglite.waitReady
  const client = oneQueryPerTurn(pglite)
  const db = drizzlePglite(client, { schema })
  await migratePglite(db, { migrationsFolder: migrationsFolder() })
  const holders = new Map<number, symbol>()
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    // One process owns a PGlite directory; apps sharing the object (tests) take turns through this map.
    leadership(key) {
      const me = Symbol('leader')
      return {
        acquire: async () => (holders.get(key) ?? holders.set(key, me).get(key)) === me,
        release: async () => {
          if (holders.get(key) === me) holders.delete(key)
        },
      }
    },
    snapshot: inMemory ? null : () => pgliteSnapshot(client),
    async close() {
      await client.close()
      release()
    },
  }
}

/**
 * PGlite's data directory as a gzipped tar. dumpDataDir reads the files while PGlite's query lock is held,
 * so no statement is half-way through a write; every commit is already in the WAL there. The copy is
 * what a crash at that instant would leave, which PostgreSQL recovers to the last commit; the checkpoint
 * first writes the committed pages out, so a restored snapshot opens without a long replay.
 */
export async function pgliteSnapshot(client: PGlite): Promise<Uint8Array> {
  await client.query('CHECKPOINT')
  const dump = await client.dumpDataDir('gzip')
  return new Uint8Array(await dump.arrayBuffer())
}

async function openPostgres(url: string): Promise<Database> {
  // One connection, so that the advisory lock and the migration share a session.
  // The name lets `npm run restore` see a running server in pg_stat_activity and refuse.
  const connection = { application_name: APPLICATION_NAME }
  const migrator = postgres(url, { max: 1, onnotice: () => {}, connection })
  try {
    await migrator`select pg_advisory_lock(${MIGRATION_LOCK})`
    await migratePostgres(drizzlePostgres(migrator, { schema }), { migrationsFolder: migrationsFolder() })
  } finally {
    await migrator.end({ timeout: 5 })
  }
  const client = postgres(url, { max: 10, onnotice: () => {}, connection })
  const db = drizzlePostgres(client, { schema })
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    leadership: (key) => advisoryLeadership(client, key),
    snapshot: null,
    close: () => client.end({ timeout: 5 }),
  }
}

/**
 * A session-level advisory lock on a connection of its own: held as long as that connection lives, so a
 * crashed leader frees it and another instance takes over on its next try.
 */
function advisoryLeadership(client: postgres.Sql, key: number): Leadership {
  let connection: postgres.ReservedSql | null = null
  let held = false
  const drop = () => {
    connection?.release()
    connection = null
    held = false
  }
  return {
    async acquire() {
      try {
        connection ??= await client.reserve()
        if (held) await connection`select 1`
        else
          [{ held }] = (await connection`select pg_try_advisory_lock(${key}) as held`) as unknown as [
            { held: boolean },
          ]
        if (!held) drop()
        return held
      } catch {
        drop()
        return false
      }
    },
    async release() {
      if (held && connection) await connection`select pg_advisory_unlock(${key})`.catch(() => {})
      drop()
    },
  }
}

/**
 * PGlite runs a query synchronously in WASM and hands its lock to the next queued query in a microtask, so
 * under load every queued query runs in one burst before the event loop reaches its I/O phase again, and
 * Node accepts new connections only between bursts: in the HTTP bench, half of 200 connections got no
 * answer in 10 s. Here queries and transactions run one at a time with a setImmediate before each, so the
 * loop accepts and reads between any two queries. Inside a transaction, queries go through the
 * transaction's own handle, which this queue does not touch.
 */
function oneQueryPerTurn(client: PGlite): PGlite {
  let tail: Promise<unknown> = Promise.resolve()
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve))
  const enqueue = <T>(work: () => Promise<T>): Promise<T> => {
    const result = tail.then(turn).then(work)
    tail = result.catch(() => {})
    return result
  }
  const query = client.query.bind(client)
  const transaction = client.transaction.bind(client)
  const close = client.close.bind(client)
  client.query = ((...args: Parameters<typeof query>) => enqueue(() => query(...args))) as typeof client.query
  client.transaction = ((...args: Parameters<typeof transaction>) =>
    enqueue(() => transaction(...args))) as typeof client.transaction
  // Queries already queued (a sync finishing as the server stops) run before the database closes.
  client.close = () => enqueue(close)
  return client
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
