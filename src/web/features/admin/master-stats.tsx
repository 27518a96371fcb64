import { centsOf, formatMoney, formatSignedMoney, netTone } from '../../ui/format'
import { StatCard } from '../../ui/stat-card'
import type { MasterStats } from './admin-data'

/** docs/spec/product-spec.md §2, Master Dashboard: users, money wagered, platform P&L and the subscription mix. */
export function MasterStatCards({ stats }: { stats: MasterStats }) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard label="Total Users" value={stats.totalUsers} note={`${stats.activeUsers} active (30 days)`} />
      <StatCard
        label="Total Wagered"
        value={formatMoney(stats.totalWagered)}
        note={`${stats.totalBets} bets placed`}
      />
      <StatCard
        label="Platform P&L"
        value={formatSignedMoney(stats.totalProfitLoss)}
        valueClass={netTone(centsOf(stats.totalProfitLoss))}
        note={`${formatSignedMoney(stats.avgUserProfitLoss)} average per user`}
      />
      <StatCard
        label="Subscriptions"
        value={`${stats.paidUsers} paid`}
        note={`${stats.trialUsers} on trial`}
      />
    </dl>
  )
}
