import { Link } from '../../router'
import type { User } from '../../types'
import { formatDay } from '../../ui/day'
import { FOCUS } from '../../ui/focus'
import { Field, SettingsCard } from './settings-ui'
import { TierBadge } from './tier-badge'

/** Spec section 2, Account Settings: the plan badge and, for a trial, the day it ends (D16). */
export function SubscriptionCard({ user }: { user: User }) {
  const trialEnd = user.trialEndDate ? new Date(user.trialEndDate) : null
  const ended = trialEnd !== null && trialEnd.getTime() <= Date.now()
  return (
    <SettingsCard id="settings-subscription" title="Subscription">
      <dl className="flex flex-col gap-3">
        <Field label="Plan">
          <TierBadge subscriptionTier={user.subscriptionTier} />
        </Field>
        {trialEnd ? (
          <Field label={ended ? 'Trial ended' : 'Trial ends'}>
            <time dateTime={trialEnd.toISOString()}>{formatDay(trialEnd, user.timezone)}</time>
          </Field>
        ) : null}
      </dl>
      {user.isAdmin ? null : (
        <p className="mt-4 text-sm text-slate-400">
          The trial is free for 7 days; then Monthly Unlimited is $99/month, cancel anytime.{' '}
          <Link href="/pricing" className={`rounded text-emerald-400 underline ${FOCUS}`}>
            View pricing
          </Link>
        </p>
      )}
    </SettingsCard>
  )
}
