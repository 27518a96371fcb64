import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { CODE_LENGTH } from '../../../domain/accounts'
import { ApiError, api, failureText } from '../../api'
import { useToast } from '../../toasts'
import type { LoginTwoFactorMethod } from '../../types'
import { Button } from '../../ui/button'
import { TextField } from '../../ui/field'
import type { TwoFactorChallenge } from './login-form'

const METHOD_LABEL: Record<LoginTwoFactorMethod, string> = { email: 'e-mail', phone: 'phone' }

/**
 * The two-factor step of the login (docs/spec/product-spec.md §2): the server holds the pending login in a cookie, so
 * this only sends the code. Enter in the code field submits the form.
 */
export function TwoFactorStep({ challenge, onBack }: { challenge: TwoFactorChallenge; onBack: () => void }) {
  const toast = useToast()
  const [code, setCode] = useState('')
  const [method, setMethod] = useState(challenge.method)
  const [devCode, setDevCode] = useState(challenge.codeForDev)
  const [busy, setBusy] = useState<'verify' | 'resend' | null>(null)
  const codeInput = useRef<HTMLInputElement>(null)
  const headingId = useId()

  // The step replaces the login form: move focus to its only field so keyboard users land there.
  useEffect(() => codeInput.current?.focus(), [])

  const verify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const trimmed = code.trim()
    if (!trimmed) {
      toast('error', 'Code Required', 'Please enter the verification code')
      return
    }
    setBusy('verify')
    try {
      await api.post('POST /api/auth/2fa/verify', { body: { code: trimmed } })
      toast('success', 'Verification Successful', 'Welcome to Grid!')
      window.location.assign('/')
    } catch (error) {
      setBusy(null)
      toast('error', 'Verification Failed', failureText(error, 'Invalid verification code'))
      // 401: the pending login expired or was spent; only a new password entry can start another.
      if (error instanceof ApiError && error.status === 401) onBack()
    }
  }

  const resend = async () => {
    setBusy('resend')
    try {
      const answer = await api.post('POST /api/auth/2fa/send-code')
      // A pending sign-in's answer always has requiresTwoFactor and the login's method names.
      const sentBy = 'requiresTwoFactor' in answer ? answer.method : method
      setMethod(sentBy)
      setDevCode(answer.codeForDev ?? null)
      setCode('')
      toast('success', 'Code Sent', `A new verification code was sent to your ${METHOD_LABEL[sentBy]}.`)
    } catch (error) {
      toast('error', 'Failed to Send Code', failureText(error, 'Please try again.'))
      if (error instanceof ApiError && error.status === 401) onBack()
    } finally {
      setBusy(null)
    }
  }

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-lg font-semibold">
        Two-Factor Authentication
      </h2>
      <p className="text-sm text-slate-300">
        We sent a {CODE_LENGTH}-digit verification code to your {METHOD_LABEL[method]}. Enter it below to
        finish signing in.
      </p>
      {devCode ? (
        <p className="rounded-lg border border-dashed border-amber-500/70 bg-amber-950/40 p-3 text-sm text-amber-100">
          Development only: your code is{' '}
          <code className="font-mono text-base font-bold tracking-widest" data-testid="dev-code">
            {devCode}
          </code>
        </p>
      ) : null}
      <form onSubmit={verify} className="space-y-4">
        <TextField
          ref={codeInput}
          label="Verification code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={CODE_LENGTH}
          value={code}
          onValueChange={(value) => setCode(value.replace(/\s/g, ''))}
          className="[&_input]:text-center [&_input]:font-mono [&_input]:text-lg [&_input]:tracking-[0.5em]"
        />
        <Button block type="submit" disabled={busy !== null}>
          {busy === 'verify' ? 'Verifying...' : 'Verify Code'}
        </Button>
      </form>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <Button variant="secondary" block onClick={resend} disabled={busy !== null}>
          {busy === 'resend' ? 'Sending...' : 'Resend Code'}
        </Button>
        <Button variant="secondary" block onClick={onBack}>
          Back to Login
        </Button>
      </div>
    </section>
  )
}
