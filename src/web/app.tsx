import { Spinner } from './components/modal'
import { useCurrentUser } from './queries'
import { useLocation } from './router'
import { CollegeFootball } from './screens/college-football'
import { GamePage } from './screens/game-page'
import { GamesHome } from './screens/games-home'
import { LoginScreen } from './screens/login-screen'
import { ForgotPasswordPage, ResetPasswordPage } from './screens/password-pages'
import { RegisterPage } from './screens/register-page'
import { VerifyEmailPage } from './screens/verify-email-page'
import { Footer } from './shell/footer'
import { Header } from './shell/header'

/**
 * The route table of spec section 2. Signed out: /register, /forgot-password, /reset-password and
 * /verify-email; every other path shows the login screen. Signed in: the screens built so far, and
 * '404 Page Not Found' for any other path.
 */
export function App() {
  const user = useCurrentUser()
  const { path } = useLocation()
  if (user.isLoading) return <Spinner />
  if (!user.data) return <SignedOut path={path} />
  return (
    <div className="flex min-h-screen flex-col">
      <Header user={user.data} />
      <main className="mx-auto w-full max-w-7xl flex-1 px-3 py-4 sm:px-4">
        <SignedIn path={path} />
      </main>
      <Footer />
    </div>
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
    default:
      return <LoginScreen />
  }
}

function SignedIn({ path }: { path: string }) {
  const game = /^\/game\/(\d+)$/.exec(path)
  if (game?.[1]) return <GamePage gameId={Number(game[1])} />
  switch (path) {
    case '/':
      return <GamesHome />
    case '/college-football':
      return <CollegeFootball />
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
