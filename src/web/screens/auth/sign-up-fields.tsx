import { useState } from 'react'
import { normalizeReferral, type RegisterPayload, registerPayload } from './referral'
import { REFERRAL_MAX } from './texts'
import { TextField } from './ui'

export interface SignUpState {
  username: string
  email: string
  password: string
  referralCode: string
  setUsername: (value: string) => void
  setEmail: (value: string) => void
  setPassword: (value: string) => void
  setReferralCode: (value: string) => void
  payload: () => RegisterPayload
  clear: () => void
}

/** The four sign-up fields both sign-up forms hold (spec section 2: Sign Up tab and /register). */
export function useSignUpState(initialReferral: string): SignUpState {
  const [username, setUsername] = useState('')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [referralCode, setReferral] = useState(initialReferral)
  return {
    username,
    email,
    password,
    referralCode,
    setUsername,
    setEmail,
    setPassword,
    setReferralCode: (value) => setReferral(normalizeReferral(value)),
    payload: () => registerPayload({ username, email, password, referralCode }),
    clear: () => {
      setUsername('')
      setEmail('')
      setPassword('')
      setReferral('')
    },
  }
}

/** Username, e-mail, password and the optional referral code; the forms differ only in their hints. */
export function SignUpFields({
  state,
  passwordMinLength,
  passwordHint,
  referralHint,
}: {
  state: SignUpState
  passwordMinLength?: number
  passwordHint?: string
  referralHint?: string
}) {
  return (
    <>
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        required
        maxLength={50}
        value={state.username}
        onValueChange={state.setUsername}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        value={state.email}
        onValueChange={state.setEmail}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={passwordMinLength}
        value={state.password}
        onValueChange={state.setPassword}
        hint={passwordHint}
      />
      <TextField
        label="Referral code (optional)"
        name="referralCode"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={REFERRAL_MAX}
        value={state.referralCode}
        onValueChange={state.setReferralCode}
        hint={referralHint}
      />
    </>
  )
}
