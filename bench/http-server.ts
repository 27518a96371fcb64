import { buildApp } from '../src/server/app'
import { loadConfig } from '../src/server/config'

/**
 * The HTTP bench's server process: what src/server/main.ts starts (configuration from the environment,
 * buildApp), listening on a free loopback port that it reports to the bench over IPC.
 */
const app = await buildApp(loadConfig())
process.once('SIGTERM', () => {
  void app.close().finally(() => process.exit(0))
})
const address = await app.listen({ port: 0, host: '127.0.0.1' })
process.send?.({ address })
