import { z } from 'zod'
import { TIER_FILTERS, USER_SORTS } from '../domain/admin-dashboards'
import { pageNumber } from './admin'
import { decimalMoney, instant } from './common'

/**
 * What the Master and Admin dashboards read (docs/spec/product-spec.md §3 and §7; decision 013: admins only). Money is
 * exact to the cent as decimal strings, as in the user stats (contract/stats.ts); win rate a fraction,
 * ROI in percent. docs/admin.md defines each figure.
 */

export const USER_VIEWS = ['users', 'activity'] as const
export const MAX_PAGE_SIZE = 100
export const DEFAULT_PAGE_SIZE = 25
export const SEARCH_MAX = 100

const choice = <T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.enum(values, `${field} must be one of ${values.join(', ')}`)

/** 'true' or 'false' in the query string, as the form's checkboxes send them. */
const flag = (field: string, fallback: boolean) =>
  z
    .enum(['true', 'false'], `${field} must be true or false`)
    .optional()
    .transform((value) => (value === undefined ? fallback : value === 'true'))

export const adminUsersQuery = z
  .object({
    /** users: the Master table (default); activity: the Admin dashboard's list, newest activity first. */
    view: choice('view', USER_VIEWS).default('users'),
    /** A part of the username or e-mail, any case. */
    search: z
      .string()
      .trim()
      .max(SEARCH_MAX, `search must be at most ${SEARCH_MAX} characters`)
      .optional()
      .transform((text) => text || null),
    /** The users view only: the activity view is always ordered by last activity. */
    sortBy: choice('sortBy', USER_SORTS).optional(),
    filterTier: choice('filterTier', TIER_FILTERS).default('all'),
    includeDeleted: flag('includeDeleted', false),
    includeSuspended: flag('includeSuspended', true),
    page: pageNumber('page', 100_000, 1),
    pageSize: pageNumber('pageSize', MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
  })
  .strict()
  .superRefine((query, context) => {
    if (query.view === 'activity' && query.sortBy !== undefined)
      context.addIssue({
        code: 'custom',
        path: ['sortBy'],
        message: 'sortBy applies to the users view; the activity view is ordered by last activity',
      })
  })

/** docs/spec/product-spec.md §3, Admin list row. */
export const adminUserRow = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: z.enum(['user', 'admin']),
  subscriptionTier: z.string(),
  createdAt: instant,
  /** Placed (committed) bets; tentative what-ifs are not bets yet (docs/spec/product-spec.md §4). */
  totalBets: z.number().int(),
  betsWon: z.number().int(),
  betsLost: z.number().int(),
  betsPush: z.number().int(),
  /** Decision 007: the stake of settled bets. */
  totalWagered: decimalMoney,
  /** Decision 002: the sum of payout - amount over settled bets. */
  totalProfitLoss: decimalMoney,
  /** Decision 007: won / settled, a fraction. */
  winRate: z.number(),
  /** Decision 007: net / wagered in percent, 1 decimal. */
  roi: z.number(),
  /** The mean stake of placed bets, to the cent. */
  avgBetSize: decimalMoney,
  lastLogin: instant.nullable(),
  /** Logins per week since sign-up, 1 decimal. */
  loginFrequency: z.number(),
  isDeleted: z.boolean(),
  /** Suspended now: a suspension whose date has passed no longer counts. */
  isSuspended: z.boolean(),
  suspendedUntil: instant.nullable(),
})

/** docs/spec/product-spec.md §3, Admin activity row. */
export const adminActivityRow = z.object({
  user: z.object({ id: z.number().int(), username: z.string(), email: z.string(), createdAt: instant }),
  /** 'Paid', 'Trial', 'Expired', or the tier as stored (admin). */
  subscriptionStatus: z.string(),
  /** Decision 017: what the user's active referral discounts take off a month. */
  discountAmount: decimalMoney,
  totalBets: z.number().int(),
  totalWagered: decimalMoney,
  netProfit: decimalMoney,
  /** Accounts not deleted that signed up with one of the user’s referral codes. */
  referralCount: z.number().int(),
  /** The latest of the last login, the last 'I'm Here!' and the last bet placed. */
  lastActivity: instant,
})

const paging = { total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }

export const adminUsersPage = z
  .discriminatedUnion('view', [
    z.object({ view: z.literal('users'), users: z.array(adminUserRow), ...paging }),
    z.object({ view: z.literal('activity'), activity: z.array(adminActivityRow), ...paging }),
  ])
  .meta({ id: 'AdminUsersPage' })

/** docs/spec/product-spec.md §3, Master stats. */
export const masterStats = z
  .object({
    /** Accounts not deleted (admins and suspended accounts included). */
    totalUsers: z.number().int(),
    /** Of those: not suspended, with activity in the last 30 days. */
    activeUsers: z.number().int(),
    totalWagered: decimalMoney,
    /** Placed (committed) bets. */
    totalBets: z.number().int(),
    totalProfitLoss: decimalMoney,
    /** totalProfitLoss / totalUsers, to the cent. */
    avgUserProfitLoss: decimalMoney,
    trialUsers: z.number().int(),
    paidUsers: z.number().int(),
  })
  .meta({ id: 'MasterStats' })

/** docs/spec/product-spec.md §3, Admin growth. */
export const adminGrowth = z
  .object({
    totalUsers: z.number().int(),
    /** Sign-ups since midnight in the admin's own timezone. */
    todaySignups: z.number().int(),
    /** Sign-ups in the last 7 days (rolling). */
    weekSignups: z.number().int(),
    /** Sign-ups in the last 30 days (rolling): the forecast's base. */
    monthSignups: z.number().int(),
    paidUsers: z.number().int(),
    trialUsers: z.number().int(),
    revenue: z.object({
      /** Payments recorded in the last 30 days. */
      monthly: decimalMoney,
      /** Every payment recorded. */
      total: decimalMoney,
    }),
    /** Monthly revenue n months ahead: (paidUsers + n x monthSignups x 20%) x $99. */
    forecast: z.object({
      month1: decimalMoney,
      month2: decimalMoney,
      month3: decimalMoney,
      month6: decimalMoney,
      month12: decimalMoney,
    }),
  })
  .meta({ id: 'AdminGrowth' })
