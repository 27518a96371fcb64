import { jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { instant } from './schema'

/**
 * The last finished run of each background job, shared by every instance on the database: an instance
 * skips a run that another one already did in the current period, and every instance reports the same
 * last result (ARCHITECTURE: jobs). Times are the clock of the instance that ran the job.
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  startedAt: instant('started_at').notNull(),
  finishedAt: instant('finished_at').notNull(),
  result: jsonb('result').notNull(),
})
