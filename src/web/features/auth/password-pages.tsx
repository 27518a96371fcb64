import { type FormEvent, useEffect, useState } from 'react'
import { ApiError, api } from '../../api'
import { Link, navigate, useLocation } from '../../router'
import { useToast } from '../../toasts'
import { Button } from '../../ui/button'
import { EmailField, TextField } from '../../ui/field'
import { TEXT_LINK } from '../../ui/link'
import { AUTH_TEXT, MIN_PASSWORD, RESET_REDIRECT_MS } from './texts'
import { AuthCard, Brand, Notice } from './ui'

type Outcome =
  | { kind: 'success'; message: string; resetLink: string | null }
  | { kind: 'error'; message: string }

/** The server's own message for a refusal; a request that never got an answer is the spec's generic text. */
function refusalText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback
  return AUTH_TEXT.networkError
}

/** /forgot-password: the server answers the same message whether or not the address exists (decision 011). */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('')
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setBusy(true)
    setOutcome(null)
    try {
      const answer = await api.post('POST /api/auth/forgot-password', {
        body: {
          email: email.trim(),
        },
      })
      setOutcome({ kind: 'success', message: answer.message, resetLink: answer.resetLink ?? null })
    } catch (error) {
      setOutcome({ kind: 'error', message: refusalText(error, AUTH_TEXT.networkError) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <AuthCard>
      <Brand title="Forgot Password" />
      <form onSubmit={submit} className="space-y-4">
        <p className="text-sm text-slate-300">
          Enter the e-mail address of your account and we will send you a link to choose a new password.
        </p>
        <EmailField value={email} onValueChange={setEmail} />
        {outcome ? <Notice kind={outcome.kind}>{outcome.message}</Notice> : null}
        {outcome?.kind === 'success' && outcome.resetLink ? (
          // Decision 012: only outside production does the server hand the link back, so development needs no mailbox.
          <p className="rounded-lg border border-dashed border-amber-500/70 bg-amber-950/40 p-3 text-sm text-amber-100">
            Development only:{' '}
            <a href={outcome.resetLink} className={TEXT_LINK}>
              open the reset link
            </a>
          </p>
        ) : null}
        <Button block type="submit" disabled={busy}>
          {busy ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link href="/login" className={TEXT_LINK}>
          Back to Login
        </Link>
      </p>
    </AuthCard>
  )
}

/** docs/spec/product-spec.md §5, Reset password: the two entries match and are at least 6 characters. */
function validate(password: string, confirm: string): string | null {
  if (password !== confirm) return AUTH_TEXT.passwordMismatch
  if (password.length < MIN_PASSWORD) return AUTH_TEXT.resetPasswordShort
  return null
}

/** /reset-password?token=...: the e-mailed link's page; success shows the message, then goes to /login. */
export function ResetPasswordPage() {
  const { search } = useLocation()
  const token = search.get('token')?.trim() ?? ''
  const [done, setDone] = useState<string | null>(null)

  useEffect(() => {
    if (done === null) return
    const timer = setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [done])

  return (
    <AuthCard>
      <Brand title="Reset Password" />
      {!token ? (
        <div className="space-y-4">
          <Notice kind="error">{AUTH_TEXT.invalidResetLink}</Notice>
          <Button block onClick={() => navigate('/forgot-password')}>
            Request New Reset Link
          </Button>
        </div>
      ) : done !== null ? (
        <div className="space-y-4">
          <Notice kind="success">{done}</Notice>
          <p className="text-center text-sm text-slate-400">
            Taking you to the{' '}
            <Link href="/login" className={TEXT_LINK}>
              login page
            </Link>
            ...
          </p>
        </div>
      ) : (
        <ResetPasswordForm token={token} onDone={setDone} />
      )}
    </AuthCard>
  )
}

function ResetPasswordForm({ token, onDone }: { token: string; onDone: (message: string) => void }) {
  const toast = useToast()
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const problem = validate(password, confirm)
    setError(problem)
    if (problem) return
    setBusy(true)
    try {
      const answer = await api.post('POST /api/auth/reset-password', {
        body: {
          token,
          newPassword: password,
        },
      })
      onDone(answer?.message ?? AUTH_TEXT.passwordUpdated)
    } catch (failure) {
      setBusy(false)
      toast('error', 'Password Reset Failed', refusalText(failure, 'Password reset failed'))
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label="New password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        required
        minLength={MIN_PASSWORD}
        value={password}
        onValueChange={setPassword}
        hint={`At least ${MIN_PASSWORD} characters.`}
      />
      <TextField
        label="Confirm password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        value={confirm}
        onValueChange={setConfirm}
      />
      {error ? <Notice kind="error">{error}</Notice> : null}
      <Button block type="submit" disabled={busy}>
        {busy ? 'Resetting...' : 'Reset Password'}
      </Button>
    </form>
  )
}
