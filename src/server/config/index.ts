import type { z } from 'zod'
import { accounts } from './accounts'
import { billing } from './billing'
import { connections } from './connections'
import { database } from './database'
import { feed } from './feed'
import { http } from './http'
import { limits } from './limits'
import { llm } from './llm'
import { mail } from './mail'
import { server } from './server'

export type { StripeConfig } from './billing'
export type { SharpSportsConfig } from './connections'
export type { LlmConfig } from './llm'

/**
 * Configuration comes from the environment, is checked once at start, and fails with one clear line per
 * bad value. Each group's schema reads its variables and turns them into its part of the config; the
 * README's configuration table has one row per variable, held to these schemas by
 * tests/unit/readme-config.test.ts.
 */
export const CONFIG_GROUPS = {
  server,
  http,
  database,
  mail,
  accounts,
  billing,
  connections,
  feed,
  llm,
  limits,
}

export type Config = { [G in keyof typeof CONFIG_GROUPS]: z.output<(typeof CONFIG_GROUPS)[G]> }

export class ConfigError extends Error {
  override name = 'ConfigError'
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''))
  const config: Record<string, unknown> = {}
  const lines: string[] = []
  for (const [name, schema] of Object.entries(CONFIG_GROUPS)) {
    const parsed = schema.safeParse(present)
    if (parsed.success) config[name] = parsed.data
    else lines.push(...parsed.error.issues.map((i) => `- ${i.path.join('.')}: ${i.message}`))
  }
  if (lines.length > 0) throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  return config as Config
}

/** Decision 012: codeForDev, resetLink and the outbox exist only when NODE_ENV says development or test. */
export function devConveniences(config: Pick<Config, 'server'>): boolean {
  return config.server.nodeEnv !== 'production'
}

/** Decision 014: Secure cookies, `__Host-` names and HSTS follow the public address, never the request. */
export function servesHttps(config: Pick<Config, 'http'>): boolean {
  return config.http.appUrl.startsWith('https:')
}
