import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { CODE_LENGTH } from '../../../domain/accounts'
import { failureText } from '../../api'
import { KEYS } from '../../queries'
import { useToast } from '../../toasts'
import { Button } from '../../ui/button'
import { INPUT } from '../../ui/field'
import { type CodeSent, methodLabel, RETRY, resendTwoFactorCode, verifyTwoFactorCode } from './two-factor-api'

/**
 * docs/spec/product-spec.md §4, §2FA setup, second step: the code was sent; verify it, ask for a new one, or cancel.
 * Cancel needs no call: the unused setup code simply expires (10 minutes, decision 014).
 */
export function TwoFactorCodeForm({
  sent,
  onResent,
  onDone,
}: {
  sent: CodeSent
  onResent: (sent: CodeSent) => void
  onDone: () => void
}) {
  const toast = useToast()
  const queryClient = useQueryClient()
  const [code, setCode] = useState('')
  const verify = useMutation({
    mutationFn: verifyTwoFactorCode,
    onSuccess: async () => {
      toast('success', '2FA Enabled Successfully', 'Your account now asks for a code at sign-in.')
      await queryClient.invalidateQueries({ queryKey: KEYS.user })
      onDone()
    },
    onError: (error) => toast('error', 'Verification Failed', failureText(error, RETRY)),
  })
  const resend = useMutation({
    mutationFn: resendTwoFactorCode,
    onSuccess: (answer) => {
      toast('success', 'Code Sent', `A new code was sent via ${methodLabel(answer.method)}.`)
      onResent({ ...sent, ...answer })
      setCode('')
    },
    onError: (error) => toast('error', 'Failed to Send Code', failureText(error, RETRY)),
  })
  const busy = verify.isPending || resend.isPending

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const trimmed = code.trim()
    if (!trimmed) {
      toast('error', 'Code Required', 'Please enter the verification code')
      return
    }
    verify.mutate(trimmed)
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <p className="text-sm text-slate-300">
        We sent a {CODE_LENGTH}-digit code via {methodLabel(sent.method)}. Enter it below to turn on
        two-factor authentication.
      </p>
      {sent.codeForDev ? (
        <div className="rounded-lg border border-amber-500/60 bg-amber-950/40 p-3 text-sm text-amber-100">
          <p className="font-semibold">Development only</p>
          <p>
            Your code: <code className="font-mono text-base tracking-widest">{sent.codeForDev}</code>
          </p>
        </div>
      ) : null}
      <div>
        <label htmlFor="settings-2fa-code" className="mb-1 block text-sm text-slate-300">
          Verification code
        </label>
        <input
          id="settings-2fa-code"
          value={code}
          onChange={(event) => setCode(event.target.value.slice(0, CODE_LENGTH))}
          maxLength={CODE_LENGTH}
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="123456"
          className={`${INPUT} max-w-48 font-mono tracking-widest`}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {verify.isPending ? 'Verifying...' : 'Verify'}
        </Button>
        <Button variant="secondary" onClick={() => resend.mutate()} disabled={busy}>
          {resend.isPending ? 'Sending...' : 'Resend Code'}
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
