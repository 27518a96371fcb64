import { type FormEvent, type RefObject, useState } from 'react'
import { ACCOUNT_MESSAGES } from '../../../domain/accounts'
import { api, failureText } from '../../api'
import { useToast } from '../../toasts'
import type { LoginTwoFactorMethod } from '../../types'
import { Button } from '../../ui/button'
import { TextField } from '../../ui/field'

export interface TwoFactorChallenge {
  method: LoginTwoFactorMethod
  codeForDev: string | null
}

/** The Login tab: POST /api/auth/login, then either the two-factor step or a full reload at '/'. */
export function LoginForm({
  username,
  onUsernameChange,
  onTwoFactor,
  passwordRef,
}: {
  username: string
  onUsernameChange: (value: string) => void
  onTwoFactor: (challenge: TwoFactorChallenge) => void
  passwordRef: RefObject<HTMLInputElement | null>
}) {
  const toast = useToast()
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setBusy(true)
    try {
      const answer = await api.post('POST /api/auth/login', { body: { username, password } })
      if (answer.requiresTwoFactor) {
        setBusy(false)
        setPassword('')
        onTwoFactor({ method: answer.twoFactorMethod, codeForDev: answer.codeForDev ?? null })
        return
      }
      toast('success', 'Grid Access Granted')
      // docs/spec/product-spec.md §2: a fully reloaded '/' is the destination, so every query starts signed in.
      window.location.assign('/')
    } catch (error) {
      setBusy(false)
      toast('error', 'Login Failed', failureText(error, ACCOUNT_MESSAGES.invalidLogin))
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        required
        value={username}
        onValueChange={onUsernameChange}
      />
      <TextField
        ref={passwordRef}
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onValueChange={setPassword}
      />
      <Button block type="submit" disabled={busy}>
        {busy ? 'Signing in...' : 'Sign in'}
      </Button>
    </form>
  )
}
