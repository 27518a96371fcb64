import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { openDatabase } from '../../src/server/db/client'
import {
  dailySnapshots,
  SNAPSHOTS_KEPT,
  snapshotName,
  snapshotsDir,
  takeDailySnapshot,
} from '../../src/server/db/snapshots'
import {
  eventually,
  HttpUser,
  killLeftovers,
  PROCESS_TEST_MS,
  runCommand,
  type ServerData,
  type ServerProcess,
  serverData,
  startServer,
} from './support/server-process'
import { freshDatabase, onPostgres } from './support/test-app'

/**
 * `npm run backup` writes a consistent snapshot (PGlite's data directory, or pg_dump for
 * PostgreSQL) and `npm run restore` brings one back, refusing while a server runs on the data and keeping
 * the replaced data aside; the embedded server keeps a daily snapshot in DATA_DIR/backups (the last 7).
 */
let data: ServerData
beforeAll(async () => {
  data = await serverData()
})
afterAll(async () => {
  await dropReplacedDatabases()
  await data.drop()
})
afterEach(killLeftovers)

describe('npm run backup, npm run restore', () => {
  it('round-trips the data, from a running server and from a stopped one; restore refuses while the server runs', {
    timeout: PROCESS_TEST_MS * 2,
  }, async () => {
    const files = mkdtempSync(join(data.dataDir, 'saved-'))
    const whileRunning = join(files, onPostgres ? 'running.dump' : 'running.tar.gz')
    const whileStopped = join(files, onPostgres ? 'stopped.dump' : 'stopped.tar.gz')

    const server = await startServer(data)
    const user = await HttpUser.signUp(server.url)
    const game = await user.aGame()
    const first = await betId(user.placeBet(game, 11))
    expect(await runCommand('backup', [whileRunning], data)).toMatchObject({ code: 0 })
    const second = await betId(user.placeBet(game, 22))

    const refused = await runCommand('restore', [whileRunning], data)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/server .* stop it first/i)
    await stop(server)

    expect(await runCommand('backup', [whileStopped], data)).toMatchObject({ code: 0 })

    expect(await runCommand('restore', [whileRunning], data)).toMatchObject({ code: 0 })
    expect(await betIdsAfterStart(user.name)).toEqual([first])
    expect(await replacedCopies()).toHaveLength(1)

    expect(await runCommand('restore', [whileStopped], data)).toMatchObject({ code: 0 })
    expect(await betIdsAfterStart(user.name)).toEqual([first, second])
    expect(await replacedCopies()).toHaveLength(2)
  })

  it('refuses a file that is no backup and changes nothing', { timeout: PROCESS_TEST_MS }, async () => {
    const junk = join(data.dataDir, 'junk.tar.gz')
    writeFileSync(junk, 'not a backup')
    const before = await replacedCopies()
    const refused = await runCommand('restore', [junk], data)
    expect(refused.code).toBe(1)
    expect(await replacedCopies()).toEqual(before)
  })
})

if (!onPostgres) {
  describe('the embedded server’s daily snapshots', () => {
    it('takes one at start when there is none; a second server on the same DATA_DIR refuses to start', {
      timeout: PROCESS_TEST_MS,
    }, async () => {
      const fresh = await serverData()
      const server = await startServer(fresh)
      await eventually('a daily snapshot', () => dailySnapshots(snapshotsDir(fresh.dataDir)).length === 1)
      await expect(startServer(fresh)).rejects.toThrow(`is in use by process ${server.pid}`)
      await stop(server)
      expect(dailySnapshots(snapshotsDir(fresh.dataDir))).toHaveLength(1)
      await fresh.drop()
    })

    // Ten gzipped snapshots of the data directory: seconds each on a busy machine.
    it(`takes one when the newest is a day old, and keeps the last ${SNAPSHOTS_KEPT}`, {
      timeout: PROCESS_TEST_MS,
    }, async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'grid-daily-'))
      onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }))
      // Started from the run's migrated template: initdb and every migration took most of the time limit.
      const { pgliteTemplate } = await freshDatabase()
      const database = await openDatabase(
        { databaseUrl: null, dataDir },
        undefined,
        pgliteTemplate ?? undefined,
      )
      const snapshot = database.snapshot
      if (!snapshot) throw new Error('PGlite on disk takes snapshots')
      const start = Date.parse('2026-11-01T03:00:00Z')
      const hours = (h: number) => new Date(start + h * 3_600_000)
      try {
        expect(await takeDailySnapshot(snapshot, dataDir, hours(0))).toMatch(
          /grid-20261101T030000Z\.tar\.gz$/,
        )
        expect(await takeDailySnapshot(snapshot, dataDir, hours(23))).toBeNull()
        for (let day = 1; day <= 9; day++) {
          expect(await takeDailySnapshot(snapshot, dataDir, hours(24 * day))).not.toBeNull()
        }
      } finally {
        await database.close()
      }
      const kept = dailySnapshots(snapshotsDir(dataDir))
      expect(kept).toEqual([3, 4, 5, 6, 7, 8, 9].map((day) => snapshotName(hours(24 * day))))
    })
  })
}

async function betId(response: Promise<Response>): Promise<number> {
  const answer = await response
  expect(answer.status).toBe(201)
  return ((await answer.json()) as { id: number }).id
}

async function betIdsAfterStart(username: string): Promise<number[]> {
  const server = await startServer(data)
  const user = await HttpUser.logIn(server.url, username)
  const bets = (await (await user.request('GET', '/api/bets')).json()) as { id: number }[]
  await stop(server)
  return bets.map((bet) => bet.id).sort((a, b) => a - b)
}

async function stop(server: ServerProcess): Promise<void> {
  server.kill('SIGTERM')
  expect(await server.exited).toEqual({ code: 0, signal: null })
}

/** What restore kept aside: DATA_DIR/pglite-replaced-*, or databases <name>_replaced_*. */
async function replacedCopies(): Promise<string[]> {
  if (!onPostgres) return readdirSync(data.dataDir).filter((name) => name.startsWith('pglite-replaced-'))
  return (await replacedDatabases()).sort()
}

async function replacedDatabases(): Promise<string[]> {
  const url = data.env.DATABASE_URL
  if (!url) return []
  const name = new URL(url).pathname.slice(1)
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  try {
    const rows = await sql<{ datname: string }[]>`
      select datname from pg_database where datname like ${`${name}_replaced_%`}`
    return rows.map((row) => row.datname)
  } finally {
    await sql.end()
  }
}

async function dropReplacedDatabases(): Promise<void> {
  const base = process.env.TEST_DATABASE_URL
  if (!onPostgres || !base) return
  const sql = postgres(base, { max: 1, onnotice: () => {} })
  try {
    for (const name of await replacedDatabases()) await sql`drop database if exists ${sql(name)} with (force)`
  } finally {
    await sql.end()
  }
}
