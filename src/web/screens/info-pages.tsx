import { SUPPORT_ADDRESS } from '../../domain/accounts'
import { CARD } from '../components/home/ui'
import { BetOrganizer } from '../components/info/bet-organizer'
import { DemoBets, DemoGrid } from '../components/info/demo-grid'
import { FaqList } from '../components/info/faq-list'
import { HELP_SECTIONS } from '../components/info/help-topics'
import { InfoLayout, TEXT_LINK } from '../components/info/info-layout'
import { LegalDocument } from '../components/info/legal-document'
import { PRIVACY, TERMS } from '../components/info/legal-text'
import { AdminAccessCard, PlanCards, ReferralNote } from '../components/info/pricing-cards'
import { TutorialWizard } from '../components/info/tutorial'
import { useCurrentUser } from '../queries'
import { Link } from '../router'

/** The static pages of spec section 2: pricing, help, legal texts, the tutorial and the two demos. */

/** /pricing: an admin sees only 'Admin Access'; everyone else the two plans of D16. */
export function PricingPage() {
  const user = useCurrentUser().data
  if (user?.isAdmin) {
    return (
      <InfoLayout title="Pricing">
        <AdminAccessCard />
      </InfoLayout>
    )
  }
  return (
    <InfoLayout
      title="Pricing"
      lead="Start with a free 7-day trial. Keep going for $99 a month, cancel anytime."
      wide
    >
      <PlanCards user={user} />
      <ReferralNote />
      <p className="text-xs text-slate-400">
        Grid is a tracking and analysis tool: the subscription pays for the tool, never for bets.
      </p>
    </InfoLayout>
  )
}

/** /help: the five FAQ sections, then how to reach support. */
export function HelpPage() {
  return (
    <InfoLayout title="Help" lead="Answers to common questions about Grid. Choose a section to open it.">
      <FaqList sections={HELP_SECTIONS} />
      <section aria-labelledby="help-contact" className={`${CARD} p-5`}>
        <h2 id="help-contact" className="text-lg font-semibold">
          Still need help?
        </h2>
        <p className="mt-2 text-slate-300">
          E-mail us at{' '}
          <a href={`mailto:${SUPPORT_ADDRESS}`} className={TEXT_LINK}>
            {SUPPORT_ADDRESS}
          </a>{' '}
          or{' '}
          <Link href="/support" className={TEXT_LINK}>
            contact support
          </Link>
          . We reply within 24 hours (billing and urgent issues within 4 hours during business hours).
        </p>
      </section>
    </InfoLayout>
  )
}

export function TermsPage() {
  return (
    <InfoLayout title="Terms of Service" lead="The rules for using Grid, in plain words.">
      <LegalDocument sections={TERMS} />
    </InfoLayout>
  )
}

export function PrivacyPage() {
  return (
    <InfoLayout title="Privacy Policy" lead="What we collect, why, and how long we keep it.">
      <LegalDocument sections={PRIVACY} />
    </InfoLayout>
  )
}

export function TutorialPage() {
  return (
    <InfoLayout title="Tutorial" lead="Five short steps to get the most out of Grid.">
      <TutorialWizard />
    </InfoLayout>
  )
}

/** /demo: a sample game's outcome grid, computed in the browser by the domain code; no API call. */
export function DemoPage() {
  return (
    <InfoLayout
      title="Grid Demo"
      lead="See how two bets on one game turn into a profit map of every final score. Sample data only."
      wide
    >
      <DemoBets />
      <DemoGrid />
    </InfoLayout>
  )
}

/** /bet-organizer-demo: sample bets, organized and sortable; no API call. */
export function BetOrganizerDemoPage() {
  return (
    <InfoLayout
      title="Bet Organizer Demo"
      lead="Pick a game and sort its bets by type, points, amount or odds. Sample data only."
      back={{ href: '/history', label: 'Back to History' }}
      wide
    >
      <BetOrganizer />
    </InfoLayout>
  )
}
