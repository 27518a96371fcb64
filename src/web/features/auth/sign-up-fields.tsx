import { REFERRAL_CODE_LENGTH } from '../../../domain/accounts'
import { EmailField, TextField } from '../../ui/field'
import { normalizeReferral } from './referral'

/** What both sign-up forms hold (spec section 2: Sign Up tab and /register); registerPayload takes it. */
export interface SignUpValues {
  username: string
  email: string
  password: string
  referralCode: string
}

export function emptySignUp(referralCode = ''): SignUpValues {
  return { username: '', email: '', password: '', referralCode }
}

/** Username, e-mail, password and the optional referral code; the forms differ only in their hints. */
export function SignUpFields({
  values,
  onChange,
  passwordMinLength,
  passwordHint,
  referralHint,
}: {
  values: SignUpValues
  onChange: (values: SignUpValues) => void
  passwordMinLength?: number
  passwordHint?: string
  referralHint?: string
}) {
  const set = (patch: Partial<SignUpValues>) => onChange({ ...values, ...patch })
  return (
    <>
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        required
        maxLength={50}
        value={values.username}
        onValueChange={(username) => set({ username })}
      />
      <EmailField value={values.email} onValueChange={(email) => set({ email })} />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={passwordMinLength}
        value={values.password}
        onValueChange={(password) => set({ password })}
        hint={passwordHint}
      />
      <TextField
        label="Referral code (optional)"
        name="referralCode"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={REFERRAL_CODE_LENGTH.max}
        value={values.referralCode}
        onValueChange={(code) => set({ referralCode: normalizeReferral(code) })}
        hint={referralHint}
      />
    </>
  )
}
