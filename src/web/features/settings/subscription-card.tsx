import { dollarsToCents } from '../../../domain/money'
import { useBillingPlan } from '../../queries'
import { Link } from '../../router'
import type { BillingPlan, User } from '../../types'
import { FOCUS } from '../../ui/focus'
import { Day, formatMoney } from '../../ui/format'
import { CancelSubscription } from '../plan/cancel-subscription'
import { Field, SettingsCard } from './settings-ui'
import { TierBadge } from './tier-badge'

/**
 * docs/spec/product-spec.md §2, Account Settings: the plan badge and, for a trial, the day it ends (decision 016); it also adds
 * the next payment (the end of the paid period) and the active referral discount with the price after it
 * (decision 017), from GET /api/billing/plan; it also offers 'Cancel subscription' and when a canceled one ends.
 */
export function SubscriptionCard({ user }: { user: User }) {
  const query = useBillingPlan()
  return (
    <SettingsCard id="settings-subscription" title="Subscription">
      {query.data ? (
        <>
          <PlanFields plan={query.data} />
          {query.data.cancellable || query.data.subscriptionEndsAt ? (
            <div className="mt-4">
              <CancelSubscription plan={query.data} />
            </div>
          ) : null}
        </>
      ) : query.isError ? (
        <p className="text-sm text-red-300">Your plan could not be loaded. Reload the page to try again.</p>
      ) : (
        <p role="status" className="text-sm text-slate-400">
          Loading your plan…
        </p>
      )}
      {user.isAdmin ? null : (
        <p className="mt-4 text-sm text-slate-400">
          {query.data?.subscriptionEndsAt
            ? 'You can subscribe again once it has ended.'
            : query.data?.tier === 'monthly_paid'
              ? 'Monthly Unlimited renews each month at the price after your discount; cancel anytime.'
              : 'The trial is free for 7 days; then Monthly Unlimited is $99/month, cancel anytime.'}{' '}
          <Link href="/pricing" className={`rounded text-emerald-400 underline ${FOCUS}`}>
            View pricing
          </Link>
        </p>
      )}
    </SettingsCard>
  )
}

function PlanFields({ plan }: { plan: BillingPlan }) {
  const trialEnd = plan.trialEndDate ? new Date(plan.trialEndDate) : null
  const ended = trialEnd !== null && trialEnd.getTime() <= Date.now()
  return (
    <dl className="flex flex-col gap-3">
      <Field label="Plan">
        <TierBadge subscriptionTier={plan.tier} />
      </Field>
      {trialEnd && plan.tier !== 'monthly_paid' ? (
        <Field label={ended ? 'Trial ended' : 'Trial ends'}>
          <Day iso={trialEnd.toISOString()} />
        </Field>
      ) : null}
      {plan.nextPaymentDate ? (
        <Field label="Next payment">
          <Day iso={plan.nextPaymentDate} />
        </Field>
      ) : null}
      {plan.tier !== 'admin' ? (
        <Field label="Discount">
          {plan.discountPercent > 0 ? (
            <>
              {plan.discountPercent}% referral discount:{' '}
              {formatMoney(dollarsToCents(plan.priceAfterDiscount))}
              /month instead of {formatMoney(dollarsToCents(plan.monthlyPrice))}
            </>
          ) : (
            <span className="text-slate-400">
              None yet.{' '}
              <Link href="/referrals" className={`rounded text-emerald-400 underline ${FOCUS}`}>
                Refer a friend
              </Link>{' '}
              for 10% off
            </span>
          )}
        </Field>
      ) : null}
    </dl>
  )
}
