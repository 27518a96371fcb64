import { formatRoi } from '../../../domain/money'
import { BADGE } from '../../ui/badge'
import { Button } from '../../ui/button'
import { CARD } from '../../ui/card'
import { FOCUS } from '../../ui/focus'
import { Figure, formatPercent, Money, When } from '../../ui/format'
import { ColumnHeads } from '../../ui/table'
import { TierBadge } from '../settings/tier-badge'
import { ACTION_LABELS, type AdminActionKind, actionsFor } from './action-dialog'
import type { AdminUser } from './admin-data'

/** docs/spec/product-spec.md §2: the table shows 10 skeleton rows while loading. */
export const SKELETON_ROWS = 10

const HEADERS = [
  'User',
  'Tier',
  'Bets (W-L-P)',
  'Wagered',
  'Profit/Loss',
  'Win Rate',
  'ROI',
  'Avg Bet',
  'Last Login',
  'Logins/Week',
  'Status',
  'Actions',
] as const

/** docs/spec/product-spec.md §3, Admin list row, with the per-state actions of section 4. */
export function UserTable({
  users,
  loading,
  onAction,
}: {
  users: readonly AdminUser[]
  loading: boolean
  onAction: (kind: AdminActionKind, user: AdminUser) => void
}) {
  return (
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a keyboard user scrolls the wide table sideways from here
      tabIndex={0}
      aria-label="Users"
      className={`${CARD} overflow-x-auto ${FOCUS}`}
    >
      <table className="w-full min-w-[1100px] text-left text-sm" aria-busy={loading}>
        <ColumnHeads
          className="border-b border-slate-800 text-xs text-slate-400 uppercase"
          cell="px-3 py-2 font-semibold whitespace-nowrap"
          columns={HEADERS}
        />
        <tbody>
          {loading ? (
            <SkeletonRows />
          ) : users.length === 0 ? (
            <tr>
              <td colSpan={HEADERS.length} className="px-3 py-8 text-center text-slate-400">
                No users match these filters.
              </td>
            </tr>
          ) : (
            users.map((user) => <UserRow key={user.id} user={user} onAction={onAction} />)
          )}
        </tbody>
      </table>
    </section>
  )
}

function UserRow({
  user,
  onAction,
}: {
  user: AdminUser
  onAction: (kind: AdminActionKind, user: AdminUser) => void
}) {
  return (
    <tr className="border-b border-slate-800/60 align-top last:border-0">
      <td className="px-3 py-2">
        <div className="font-semibold">{user.username}</div>
        <div className="text-xs text-slate-400">{user.email}</div>
      </td>
      <td className="px-3 py-2">
        <TierBadge subscriptionTier={user.subscriptionTier} />
      </td>
      <td className="px-3 py-2 tabular-nums">
        {user.totalBets}{' '}
        <span className="text-slate-400">
          ({user.betsWon}-{user.betsLost}-{user.betsPush})
        </span>
      </td>
      <td className="px-3 py-2">
        <Money amount={user.totalWagered} />
      </td>
      <td className="px-3 py-2">
        <Money amount={user.totalProfitLoss} signed tone />
      </td>
      <td className="px-3 py-2">
        <Figure>{formatPercent(user.winRate * 100)}</Figure>
      </td>
      <td className="px-3 py-2">
        <Figure>{formatRoi(user.roi)}</Figure>
      </td>
      <td className="px-3 py-2">
        <Money amount={user.avgBetSize} />
      </td>
      <td className="px-3 py-2 whitespace-nowrap">
        <When iso={user.lastLogin} />
      </td>
      <td className="px-3 py-2">
        <Figure>{user.loginFrequency.toFixed(1)}</Figure>
      </td>
      <td className="px-3 py-2">
        <AccountState user={user} />
      </td>
      <td className="px-3 py-2">
        <div className="flex flex-wrap gap-1">
          {actionsFor(user).map((kind) => (
            <Button
              key={kind}
              variant={kind === 'restore' ? 'primary' : 'secondary'}
              // Small text on the solid red of 'danger' is too faint (axe): red letters on the dark row.
              className={`!px-2 !py-1 text-xs ${kind === 'hard' ? 'border-red-500/70 text-red-300' : ''}`}
              onClick={() => onAction(kind, user)}
              aria-label={`${ACTION_LABELS[kind]} ${user.username}`}
            >
              {ACTION_LABELS[kind]}
            </Button>
          ))}
        </div>
      </td>
    </tr>
  )
}

function AccountState({ user }: { user: AdminUser }) {
  if (user.isDeleted) return <span className={`${BADGE} bg-red-500/20 text-red-200`}>Deleted</span>
  if (user.isSuspended)
    return (
      <span className={`${BADGE} bg-amber-500/20 text-amber-100`}>
        {user.suspendedUntil ? (
          <>
            Suspended until <When iso={user.suspendedUntil} />
          </>
        ) : (
          'Suspended'
        )}
      </span>
    )
  return <span className={`${BADGE} bg-emerald-500/20 text-emerald-100`}>Active</span>
}

function SkeletonRows() {
  return (
    <>
      {Array.from({ length: SKELETON_ROWS }, (_, index) => `skeleton-${index}`).map((key) => (
        <tr key={key} data-testid="skeleton-row" className="border-b border-slate-800/60">
          {HEADERS.map((header) => (
            <td key={header} className="px-3 py-3">
              <div className="h-4 w-full animate-pulse rounded bg-slate-800" />
            </td>
          ))}
        </tr>
      ))}
    </>
  )
}
