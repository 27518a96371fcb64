import { useCurrentUser } from '../../queries'
import { Spinner } from '../../ui/spinner'
import { ProfileCard } from './profile-card'
import { SecurityNotice } from './security-notice'
import { SubscriptionCard } from './subscription-card'
import { TimezoneCard } from './timezone-card'
import { TwoFactorCard } from './two-factor-card'
import { YourDataCard } from './your-data-card'

/** Spec section 2, Account Settings (/settings): profile, timezone, subscription, 2FA, your data (D25), security notice. */
export function SettingsPage() {
  const query = useCurrentUser()
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
      <SubscriptionCard user={user} />
      <TwoFactorCard user={user} />
      <YourDataCard />
      <SecurityNotice />
    </div>
  )
}
