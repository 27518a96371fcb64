import type { FastifyInstance } from 'fastify'
import type { SharedJob } from './shared-job'

export interface Schedule<T> {
  /** The job's name in the log. */
  name: string
  job: SharedJob<T>
  /** The tick period (a run is due once per wall-clock multiple of the slot it answers). */
  periodMs: number
  /** The slot for this tick: the period, or longer when there is little to do (the feed when no game is live). */
  slotMs?: () => Promise<number>
  /** Logs what a run did. */
  report(result: T): void
}

/**
 * Every instance ticks at the start of each period and the first to take the job's lock runs it; the
 * others find that slot's run recorded and skip (jobs/shared-job.ts). No instance holds anything between
 * runs, so when one dies, another runs the job at the next period's start. The first tick runs before
 * the server answers; a stop waits for the tick in progress.
 */
export function scheduleJob<T>(app: FastifyInstance, schedule: Schedule<T>): void {
  const { periodMs } = schedule
  let timer: NodeJS.Timeout | undefined
  let ticking: Promise<void> = Promise.resolve()
  let stopped = false

  const tick = async () => {
    try {
      const slotMs = schedule.slotMs ? await schedule.slotMs() : periodMs
      const result = await schedule.job.runIfDue(slotMs)
      if (result) schedule.report(result)
    } catch (error) {
      app.log.error({ err: error }, `${schedule.name} failed`)
    }
    if (stopped) return
    timer = setTimeout(
      () => {
        ticking = tick()
      },
      periodMs - (Date.now() % periodMs),
    )
  }

  app.addHook('onReady', async () => {
    ticking = tick()
    await ticking
  })
  app.addHook('onClose', async () => {
    stopped = true
    clearTimeout(timer)
    await ticking
  })
}
