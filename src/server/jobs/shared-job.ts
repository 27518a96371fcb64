import type { Database, Db } from '../db/client'
import { type JobRun, jobRunsRepository } from './job-runs.repository'

export interface SharedJobOptions<T> {
  /** The job's row in job_runs. */
  name: string
  /** Its advisory lock: any fixed number, one per job. */
  lock: number
  database: Database
  /** One run; it calls `record` with what it reports, inside its last transaction. */
  run(record: (tx: Db, result: T) => Promise<void>): Promise<T>
}

export interface SharedJob<T> {
  /** The last run that finished, on any instance. */
  last(): Promise<JobRun<T> | null>
  /**
   * The background tick: runs the job unless a run already started in the current slot (a wall-clock
   * multiple of `slotMs`) on any instance, or another instance is running it now. Null when skipped.
   * Slots and recorded times are each instance's own clock: instances keep time (NTP), as the shared
   * rate-limit windows already assume.
   */
  runIfDue(slotMs: number): Promise<T | null>
  /**
   * On demand: waits up to `waitMs` for a run in flight on any instance, and answers with a run that
   * finished after this call began rather than running again. Null when the lock stayed taken.
   */
  runNow(waitMs: number): Promise<T | null>
}

/**
 * A background job shared by every instance on one database (ARCHITECTURE: jobs). Every instance ticks;
 * a run holds the job's lock only while it runs and records itself in job_runs, so the other instances
 * skip that slot, and when the instance that ran it dies, whichever instance ticks next runs the job.
 */
export function sharedJob<T>(options: SharedJobOptions<T>): SharedJob<T> {
  const runs = jobRunsRepository(options.database.db)
  const last = () => runs.last<T>(options.name)

  const runAndRecord = () => {
    const startedAt = new Date()
    return options.run((tx, result) =>
      runs.record(tx, options.name, { startedAt, finishedAt: new Date(), result }),
    )
  }

  return {
    last,

    async runIfDue(slotMs) {
      const now = Date.now()
      const slotStart = now - (now % slotMs)
      const ranInSlot = async () =>
        ((await last())?.startedAt.getTime() ?? Number.NEGATIVE_INFINITY) >= slotStart
      // Read before locking too, so that an instance with nothing to do reserves no connection.
      if (await ranInSlot()) return null
      const outcome = await options.database.exclusive(options.lock, 0, async () =>
        (await ranInSlot()) ? null : runAndRecord(),
      )
      return outcome.held ? outcome.value : null
    },

    async runNow(waitMs) {
      const before = (await last())?.finishedAt.getTime()
      const outcome = await options.database.exclusive(options.lock, waitMs, async () => {
        const latest = await last()
        return latest && latest.finishedAt.getTime() !== before ? latest.result : runAndRecord()
      })
      return outcome.held ? outcome.value : null
    },
  }
}
