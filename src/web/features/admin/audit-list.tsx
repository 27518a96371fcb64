import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { api } from '../../api'
import { CARD } from '../../ui/card'
import { When } from '../../ui/format'
import { Spinner } from '../../ui/spinner'
import { ADMIN_KEYS, type AuditPage } from './admin-data'
import { LoadFailure } from './admin-ui'
import { Pagination } from './pagination'

const AUDIT_PAGE_SIZE = 25

/** The audit trail (decision 048): who did what to whom, why and when, newest first; never editable. */
export function AuditList() {
  const [page, setPage] = useState(1)
  const audit = useQuery({
    queryKey: [...ADMIN_KEYS.audit, page],
    queryFn: () =>
      api.get('GET /api/admin/audit', { query: { page: String(page), pageSize: String(AUDIT_PAGE_SIZE) } }),
    placeholderData: keepPreviousData,
  })
  if (audit.isPending) return <Spinner label="Loading audit trail..." />
  if (audit.isError) return <LoadFailure error={audit.error} what="the audit trail" />
  const { entries, total } = audit.data
  if (entries.length === 0) return <p className={`${CARD} p-4 text-slate-400`}>No admin actions yet.</p>
  return (
    <div className="flex flex-col gap-3">
      <ol aria-label="Audit trail" className="flex flex-col gap-2">
        {entries.map((entry) => (
          <li key={entry.id} className={`${CARD} flex flex-col gap-1 p-3 text-sm`}>
            <div className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-semibold capitalize">{entry.action}</span>
              <span className="text-slate-300">of {targetName(entry)}</span>
              <span className="text-slate-400">
                by {entry.admin ? (entry.admin.username ?? `account #${entry.admin.id}`) : 'the command line'}
              </span>
              <span className="ml-auto text-xs text-slate-400">
                <When iso={entry.at} />
              </span>
            </div>
            <p className="text-slate-200">Reason: {entry.reason}</p>
            {entry.until ? (
              <p className="text-xs text-slate-400">
                Until <When iso={entry.until} />
              </p>
            ) : null}
          </li>
        ))}
      </ol>
      {total > AUDIT_PAGE_SIZE ? (
        <Pagination
          page={page}
          pageSize={AUDIT_PAGE_SIZE}
          total={total}
          onPage={setPage}
          label="Audit pages"
        />
      ) : null}
    </div>
  )
}

/**
 * Whom an entry acted on: the username it had then (kept after a hard delete), said deleted on
 * the hard delete itself; the number for older entries whose account was already gone.
 */
function targetName(entry: AuditPage['entries'][number]): string {
  const { id, username } = entry.target
  if (username === null) return `account #${id} (deleted)`
  return entry.action === 'hard delete' ? `${username} (deleted)` : username
}
