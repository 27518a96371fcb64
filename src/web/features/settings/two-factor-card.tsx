import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { failureText } from '../../api'
import { KEYS } from '../../queries'
import { useToast } from '../../toasts'
import type { TwoFactorMethod, User } from '../../types'
import { BADGE } from '../../ui/badge'
import { Button } from '../../ui/button'
import { FOCUS } from '../../ui/focus'
import { PasswordConfirmDialog } from './password-confirm-dialog'
import { SettingsCard } from './settings-ui'
import { type CodeSent, disableTwoFactor, enableTwoFactor, methodLabel, RETRY } from './two-factor-api'
import { TwoFactorCodeForm } from './two-factor-code-form'

export const DISABLE_PROMPT =
  'Are you sure you want to disable two-factor authentication? This will make your account less secure.'

/** docs/spec/product-spec.md §4, §2FA setup: off, then a method is chosen and a code sent, then verified and on (decision 014). */
export function TwoFactorCard({ user }: { user: User }) {
  return (
    <SettingsCard
      id="settings-2fa"
      title="Two-Factor Authentication"
      description="Add a second step to sign-in: a 6-digit code sent to you each time you log in."
    >
      {user.twoFactorEnabled ? <TwoFactorOn method={user.twoFactorMethod} /> : <TwoFactorSetup user={user} />}
    </SettingsCard>
  )
}

function TwoFactorOn({ method }: { method: string | null }) {
  const [confirming, setConfirming] = useState(false)
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="flex flex-wrap items-center gap-2">
        <span className={`${BADGE} border border-emerald-400/60 bg-emerald-500/20 text-emerald-100`}>
          <span aria-hidden="true">✓</span> Enabled
        </span>
        <span className="text-sm text-slate-300">Method: {methodLabel(method)}</span>
      </p>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        Disable 2FA
      </Button>
      <DisableTwoFactorDialog open={confirming} onClose={() => setConfirming(false)} />
    </div>
  )
}

/** The spec's confirmation prompt, which also asks for the current password (decision 014). */
function DisableTwoFactorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast()
  const queryClient = useQueryClient()
  const disable = useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: async () => {
      toast('success', '2FA Disabled', 'Two-factor authentication is now off.')
      onClose()
      await queryClient.invalidateQueries({ queryKey: KEYS.user })
    },
    onError: (error) => toast('error', 'Failed to Disable 2FA', failureText(error, RETRY)),
  })
  return (
    <PasswordConfirmDialog
      open={open}
      onClose={onClose}
      title="Disable two-factor authentication"
      prompt={<p>{DISABLE_PROMPT}</p>}
      confirmLabel="Disable 2FA"
      pendingLabel="Disabling..."
      pending={disable.isPending}
      onConfirm={(password) => disable.mutate(password)}
    />
  )
}

/** docs/spec/product-spec.md §5, §2FA method: e-mail needs an address on file, SMS a phone; otherwise it is disabled. */
function TwoFactorSetup({ user }: { user: User }) {
  const toast = useToast()
  const available: Record<TwoFactorMethod, boolean> = {
    email: Boolean(user.email),
    sms: Boolean(user.cellPhone),
  }
  const [method, setMethod] = useState<TwoFactorMethod>(available.email || !available.sms ? 'email' : 'sms')
  const [sent, setSent] = useState<CodeSent | null>(null)
  const enable = useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: (answer) => {
      toast('success', '2FA Setup Started', `A verification code was sent via ${methodLabel(answer.method)}.`)
      setSent(answer)
    },
    onError: (error) => toast('error', 'Failed to Enable 2FA', failureText(error, RETRY)),
  })

  if (sent) return <TwoFactorCodeForm sent={sent} onResent={setSent} onDone={() => setSent(null)} />

  return (
    <div className="flex flex-col gap-3">
      <p className="flex items-center gap-2 text-sm">
        <span className={`${BADGE} border border-slate-500 bg-slate-700/60 text-slate-200`}>Not enabled</span>
        <span className="text-slate-400">We recommend turning it on.</span>
      </p>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm text-slate-300">Send codes by</legend>
        <MethodOption
          value="email"
          label="Email"
          detail={user.email ? user.email : 'Add an e-mail address first'}
          checked={method === 'email'}
          disabled={!available.email}
          onChoose={setMethod}
        />
        <MethodOption
          value="sms"
          label="SMS"
          detail={user.cellPhone ? user.cellPhone : 'Add a phone number first'}
          checked={method === 'sms'}
          disabled={!available.sms}
          onChoose={setMethod}
        />
      </fieldset>
      <div>
        <Button onClick={() => enable.mutate(method)} disabled={!available[method] || enable.isPending}>
          {enable.isPending ? 'Sending code...' : 'Enable 2FA'}
        </Button>
      </div>
    </div>
  )
}

function MethodOption({
  value,
  label,
  detail,
  checked,
  disabled,
  onChoose,
}: {
  value: TwoFactorMethod
  label: string
  detail: string
  checked: boolean
  disabled: boolean
  onChoose: (method: TwoFactorMethod) => void
}) {
  return (
    <label
      className={`flex items-center gap-3 rounded-lg border px-3 py-2 ${
        checked && !disabled ? 'border-emerald-500/70 bg-emerald-950/30' : 'border-slate-700'
      } ${disabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer'}`}
    >
      <input
        type="radio"
        name="two-factor-method"
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={() => onChoose(value)}
        className={`h-4 w-4 accent-emerald-500 ${FOCUS}`}
      />
      <span className="flex min-w-0 flex-col">
        <span className="font-medium">{label}</span>
        <span className="truncate text-xs text-slate-400">{detail}</span>
      </span>
    </label>
  )
}
