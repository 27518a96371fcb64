import { type Cents, divRound } from './money'
import { MONTHLY_PRICE_CENTS } from './referrals'

/**
 * The Admin dashboard's figures that are rules rather than counts (docs/spec/product-spec.md §3 and §9):
 * what makes a user active, the sign-up windows, and the revenue forecast. docs/admin.md gives the same
 * definitions in prose.
 */
const DAY_MS = 86_400_000

/** docs/spec/product-spec.md §7: the Master form's sort and tier-filter values, defaults first. */
export const USER_SORTS = [
  'profitLoss',
  'totalWagered',
  'winRate',
  'totalBets',
  'lastLogin',
  'created',
] as const
export type UserSort = (typeof USER_SORTS)[number]
export const TIER_FILTERS = ['all', 'admin', 'performance_trial', 'monthly_paid', 'trial_ended'] as const
export type TierFilter = (typeof TIER_FILTERS)[number]

/** A user is active when their last activity (login, 'I'm Here!', a bet) is at most this many days old. */
export const ACTIVE_DAYS = 30
/** docs/spec/product-spec.md §9: the forecast reads the sign-ups of the last 30 days. */
export const SIGNUP_BASE_DAYS = 30
export const WEEK_DAYS = 7
/** docs/spec/product-spec.md §9: 20% of trials convert to the paid plan. */
export const TRIAL_CONVERSION_PERCENT = 20
/** docs/spec/product-spec.md §9: the forecast's horizons, in months. */
export const FORECAST_MONTHS = [1, 2, 3, 6, 12] as const
export type ForecastMonth = (typeof FORECAST_MONTHS)[number]

/** The instant `days` whole days before `now` (a rolling window, not calendar days). */
export function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS)
}

export interface ForecastInput {
  /** Accounts on the paid plan now. */
  paidUsers: number
  /** Accounts that signed up in the last SIGNUP_BASE_DAYS days. */
  recentSignups: number
}

/**
 * The monthly revenue forecast, in cents, for each horizon n of FORECAST_MONTHS:
 *
 *   revenue(n) = (paidUsers + n x recentSignups x 20%) x $99
 *
 * Sign-ups are assumed to go on at the last 30 days' pace, 20% of each month's trials to convert and
 * stay, and every payer to pay the full price (no churn, no referral discount). With 20% of $99 being
 * $19.80, the figure is exact in cents; divRound keeps it so for any other percentage.
 */
export function revenueForecast(input: ForecastInput): Record<ForecastMonth, Cents> {
  const forecast = {} as Record<ForecastMonth, Cents>
  for (const month of FORECAST_MONTHS) forecast[month] = forecastRevenue(input, month)
  return forecast
}

export function forecastRevenue({ paidUsers, recentSignups }: ForecastInput, month: number): Cents {
  const converted = divRound(month * recentSignups * TRIAL_CONVERSION_PERCENT * MONTHLY_PRICE_CENTS, 100)
  return paidUsers * MONTHLY_PRICE_CENTS + converted
}

/**
 * docs/spec/product-spec.md §3: the admin view of a subscription: monthly_paid is 'Paid', performance_trial 'Trial',
 * trial_ended 'Expired', anything else (admin) as stored.
 */
export function subscriptionStatus(tier: string): string {
  switch (tier) {
    case 'monthly_paid':
      return 'Paid'
    case 'performance_trial':
      return 'Trial'
    case 'trial_ended':
      return 'Expired'
    default:
      return tier
  }
}

/**
 * How often a user signs in: their logins per week since sign-up, 1 decimal. An account younger than a
 * week counts as one week old, so a first-day login is 1.0 rather than an inflated rate.
 */
export function loginsPerWeek(logins: number, createdAt: Date, now: Date): number {
  const weeks = Math.max(1, (now.getTime() - createdAt.getTime()) / (WEEK_DAYS * DAY_MS))
  return Math.round((logins / weeks) * 10) / 10
}
