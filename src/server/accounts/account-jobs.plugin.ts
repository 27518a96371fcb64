import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { scheduleJob } from '../jobs/schedule'
import { sharedJob } from '../jobs/shared-job'
import { type AccountJobResult, runAccountPass } from './account-jobs'

declare module 'fastify' {
  interface FastifyInstance {
    /** On demand (tests, operators): runs the account job now, or answers the run in flight elsewhere. */
    runAccountJob(): Promise<AccountJobResult | null>
  }
}

/** The job's row in job_runs and its lock (any fixed number): one run at a time across instances. */
const ACCOUNT_JOB = 'account-lifecycle'
const ACCOUNT_JOB_LOCK = 7_305_004
const WAIT_MS = 30_000

/**
 * The account job: hourly by default (ACCOUNT_JOB_SECONDS; 0 turns it off), on whichever
 * instance gets there first. Requests never wait for it: what an account may do is read through
 * `effectiveTier` by the second (domain/subscription.ts); the job writes the changes down, ends
 * discounts, sends the inactivity notices and deletes and purges on time.
 */
export const accountJobsPlugin = fp(async (app: FastifyInstance) => {
  const job = sharedJob<AccountJobResult>({
    name: ACCOUNT_JOB,
    lock: ACCOUNT_JOB_LOCK,
    database: app.database,
    run: async (record) => {
      const result = await runAccountPass(app)
      await app.db.transaction((tx) => record(tx, result))
      // The plans, deletions and notices it wrote are seen by this instance's next request (session cache).
      await app.sessionCache.catchUp()
      return result
    },
  })
  app.decorate('runAccountJob', () => job.runNow(WAIT_MS))
  if (app.config.accounts.accountJobSeconds === 0) return
  scheduleJob(app, {
    name: 'account job',
    job,
    periodMs: app.config.accounts.accountJobSeconds * 1000,
    report: (result) => app.log.info(result, 'account job ran'),
  })
})
