import { REFERRAL_CODE_LENGTH } from '../../../domain/accounts'
import { EmailField, TextField } from '../../ui/field'
import { FOCUS } from '../../ui/focus'
import { UNDERLINED_LINK } from '../../ui/link'
import { normalizeReferral } from './referral'

/** What both sign-up forms hold (docs/spec/product-spec.md §2: Sign Up tab and /register); registerPayload takes it. */
export interface SignUpValues {
  username: string
  email: string
  password: string
  referralCode: string
  /** 18 or older, and the Terms and Privacy Policy accepted; the server checks it too. */
  acceptTerms: boolean
}

export function emptySignUp(referralCode = ''): SignUpValues {
  return { username: '', email: '', password: '', referralCode, acceptTerms: false }
}

/**
 * Username, e-mail, password, the optional referral code and the 18+/terms acknowledgement; the forms
 * differ only in their hints.
 */
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
      <TermsAcknowledgement checked={values.acceptTerms} onChange={(acceptTerms) => set({ acceptTerms })} />
    </>
  )
}

/**
 * What the Terms of Service and the Privacy Policy state: Grid is for adults who accept them. The links
 * open in a new tab, so the form keeps what was typed.
 */
function TermsAcknowledgement({ checked, onChange }: { checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="flex items-start gap-2 text-sm text-slate-300">
      <input
        type="checkbox"
        name="acceptTerms"
        required
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className={`mt-0.5 h-4 w-4 shrink-0 accent-emerald-500 ${FOCUS}`}
      />
      <span>
        I am 18 or older and accept the{' '}
        <a href="/terms" target="_blank" rel="noopener" className={UNDERLINED_LINK}>
          Terms of Service
        </a>{' '}
        and the{' '}
        <a href="/privacy" target="_blank" rel="noopener" className={UNDERLINED_LINK}>
          Privacy Policy
        </a>
      </span>
    </label>
  )
}
