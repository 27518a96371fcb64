import { useVirtualizer } from '@tanstack/react-virtual'
import { useRef } from 'react'
import { CARD } from '../../ui/card'
import { FOCUS } from '../../ui/focus'
import { Figure, Money, When } from '../../ui/format'
import { Spinner } from '../../ui/spinner'
import { plural } from '../../ui/text'
import type { ActivityPage, ActivityRow } from './admin-data'

/** docs/spec/product-spec.md §9: the activity list is 600 px tall and scrolls. */
const LIST_HEIGHT_PX = 600
const ROW_HEIGHT_PX = 84

/**
 * docs/spec/product-spec.md §3, Admin activity row: latest activity first. Only the rows in view are in the page
 * (react-virtual), so a long list stays light.
 */
export function ActivityList({ page }: { page: ActivityPage | null }) {
  const scroller = useRef<HTMLElement>(null)
  const rows = page?.activity ?? []
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT_PX,
    overscan: 6,
  })
  if (page === null) return <Spinner label="Loading activity..." />
  if (rows.length === 0) return <p className={`${CARD} p-4 text-slate-400`}>No users yet.</p>
  return (
    <>
      <section
        ref={scroller}
        aria-label="User activity list"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the 600 px list scrolls by keyboard too
        tabIndex={0}
        style={{ height: LIST_HEIGHT_PX }}
        className={`${CARD} overflow-y-auto ${FOCUS}`}
      >
        <ul className="relative w-full" style={{ height: virtual.getTotalSize() }}>
          {virtual.getVirtualItems().map((item) => {
            const row = rows[item.index]
            return row ? (
              <li
                key={row.user.id}
                className="absolute left-0 w-full border-b border-slate-800 px-4 py-2"
                style={{ top: item.start, height: ROW_HEIGHT_PX }}
              >
                <ActivityItem row={row} />
              </li>
            ) : null
          })}
        </ul>
      </section>
      <p className="text-sm text-slate-400">
        {page.total > rows.length
          ? `The ${rows.length} most recently active of ${page.total} users`
          : plural(page.total, 'user')}
      </p>
    </>
  )
}

function ActivityItem({ row }: { row: ActivityRow }) {
  return (
    <div className="flex h-full flex-col justify-center gap-1 text-sm">
      <div className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-semibold">{row.user.username}</span>
        <span className="text-slate-400">{row.user.email}</span>
        <span className="rounded-full border border-slate-600 px-2 text-xs">{row.subscriptionStatus}</span>
        <span className="ml-auto text-xs text-slate-400">
          Last active <When iso={row.lastActivity} />
        </span>
      </div>
      <div className="flex flex-wrap gap-x-4 text-slate-300">
        <Figure>{plural(row.totalBets, 'bet')}</Figure>
        <span>
          <Money amount={row.totalWagered} /> wagered
        </span>
        <span>
          <Money amount={row.netProfit} signed tone /> net
        </span>
        <Figure>{plural(row.referralCount, 'referral')}</Figure>
        <span>
          <Money amount={row.discountAmount} />
          /mo discount
        </span>
        <span className="text-slate-400">
          Joined <When iso={row.user.createdAt} />
        </span>
      </div>
    </div>
  )
}
