import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { jobRuns } from '../db/jobs-schema'

/** One finished run of a background job, as every instance sees it. */
export interface JobRun<T> {
  startedAt: Date
  finishedAt: Date
  result: T
}

/** The shared record of each job's last run (one row per job name). */
export function jobRunsRepository(db: Db) {
  return {
    async last<T>(name: string): Promise<JobRun<T> | null> {
      const [row] = await db.select().from(jobRuns).where(eq(jobRuns.name, name))
      return row ? { startedAt: row.startedAt, finishedAt: row.finishedAt, result: row.result as T } : null
    },

    /** Written in the run's own transaction, so the record and what the run wrote commit together. */
    async record(tx: Db, name: string, run: JobRun<unknown>): Promise<void> {
      await tx
        .insert(jobRuns)
        .values({ name, ...run })
        .onConflictDoUpdate({ target: jobRuns.name, set: { ...run } })
    },
  }
}
