import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import {
  adminGrowth,
  adminUsersPage,
  adminUsersQuery,
  MAX_PAGE_SIZE,
  masterStats,
} from '../../contract/admin-reads'
import {
  ACTIVE_DAYS,
  daysBefore,
  loginsPerWeek,
  revenueForecast,
  SIGNUP_BASE_DAYS,
  subscriptionStatus,
  TRIAL_CONVERSION_PERCENT,
  WEEK_DAYS,
} from '../../domain/admin-dashboards'
import { calendarDay, startOfDay } from '../../domain/calendar'
import { type Cents, divRound, formatCents, formatDollars } from '../../domain/money'
import { discountPercent, MONTHLY_PRICE_CENTS, monthlyDiscountCents } from '../../domain/referrals'
import { settledRates } from '../../domain/statistics'
import { signedInUser } from '../auth/session.plugin'
import type { UserRow } from '../db/schema'
import { refusals } from '../http/contract'
import { isBlocked } from '../users/user-view'
import { adminReadsRepository, type SettledTotals } from './admin-reads.repository'

/**
 * The dashboards' reads: GET /api/master/stats, /api/admin/users (the Master table, or with
 * view=activity the Admin dashboard's list) and /api/admin/growth. http/guards.ts keeps both prefixes to
 * admins (decision 013: 401 signed out, 403 otherwise). docs/admin.md defines every figure.
 */
export async function adminReadsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const reads = adminReadsRepository(app.db)

  const statsSchema = {
    summary: 'The platform: users, active users, wagered, bets, profit/loss and the plan mix',
    description: `Over accounts not deleted. Money from settled committed bets (decisions 002 and 007), the SQL sum of the stored payout less the stake. Active: not suspended, with a login, I’m Here! or bet in the last ${ACTIVE_DAYS} days.`,
    response: { 200: masterStats },
  }
  app.get('/api/master/stats', { schema: statsSchema }, async () => {
    const now = app.clock()
    const platform = await reads.platform(now, daysBefore(now, ACTIVE_DAYS))
    const average = platform.totalUsers === 0 ? 0 : divRound(platform.net, platform.totalUsers)
    return {
      totalUsers: platform.totalUsers,
      activeUsers: platform.activeUsers,
      totalWagered: formatCents(platform.wagered),
      totalBets: platform.placed,
      totalProfitLoss: formatCents(platform.net),
      avgUserProfitLoss: formatCents(average),
      trialUsers: platform.trialUsers,
      paidUsers: platform.paidUsers,
    }
  })

  const usersSchema = {
    summary: 'The Master table of users, or (view=activity) the Admin dashboard’s activity list',
    description: `Search (username or e-mail, any case), sortBy, filterTier, includeDeleted (default false), includeSuspended (default true), page and pageSize (at most ${MAX_PAGE_SIZE}), with the total. One query with each user’s bet totals.`,
    querystring: adminUsersQuery,
    response: { 200: adminUsersPage, ...refusals(400) },
  }
  app.get('/api/admin/users', { schema: usersSchema }, async (request) => {
    const { view, sortBy, page, pageSize, ...rest } = request.query
    const now = app.clock()
    const filter = { ...rest, now }
    if (view === 'activity') {
      const { total, rows } = await reads.activityPage(filter, page, pageSize)
      return { view, activity: rows.map(activityRow), total, page, pageSize }
    }
    const { total, rows } = await reads.userPage(filter, sortBy ?? 'profitLoss', page, pageSize)
    return { view, users: rows.map((row) => userRow(row, now)), total, page, pageSize }
  })

  const growthSchema = {
    summary: 'Sign-ups, plan mix, revenue and the revenue forecast',
    description: `Sign-ups today (the admin’s timezone), in the last 7 and 30 days; revenue from recorded payments (last ${SIGNUP_BASE_DAYS} days, all); forecast n months ahead: (paid users + n x ${SIGNUP_BASE_DAYS}-day sign-ups x ${TRIAL_CONVERSION_PERCENT}%) x $${formatDollars(MONTHLY_PRICE_CENTS, 0)}.`,
    response: { 200: adminGrowth },
  }
  app.get('/api/admin/growth', { schema: growthSchema }, async (request) => {
    const now = app.clock()
    const timezone = signedInUser(request).timezone
    const signups = await reads.signups({
      today: startOfDay(calendarDay(now, timezone), timezone),
      week: daysBefore(now, WEEK_DAYS),
      month: daysBefore(now, SIGNUP_BASE_DAYS),
    })
    const platform = await reads.platform(now, daysBefore(now, ACTIVE_DAYS))
    const revenue = await reads.revenue(daysBefore(now, SIGNUP_BASE_DAYS))
    const forecast = revenueForecast({ paidUsers: platform.paidUsers, recentSignups: signups.month })
    return {
      totalUsers: platform.totalUsers,
      todaySignups: signups.today,
      weekSignups: signups.week,
      monthSignups: signups.month,
      paidUsers: platform.paidUsers,
      trialUsers: platform.trialUsers,
      revenue: { monthly: formatCents(revenue.recent), total: formatCents(revenue.total) },
      forecast: {
        month1: formatCents(forecast[1]),
        month2: formatCents(forecast[2]),
        month3: formatCents(forecast[3]),
        month6: formatCents(forecast[6]),
        month12: formatCents(forecast[12]),
      },
    }
  })
}

type UserRowAnswer = z.input<typeof adminUsersPage> & { view: 'users' }
type ActivityRowAnswer = z.input<typeof adminUsersPage> & { view: 'activity' }

function userRow(row: SettledTotals & { user: UserRow }, now: Date): UserRowAnswer['users'][number] {
  const { user } = row
  const rates = settledRates(row)
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    role: user.role,
    subscriptionTier: user.subscriptionTier,
    createdAt: user.createdAt.toISOString(),
    totalBets: row.placed,
    betsWon: row.won,
    betsLost: row.lost,
    betsPush: row.push,
    totalWagered: formatCents(row.wagered),
    totalProfitLoss: formatCents(row.net),
    winRate: rates.winRate,
    roi: rates.roi,
    avgBetSize: formatCents(averageStake(row)),
    lastLogin: user.lastLoginAt?.toISOString() ?? null,
    loginFrequency: loginsPerWeek(user.loginCount, user.createdAt, now),
    isDeleted: user.isDeleted,
    // Suspended now: a suspension whose date has passed no longer blocks (decision 014), so it is not shown.
    isSuspended: isBlocked({ ...user, isDeleted: false }, now),
    suspendedUntil: user.suspendedUntil?.toISOString() ?? null,
  }
}

function averageStake(row: SettledTotals): Cents {
  return row.placed === 0 ? 0 : divRound(row.staked, row.placed)
}

function activityRow(
  row: SettledTotals & { user: UserRow; lastActivity: Date; referralCount: number; activeDiscounts: number },
): ActivityRowAnswer['activity'][number] {
  const { user } = row
  return {
    user: {
      id: user.id,
      username: user.username,
      email: user.email,
      createdAt: user.createdAt.toISOString(),
    },
    subscriptionStatus: subscriptionStatus(user.subscriptionTier),
    discountAmount: formatCents(monthlyDiscountCents(discountPercent(row.activeDiscounts))),
    totalBets: row.placed,
    totalWagered: formatCents(row.wagered),
    netProfit: formatCents(row.net),
    referralCount: row.referralCount,
    lastActivity: row.lastActivity.toISOString(),
  }
}
