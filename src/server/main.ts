import { buildApp } from './app'
import { ConfigError, loadConfig } from './config'

/** Starts Grid: checks the configuration, opens the database (migrating it), listens, and stops cleanly. */
async function main() {
  const config = loadConfig()
  const app = await buildApp(config)
  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight')
    const timer = setTimeout(() => process.exit(1), 10_000)
    timer.unref()
    await app.close()
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
  await app.listen({ port: config.port, host: config.host })
  app.log.info(`Grid is ready on ${config.appUrl} (${app.database.kind})`)
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message)
    process.exit(2)
  }
  console.error(error)
  process.exit(1)
})
