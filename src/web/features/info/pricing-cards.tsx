import { useMutation } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { BILLING_MESSAGES } from '../../../domain/billing'
import { dollarsToCents } from '../../../domain/money'
import { MONTHLY_PRICE_CENTS } from '../../../domain/referrals'
import { TRIAL_DAYS } from '../../../domain/subscription'
import { api, apiUrl, failureText } from '../../api'
import { Link } from '../../router'
import { useToast } from '../../toasts'
import type { BillingPlan, User } from '../../types'
import { BADGE } from '../../ui/badge'
import { Button, buttonClass } from '../../ui/button'
import { CARD } from '../../ui/card'
import { Day, formatMoney } from '../../ui/format'
import { UNDERLINED_LINK } from '../../ui/link'
import { plural } from '../../ui/text'
import { CancelSubscription } from '../plan/cancel-subscription'

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

/** What /pricing shows of the plan query: the plan once loaded, whether it failed. */
export interface PlanState {
  plan: BillingPlan | undefined
  failed: boolean
}

export function PlanCards({ user, state }: { user: User | null | undefined; state: PlanState }) {
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
            <TrialSlots state={state} />
            {user?.trialSlotNumber ? ` You hold trial spot #${user.trialSlotNumber}.` : null}
          </>
        }
        // docs/spec/product-spec.md §2, Pricing: the Free Trial button goes to the login endpoint (a navigation).
        action={
          <a href={apiUrl('GET /api/auth/login')} className={`${buttonClass('secondary')} block text-center`}>
            Start Free Trial
          </a>
        }
      />
      <PlanCard
        id="plan-monthly"
        name="Monthly Unlimited"
        price={formatMoney(MONTHLY_PRICE_CENTS, 0)}
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
        note={<PriceForYou plan={state.plan} />}
        action={<MonthlyAction state={state} />}
      />
    </div>
  )
}

/** Decision 016: the trial slots left for new sign-ups (the server's count), or that there is no cap. */
function TrialSlots({ state }: { state: PlanState }) {
  const left = state.plan?.trialSlotsLeft
  if (!state.plan) return <>Trial spots are limited while we onboard new members.</>
  if (left === null) return <>No limit on trial sign-ups right now.</>
  if (left === 0) return <>All trial spots are taken for now.</>
  return <>Trial spots are limited while we onboard new members: {plural(left ?? 0, 'spot')} left.</>
}

/** Decision 017: the user's referral discount and what a month costs after it. */
function PriceForYou({ plan }: { plan: BillingPlan | undefined }) {
  if (!plan || plan.discountPercent === 0)
    return <>Billed monthly; after canceling, the plan runs to the end of the paid month.</>
  const price = formatMoney(dollarsToCents(plan.priceAfterDiscount))
  return (
    <>
      With your {plan.discountPercent}% referral discount you pay {price} per month.
    </>
  )
}

/**
 * The Monthly Unlimited button: Stripe Checkout when billing is configured, else why not and who can
 * help (an admin records the payment). A paid plan shows how long it runs instead, and its
 * cancellation.
 */
function MonthlyAction({ state }: { state: PlanState }) {
  const toast = useToast()
  const checkout = useMutation({
    mutationFn: () => api.post('POST /api/billing/checkout'),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => toast('error', 'Checkout failed', failureText(error, 'Please try again')),
  })
  const { plan, failed } = state
  if (failed)
    return <p className="text-sm text-red-300">Your plan could not be loaded. Reload to try again.</p>
  if (!plan) {
    return (
      <Button disabled block>
        Loading…
      </Button>
    )
  }
  // A lapsed plan leaves monthly_paid on the server's clock (the lifecycle job), so the tier says it.
  if (plan.tier === 'monthly_paid' && plan.paidThrough) {
    return (
      <div className="flex flex-col gap-2">
        <p className="rounded-lg border border-emerald-500/40 bg-emerald-950/40 p-3 text-center text-sm">
          Paid through <Day iso={plan.paidThrough} />
        </p>
        <CancelSubscription plan={plan} />
      </div>
    )
  }
  if (!plan.configured) {
    return (
      <div className="flex flex-col gap-2">
        <p className="rounded-lg border border-amber-500/40 bg-amber-950/30 p-3 text-sm text-amber-100">
          {BILLING_MESSAGES.notConfigured}
        </p>
        <Link href="/support" className={`${buttonClass('primary')} block text-center`}>
          Contact support
        </Link>
      </div>
    )
  }
  return (
    <Button block disabled={checkout.isPending} onClick={() => checkout.mutate()}>
      {checkout.isPending ? 'Opening checkout…' : 'Get Monthly Unlimited'}
    </Button>
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
        referrals count at once, so you can save up to 50% ({formatMoney(MONTHLY_PRICE_CENTS / 2)} off each
        month).{' '}
        <Link href="/referrals" className={UNDERLINED_LINK}>
          Get your referral code
        </Link>
      </p>
    </aside>
  )
}
