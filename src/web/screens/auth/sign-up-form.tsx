import { type FormEvent, useState } from 'react'
import { failureText, sendJson } from '../../api'
import { useToast } from '../../toasts'
import { normalizeReferral, registerPayload } from './referral'
import { AUTH_TEXT, REFERRAL_MAX } from './texts'
import { PRIMARY_BUTTON, TextField } from './ui'

/**
 * The Sign Up tab: only required fields, the browser checks them (spec section 5). On success the login
 * screen switches to the Login tab with the username filled in.
 */
export function SignUpForm({
  initialReferral,
  onRegistered,
}: {
  initialReferral: string
  onRegistered: (username: string) => void
}) {
  const toast = useToast()
  const [username, setUsername] = useState('')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [referralCode, setReferralCode] = useState(initialReferral)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const payload = registerPayload({ username, email, password, referralCode })
    setBusy(true)
    try {
      await sendJson('POST', '/api/auth/register', payload)
      toast(
        'success',
        'Account Created',
        payload.referralCode
          ? `Your referral code ${payload.referralCode} is saved. Check your e-mail to verify your address, then log in.`
          : 'Check your e-mail to verify your address, then log in.',
      )
      setPassword('')
      setEmail('')
      setReferralCode('')
      setUsername('')
      onRegistered(payload.username)
    } catch (error) {
      toast('error', 'Registration Failed', failureText(error, 'Registration failed'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        required
        maxLength={50}
        value={username}
        onValueChange={setUsername}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onValueChange={setEmail}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        value={password}
        onValueChange={setPassword}
      />
      <TextField
        label="Referral code (optional)"
        name="referralCode"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={REFERRAL_MAX}
        value={referralCode}
        onValueChange={(value) => setReferralCode(normalizeReferral(value))}
        hint={AUTH_TEXT.referralNote}
      />
      <button type="submit" disabled={busy} className={PRIMARY_BUTTON}>
        {busy ? 'Creating account...' : 'Create account'}
      </button>
    </form>
  )
}
