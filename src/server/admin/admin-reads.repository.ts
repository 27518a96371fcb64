import { and, asc, desc, eq, gt, gte, isNotNull, type SQL, sql } from 'drizzle-orm'
import type { TierFilter, UserSort } from '../../domain/admin-dashboards'
import type { Cents } from '../../domain/money'
import { bets } from '../db/bets-schema'
import { payments, referralDiscounts } from '../db/billing-schema'
import type { Db } from '../db/client'
import { users } from '../db/schema'

/**
 * The dashboards' reads, each one SQL statement over all users (never a query per user). A bet counts in
 * P&L by the rule of domain/statistics.ts, written here once in SQL: committed, with a result and its
 * stored payout (decisions 002 and 007; decision 037: payout is stored by settlement, so an SQL sum of
 * payout - amount equals the app's figure). tests/api/admin-reads.db.test.ts holds the two to agreement.
 */
const settled = sql`${bets.betStatus} = 'committed' and ${bets.result} is not null and ${bets.payoutCents} is not null`
const placed = sql`${bets.betStatus} = 'committed'`

const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number)
const sumWhere = (value: SQL | typeof bets.amountCents, condition: SQL) =>
  sql<Cents>`coalesce(sum(${value}) filter (where ${condition}), 0)`.mapWith(Number)

/** Per user: the settled totals statistics.ts would compute from the same rows. */
function betTotals(db: Db) {
  return db
    .select({
      userId: bets.userId,
      placed: countWhere(placed).as('placed'),
      settled: countWhere(settled).as('settled'),
      // The record's rule (recordOf, decision 071): a half win counts as won, a half loss as lost.
      won: countWhere(sql`${settled} and ${bets.result} in ('won', 'half_won')`).as('won'),
      lost: countWhere(sql`${settled} and ${bets.result} in ('lost', 'half_lost')`).as('lost'),
      push: countWhere(sql`${settled} and ${bets.result} in ('push', 'void')`).as('push'),
      wagered: sumWhere(bets.amountCents, settled).as('wagered'),
      net: sumWhere(sql`${bets.payoutCents} - ${bets.amountCents}`, settled).as('net'),
      staked: sumWhere(bets.amountCents, placed).as('staked'),
      lastBetAt: sql<Date>`max(${bets.placedAt})`.as('last_bet_at'),
    })
    .from(bets)
    .groupBy(bets.userId)
    .as('bet_totals')
}

export interface SettledTotals {
  placed: number
  settledBets: number
  won: number
  lost: number
  push: number
  wagered: Cents
  net: Cents
  /** The stake of placed bets, settled or not. */
  staked: Cents
}

export interface UserListFilter {
  search: string | null
  filterTier: TierFilter
  includeDeleted: boolean
  includeSuspended: boolean
  now: Date
}

/** Suspended now (decision 014): a suspension with no end, or one that ends after now. */
const suspendedNow = (now: Date) =>
  sql`(${users.isSuspended} and (${users.suspendedUntil} is null or ${gt(users.suspendedUntil, now)}))`

function listWhere(filter: UserListFilter): SQL | undefined {
  const conditions: SQL[] = []
  if (filter.search) {
    const text = filter.search.toLowerCase()
    // position() rather than LIKE: '%' and '_' in the search are plain characters.
    conditions.push(
      sql`(position(${text} in lower(${users.username})) > 0 or position(${text} in lower(${users.email})) > 0)`,
    )
  }
  if (filter.filterTier !== 'all') conditions.push(eq(users.subscriptionTier, filter.filterTier))
  if (!filter.includeDeleted) conditions.push(eq(users.isDeleted, false))
  if (!filter.includeSuspended) conditions.push(sql`not ${suspendedNow(filter.now)}`)
  return conditions.length === 0 ? undefined : and(...conditions)
}

export function adminReadsRepository(db: Db) {
  const totals = betTotals(db)
  const int = (value: SQL) => sql<number>`coalesce(${value}, 0)`.mapWith(Number)
  const totalsColumns = {
    placed: int(sql`${totals.placed}`),
    settledBets: int(sql`${totals.settled}`),
    won: int(sql`${totals.won}`),
    lost: int(sql`${totals.lost}`),
    push: int(sql`${totals.push}`),
    wagered: int(sql`${totals.wagered}`),
    net: int(sql`${totals.net}`),
    staked: int(sql`${totals.staked}`),
  }
  /** The latest sign of life: a login, 'I'm Here!' (decision 021), or a bet (greatest() skips nulls). */
  const lastActivity =
    sql<Date>`greatest(${users.lastLoginAt}, ${users.lastActiveAt}, ${totals.lastBetAt})`.mapWith(
      users.lastActiveAt,
    )
  const winRate = sql`coalesce(${totals.won}::float8 / nullif(${totals.settled}, 0), 0)`
  const ORDER: Record<UserSort, SQL[]> = {
    profitLoss: [sql`coalesce(${totals.net}, 0) desc`],
    totalWagered: [sql`coalesce(${totals.wagered}, 0) desc`],
    winRate: [sql`${winRate} desc`],
    totalBets: [sql`coalesce(${totals.placed}, 0) desc`],
    lastLogin: [sql`${users.lastLoginAt} desc nulls last`],
    created: [desc(users.createdAt)],
  }

  async function count(filter: UserListFilter): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(users)
      .where(listWhere(filter))
    return row?.n ?? 0
  }

  return {
    /** The Master table: a page of users with their bet totals, in the chosen order. */
    async userPage(filter: UserListFilter, sortBy: UserSort, page: number, pageSize: number) {
      const rows = await db
        .select({ user: users, ...totalsColumns })
        .from(users)
        .leftJoin(totals, eq(totals.userId, users.id))
        .where(listWhere(filter))
        .orderBy(...ORDER[sortBy], asc(users.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize)
      return { total: await count(filter), rows }
    },

    /** The Admin dashboard's list: latest activity first, with referrals and active discounts. */
    async activityPage(filter: UserListFilter, page: number, pageSize: number) {
      const referred = db
        .select({ ownerId: users.referredBy, n: sql<number>`count(*)`.mapWith(Number).as('n') })
        .from(users)
        .where(and(isNotNull(users.referredBy), eq(users.isDeleted, false)))
        .groupBy(users.referredBy)
        .as('referred')
      const discounts = db
        .select({
          referrerId: referralDiscounts.referrerId,
          n: sql<number>`count(*)`.mapWith(Number).as('active_discounts'),
        })
        .from(referralDiscounts)
        .where(and(eq(referralDiscounts.status, 'active'), gt(referralDiscounts.endsAt, filter.now)))
        .groupBy(referralDiscounts.referrerId)
        .as('discounts')
      const rows = await db
        .select({
          user: users,
          ...totalsColumns,
          lastActivity,
          referralCount: int(sql`${referred.n}`),
          activeDiscounts: int(sql`${discounts.n}`),
        })
        .from(users)
        .leftJoin(totals, eq(totals.userId, users.id))
        .leftJoin(referred, eq(referred.ownerId, users.id))
        .leftJoin(discounts, eq(discounts.referrerId, users.id))
        .where(listWhere(filter))
        .orderBy(sql`${lastActivity} desc`, asc(users.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize)
      return { total: await count(filter), rows }
    },

    /**
     * The platform: accounts not deleted, and the settled totals of their bets. Active means not
     * suspended now, with activity since `activeSince`.
     */
    async platform(now: Date, activeSince: Date) {
      const [row] = await db
        .select({
          totalUsers: sql<number>`count(*)`.mapWith(Number),
          activeUsers:
            sql<number>`count(*) filter (where not ${suspendedNow(now)} and ${lastActivity} >= ${activeSince.toISOString()}::timestamptz)`.mapWith(
              Number,
            ),
          trialUsers:
            sql<number>`count(*) filter (where ${users.subscriptionTier} = 'performance_trial')`.mapWith(
              Number,
            ),
          paidUsers: sql<number>`count(*) filter (where ${users.subscriptionTier} = 'monthly_paid')`.mapWith(
            Number,
          ),
          placed: sql<number>`coalesce(sum(${totals.placed}), 0)`.mapWith(Number),
          wagered: sql<Cents>`coalesce(sum(${totals.wagered}), 0)`.mapWith(Number),
          net: sql<Cents>`coalesce(sum(${totals.net}), 0)`.mapWith(Number),
        })
        .from(users)
        .leftJoin(totals, eq(totals.userId, users.id))
        .where(eq(users.isDeleted, false))
      if (!row) throw new Error('an aggregate returned no row')
      return row
    },

    /** Sign-ups (accounts of role user, deleted or not) since each of three instants. */
    async signups(since: { today: Date; week: Date; month: Date }) {
      const after = (at: Date) =>
        sql<number>`count(*) filter (where ${gte(users.createdAt, at)})`.mapWith(Number)
      const [row] = await db
        .select({ today: after(since.today), week: after(since.week), month: after(since.month) })
        .from(users)
        .where(eq(users.role, 'user'))
      return row ?? { today: 0, week: 0, month: 0 }
    },

    /** Every payment recorded, and those since `since`, in cents. */
    async revenue(since: Date): Promise<{ total: Cents; recent: Cents }> {
      const [row] = await db
        .select({
          total: sql<Cents>`coalesce(sum(${payments.amountCents}), 0)`.mapWith(Number),
          recent:
            sql<Cents>`coalesce(sum(${payments.amountCents}) filter (where ${gte(payments.createdAt, since)}), 0)`.mapWith(
              Number,
            ),
        })
        .from(payments)
      return row ?? { total: 0, recent: 0 }
    },
  }
}

export type AdminReadsRepository = ReturnType<typeof adminReadsRepository>
