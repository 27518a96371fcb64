import { isIP } from 'node:net'
import { z } from 'zod'

/**
 * Configuration comes from the environment, is checked once at start, and fails with one clear line per
 * bad value. Every setting is listed in the README's configuration table.
 */
export interface Config {
  port: number
  host: string
  /** Decision 012: production unless NODE_ENV says development (npm run dev) or test (the test suite). */
  nodeEnv: 'development' | 'production' | 'test'
  /** PGlite's home when no DATABASE_URL is given; 'memory://' keeps it in memory (tests). */
  dataDir: string
  databaseUrl: string | null
  smtpUrl: string | null
  mailFrom: string
  /** Decision 020: where support-form requests are e-mailed. */
  supportEmail: string
  appUrl: string
  trialDays: number
  /** Decision 016: how many trial slots exist; 0 means no cap. */
  trialSlotCap: number
  inactivityBannerDays: number
  inactivityDeleteDays: number
  /** The account job's period (plans, discounts, inactivity, purge: accounts/account-jobs.ts); 0 turns it off. */
  accountJobSeconds: number
  /** Where the built web app lives; null serves no pages (API tests). */
  webRoot: string | null
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
  /**
   * Decision 015: which proxies' X-Forwarded-For to believe: none (false), a number of hops, or the proxies'
   * addresses/CIDRs. Never `true`, which would take the client-written left end as the client address.
   */
  trustProxy: false | number | string[]
  /** Decision 013: the e-mail whose account becomes admin once verified; null: the first account on a fresh database. */
  adminEmail: string | null
  /** Keys the HMAC of every stored token and code; null: generated once and kept in the database. */
  appSecret: string | null
  /** The game-answer cache's budget in bytes (decision 040: bounded by bytes, not entries). */
  gameAnswerCacheBytes: number
  /** Decision 041: how long an instance holds a session's lookup (auth/session-cache.ts); 0 turns it off. */
  sessionCacheSeconds: number
  /** How many bets one user may hold (a clear 409 past it). */
  maxBetsPerUser: number
  /** Decision 042: the live event streams (GET /api/events) one user may hold open on one instance. */
  eventStreamsPerUser: number
  /** The live event streams one client address may hold open on one instance (many accounts, one address). */
  eventStreamsPerAddress: number
  /** The live event streams one instance holds at most (its sockets and memory); one more is a 503. */
  eventStreamsPerInstance: number
  /** A stream whose unsent bytes pass this (a client that stopped reading) is dropped, never buffered on. */
  eventStreamBufferBytes: number
  rateLimits: RateLimits
  loginThrottle: LoginThrottlePolicy
  /** Decision 018: auto (ESPN when reachable, else the simulator), espn or simulated. */
  sportsFeed: 'auto' | 'espn' | 'simulated'
  espnBaseUrl: string
  espnTimeoutMs: number
  /**
   * An OpenAI-compatible endpoint that rewrites the rule-written insight (decision 024: from the same
   * facts, never a new number); null keeps the rule text.
   */
  llm: { baseUrl: string; apiKey: string; model: string; timeoutMs: number } | null
  /**
   * Decision 047: billing through Stripe Checkout and its signed webhook, when the secret key, the price and
   * the webhook secret are all set; null: payments are recorded by an admin (mark-paid).
   */
  stripe: StripeConfig | null
  /**
   * Sportsbook connections through SharpSports' BetSlip API when both its keys are set; null:
   * the Connections screen says partner access is required and points to Import.
   */
  sharpSports: SharpSportsConfig | null
  /** Decision 024: arbitrage on a price older than this is flagged as probably stale, not suggested. */
  suggestionMaxPriceAgeSeconds: number
  /** Background sync period while a game is live; 0 turns the background sync off. */
  feedSyncSeconds: number
  feedSeed: number
  /** An ISO instant the server's clock starts from (replays, demos); null for the real time. */
  appNow: string | null
}

export interface StripeConfig {
  secretKey: string
  /** The recurring price of Monthly Unlimited ($99 a month, decision 016). */
  priceId: string
  webhookSecret: string
  /** Another API address than Stripe's (tests point the SDK at a loopback server); null: Stripe's own. */
  apiBase: { protocol: 'http' | 'https'; host: string; port: number } | null
}

export interface SharpSportsConfig {
  /** The private key: reads of a bettor's accounts and bet slips (server side only). */
  apiKey: string
  /** The public key: contexts (the link flow), refreshes and removing access. */
  publicKey: string
  /** The API's address, without /v1 (tests point it at a loopback server). */
  baseUrl: string
  /** Where a context id opens the hosted linking page: `${linkUrl}/${cid}`. */
  linkUrl: string
  timeoutMs: number
}

export interface LoginThrottlePolicy {
  /** Failures allowed without delay for one account at one address. */
  freePerAccountAddress: number
  /** Failures allowed without delay for one address across every account (spraying one password). */
  freePerAddress: number
  /** The longest delay a run of failures can reach. */
  maxDelaySeconds: number
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottlePolicy = {
  freePerAccountAddress: 5,
  freePerAddress: 50,
  maxDelaySeconds: 900,
}

export interface RateLimit {
  limit: number
  windowSeconds: number
}

/** Decision 015: per IP and per account, on every endpoint that guesses could abuse. */
export interface RateLimits {
  registerPerIp: RateLimit
  resetPerIp: RateLimit
  resetPerAccount: RateLimit
  twoFactorPerIp: RateLimit
  twoFactorPerAccount: RateLimit
  /** Bet entry: each one is a transaction; a script could otherwise fill the database. */
  betsPerUser: RateLimit
  /**
   * The outcome grid's poll (every 3 s per open game): counted in memory per instance, since a database
   * write per poll would cost more than the cached answer it guards.
   */
  gridPerUser: RateLimit
  /** The Probability Analysis panel's poll (every 30 s per open game), counted like the grid's. */
  liveProbabilityPerUser: RateLimit
  /** The suggestions lists (per game and across the user's games), counted like the grid's. */
  suggestionsPerUser: RateLimit
  /**
   * Decision 043: GET /api/bets and /api/bets/active together, a page of up to 1,000 bets each, counted like
   * the grid's. The active bets panel follows every page, so this bounds a full account's reloads.
   */
  betListsPerUser: RateLimit
  /** 'Download my data' builds a whole archive: a few a day is all anyone needs (decision 025). */
  dataExportPerAccount: RateLimit
  /** Deleting one's account checks the password: counted like the other password checks. */
  accountDeletePerAccount: RateLimit
  /** On-demand feed syncs: each one asks ESPN for 14 scoreboards. */
  syncPerAccount: RateLimit
  /** Decision 020: support-form requests; each one stores a row and sends a mail. */
  supportPerIp: RateLimit
  /** 'Sync Now' asks the bet-sync partner for a refresh, which it bills. */
  sportsbookSyncPerAccount: RateLimit
  /** File imports, a batch of up to 10,000 rows per request. */
  importsPerUser: RateLimit
  /**
   * The connections list asks the bet-sync partner (two calls) whether a pending link finished; past
   * this the list answers as last known without asking.
   */
  partnerLookupsPerUser: RateLimit
  /**
   * Days of games an import had read from the feed: each is 14 scoreboards fetched and a day of
   * every league stored (a year of a bettor's history takes two hours).
   */
  importDaysPerUser: RateLimit
  /** Changing the username checks the password: counted like the other password checks. */
  usernameChangePerAccount: RateLimit
  /** Creating referral codes, so that trying names cannot list the codes others hold. */
  referralCodesPerUser: RateLimit
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  registerPerIp: { limit: 10, windowSeconds: 3600 },
  resetPerIp: { limit: 10, windowSeconds: 900 },
  resetPerAccount: { limit: 5, windowSeconds: 3600 },
  twoFactorPerIp: { limit: 30, windowSeconds: 900 },
  twoFactorPerAccount: { limit: 10, windowSeconds: 900 },
  betsPerUser: { limit: 120, windowSeconds: 60 },
  gridPerUser: { limit: 600, windowSeconds: 60 },
  liveProbabilityPerUser: { limit: 300, windowSeconds: 60 },
  suggestionsPerUser: { limit: 120, windowSeconds: 60 },
  betListsPerUser: { limit: 300, windowSeconds: 60 },
  syncPerAccount: { limit: 6, windowSeconds: 60 },
  supportPerIp: { limit: 5, windowSeconds: 3600 },
  sportsbookSyncPerAccount: { limit: 6, windowSeconds: 60 },
  dataExportPerAccount: { limit: 10, windowSeconds: 3600 },
  accountDeletePerAccount: { limit: 10, windowSeconds: 900 },
  importsPerUser: { limit: 120, windowSeconds: 60 },
  partnerLookupsPerUser: { limit: 6, windowSeconds: 60 },
  importDaysPerUser: { limit: 200, windowSeconds: 3600 },
  usernameChangePerAccount: { limit: 10, windowSeconds: 900 },
  referralCodesPerUser: { limit: 10, windowSeconds: 3600 },
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
    .default('production'),
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
  TRUST_PROXY: z.string().default('false').transform(parseTrustProxy),
  ADMIN_EMAIL: z.email('ADMIN_EMAIL must be an e-mail address like admin@example.com').optional(),
  APP_SECRET: z
    .string()
    .min(32, 'APP_SECRET must be at least 32 characters (e.g. openssl rand -base64 32)')
    .optional(),
  MATRIX_CACHE_MB: int('MATRIX_CACHE_MB', 1, 16_384).default(64),
  SESSION_CACHE_SECONDS: int('SESSION_CACHE_SECONDS', 0, 60).default(5),
  MAX_BETS_PER_USER: int('MAX_BETS_PER_USER', 1, 10_000_000).default(50_000),
  EVENT_STREAMS_PER_USER: int('EVENT_STREAMS_PER_USER', 1, 1_000).default(10),
  EVENT_STREAMS_PER_ADDRESS: int('EVENT_STREAMS_PER_ADDRESS', 1, 100_000).default(50),
  EVENT_STREAMS_PER_INSTANCE: int('EVENT_STREAMS_PER_INSTANCE', 1, 1_000_000).default(10_000),
  EVENT_STREAM_BUFFER_KB: int('EVENT_STREAM_BUFFER_KB', 1, 65_536).default(256),
  SPORTS_FEED: z
    .enum(['auto', 'espn', 'simulated'], 'SPORTS_FEED must be auto, espn or simulated')
    .default('auto'),
  ESPN_BASE_URL: url('ESPN_BASE_URL', ['http:', 'https:']).default(
    'https://site.api.espn.com/apis/site/v2/sports',
  ),
  ESPN_TIMEOUT_MS: int('ESPN_TIMEOUT_MS', 100, 60_000).default(5000),
  LLM_BASE_URL: url('LLM_BASE_URL', ['http:', 'https:']).optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_MODEL: z.string().min(1).optional(),
  LLM_TIMEOUT_MS: int('LLM_TIMEOUT_MS', 100, 60_000).default(4000),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_PRICE_ID: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_BASE: url('STRIPE_API_BASE', ['http:', 'https:']).optional(),
  SHARPSPORTS_API_KEY: z.string().min(1).optional(),
  SHARPSPORTS_PUBLIC_KEY: z.string().min(1).optional(),
  SHARPSPORTS_BASE_URL: url('SHARPSPORTS_BASE_URL', ['http:', 'https:']).default(
    'https://api.sharpsports.io',
  ),
  SHARPSPORTS_LINK_URL: url('SHARPSPORTS_LINK_URL', ['http:', 'https:']).default(
    'https://ui.sharpsports.io/link',
  ),
  SHARPSPORTS_TIMEOUT_MS: int('SHARPSPORTS_TIMEOUT_MS', 100, 60_000).default(10_000),
  SUGGESTION_MAX_PRICE_AGE_SECONDS: int('SUGGESTION_MAX_PRICE_AGE_SECONDS', 1, 86_400).default(600),
  FEED_SYNC_SECONDS: int('FEED_SYNC_SECONDS', 0, 86_400).default(30),
  ACCOUNT_JOB_SECONDS: int('ACCOUNT_JOB_SECONDS', 0, 86_400).default(3600),
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
  if (e.INACTIVITY_DELETE_DAYS <= e.INACTIVITY_BANNER_DAYS) {
    throw new ConfigError(
      'Invalid configuration:\n- INACTIVITY_DELETE_DAYS: must be more than INACTIVITY_BANNER_DAYS',
    )
  }
  const stripeKeys = [e.STRIPE_SECRET_KEY, e.STRIPE_PRICE_ID, e.STRIPE_WEBHOOK_SECRET]
  if (stripeKeys.some(Boolean) && !stripeKeys.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration:\n- STRIPE_SECRET_KEY, STRIPE_PRICE_ID and STRIPE_WEBHOOK_SECRET: set all three to bill through Stripe, or none to have admins record payments',
    )
  }
  if (Boolean(e.SHARPSPORTS_API_KEY) !== Boolean(e.SHARPSPORTS_PUBLIC_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n- SHARPSPORTS_API_KEY and SHARPSPORTS_PUBLIC_KEY: set both to connect sportsbooks through SharpSports, or neither to offer Import only',
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
    accountJobSeconds: e.ACCOUNT_JOB_SECONDS,
    webRoot: e.WEB_ROOT,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase() ?? null,
    appSecret: e.APP_SECRET ?? null,
    gameAnswerCacheBytes: e.MATRIX_CACHE_MB * 1_048_576,
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    maxBetsPerUser: e.MAX_BETS_PER_USER,
    eventStreamsPerUser: e.EVENT_STREAMS_PER_USER,
    eventStreamsPerAddress: e.EVENT_STREAMS_PER_ADDRESS,
    eventStreamsPerInstance: e.EVENT_STREAMS_PER_INSTANCE,
    eventStreamBufferBytes: e.EVENT_STREAM_BUFFER_KB * 1024,
    rateLimits: DEFAULT_RATE_LIMITS,
    loginThrottle: DEFAULT_LOGIN_THROTTLE,
    sportsFeed: e.SPORTS_FEED,
    espnBaseUrl: e.ESPN_BASE_URL,
    espnTimeoutMs: e.ESPN_TIMEOUT_MS,
    llm:
      e.LLM_BASE_URL && e.LLM_API_KEY && e.LLM_MODEL
        ? {
            baseUrl: e.LLM_BASE_URL.replace(/\/+$/, ''),
            apiKey: e.LLM_API_KEY,
            model: e.LLM_MODEL,
            timeoutMs: e.LLM_TIMEOUT_MS,
          }
        : null,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PRICE_ID && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            priceId: e.STRIPE_PRICE_ID,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiBase: e.STRIPE_API_BASE ? apiAddress(e.STRIPE_API_BASE) : null,
          }
        : null,
    sharpSports:
      e.SHARPSPORTS_API_KEY && e.SHARPSPORTS_PUBLIC_KEY
        ? {
            apiKey: e.SHARPSPORTS_API_KEY,
            publicKey: e.SHARPSPORTS_PUBLIC_KEY,
            baseUrl: e.SHARPSPORTS_BASE_URL.replace(/\/+$/, ''),
            linkUrl: e.SHARPSPORTS_LINK_URL.replace(/\/+$/, ''),
            timeoutMs: e.SHARPSPORTS_TIMEOUT_MS,
          }
        : null,
    suggestionMaxPriceAgeSeconds: e.SUGGESTION_MAX_PRICE_AGE_SECONDS,
    feedSyncSeconds: e.FEED_SYNC_SECONDS,
    feedSeed: e.FEED_SEED,
    appNow: e.APP_NOW ?? null,
  }
}

/** 'http://127.0.0.1:4010' as the Stripe SDK's protocol, host and port options. */
function apiAddress(base: string): NonNullable<StripeConfig['apiBase']> {
  const address = new URL(base)
  const protocol = address.protocol === 'http:' ? 'http' : 'https'
  const port = address.port ? Number(address.port) : protocol === 'http' ? 80 : 443
  return { protocol, host: address.hostname, port }
}

/** Decision 012: codeForDev, resetLink and the outbox exist only when NODE_ENV says development or test. */
export function devConveniences(config: Pick<Config, 'nodeEnv'>): boolean {
  return config.nodeEnv !== 'production'
}

/** Decision 014: Secure cookies, `__Host-` names and HSTS follow the public address, never the request. */
export function servesHttps(config: Pick<Config, 'appUrl'>): boolean {
  return config.appUrl.startsWith('https:')
}

const TRUST_PROXY_HELP =
  'TRUST_PROXY must be false, a number of proxy hops (e.g. 1), or proxy addresses/CIDRs separated by commas'
/** Names proxy-addr (Fastify's trustProxy) knows for whole private ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal'])

/**
 * Decision 015: `true` is refused because it trusts every hop: the left end of X-Forwarded-For, which the client
 * writes, would become the client address and per-address limits could be walked around with a header.
 */
function parseTrustProxy(value: string, context: z.RefinementCtx): false | number | string[] {
  const text = value.trim()
  if (text === 'false' || text === '0') return false
  if (text === 'true') {
    context.addIssue({
      code: 'custom',
      message:
        "TRUST_PROXY=true is refused: it would believe the client-written part of X-Forwarded-For. Give the number of proxy hops in front of Grid (e.g. 1) or the proxies' addresses/CIDRs",
    })
    return z.NEVER
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text)
    if (hops <= 10) return hops
  }
  const entries = text.split(',').map((entry) => entry.trim())
  if (entries.some(isEveryAddress)) {
    context.addIssue({
      code: 'custom',
      message:
        "TRUST_PROXY with a /0 range is refused: it trusts every address as a proxy, like true, so the client-written part of X-Forwarded-For would be believed. Give the proxies' own addresses/CIDRs or the number of hops",
    })
    return z.NEVER
  }
  if (entries.every((entry) => NAMED_RANGES.has(entry) || isAddressOrCidr(entry))) return entries
  context.addIssue({ code: 'custom', message: TRUST_PROXY_HELP })
  return z.NEVER
}

/** A /0 prefix spans the whole address family (proxy-addr would throw on it at start). */
function isEveryAddress(entry: string): boolean {
  const [address = '', prefix] = entry.split('/')
  return isIP(address) !== 0 && prefix !== undefined && /^0+$/.test(prefix)
}

function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/')
  const version = isIP(address)
  if (version === 0 || rest.length > 0) return false
  if (prefix === undefined) return true
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128)
}
