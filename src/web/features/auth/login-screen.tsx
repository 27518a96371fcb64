import { useEffect, useId, useRef, useState } from 'react'
import { Link, useLocation } from '../../router'
import { TEXT_LINK } from '../../ui/link'
import { TabPanel, Tabs } from '../../ui/tabs'
import { LoginForm, type TwoFactorChallenge } from './login-form'
import { PasswordChangeNotice } from './password-change-notice'
import { referralFromLink } from './referral'
import { ResetRequestForm } from './reset-request-form'
import { SignUpForm } from './sign-up-form'
import { TwoFactorStep } from './two-factor-step'
import { AuthCard, Brand, Notice } from './ui'

type TabKey = 'login' | 'signup' | 'reset'

/**
 * Every signed-out path but /register, /forgot-password, /reset-password and /verify-email (docs/spec/product-spec.md §2):
 * tabs Login, Sign Up and Reset, and the two-factor step in place of the tabs when the login needs it.
 */
export function LoginScreen() {
  const { search } = useLocation()
  const referral = referralFromLink(search)
  // A shared referral link (`/?ref=CODE`) is an invitation to sign up, so it opens that tab.
  const [tab, setTab] = useState<TabKey>(referral ? 'signup' : 'login')
  const [username, setUsername] = useState('')
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null)
  const [focusPassword, setFocusPassword] = useState(false)
  const passwordRef = useRef<HTMLInputElement>(null)
  const idBase = useId().replace(/:/g, '')

  // After sign-up the username is filled in, so the password is the next thing to type.
  useEffect(() => {
    if (!focusPassword || tab !== 'login' || challenge) return
    passwordRef.current?.focus()
    setFocusPassword(false)
  }, [focusPassword, tab, challenge])

  const tabs = [
    {
      key: 'login' as const,
      label: 'Login',
      panel: (
        <LoginForm
          username={username}
          onUsernameChange={setUsername}
          onTwoFactor={setChallenge}
          passwordRef={passwordRef}
        />
      ),
    },
    {
      key: 'signup' as const,
      label: 'Sign Up',
      panel: (
        <SignUpForm
          initialReferral={referral}
          onRegistered={(name) => {
            setUsername(name)
            setTab('login')
            setFocusPassword(true)
          }}
        />
      ),
    },
    { key: 'reset' as const, label: 'Reset', panel: <ResetRequestForm /> },
  ]

  return (
    <AuthCard>
      <Brand title="Welcome to Grid" />
      <div className="mb-4 empty:hidden">
        <PasswordChangeNotice status={search.get('passwordChange')} />
        {search.has('accountDeleted') ? (
          <Notice kind="success">
            Your account has been deleted. A link to download your data for 30 days is on its way by e-mail.
          </Notice>
        ) : null}
      </div>
      {challenge ? (
        <TwoFactorStep challenge={challenge} onBack={() => setChallenge(null)} />
      ) : (
        <>
          <Tabs
            label="Account"
            look="segmented"
            idBase={idBase}
            tabs={tabs}
            selected={tab}
            onSelect={setTab}
          />
          {/* Only the selected panel is rendered, so each form's 'Username' or 'Password' names one field. */}
          <TabPanel key={tab} idBase={idBase} selected={tab}>
            {tabs.find((item) => item.key === tab)?.panel}
          </TabPanel>
          <nav aria-label="More account options" className="mt-6 flex flex-col items-center gap-2 text-sm">
            <Link href="/forgot-password" className={TEXT_LINK}>
              Forgot password?
            </Link>
            <p className="text-slate-400">
              Prefer a full page? {/* The full page keeps a shared link's code (decision 017). */}
              <Link href={referral ? `/register?ref=${referral}` : '/register'} className={TEXT_LINK}>
                Sign up on the registration page
              </Link>
            </p>
          </nav>
        </>
      )}
    </AuthCard>
  )
}
