import { useMutation, useQuery } from '@tanstack/react-query'
import { api, routeQuery } from '../../api'
import { lazyNamed } from '../../lazy-page'
import { useToast } from '../../toasts'
import { Button } from '../../ui/button'
import { CARD } from '../../ui/card'
import { formatMoney } from '../../ui/format'
import { Loading } from '../../ui/spinner'
import { StatCard } from '../../ui/stat-card'
import { ActivityList } from './activity-list'
import { ACTIVITY_PAGE_SIZE, ADMIN_KEYS, ADMIN_POLL_MS, type AdminGrowth, usersView } from './admin-data'
import { LoadFailure, StatCardsSkeleton } from './admin-ui'
import { ForecastFigures } from './forecast-figures'

/** The chart library loads with the chart, never with the first page. */
const ForecastChart = lazyNamed(() => import('./forecast-chart').then((module) => module.ForecastChart))

const ACTIVITY_QUERY = { includeDeleted: 'false', pageSize: String(ACTIVITY_PAGE_SIZE) } as const

/**
 * /admin (spec, Admin dashboard): growth cards, the revenue forecast drawn as a chart, the
 * 600 px activity list, 'Clean Expired Discounts' and 'Refresh'. Both reads poll every 30 s without
 * retries (docs/spec/product-spec.md §7 and §9). A refusal by the server shows 'Unauthorized' (decision 013).
 */
export function AdminPage() {
  const toast = useToast()
  const growth = useQuery({ ...routeQuery('GET /api/admin/growth'), refetchInterval: ADMIN_POLL_MS })
  const activity = useQuery({
    queryKey: [...ADMIN_KEYS.users, 'activity'],
    queryFn: () => usersView('activity', ACTIVITY_QUERY),
    refetchInterval: ADMIN_POLL_MS,
  })
  const expire = useMutation({
    mutationFn: () => api.post('POST /api/admin/expire-discounts'),
    onSuccess: () => {
      toast('success', 'Expired old discounts successfully')
      void activity.refetch()
    },
    onError: () => toast('error', 'Failed to expire discounts'),
  })
  const refresh = async () => {
    const [g, a] = await Promise.all([growth.refetch(), activity.refetch()])
    if (g.isError || a.isError) toast('error', 'Refresh Failed')
    else toast('success', 'Dashboard Updated')
  }
  if (growth.isError && !growth.data) return <LoadFailure error={growth.error} what="the dashboard" />
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">Admin Dashboard</h1>
        <div className="flex gap-2">
          <Button variant="secondary" disabled={expire.isPending} onClick={() => expire.mutate()}>
            Clean Expired Discounts
          </Button>
          <Button disabled={growth.isFetching || activity.isFetching} onClick={() => void refresh()}>
            Refresh
          </Button>
        </div>
      </div>
      {growth.data ? (
        <GrowthCards growth={growth.data} />
      ) : (
        <StatCardsSkeleton count={4} label="Loading summary" />
      )}
      <section aria-labelledby="forecast-title" className={`${CARD} flex flex-col gap-3 p-4`}>
        <h2 id="forecast-title" className="text-lg font-semibold">
          Revenue Forecast
        </h2>
        <p className="text-sm text-slate-400">
          Monthly revenue if 20% of trials convert, at the last 30 days' sign-up pace, on top of today's
          paying users.
        </p>
        {growth.data ? (
          <>
            <Loading>
              <ForecastChart forecast={growth.data.forecast} />
            </Loading>
            <ForecastFigures forecast={growth.data.forecast} />
          </>
        ) : (
          <div className="h-64 animate-pulse rounded bg-slate-800" />
        )}
      </section>
      <section aria-labelledby="activity-title" className="flex flex-col gap-2">
        <h2 id="activity-title" className="text-lg font-semibold">
          User Activity
        </h2>
        {activity.isError && !activity.data ? (
          <LoadFailure error={activity.error} what="the activity" />
        ) : (
          <ActivityList page={activity.data ?? null} />
        )}
      </section>
    </div>
  )
}

function GrowthCards({ growth }: { growth: AdminGrowth }) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard
        label="Total Users"
        value={growth.totalUsers}
        note={`${growth.todaySignups} signed up today`}
      />
      <StatCard
        label="New Sign-ups"
        value={`${growth.weekSignups} this week`}
        note={`${growth.monthSignups} in the last 30 days`}
      />
      <StatCard
        label="Subscriptions"
        value={`${growth.paidUsers} paid`}
        note={`${growth.trialUsers} on trial`}
      />
      <StatCard
        label="Revenue (30 days)"
        value={formatMoney(growth.revenue.monthly)}
        note={`${formatMoney(growth.revenue.total)} in total`}
      />
    </dl>
  )
}
