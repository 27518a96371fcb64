import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { TIER_FILTERS, type TierFilter, USER_SORTS, type UserSort } from '../../../domain/admin-dashboards'
import { routeQuery } from '../../api'
import { TabPanel, Tabs } from '../../ui/tabs'
import { ADMIN_KEYS, type UserQuery, usersQuery, usersView } from './admin-data'
import { LoadFailure, StatCardsSkeleton } from './admin-ui'
import { AuditList } from './audit-list'
import { MasterStatCards } from './master-stats'
import { UserFilters } from './user-filters'
import { UserManagement } from './user-management'

type MasterTab = 'users' | 'audit'
const TABS = [
  { key: 'users', label: 'Users' },
  { key: 'audit', label: 'Audit' },
] as const satisfies readonly { key: MasterTab; label: string }[]

const FIRST_QUERY: UserQuery = {
  search: '',
  sortBy: USER_SORTS[0],
  filterTier: TIER_FILTERS[0],
  includeDeleted: false,
  includeSuspended: true,
  page: 1,
}

/**
 * /master (spec, Master Dashboard): the platform's stat cards, the user table with search, sort,
 * tier filter and include checkboxes, the per-state actions, and the audit trail. The server decides who
 * may see it (decision 013): a refusal shows 'Unauthorized'.
 */
export function MasterPage() {
  const [tab, setTab] = useState<MasterTab>('users')
  const [query, setQuery] = useState<UserQuery>(FIRST_QUERY)
  const stats = useQuery({ ...routeQuery('GET /api/master/stats') })
  const users = useQuery({
    queryKey: [...ADMIN_KEYS.users, query],
    queryFn: () => usersView('users', usersQuery(query)),
    placeholderData: keepPreviousData,
  })
  const change = useCallback(
    (next: Partial<UserQuery>) => setQuery((current) => ({ ...current, page: 1, ...next })),
    [],
  )
  const onSearch = useCallback((search: string) => change({ search }), [change])
  if (stats.isError) return <LoadFailure error={stats.error} what="the dashboard" />
  return (
    <div className="flex flex-col gap-5">
      <h1 className="text-2xl font-bold sm:text-3xl">Master Dashboard</h1>
      {stats.data ? (
        <MasterStatCards stats={stats.data} />
      ) : (
        <StatCardsSkeleton count={4} label="Loading stats" />
      )}
      <Tabs
        label="Master Dashboard sections"
        idBase="master"
        tabs={TABS}
        selected={tab}
        onSelect={setTab}
        look="pills"
      />
      <TabPanel idBase="master" selected={tab}>
        {tab === 'users' ? (
          <div className="flex flex-col gap-4">
            <UserFilters
              query={query}
              onSearch={onSearch}
              onSort={(sortBy: UserSort) => change({ sortBy })}
              onTier={(filterTier: TierFilter) => change({ filterTier })}
              onIncludeDeleted={(includeDeleted) => change({ includeDeleted })}
              onIncludeSuspended={(includeSuspended) => change({ includeSuspended })}
            />
            {users.isError ? (
              <LoadFailure error={users.error} what="the users" />
            ) : (
              <UserManagement
                page={users.data ?? null}
                onPage={(page) => setQuery((current) => ({ ...current, page }))}
              />
            )}
          </div>
        ) : (
          <AuditList />
        )}
      </TabPanel>
    </div>
  )
}
