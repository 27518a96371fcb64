import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { loadConfig } from '../config'
import { newPglite, pgliteDir, pgliteSnapshot } from '../db/client'
import { claimDataDir, dataDirHolder } from '../db/data-dir-lock'
import { type BackupAnswer, backupRequestFile, stamp, writeAtomically } from '../db/snapshots'
import { runCommand } from './command'
import { runPgTool } from './pg-tools'

/** How long a running server may take to write the snapshot it was asked for. */
const ANSWER_WITHIN_MS = 600_000
const POLL_MS = 200

/**
 * `npm run backup [-- <file>]`: a consistent snapshot of the configured database (the same environment
 * as the server: DATABASE_URL or DATA_DIR).
 * - PostgreSQL: pg_dump's custom format (`pg_restore` reads it; so does `npm run restore`).
 * - Embedded (PGlite): the data directory as a gzipped tar. Only one process can open it, so a running
 *   server is asked to write the snapshot (SIGUSR2, see db/snapshots.ts); a stopped one is opened here.
 */
runCommand(async () => {
  const config = loadConfig()
  const at = new Date()
  if (config.database.databaseUrl) {
    const file = resolve(process.argv[2] ?? `grid-backup-${stamp(at)}.dump`)
    await runPgTool('pg_dump', ['--format=custom', `--file=${file}`], config.database.databaseUrl)
    console.log(`Backup of the PostgreSQL database written to ${file}`)
    return
  }
  const file = resolve(process.argv[2] ?? `grid-backup-${stamp(at)}.tar.gz`)
  const server = dataDirHolder(config.database.dataDir)
  if (server !== null) await askServer(config.database.dataDir, server, file)
  else await snapshotStopped(config.database.dataDir, file)
  console.log(`Backup of the embedded database in ${config.database.dataDir} written to ${file}`)
})

async function askServer(dataDir: string, server: number, file: string): Promise<void> {
  const request = backupRequestFile(dataDir)
  const done = `${request}.done`
  rmSync(done, { force: true })
  writeFileSync(request, file)
  process.kill(server, 'SIGUSR2')
  const deadline = Date.now() + ANSWER_WITHIN_MS
  while (!existsSync(done)) {
    if (dataDirHolder(dataDir) !== server || Date.now() > deadline) {
      rmSync(request, { force: true })
      throw new Error(`The server (pid ${server}) wrote no snapshot: see its log`)
    }
    await new Promise((wake) => setTimeout(wake, POLL_MS))
  }
  const answer = JSON.parse(readFileSync(done, 'utf8')) as BackupAnswer
  rmSync(done, { force: true })
  if (!answer.ok)
    throw new Error(`The server (pid ${server}) could not write the snapshot: ${answer.message}`)
}

async function snapshotStopped(dataDir: string, file: string): Promise<void> {
  if (!existsSync(join(pgliteDir(dataDir), 'PG_VERSION'))) {
    throw new Error(
      `There is no embedded database in ${dataDir} (set DATA_DIR, or DATABASE_URL for PostgreSQL)`,
    )
  }
  const release = claimDataDir(dataDir)
  try {
    const pglite = newPglite(pgliteDir(dataDir), undefined)
    await pglite.waitReady
    try {
      writeAtomically(file, await pgliteSnapshot(pglite))
    } finally {
      await pglite.close()
    }
  } finally {
    release()
  }
}
