import type { FastifyInstance } from 'fastify'
import { buildApp } from './app'
import { ConfigError, loadConfig } from './config'
import { DataDirInUseError } from './db/data-dir-lock'
import { trackConnections } from './http/connections'
import { stdoutLog } from './log-destination'

/** How long requests in flight get to finish when the server stops. */
const DRAIN_MS = 5_000
/** Then background jobs stop and the database closes; a stop still going after this is stuck. */
const CLOSE_MS = 30_000
/** How long the last log lines get to reach a slow reader before the process exits. */
const LOG_FLUSH_MS = 1_000
const STOP_SIGNALS = ['SIGTERM', 'SIGINT'] as const

const log = stdoutLog()
let app: FastifyInstance | null = null

/** Starts Grid: checks the configuration, opens the database (migrating it), listens, and stops cleanly. */
async function main() {
  const config = loadConfig()
  // `npm run backup` may ask as soon as the database is open (grid.pid); SIGUSR2 would otherwise end the
  // process. Requests sent during the start are answered once the server is ready.
  process.on('SIGUSR2', () => void app?.answerBackupRequests())
  app = await buildApp(config, { logStream: log })
  const connections = trackConnections(app.server)
  for (const signal of STOP_SIGNALS) process.once(signal, () => void stop(app as FastifyInstance, signal))
  const address = await listen(app, config.http.port, config.http.host)
  // `address` is the port actually bound (PORT=0 picks a free one).
  app.log.info({ address }, `Grid is ready on ${config.http.appUrl} (${app.database.kind})`)
  await app.answerBackupRequests()

  async function stop(server: FastifyInstance, signal: string) {
    // Without listeners a second signal meets the default action: the process ends at once, even one
    // stuck in synchronous code.
    for (const s of STOP_SIGNALS) process.removeAllListeners(s)
    server.log.info(
      { signal },
      `stopping: idle connections closed, requests in flight get ${DRAIN_MS / 1000} s; a second signal stops at once`,
    )
    const stuck = setTimeout(() => {
      server.log.error('the stop is stuck: exiting without closing the database')
      void exit(1)
    }, DRAIN_MS + CLOSE_MS)
    try {
      const closed = server.close()
      connections.stop(DRAIN_MS)
      await closed
      clearTimeout(stuck)
      server.log.info('stopped: background jobs ended, database closed')
      await exit(0)
    } catch (error) {
      server.log.error({ err: error }, 'the stop failed')
      await exit(1)
    }
  }
}

/** A port already taken still closes the database, so the next start is no crash recovery. */
async function listen(server: FastifyInstance, port: number, host: string): Promise<string> {
  try {
    return await server.listen({ port, host })
  } catch (error) {
    await server.close()
    throw error
  }
}

async function exit(code: number): Promise<never> {
  await log.drained(LOG_FLUSH_MS)
  process.exit(code)
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    console.error(error.message)
    process.exit(2)
  }
  console.error(error)
  process.exit(1)
})
