import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { answerBackupRequests, takeDailySnapshot } from './snapshots'

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes the snapshots `npm run backup` asked for (main.ts calls it on SIGUSR2). */
    answerBackupRequests(): Promise<void>
  }
}

/** How often the server looks whether a daily snapshot is due. */
const CHECK_EVERY_MS = 3_600_000

/**
 * The embedded database's snapshots: one in DATA_DIR/backups when the server starts listening and the
 * newest is a day old, then each day (the last 7 are kept), and those `npm run backup` asks for. They run one at a
 * time, and a stop waits for the one in progress before the database closes. PostgreSQL has none here:
 * its backups are pg_dump's.
 */
export const snapshotsPlugin = fp(async (app: FastifyInstance) => {
  const snapshot = app.database.snapshot
  const dataDir = app.config.database.dataDir
  let work: Promise<void> = Promise.resolve()
  const serially = (job: () => Promise<void>) => {
    work = work.then(job).catch((error: unknown) => app.log.error({ err: error }, 'snapshot failed'))
    return work
  }

  app.decorate('answerBackupRequests', () =>
    snapshot
      ? serially(() =>
          answerBackupRequests(snapshot, dataDir, (answer, error) => {
            if (answer.ok) app.log.info({ file: answer.file }, 'snapshot written for npm run backup')
            else app.log.error({ err: error }, 'snapshot for npm run backup failed')
          }),
        )
      : Promise.resolve(),
  )
  if (!snapshot) return

  const daily = () =>
    serially(async () => {
      const file = await takeDailySnapshot(snapshot, dataDir, new Date())
      if (file) app.log.info({ file }, 'daily snapshot written')
    })
  let timer: NodeJS.Timeout | null = null
  // Once the server listens, in the background. PGlite has one session, and dumping a large data directory
  // holds it for as long as the copy takes: started on ready, it held the first tick of the scheduled jobs,
  // which the start awaits, past Fastify's ready timeout (a 300,000-bet database never started).
  app.addHook('onListen', async () => {
    void daily()
    timer = setInterval(daily, CHECK_EVERY_MS)
    timer.unref()
  })
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer)
    await work
  })
})
