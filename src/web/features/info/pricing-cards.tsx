import type { ReactNode } from 'react'
import { formatDollars } from '../../../domain/money'
import { Link } from '../../router'
import type { User } from '../../types'
import { BADGE } from '../../ui/badge'
import { buttonClass } from '../../ui/button'
import { CARD } from '../../ui/card'
import { UNDERLINED_LINK } from '../../ui/link'

/** D16 and spec section 9: a free 7-day trial, then $99/month; referrals take 10% off per paying friend. */
export const TRIAL_DAYS = 7
export const MONTHLY_PRICE = 99

/** The trial fields the API sends beside the shared User type. */

export function AdminAccessCard() {
  return (
    <section aria-labelledby="pricing-admin" className={`${CARD} border-purple-500/50 p-6`}>
      <h2 id="pricing-admin" className="text-xl font-semibold">
        Admin Access
      </h2>
      <p className="mt-2 text-slate-300">
        Your account is an administrator account: every feature is unlocked and no subscription applies.
      </p>
    </section>
  )
}

export function PlanCards({ user }: { user: User | null | undefined }) {
  const tier = user?.subscriptionTier
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
      <PlanCard
        id="plan-trial"
        name="Free Trial"
        price="$0"
        period={`for ${TRIAL_DAYS} days`}
        current={tier === 'performance_trial' || tier === 'trial'}
        features={[
          `${TRIAL_DAYS} days of full access`,
          'No payment and no card required',
          'Outcome grid, live games and P&L history',
          'Upgrade anytime, or simply let it end',
        ]}
        note={
          <>
            Trial spots are limited while we onboard new members.
            {user?.trialSlotNumber ? ` You hold trial spot #${user.trialSlotNumber}.` : null}
          </>
        }
        // Spec section 2, Pricing: the Free Trial button goes to the login endpoint (a navigation).
        action={
          <a href="/api/auth/login" className={`${buttonClass('secondary')} block text-center`}>
            Start Free Trial
          </a>
        }
      />
      <PlanCard
        id="plan-monthly"
        name="Monthly Unlimited"
        price={`$${MONTHLY_PRICE}`}
        period="per month"
        highlight
        current={tier === 'monthly_paid'}
        features={[
          'Unlimited bets on every league',
          'Live outcome grid and probability analysis',
          'Smart bet suggestions',
          'P&L history, CSV export and share cards',
          'Cancel anytime',
        ]}
        note="Billing is handled by our support team while online payment is being set up."
        action={
          <Link href="/support" className={`${buttonClass('primary')} block text-center`}>
            Get Monthly Unlimited
          </Link>
        }
      />
    </div>
  )
}

function PlanCard(props: {
  id: string
  name: string
  price: string
  period: string
  features: string[]
  note: ReactNode
  action: ReactNode
  current: boolean
  highlight?: boolean
}) {
  return (
    <section
      aria-labelledby={props.id}
      className={`${CARD} flex flex-col gap-4 p-6 ${props.highlight ? 'border-emerald-500/60' : ''}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={props.id} className="text-xl font-semibold">
          {props.name}
        </h2>
        {props.current ? (
          <span className={`${BADGE} border border-sky-400/60 bg-sky-500/20 text-sky-100`}>
            Your current plan
          </span>
        ) : null}
      </div>
      <p>
        <span className="text-4xl font-bold">{props.price}</span>{' '}
        <span className="text-slate-400">{props.period}</span>
      </p>
      <ul className="flex flex-1 flex-col gap-2 text-sm text-slate-200">
        {props.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <span aria-hidden="true" className="text-emerald-400">
              ✓
            </span>
            {feature}
          </li>
        ))}
      </ul>
      <p className="text-xs text-slate-400">{props.note}</p>
      {props.action}
    </section>
  )
}

export function ReferralNote() {
  return (
    <aside className="rounded-xl border border-amber-500/40 bg-amber-950/30 p-4 text-sm text-amber-100">
      <h2 className="mb-1 font-semibold text-white">Refer friends, pay less</h2>
      <p>
        Each friend you refer who pays for a month takes 10% off your subscription for 12 months. Up to 5
        referrals count at once, so you can save up to 50% (${formatDollars(MONTHLY_PRICE * 50)} off each
        month).{' '}
        <Link href="/referrals" className={UNDERLINED_LINK}>
          Get your referral code
        </Link>
      </p>
    </aside>
  )
}
