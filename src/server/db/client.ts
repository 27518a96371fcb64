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
import { pgliteRows, postgresRows, type ReadRows } from './read-rows'
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
  /**
   * Runs `work` holding the lock `key` across every instance on this database, and frees it after (a
   * background job's run: ARCHITECTURE, jobs). Waits up to `waitMs` for another holder to finish; 0 takes
   * the lock only when it is free.
   */
  exclusive<T>(key: number, waitMs: number, work: () => Promise<T>): Promise<Exclusive<T>>
  /**
   * A consistent snapshot of the whole embedded database (PGlite's data directory, a gzipped tar); null
   * on PostgreSQL, whose snapshots are pg_dump's (`npm run backup`), and in memory.
   */
  snapshot: (() => Promise<Uint8Array>) | null
  /**
   * One short read's rows, `fields` being its select's columns in order, each value read through its
   * column's driver mapping as Drizzle reads it, by each engine's quickest way (db/read-rows.ts): on PGlite
   * through COPY's text, on PostgreSQL as postgres.js's value arrays. `local` settings hold for that
   * statement only; `extra` keys are made with every row (null), for the caller to fill in. Long reads
   * walk a keyset a short read at a time (csv-batches.ts): PGlite's one in-process session would hold
   * every other request behind one long statement.
   */
  readRows: ReadRows
  /**
   * Hands every NOTIFY on `channel` to `handler`, from any instance on this database, once its
   * transaction commits. `onConnect` runs each time the listening connection (re)connects: whatever was
   * announced while it was down is lost, so the caller drops what it holds. Resolves to the unlisten.
   */
  listen(
    channel: string,
    handler: (payload: string) => void,
    onConnect?: () => void,
  ): Promise<() => Promise<void>>
  close(): Promise<void>
}

/** A statement as Drizzle's toSQL() renders it. */
export interface SqlText {
  sql: string
  params: unknown[]
}

/** What `exclusive` did: ran the work with the lock held, or did not get the lock in time. */
export type Exclusive<T> = { held: true; value: T } | { held: false }

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
  // Named 'memory://' rather than undefined: PGlite drops the options that follow an undefined directory,
  // and a template it never loaded gave every test file an empty database to migrate from scratch.
  return new PGlite(dir ?? 'memory://', {
    ...(log ? pgliteLogHooks(log) : {}),
    ...(load ? { loadDataDir: load } : {}),
  })
}

/**
 * `template` (PGlite only) is a data directory as dumpDataDir wrote it, which a new PGlite starts from: the
 * tests clone one migrated database per file instead of running initdb and every migration each time.
 * Migrating an already migrated database reads the journal and applies nothing.
 */
export async function openDatabase(
  options: { databaseUrl: string | null; dataDir: string },
  log?: LineLogger,
  template?: Blob,
): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir, log, template)
}

async function openPglite(
  dataDir: string,
  log: LineLogger | undefined,
  template: Blob | undefined,
): Promise<Database> {
  const inMemory = dataDir === 'memory://'
  if (!inMemory) mkdirSync(dataDir, { recursive: true })
  // A start that fails leaves the pid file behind; it names a process that is gone, so it binds no one.
  const release = inMemory ? () => {} : claimDataDir(dataDir)
  const dir = inMemory ? undefined : pgliteDir(dataDir)
  // PGlite refuses a template over an existing database: a template only ever starts a new one.
  const fresh = dir === undefined || !existsSync(join(dir, 'PG_VERSION'))
  const pglite = newPglite(dir, log, fresh ? template : undefined)
  // Its start-up runs queries of its own through query(): they must not wait behind the queue below.
  await pglite.waitReady
  const client = oneQueryPerTurn(pglite)
  const db = drizzlePglite(client, { schema })
  await migratePglite(db, { migrationsFolder: migrationsFolder() })
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    // One process owns a PGlite directory; apps sharing the object (tests) take turns on these locks.
    exclusive: inProcessLocks(),
    snapshot: inMemory ? null : () => pgliteSnapshot(client),
    readRows: pgliteRows(client),
    // In-process: PGlite hands a commit's notifications to its listeners before the commit resolves.
    async listen(channel, handler, onConnect) {
      const unlisten = await client.listen(channel, handler)
      onConnect?.()
      return () => unlisten()
    },
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
    exclusive: (key, waitMs, work) => advisoryExclusive(client, key, waitMs, work),
    snapshot: null,
    readRows: postgresRows(client),
    // postgres.js listens on one dedicated connection of its own, and reconnects it when it drops.
    async listen(channel, handler, onConnect) {
      const { unlisten } = await client.listen(channel, handler, onConnect)
      return unlisten
    },
    close: () => client.end({ timeout: 5 }),
  }
}

/** lock_timeout ran out: another session held the lock for the whole wait. */
const LOCK_NOT_AVAILABLE = '55P03'

/**
 * A session-level advisory lock on a connection reserved for the run, unlocked and given back right after
 * it. Nothing is held between runs, and a holder that dies (kill -9, lost network) drops its connection
 * and with it the lock, so the next instance to try gets it.
 */
async function advisoryExclusive<T>(
  client: postgres.Sql,
  key: number,
  waitMs: number,
  work: () => Promise<T>,
): Promise<Exclusive<T>> {
  const session = await client.reserve()
  try {
    if (!(await advisoryLock(session, key, waitMs))) return { held: false }
    try {
      return { held: true, value: await work() }
    } finally {
      await session`select pg_advisory_unlock(${key})`
    }
  } finally {
    session.release()
  }
}

/** Waits in PostgreSQL's own queue for the lock, at most `waitMs`; the session's lock_timeout is put back. */
async function advisoryLock(session: postgres.ReservedSql, key: number, waitMs: number): Promise<boolean> {
  if (waitMs <= 0) {
    const [row] = await session`select pg_try_advisory_lock(${key}) as held`
    return row?.held === true
  }
  await session`select set_config('lock_timeout', ${`${Math.ceil(waitMs)}ms`}, false)`
  try {
    await session`select pg_advisory_lock(${key})`
    return true
  } catch (error) {
    if ((error as { code?: unknown }).code === LOCK_NOT_AVAILABLE) return false
    throw error
  } finally {
    await session`reset lock_timeout`
  }
}

/**
 * PGlite's equivalent: one process owns the database, so a map of the runs in flight is every holder.
 * A waiter wakes when the holder finishes and takes the lock if no other waiter took it first.
 */
function inProcessLocks(): Database['exclusive'] {
  const running = new Map<number, Promise<void>>()
  return async (key, waitMs, work) => {
    const deadline = Date.now() + waitMs
    for (let holder = running.get(key); holder; holder = running.get(key)) {
      if (!(await settlesWithin(holder, deadline - Date.now()))) return { held: false }
    }
    let done = () => {}
    running.set(key, new Promise<void>((resolve) => (done = resolve)))
    try {
      return { held: true, value: await work() }
    } finally {
      running.delete(key)
      done()
    }
  }
}

async function settlesWithin(promise: Promise<void>, ms: number): Promise<boolean> {
  if (ms <= 0) return false
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms)
  })
  try {
    return await Promise.race([promise.then(() => true), timeout])
  } finally {
    clearTimeout(timer)
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
  const exec = client.exec.bind(client)
  const transaction = client.transaction.bind(client)
  const close = client.close.bind(client)
  client.query = ((...args: Parameters<typeof query>) => enqueue(() => query(...args))) as typeof client.query
  client.exec = ((...args: Parameters<typeof exec>) => enqueue(() => exec(...args))) as typeof client.exec
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
