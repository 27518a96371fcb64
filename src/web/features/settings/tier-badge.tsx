import { BADGE } from '../../ui/badge'

interface Tier {
  label: string
  style: string
}

/**
 * docs/spec/product-spec.md §3, User: the tier labels and badge colours. The settings page also meets the tier name
 * 'trial', read as the trial; any other value is the Free Tier. The label is always written out, so the
 * colour is never the only signal.
 */
const TIERS: Record<string, Tier> = {
  admin: { label: 'Admin', style: 'border border-purple-400/60 bg-purple-500/20 text-purple-100' },
  performance_trial: { label: 'Trial', style: 'border border-sky-400/60 bg-sky-500/20 text-sky-100' },
  trial: { label: 'Trial', style: 'border border-sky-400/60 bg-sky-500/20 text-sky-100' },
  monthly_paid: {
    label: 'Pro Member',
    style: 'border border-emerald-400/60 bg-emerald-500/20 text-emerald-100',
  },
  trial_ended: { label: 'Trial Ended', style: 'border border-slate-500 bg-slate-700/60 text-slate-200' },
}

const FREE_TIER: Tier = { label: 'Free Tier', style: 'border border-slate-600 bg-slate-800 text-slate-200' }

export function tierFor(subscriptionTier: string): Tier {
  return TIERS[subscriptionTier] ?? FREE_TIER
}

export function TierBadge({ subscriptionTier }: { subscriptionTier: string }) {
  const tier = tierFor(subscriptionTier)
  return <span className={`${BADGE} ${tier.style}`}>{tier.label}</span>
}
