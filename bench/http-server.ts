import { buildApp } from '../src/server/app'
import { DEFAULT_RATE_LIMITS, loadConfig } from '../src/server/config'

/**
 * The HTTP bench's server process: what src/server/main.ts starts (configuration from the environment,
 * buildApp), listening on a free loopback port that it reports to the bench over IPC. The grid's and the
 * live probability's per-user poll limits are lifted: each bench connection polls as fast as it can, which
 * is the capacity measured, where a real tab polls every 3 s (the probability panel every 30 s).
 */
const config = loadConfig()
const unlimited = { limit: Number.MAX_SAFE_INTEGER, windowSeconds: 60 }
const app = await buildApp({
  ...config,
  rateLimits: { ...DEFAULT_RATE_LIMITS, gridPerUser: unlimited, liveProbabilityPerUser: unlimited },
})
process.once('SIGTERM', () => {
  void app.close().finally(() => process.exit(0))
})
const address = await app.listen({ port: 0, host: '127.0.0.1' })
process.send?.({ address })
