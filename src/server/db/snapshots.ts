import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

/** How many daily snapshots DATA_DIR/backups keeps. */
export const SNAPSHOTS_KEPT = 7
const DAY_MS = 86_400_000

export type Snapshot = () => Promise<Uint8Array>

export function snapshotsDir(dataDir: string): string {
  return join(dataDir, 'backups')
}

/** `20261123T201912Z`: in file and database names, sorts by time and says when. */
export function stamp(at: Date): string {
  return at.toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '')
}

/** `grid-20261123T201912Z.tar.gz` */
export function snapshotName(at: Date): string {
  return `grid-${stamp(at)}.tar.gz`
}

const SNAPSHOT_NAME = /^grid-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.tar\.gz$/

function takenAt(name: string): number {
  const [, ...parts] = SNAPSHOT_NAME.exec(name) ?? []
  const [y, mo, d, h, mi, s] = parts.map(Number) as [number, number, number, number, number, number]
  return Date.UTC(y, mo - 1, d, h, mi, s)
}

/** The daily snapshots in `dir`, oldest first. */
export function dailySnapshots(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((name) => SNAPSHOT_NAME.test(name))
      .sort()
  } catch {
    return []
  }
}

/** Writes through a temporary file and a rename, so that no one ever reads half a snapshot. */
export function writeAtomically(file: string, bytes: Uint8Array): void {
  mkdirSync(dirname(file), { recursive: true })
  const partial = `${file}.partial`
  writeFileSync(partial, bytes)
  renameSync(partial, file)
}

/**
 * Takes a snapshot into DATA_DIR/backups when the newest there is a day old or more (or there is none),
 * then keeps the newest SNAPSHOTS_KEPT. Returns the new file, or null when none was due.
 */
export async function takeDailySnapshot(
  snapshot: Snapshot,
  dataDir: string,
  now: Date,
): Promise<string | null> {
  const dir = snapshotsDir(dataDir)
  const newest = dailySnapshots(dir).at(-1)
  if (newest && now.getTime() - takenAt(newest) < DAY_MS) return null
  const file = join(dir, snapshotName(now))
  writeAtomically(file, await snapshot())
  for (const old of dailySnapshots(dir).slice(0, -SNAPSHOTS_KEPT)) rmSync(join(dir, old), { force: true })
  return file
}

/**
 * `npm run backup` and a running embedded server (only one process can open PGlite's directory): the
 * command writes DATA_DIR/backup-request-<its pid> holding the file to write, and sends the server SIGUSR2;
 * the server writes the snapshot there and answers in backup-request-<pid>.done.
 */
export const BACKUP_REQUEST = /^backup-request-\d+$/

export interface BackupAnswer {
  ok: boolean
  file?: string
  message?: string
}

export function backupRequestFile(dataDir: string, pid = process.pid): string {
  return join(dataDir, `backup-request-${pid}`)
}

/** Answers every pending request in `dataDir`; each answer says where the snapshot went or why it failed. */
export async function answerBackupRequests(
  snapshot: Snapshot,
  dataDir: string,
  onAnswer: (answer: BackupAnswer, error?: unknown) => void,
): Promise<void> {
  for (const name of readdirSync(dataDir).filter((n) => BACKUP_REQUEST.test(n))) {
    const request = join(dataDir, name)
    let answer: BackupAnswer
    let failure: unknown
    try {
      const file = readFileSync(request, 'utf8').trim()
      writeAtomically(file, await snapshot())
      answer = { ok: true, file }
    } catch (error) {
      failure = error
      answer = { ok: false, message: error instanceof Error ? error.message : String(error) }
    }
    rmSync(request, { force: true })
    writeFileSync(`${request}.done`, JSON.stringify(answer))
    onAnswer(answer, failure)
  }
}
