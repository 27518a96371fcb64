import { SUPPORT_ADDRESS } from '../../../domain/accounts'
import { useBillingPlan, useCurrentUser } from '../../queries'
import { Link } from '../../router'
import { CARD } from '../../ui/card'
import { UNDERLINED_LINK } from '../../ui/link'
import { PageLayout } from '../../ui/page-layout'
import { BetOrganizer } from './bet-organizer'
import { DemoBets, DemoGrid } from './demo-grid'
import { FaqList } from './faq-list'
import { HELP_SECTIONS } from './help-topics'
import { LegalDocument } from './legal-document'
import { PRIVACY, TERMS } from './legal-text'
import { AdminAccessCard, PlanCards, ReferralNote } from './pricing-cards'
import { TutorialWizard } from './tutorial'

/** The static pages of docs/spec/product-spec.md §2: pricing, help, legal texts, the tutorial and the two demos. */

/** /pricing: an admin sees only 'Admin Access'; everyone else the two plans of decision 016. */
export function PricingPage() {
  const user = useCurrentUser().data
  const plan = useBillingPlan()
  if (user?.isAdmin) {
    return (
      <PageLayout title="Pricing">
        <AdminAccessCard />
      </PageLayout>
    )
  }
  return (
    <PageLayout
      title="Pricing"
      lead="Start with a free 7-day trial. Keep going for $99 a month, cancel anytime."
      wide
    >
      <PlanCards user={user} state={{ plan: plan.data, failed: plan.isError }} />
      <ReferralNote />
      <p className="text-xs text-slate-400">
        Grid is a tracking and analysis tool: the subscription pays for the tool, never for bets.
      </p>
    </PageLayout>
  )
}

/** /help: the five FAQ sections, then how to reach support. */
export function HelpPage() {
  return (
    <PageLayout title="Help" lead="Answers to common questions about Grid. Choose a section to open it.">
      <FaqList sections={HELP_SECTIONS} />
      <section aria-labelledby="help-contact" className={`${CARD} p-5`}>
        <h2 id="help-contact" className="text-lg font-semibold">
          Still need help?
        </h2>
        <p className="mt-2 text-slate-300">
          E-mail us at{' '}
          <a href={`mailto:${SUPPORT_ADDRESS}`} className={UNDERLINED_LINK}>
            {SUPPORT_ADDRESS}
          </a>{' '}
          or{' '}
          <Link href="/support" className={UNDERLINED_LINK}>
            contact support
          </Link>
          . We reply within 24 hours (billing and urgent issues within 4 hours during business hours).
        </p>
      </section>
    </PageLayout>
  )
}

/** Signed out, the legal pages lead back to the login screen, not to a dashboard the visitor has not got. */
function useLegalBack(): { href: string; label: string } | undefined {
  return useCurrentUser().data ? undefined : { href: '/', label: 'Back to Sign In' }
}

export function TermsPage() {
  return (
    <PageLayout
      title="Terms of Service"
      lead="The rules for using Grid, in plain words."
      back={useLegalBack()}
    >
      <LegalDocument sections={TERMS} />
    </PageLayout>
  )
}

export function PrivacyPage() {
  return (
    <PageLayout
      title="Privacy Policy"
      lead="What we collect, why, and how long we keep it."
      back={useLegalBack()}
    >
      <LegalDocument sections={PRIVACY} />
    </PageLayout>
  )
}

export function TutorialPage() {
  return (
    <PageLayout title="Tutorial" lead="Five short steps to get the most out of Grid.">
      <TutorialWizard />
    </PageLayout>
  )
}

/** /demo: a sample game's outcome grid, computed in the browser by the domain code; no API call. */
export function DemoPage() {
  return (
    <PageLayout
      title="Grid Demo"
      lead="See how two bets on one game turn into a profit map of every final score. Sample data only."
      wide
    >
      <DemoBets />
      <DemoGrid />
    </PageLayout>
  )
}

/** /bet-organizer-demo: sample bets, organized and sortable; no API call. */
export function BetOrganizerDemoPage() {
  return (
    <PageLayout
      title="Bet Organizer Demo"
      lead="Pick a game and sort its bets by type, points, amount or odds. Sample data only."
      back={{ href: '/history', label: 'Back to History' }}
      wide
    >
      <BetOrganizer />
    </PageLayout>
  )
}
