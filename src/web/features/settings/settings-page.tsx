import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { BILLING_MESSAGES } from '../../../domain/billing'
import { KEYS, useCurrentUser } from '../../queries'
import { navigate, useLocation } from '../../router'
import { useToast } from '../../toasts'
import { Spinner } from '../../ui/spinner'
import { DisplayCard } from './display-card'
import { ProfileCard } from './profile-card'
import { SecurityNotice } from './security-notice'
import { SubscriptionCard } from './subscription-card'
import { TimezoneCard } from './timezone-card'
import { TwoFactorCard } from './two-factor-card'
import { YourDataCard } from './your-data-card'

/** docs/spec/product-spec.md §2, Account Settings (/settings): profile, timezone, subscription, 2FA, your data (decision 025), security notice. */
export function SettingsPage() {
  const query = useCurrentUser()
  useCheckoutReturn()
  if (query.isLoading) return <Spinner />
  const user = query.data
  if (!user) return <p className="py-16 text-center text-slate-300">Please log in to access settings.</p>
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <header>
        <h1 className="text-2xl font-bold">Account Settings</h1>
        <p className="text-sm text-slate-400">Manage your profile, time zone, plan and sign-in security.</p>
      </header>
      <ProfileCard user={user} />
      {/* Keyed by the saved zone, so the select starts from it again after a save elsewhere. */}
      <TimezoneCard key={user.timezone} timezone={user.timezone} />
      <DisplayCard user={user} />
      <SubscriptionCard user={user} />
      <TwoFactorCard user={user} />
      <YourDataCard />
      <SecurityNotice />
    </div>
  )
}

/**
 * Stripe Checkout comes back to /settings?billing=success or cancel: a toast says how it went,
 * the plan is read again (the webhook may already have recorded the payment), and the address loses the
 * parameter so a reload does not say it twice.
 */
function useCheckoutReturn() {
  const { search } = useLocation()
  const outcome = search.get('billing')
  const toast = useToast()
  const client = useQueryClient()
  const shown = useRef<string | null>(null)
  useEffect(() => {
    if ((outcome !== 'success' && outcome !== 'cancel') || shown.current === outcome) return
    shown.current = outcome
    if (outcome === 'success') {
      toast('success', BILLING_MESSAGES.success, BILLING_MESSAGES.successDetail)
      void client.invalidateQueries({ queryKey: KEYS.billingPlan })
      void client.invalidateQueries({ queryKey: KEYS.user })
    } else {
      toast('info', BILLING_MESSAGES.cancel, BILLING_MESSAGES.cancelDetail)
    }
    navigate('/settings', { replace: true })
  }, [outcome, toast, client])
}
