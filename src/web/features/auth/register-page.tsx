import { type FormEvent, useId, useState } from 'react'
import { SUPPORT_ADDRESS } from '../../../domain/accounts'
import { api, failureText } from '../../api'
import { Link, navigate, useLocation } from '../../router'
import { useToast } from '../../toasts'
import { Button } from '../../ui/button'
import { TEXT_LINK } from '../../ui/link'
import { referralFromLink, registerPayload } from './referral'
import { emptySignUp, SignUpFields, type SignUpValues } from './sign-up-fields'
import { AUTH_TEXT, MIN_PASSWORD } from './texts'
import { AuthCard, Brand, Notice } from './ui'

const STEPS = ['Create Account', 'Registration Complete'] as const

/** /register (docs/spec/product-spec.md §2, Standalone sign-up page): the form step, then the complete step. */
export function RegisterPage() {
  const [done, setDone] = useState(false)
  return (
    <AuthCard>
      <Brand title="Join Grid" />
      <ol aria-label="Sign-up steps" className="mb-5 flex gap-2 text-xs">
        {STEPS.map((step, index) => {
          const current = index === (done ? 1 : 0)
          return (
            <li
              key={step}
              aria-current={current ? 'step' : undefined}
              className={`flex-1 rounded-full border px-3 py-1 text-center ${
                current
                  ? 'border-emerald-500 font-semibold text-emerald-300'
                  : 'border-slate-700 text-slate-400'
              }`}
            >
              {index + 1}. {step}
            </li>
          )
        })}
      </ol>
      {done ? <RegistrationComplete /> : <RegisterForm onDone={() => setDone(true)} />}
    </AuthCard>
  )
}

/**
 * docs/spec/product-spec.md §5: all three fields required and a 6-character password, checked before any request; then
 * the 18+/terms acknowledgement.
 */
function validate(fields: SignUpValues): string | null {
  if (!fields.username.trim() || !fields.email.trim() || !fields.password) return AUTH_TEXT.allRequired
  if (fields.password.length < MIN_PASSWORD) return AUTH_TEXT.signUpPasswordShort
  if (!fields.acceptTerms) return AUTH_TEXT.acceptTerms
  return null
}

function RegisterForm({ onDone }: { onDone: () => void }) {
  const toast = useToast()
  const { search } = useLocation()
  const [fields, setFields] = useState(() => emptySignUp(referralFromLink(search)))
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const problem = validate(fields)
    setError(problem)
    if (problem) return
    setBusy(true)
    try {
      await api.post('POST /api/auth/register', { body: registerPayload(fields) })
      onDone()
    } catch (failure) {
      setBusy(false)
      toast('error', 'Registration Failed', failureText(failure, 'Registration failed'))
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <h2 className="text-lg font-semibold">Create Account</h2>
      <SignUpFields
        values={fields}
        onChange={setFields}
        passwordMinLength={MIN_PASSWORD}
        passwordHint={`At least ${MIN_PASSWORD} characters.`}
        referralHint={fields.referralCode.trim() ? AUTH_TEXT.referredNote : undefined}
      />
      {error ? <Notice kind="error">{error}</Notice> : null}
      <Button block type="submit" disabled={busy}>
        {busy ? 'Creating account...' : 'Create Account'}
      </Button>
      <p className="text-center text-sm text-slate-400">
        Already have an account?{' '}
        <Link href="/" className={TEXT_LINK}>
          Sign in
        </Link>
      </p>
    </form>
  )
}

function RegistrationComplete() {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="space-y-4 text-center">
      <p aria-hidden="true" className="text-4xl text-emerald-400">
        ✓
      </p>
      <h2 id={headingId} className="text-xl font-semibold">
        Registration Complete!
      </h2>
      <p className="text-sm text-slate-300">
        Your account is ready. We sent a link to your e-mail to verify your address; you can log in now.
      </p>
      <Button block onClick={() => navigate('/')}>
        Continue to Login
      </Button>
      <p className="text-sm text-slate-400">
        Questions? Contact{' '}
        <a href={`mailto:${SUPPORT_ADDRESS}`} className={TEXT_LINK}>
          {SUPPORT_ADDRESS}
        </a>
      </p>
    </section>
  )
}
