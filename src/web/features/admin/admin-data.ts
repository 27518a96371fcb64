import type { z } from 'zod'
import type { auditPage } from '../../../contract/admin'
import type { adminGrowth, adminUsersPage, masterStats } from '../../../contract/admin-reads'
import type { RouteOf, RouteQuery } from '../../../contract/routes'
import type { TierFilter, UserSort } from '../../../domain/admin-dashboards'
import { ApiError, api } from '../../api'

/** The dashboards' answers as the web reads them (src/contract/admin-reads.ts; docs/admin.md). */
export type MasterStats = z.infer<typeof masterStats>
export type AdminGrowth = z.infer<typeof adminGrowth>
type UsersPage = z.infer<typeof adminUsersPage>
export type UserListPage = Extract<UsersPage, { view: 'users' }>
export type ActivityPage = Extract<UsersPage, { view: 'activity' }>
export type AdminUser = UserListPage['users'][number]
export type ActivityRow = ActivityPage['activity'][number]

/** GET /api/admin/users answers the view it was asked for; this reads the one a screen asked for. */
export async function usersView<View extends UsersPage['view']>(
  view: View,
  query: RouteQuery<'GET /api/admin/users'>,
): Promise<Extract<UsersPage, { view: View }>> {
  const page = await api.get('GET /api/admin/users', { query: { ...query, view } })
  if (page.view !== view) throw new Error(`GET /api/admin/users answered the ${page.view} view`)
  return page as Extract<UsersPage, { view: View }>
}
export type AuditPage = z.infer<typeof auditPage>

/** docs/spec/product-spec.md §9: the admin users and growth queries poll every 30 s. */
export const ADMIN_POLL_MS = 30_000
export const MASTER_PAGE_SIZE = 25
export const ACTIVITY_PAGE_SIZE = 100

export const ADMIN_KEYS = {
  stats: ['GET /api/master/stats'],
  users: ['GET /api/admin/users'],
  growth: ['GET /api/admin/growth'],
  audit: ['GET /api/admin/audit'],
} as const satisfies Record<string, readonly [RouteOf<'GET'>]>

export const SORT_LABELS: Record<UserSort, string> = {
  profitLoss: 'Profit/Loss',
  totalWagered: 'Total Wagered',
  winRate: 'Win Rate',
  totalBets: 'Total Bets',
  lastLogin: 'Last Login',
  created: 'Newest',
}

export const TIER_LABELS: Record<TierFilter, string> = {
  all: 'All Tiers',
  admin: 'Admin',
  performance_trial: 'Trial',
  monthly_paid: 'Pro Member',
  trial_ended: 'Trial Ended',
}

export interface UserQuery {
  search: string
  sortBy: UserSort
  filterTier: TierFilter
  includeDeleted: boolean
  includeSuspended: boolean
  page: number
}

export function usersQuery(query: UserQuery): RouteQuery<'GET /api/admin/users'> {
  const params: RouteQuery<'GET /api/admin/users'> = {
    sortBy: query.sortBy,
    filterTier: query.filterTier,
    includeDeleted: query.includeDeleted ? 'true' : 'false',
    includeSuspended: query.includeSuspended ? 'true' : 'false',
    page: String(query.page),
    pageSize: String(MASTER_PAGE_SIZE),
  }
  const search = query.search.trim()
  return search ? { ...params, search } : params
}

/** docs/spec/product-spec.md §6 and §8: a refusal of the admin reads shows 'Unauthorized'. */
export function isRefused(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403)
}
