import { z } from 'zod'

/**
 * Configuration comes from the environment, is checked once at start, and fails with one clear line per
 * bad value. Every setting is listed in the README's configuration table.
 */
export interface Config {
  port: number
  host: string
  nodeEnv: 'development' | 'production' | 'test'
  /** PGlite's home when no DATABASE_URL is given; 'memory://' keeps it in memory (tests). */
  dataDir: string
  databaseUrl: string | null
  smtpUrl: string | null
  mailFrom: string
  /** D20: where support-form requests are e-mailed. */
  supportEmail: string
  appUrl: string
  trialDays: number
  /** D16: how many trial slots exist; 0 means no cap. */
  trialSlotCap: number
  inactivityBannerDays: number
  inactivityDeleteDays: number
  /** Where the built web app lives; null serves no pages (API tests). */
  webRoot: string | null
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
  /** Behind a proxy that terminates HTTPS: trust X-Forwarded-* (for Secure cookies and client IPs). */
  trustProxy: boolean
  rateLimits: RateLimits
  /** D18: auto (ESPN when reachable, else the simulator), espn or simulated. */
  sportsFeed: 'auto' | 'espn' | 'simulated'
  espnBaseUrl: string
  espnTimeoutMs: number
  /** Background sync period while a game is live; 0 turns the background sync off. */
  feedSyncSeconds: number
  feedSeed: number
  /** An ISO instant the server's clock starts from (replays, demos); null for the real time. */
  appNow: string | null
}

export interface RateLimit {
  limit: number
  windowSeconds: number
}

/** D15: per IP and per account, on every endpoint that guesses could abuse. */
export interface RateLimits {
  loginPerIp: RateLimit
  loginPerAccount: RateLimit
  registerPerIp: RateLimit
  resetPerIp: RateLimit
  resetPerAccount: RateLimit
  twoFactorPerIp: RateLimit
  twoFactorPerAccount: RateLimit
  /** On-demand feed syncs: each one asks ESPN for 14 scoreboards. */
  syncPerAccount: RateLimit
  /** D20: support-form requests; each one stores a row and sends a mail. */
  supportPerIp: RateLimit
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerIp: { limit: 30, windowSeconds: 900 },
  loginPerAccount: { limit: 10, windowSeconds: 900 },
  registerPerIp: { limit: 10, windowSeconds: 3600 },
  resetPerIp: { limit: 10, windowSeconds: 900 },
  resetPerAccount: { limit: 5, windowSeconds: 3600 },
  twoFactorPerIp: { limit: 30, windowSeconds: 900 },
  twoFactorPerAccount: { limit: 10, windowSeconds: 900 },
  syncPerAccount: { limit: 6, windowSeconds: 60 },
  supportPerIp: { limit: 5, windowSeconds: 3600 },
}

const int = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${name} must be between ${min} and ${max}`)

const url = (name: string, protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol)
      } catch {
        return false
      }
    },
    `${name} must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
  )

const EnvSchema = z.object({
  // 0 picks a free port; the start-up log line says which (tests).
  PORT: int('PORT', 0, 65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  NODE_ENV: z
    .enum(['development', 'production', 'test'], 'NODE_ENV must be development, production or test')
    .default('development'),
  DATA_DIR: z.string().min(1, 'DATA_DIR must not be empty').default('./data'),
  DATABASE_URL: url('DATABASE_URL', ['postgres:', 'postgresql:']).optional(),
  SMTP_URL: url('SMTP_URL', ['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().min(3, 'MAIL_FROM must be an address').default('Grid <no-reply@grid.local>'),
  SUPPORT_EMAIL: z
    .email('SUPPORT_EMAIL must be an e-mail address like support@example.com')
    .default('support@grid.local'),
  APP_URL: url('APP_URL', ['http:', 'https:']).optional(),
  TRIAL_DAYS: int('TRIAL_DAYS', 1, 365).default(7),
  TRIAL_SLOT_CAP: int('TRIAL_SLOT_CAP', 0, 1_000_000).default(50),
  INACTIVITY_BANNER_DAYS: int('INACTIVITY_BANNER_DAYS', 1, 3650).default(30),
  INACTIVITY_DELETE_DAYS: int('INACTIVITY_DELETE_DAYS', 2, 3650).default(730),
  WEB_ROOT: z.string().default('./dist/web'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.enum(['true', 'false'], 'TRUST_PROXY must be true or false').default('false'),
  SPORTS_FEED: z
    .enum(['auto', 'espn', 'simulated'], 'SPORTS_FEED must be auto, espn or simulated')
    .default('auto'),
  ESPN_BASE_URL: url('ESPN_BASE_URL', ['http:', 'https:']).default(
    'https://site.api.espn.com/apis/site/v2/sports',
  ),
  ESPN_TIMEOUT_MS: int('ESPN_TIMEOUT_MS', 100, 60_000).default(5000),
  FEED_SYNC_SECONDS: int('FEED_SYNC_SECONDS', 0, 86_400).default(30),
  FEED_SEED: int('FEED_SEED', 0, 2 ** 31 - 1).default(2026),
  APP_NOW: z.iso
    .datetime({ offset: true, message: 'APP_NOW must be an ISO timestamp like 2022-09-17T20:00:00Z' })
    .optional(),
})

export class ConfigError extends Error {
  override name = 'ConfigError'
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''))
  const parsed = EnvSchema.safeParse(present)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `- ${i.path.join('.')}: ${i.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  if (e.NODE_ENV === 'production' && !e.SMTP_URL) {
    throw new ConfigError(
      'Invalid configuration:\n- SMTP_URL: required in production (e-mail links must reach users)',
    )
  }
  if (e.INACTIVITY_DELETE_DAYS <= e.INACTIVITY_BANNER_DAYS) {
    throw new ConfigError(
      'Invalid configuration:\n- INACTIVITY_DELETE_DAYS: must be more than INACTIVITY_BANNER_DAYS',
    )
  }
  return {
    port: e.PORT,
    host: e.HOST,
    nodeEnv: e.NODE_ENV,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL ?? null,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    trialDays: e.TRIAL_DAYS,
    trialSlotCap: e.TRIAL_SLOT_CAP,
    inactivityBannerDays: e.INACTIVITY_BANNER_DAYS,
    inactivityDeleteDays: e.INACTIVITY_DELETE_DAYS,
    webRoot: e.WEB_ROOT,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === 'true',
    rateLimits: DEFAULT_RATE_LIMITS,
    sportsFeed: e.SPORTS_FEED,
    espnBaseUrl: e.ESPN_BASE_URL,
    espnTimeoutMs: e.ESPN_TIMEOUT_MS,
    feedSyncSeconds: e.FEED_SYNC_SECONDS,
    feedSeed: e.FEED_SEED,
    appNow: e.APP_NOW ?? null,
  }
}

/** D12: codeForDev, resetLink and the outbox exist only outside production. */
export function devConveniences(config: Pick<Config, 'nodeEnv'>): boolean {
  return config.nodeEnv !== 'production'
}
