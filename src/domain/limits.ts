/**
 * Product limits no operator needs to tune: how often an endpoint may be called, how failed sign-ins are
 * slowed, how many live streams one account holds. The API reference quotes them; tests build the app with
 * tighter ones (BuildOptions.policies) to reach a limit in a few requests.
 */

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

/** Decision 042: the live event streams (GET /api/events) one user may hold open on one instance. */
export const EVENT_STREAMS_PER_USER = 10

export interface Policies {
  rateLimits: RateLimits
  loginThrottle: LoginThrottlePolicy
  eventStreamsPerUser: number
}

export const DEFAULT_POLICIES: Policies = {
  rateLimits: DEFAULT_RATE_LIMITS,
  loginThrottle: DEFAULT_LOGIN_THROTTLE,
  eventStreamsPerUser: EVENT_STREAMS_PER_USER,
}
