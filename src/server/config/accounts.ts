import { z } from 'zod'
import { int, whenUnset } from './fields'

/** Who is admin, the key of stored secrets, and the account job that runs trials and inactivity. */
export const accounts = z
  .object({
    ADMIN_EMAIL: z
      .email('ADMIN_EMAIL must be an e-mail address like admin@example.com')
      .optional()
      .describe(
        'the account with this e-mail becomes admin once it has verified the address (decision 013); unset, the first account on a fresh database is the admin, and the start-up log says so',
      ),
    APP_SECRET: whenUnset(
      z.string().min(32, 'APP_SECRET must be at least 32 characters (e.g. openssl rand -base64 32)'),
      'generated',
    )
      .optional()
      .describe(
        'at least 32 characters: keys the HMAC of every stored session token, link and code. Unset, one is generated on the first start and kept in the database, so every instance shares it; changing it signs everyone out',
      ),
    SESSION_CACHE_SECONDS: int('SESSION_CACHE_SECONDS', 0, 60)
      .default(5)
      .describe(
        "how long an instance holds a session's lookup (revoked at once on every instance through NOTIFY); 0 turns the cache off",
      ),
    ACCOUNT_JOB_SECONDS: int('ACCOUNT_JOB_SECONDS', 0, 86_400)
      .default(3600)
      .describe(
        'period of the account job: trial ends, slot releases, paid lapses, referral discount expiry, inactivity notices and deletion, purge of old de-identified records and of expired rate-limit counters and login failures; `0` turns it off',
      ),
  })
  .transform((e) => ({
    /** Decision 013: the e-mail whose account becomes admin once verified; null: the first account on a fresh database. */
    adminEmail: e.ADMIN_EMAIL?.toLowerCase() ?? null,
    /** Keys the HMAC of every stored token and code; null: generated once and kept in the database. */
    appSecret: e.APP_SECRET ?? null,
    /** Decision 041: how long an instance holds a session's lookup (auth/session-cache.ts); 0 turns it off. */
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    /** The account job's period (plans, discounts, inactivity, purge: accounts/account-jobs.ts); 0 turns it off. */
    accountJobSeconds: e.ACCOUNT_JOB_SECONDS,
  }))
