import type { ReactNode } from 'react'
import { amountDisplayOf, DOLLARS } from '../domain/display'
import { LoginScreen } from './features/auth/login-screen'
import { RegisterPage } from './features/auth/register-page'
import { CollegeFootball } from './features/games/college-football'
import { GamePage } from './features/games/game-page'
import { GamesHome } from './features/games/games-home'
import { HistoryPage } from './features/history/history-page'
import { SlipProvider } from './features/slip/slip-context'
import { SlipPanel } from './features/slip/slip-panel'
import { lazyNamed } from './lazy-page'
import { LiveEventsProvider } from './live-provider'
import { useCurrentUser } from './queries'
import { useLocation } from './router'
import { Footer } from './shell/footer'
import { Header } from './shell/header'
import { showAmountsAs } from './ui/format'
import { Loading, Spinner } from './ui/spinner'

// The rarely opened screens load on first use (static pages, support, settings, password and e-mail links).
const info = () => import('./features/info/info-pages')
const passwords = () => import('./features/auth/password-pages')
const PricingPage = lazyNamed(() => info().then((page) => page.PricingPage))
const HelpPage = lazyNamed(() => info().then((page) => page.HelpPage))
const TermsPage = lazyNamed(() => info().then((page) => page.TermsPage))
const PrivacyPage = lazyNamed(() => info().then((page) => page.PrivacyPage))
const TutorialPage = lazyNamed(() => info().then((page) => page.TutorialPage))
const DemoPage = lazyNamed(() => info().then((page) => page.DemoPage))
const BetOrganizerDemoPage = lazyNamed(() => info().then((page) => page.BetOrganizerDemoPage))
const SupportPage = lazyNamed(() =>
  import('./features/support/support-page').then((page) => page.SupportPage),
)
const ImportPage = lazyNamed(() => import('./features/import/import-page').then((page) => page.ImportPage))
const SettingsPage = lazyNamed(() =>
  import('./features/settings/settings-page').then((page) => page.SettingsPage),
)
const SuggestionsPage = lazyNamed(() =>
  import('./features/suggestions/suggestions-page').then((page) => page.SuggestionsPage),
)
const ReferralsPage = lazyNamed(() =>
  import('./features/referrals/referrals-page').then((page) => page.ReferralsPage),
)
const ConnectionsPage = lazyNamed(() =>
  import('./features/connections/connections-page').then((page) => page.ConnectionsPage),
)
const admin = () => import('./features/admin/pages')
const MasterPage = lazyNamed(() => admin().then((page) => page.MasterPage))
const AdminPage = lazyNamed(() => admin().then((page) => page.AdminPage))
const ForgotPasswordPage = lazyNamed(() => passwords().then((page) => page.ForgotPasswordPage))
const ResetPasswordPage = lazyNamed(() => passwords().then((page) => page.ResetPasswordPage))
const VerifyEmailPage = lazyNamed(() =>
  import('./features/auth/verify-email-page').then((page) => page.VerifyEmailPage),
)

/**
 * The route table of docs/spec/product-spec.md §2. Signed out: /register, /forgot-password, /reset-password,
 * /verify-email, and /terms and /privacy (readable before signing up); every other path shows the login screen. Signed in: the screens below; any other path
 * shows '404 Page Not Found'. The admin
 * pages (/master, /admin) ask the server, which refuses non-admins (decision 013): they then show 'Unauthorized'.
 * Signed in, the tab follows the server's live events.
 */
export function App() {
  const user = useCurrentUser()
  const { path } = useLocation()
  if (user.isLoading) return <Spinner />
  // Every amount shows as the bettor set (decision 072): set before anything below renders an amount.
  const amounts = showAmountsAs(user.data ? amountDisplayOf(user.data) : DOLLARS)
  if (!user.data)
    return (
      <div className="flex min-h-screen flex-col bg-slate-950 text-slate-100">
        <Loading>
          <SignedOut path={path} />
        </Loading>
        <Footer signedIn={false} />
      </div>
    )
  return (
    <LiveEventsProvider>
      <SlipProvider userId={user.data.id}>
        <div className="flex min-h-screen flex-col">
          <Header user={user.data} />
          {/* A change of how amounts show draws the page again, every amount in its new form. */}
          <main key={amounts} className="mx-auto w-full max-w-7xl flex-1 px-3 py-4 sm:px-4">
            <Loading>
              <SignedIn path={path} />
            </Loading>
          </main>
          <Footer signedIn />
        </div>
        <SlipPanel />
      </SlipProvider>
    </LiveEventsProvider>
  )
}

function SignedOut({ path }: { path: string }) {
  switch (path) {
    case '/register':
      return <RegisterPage />
    case '/forgot-password':
      return <ForgotPasswordPage />
    case '/reset-password':
      return <ResetPasswordPage />
    case '/verify-email':
      return <VerifyEmailPage />
    case '/terms':
      return <SignedOutPage page={<TermsPage />} />
    case '/privacy':
      return <SignedOutPage page={<PrivacyPage />} />
    default:
      return <LoginScreen />
  }
}

/** A static page read before signing up: the app shell's <main> without its header. */
function SignedOutPage({ page }: { page: ReactNode }) {
  return <main className="mx-auto w-full max-w-7xl flex-1 px-3 py-6 sm:px-4">{page}</main>
}

function SignedIn({ path }: { path: string }) {
  const game = /^\/game\/(\d+)$/.exec(path)
  if (game?.[1]) return <GamePage gameId={Number(game[1])} />
  switch (path) {
    case '/':
      return <GamesHome />
    case '/college-football':
      return <CollegeFootball />
    case '/history':
      return <HistoryPage />
    case '/settings':
      return <SettingsPage />
    case '/import':
      return <ImportPage />
    case '/suggestions':
      return <SuggestionsPage />
    case '/referrals':
      return <ReferralsPage />
    case '/connections':
      return <ConnectionsPage />
    case '/pricing':
      return <PricingPage />
    case '/master':
      return <MasterPage />
    case '/admin':
      return <AdminPage />
    case '/help':
      return <HelpPage />
    case '/support':
      return <SupportPage />
    case '/terms':
      return <TermsPage />
    case '/privacy':
      return <PrivacyPage />
    case '/tutorial':
      return <TutorialPage />
    case '/demo':
      return <DemoPage />
    case '/bet-organizer-demo':
      return <BetOrganizerDemoPage />
    case '/verify-email':
      return <VerifyEmailPage />
    default:
      return <NotFound />
  }
}

function NotFound() {
  return (
    <div className="py-24 text-center">
      <h1 className="text-3xl font-bold">404 Page Not Found</h1>
      <a href="/" className="mt-4 inline-block text-emerald-400 underline">
        Back to Dashboard
      </a>
    </div>
  )
}
