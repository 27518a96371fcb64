import { dollarsToCents } from '../../../domain/money'
import { MAX_ACTIVE_REFERRALS } from '../../../domain/referrals'
import type { ReferralStats } from '../../types'
import { CARD } from '../../ui/card'
import { formatMoney } from '../../ui/format'
import { StatCard } from '../../ui/stat-card'
import { plural } from '../../ui/text'

/**
 * docs/spec/product-spec.md §2, Referrals: the current discount with its monthly saving ($99 times the percent, spec
 * section 9, computed by the server through the domain), active referrals out of 5 and the total referred.
 */
/** The referral figures read in the app's accent. */
const FIGURE = 'text-emerald-300'

export function ReferralStatCards({ stats }: { stats: ReferralStats }) {
  const saving = formatMoney(dollarsToCents(stats.monthlyDiscountAmount))
  return (
    <dl className="grid gap-3 sm:grid-cols-3">
      <StatCard
        valueClass={FIGURE}
        label="Current Discount"
        value={`${stats.currentDiscount}%`}
        note={`Saving ${saving}/month`}
      />
      <StatCard
        valueClass={FIGURE}
        label="Active Referrals"
        value={`${stats.activeReferrals}/${MAX_ACTIVE_REFERRALS}`}
        note={`${plural(stats.slotsRemaining, 'slot')} remaining`}
      />
      <StatCard
        valueClass={FIGURE}
        label="Total Referred"
        value={String(stats.totalReferrals)}
        note="Friends who signed up with your codes"
      />
    </dl>
  )
}

/** Placeholders the size of the three cards while the figures load. */
export function StatCardsSkeleton() {
  return (
    <div className="grid gap-3 sm:grid-cols-3" aria-hidden="true">
      {['discount', 'active', 'total'].map((key) => (
        <div key={key} className={`${CARD} h-24 animate-pulse p-4`}>
          <div className="h-3 w-24 rounded bg-slate-800" />
          <div className="mt-3 h-6 w-16 rounded bg-slate-800" />
        </div>
      ))}
    </div>
  )
}
