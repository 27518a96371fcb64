import { type UseQueryResult, useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { failureText, routeQuery } from '../../api'
import type { ReferralStats } from '../../types'
import { PageLayout } from '../../ui/page-layout'
import { NumberedSteps, Section } from '../../ui/section'
import { Spinner } from '../../ui/spinner'
import { CreateCodeForm } from './create-code-form'
import { CodeList, DiscountList, ReferralHistory } from './referral-lists'
import { ReferralStatCards, StatCardsSkeleton } from './referral-stat-cards'
import { HOW_IT_WORKS, REFERRAL_POLL_MS, REFERRAL_TEXT } from './referral-texts'

/**
 * /referrals (docs/spec/product-spec.md §2, decision 017): the three stat cards, how it works, the create-code form with the
 * user's codes and their links, the active discount periods and the referral history
 * (GET /api/referral/stats).
 */
export function ReferralsPage() {
  const stats = useQuery({ ...routeQuery('GET /api/referral/stats'), refetchInterval: REFERRAL_POLL_MS })
  return (
    <PageLayout title={REFERRAL_TEXT.title} lead={REFERRAL_TEXT.lead} wide>
      {stats.data ? (
        <ReferralStatCards stats={stats.data} />
      ) : stats.isError ? (
        <div role="alert" className="rounded-lg border border-amber-500/40 bg-amber-950/40 p-3">
          <p className="font-semibold text-amber-200">Referrals unavailable</p>
          <p className="text-sm text-amber-100/80">{failureText(stats.error, REFERRAL_TEXT.loadFailed)}</p>
        </div>
      ) : (
        <StatCardsSkeleton />
      )}
      <HowItWorks />
      <Section id="referral-codes" title="Your Referral Codes">
        <CreateCodeForm />
        <Loaded stats={stats} label="Loading your codes...">
          {(data) => <CodeList codes={data.codes} />}
        </Loaded>
      </Section>
      <Section id="referral-discounts" title="Active Discounts">
        <Loaded stats={stats} label="Loading your discounts...">
          {(data) => <DiscountList discounts={data.activeDiscounts} />}
        </Loaded>
      </Section>
      <Section id="referral-history" title="Referral History">
        <Loaded stats={stats} label="Loading your referrals...">
          {(data) => <ReferralHistory referrals={data.referralDetails} />}
        </Loaded>
      </Section>
    </PageLayout>
  )
}

function HowItWorks() {
  return (
    <Section id="referral-how" title="How It Works">
      <NumberedSteps steps={HOW_IT_WORKS} className="sm:grid-cols-2 lg:grid-cols-4" />
    </Section>
  )
}

/**
 * A list's content once the figures are in (the last good ones while a poll fails); a spinner before,
 * nothing after a first failure (the alert above says it).
 */
function Loaded({
  stats,
  label,
  children,
}: {
  stats: UseQueryResult<ReferralStats>
  label: string
  children: (data: ReferralStats) => ReactNode
}) {
  if (stats.data) return children(stats.data)
  return stats.isError ? null : <Spinner label={label} />
}
