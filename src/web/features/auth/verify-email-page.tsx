import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { ApiError, api, failureText } from '../../api'
import { KEYS, useCurrentUser } from '../../queries'
import { navigate, useLocation } from '../../router'
import { useToast } from '../../toasts'
import { Button } from '../../ui/button'
import { Spinner } from '../../ui/spinner'
import { AUTH_TEXT } from './texts'
import { AuthCard, Brand, Notice } from './ui'

type VerifyState =
  | { kind: 'loading' }
  | { kind: 'success' }
  | { kind: 'expired' }
  | { kind: 'error'; message: string }

/** docs/spec/product-spec.md §4, Email verification: the answer's message decides the state. */
function stateFor(message: string | null): VerifyState {
  if (message === AUTH_TEXT.emailVerified) return { kind: 'success' }
  if (message === AUTH_TEXT.verifyExpired) return { kind: 'expired' }
  return { kind: 'error', message: message || AUTH_TEXT.verifyFailed }
}

/** /verify-email?token=..., reachable signed in or out (the link arrives by e-mail). */
export function VerifyEmailPage() {
  const { search } = useLocation()
  const token = search.get('token')?.trim() ?? ''
  const queryClient = useQueryClient()
  const signedIn = Boolean(useCurrentUser().data)
  const [state, setState] = useState<VerifyState>({ kind: 'loading' })
  // The token is single-use: StrictMode runs effects twice in development, and a second POST would turn a
  // success into 'Invalid verification link'. The ref survives that re-run, so only one request goes out.
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    if (!token) {
      setState({ kind: 'error', message: AUTH_TEXT.verifyInvalid })
      return
    }
    api
      .post('POST /api/auth/verify-email', { body: { token } })
      .then((answer) => {
        const next = stateFor(answer?.message ?? null)
        setState(next)
        // A signed-in user's emailVerified flag has just changed.
        if (next.kind === 'success') void queryClient.invalidateQueries({ queryKey: KEYS.user })
      })
      .catch((error: unknown) => {
        setState(
          error instanceof ApiError
            ? stateFor(error.serverMessage)
            : { kind: 'error', message: AUTH_TEXT.verifyNetwork },
        )
      })
  }, [token, queryClient])

  return (
    <AuthCard embedded={signedIn}>
      <Brand title="Email Verification" />
      <VerifyStateView state={state} signedIn={signedIn} />
    </AuthCard>
  )
}

function VerifyStateView({ state, signedIn }: { state: VerifyState; signedIn: boolean }) {
  switch (state.kind) {
    case 'loading':
      return <Spinner label="Verifying your email..." />
    case 'success':
      return (
        <div className="space-y-4">
          <Notice kind="success">{AUTH_TEXT.emailVerified}</Notice>
          <Button block onClick={() => navigate('/')}>
            Continue to Dashboard
          </Button>
        </div>
      )
    case 'expired':
      return (
        <div className="space-y-4">
          <Notice kind="error">{AUTH_TEXT.verifyExpired}</Notice>
          <ResendButton signedIn={signedIn} />
        </div>
      )
    case 'error':
      return (
        <div className="space-y-4">
          <Notice kind="error">{state.message}</Notice>
          <Button block onClick={() => navigate('/')}>
            Back to Dashboard
          </Button>
        </div>
      )
  }
}

/** The expired state's way out: POST /api/auth/resend-verification, which needs a signed-in user. */
function ResendButton({ signedIn }: { signedIn: boolean }) {
  const toast = useToast()
  const [busy, setBusy] = useState(false)

  const resend = async () => {
    if (!signedIn) {
      // The new link goes to the account's address, so the server must know whose account it is.
      toast(
        'info',
        'Please log in',
        'Log in, then open this link again to request a new verification e-mail.',
      )
      navigate('/')
      return
    }
    setBusy(true)
    try {
      const answer = await api.post('POST /api/auth/resend-verification')
      toast('success', 'Verification Email Sent', answer?.message ?? 'A new verification link is on its way')
    } catch (error) {
      toast('error', 'Failed to Send Link', failureText(error, 'Please try again.'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Button block onClick={resend} disabled={busy}>
      {busy ? 'Sending...' : 'Request New Verification Link'}
    </Button>
  )
}
