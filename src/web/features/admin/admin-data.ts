import type { z } from 'zod'
import type { auditPage } from '../../../contract/admin'
import type { adminGrowth, adminUsersPage, masterStats } from '../../../contract/admin-reads'
import type { TierFilter, UserSort } from '../../../domain/admin-dashboards'
import { ApiError } from '../../api'

/** The dashboards' answers as the web reads them (src/contract/admin-reads.ts; docs/admin.md). */
export type MasterStats = z.infer<typeof masterStats>
export type AdminGrowth = z.infer<typeof adminGrowth>
type UsersPage = z.infer<typeof adminUsersPage>
export type UserListPage = Extract<UsersPage, { view: 'users' }>
export type ActivityPage = Extract<UsersPage, { view: 'activity' }>
export type AdminUser = UserListPage['users'][number]
export type ActivityRow = ActivityPage['activity'][number]
export type AuditPage = z.infer<typeof auditPage>

/** Spec section 9: the admin users and growth queries poll every 30 s. */
export const ADMIN_POLL_MS = 30_000
export const MASTER_PAGE_SIZE = 25
export const ACTIVITY_PAGE_SIZE = 100

export const ADMIN_KEYS = {
  stats: ['/api/master/stats'],
  users: ['/api/admin/users'],
  growth: ['/api/admin/growth'],
  audit: ['/api/admin/audit'],
} as const

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

export function usersUrl(query: UserQuery): string {
  const params = new URLSearchParams({
    sortBy: query.sortBy,
    filterTier: query.filterTier,
    includeDeleted: String(query.includeDeleted),
    includeSuspended: String(query.includeSuspended),
    page: String(query.page),
    pageSize: String(MASTER_PAGE_SIZE),
  })
  const search = query.search.trim()
  if (search) params.set('search', search)
  return `/api/admin/users?${params}`
}

/** Spec sections 6 and 8: a refusal of the admin reads shows 'Unauthorized'. */
export function isRefused(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403)
}
