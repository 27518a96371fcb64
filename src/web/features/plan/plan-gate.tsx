import type { ReactNode } from 'react'
import { hasPlanFeatures, PLAN_REQUIRED } from '../../../domain/subscription'
import { useCurrentUser } from '../../queries'
import { Link } from '../../router'
import { buttonClass } from '../../ui/button'

/**
 * Decision 016: new bets, suggestions and probabilities need a trial or a plan. Where one of them would show, an
 * account without one sees why and the way to /pricing instead (the server refuses them with 403 too);
 * nothing behind the gate polls.
 */
export function PlanGate({ feature, children }: { feature: string; children: ReactNode }) {
  const user = useCurrentUser().data
  if (!user || hasPlanFeatures(user.subscriptionTier)) return children
  return <PlanRequired feature={feature} />
}

export function PlanRequired({ feature }: { feature: string }) {
  return (
    <div
      role="status"
      className="flex flex-col items-start gap-3 rounded-lg border border-sky-500/40 bg-sky-950/40 p-4"
    >
      <p className="font-semibold text-sky-100">{feature} needs a plan</p>
      <p className="text-sm text-sky-100/80">{PLAN_REQUIRED}</p>
      <Link href="/pricing" className={buttonClass('primary')}>
        See plans
      </Link>
    </div>
  )
}
