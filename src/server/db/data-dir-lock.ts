import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * One process at a time opens a PGlite directory: two would each cache pages and overwrite the other's
 * writes. The holder writes its pid to DATA_DIR/grid.pid; `npm run backup` reads it to ask a running
 * server for a snapshot, and `npm run restore` to refuse. A file left by a killed process names a pid
 * that no longer runs, and the next opener takes it over.
 */
export function pidFile(dataDir: string): string {
  return join(dataDir, 'grid.pid')
}

/** The pid of another live process holding `dataDir`, or null. */
export function dataDirHolder(dataDir: string): number | null {
  let pid: number
  try {
    pid = Number(readFileSync(pidFile(dataDir), 'utf8').trim())
  } catch {
    return null
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null
  return isRunning(pid) ? pid : null
}

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError'
}

/** Takes `dataDir` for this process; returns the release. Throws when another live process holds it. */
export function claimDataDir(dataDir: string): () => void {
  const holder = dataDirHolder(dataDir)
  if (holder !== null) {
    throw new DataDirInUseError(
      `${dataDir} is in use by process ${holder} (${pidFile(dataDir)}): stop it first, or use another DATA_DIR`,
    )
  }
  writeFileSync(pidFile(dataDir), `${process.pid}\n`)
  return () => {
    if (dataDirHolder(dataDir) === null) rmSync(pidFile(dataDir), { force: true })
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
