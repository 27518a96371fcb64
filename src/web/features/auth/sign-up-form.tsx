import { type FormEvent, useState } from 'react'
import { api, failureText } from '../../api'
import { useToast } from '../../toasts'
import { Button } from '../../ui/button'
import { registerPayload } from './referral'
import { emptySignUp, SignUpFields } from './sign-up-fields'
import { AUTH_TEXT } from './texts'

/**
 * The Sign Up tab: only required fields, the browser checks them (docs/spec/product-spec.md §5). On success the login
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
  const [fields, setFields] = useState(() => emptySignUp(initialReferral))
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const payload = registerPayload(fields)
    setBusy(true)
    try {
      await api.post('POST /api/auth/register', { body: payload })
      toast(
        'success',
        'Account Created',
        payload.referralCode
          ? `Your referral code ${payload.referralCode} is saved. Check your e-mail to verify your address, then log in.`
          : 'Check your e-mail to verify your address, then log in.',
      )
      setFields(emptySignUp())
      onRegistered(payload.username)
    } catch (error) {
      toast('error', 'Registration Failed', failureText(error, 'Registration failed'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <SignUpFields values={fields} onChange={setFields} referralHint={AUTH_TEXT.referralNote} />
      <Button block type="submit" disabled={busy}>
        {busy ? 'Creating account...' : 'Create account'}
      </Button>
    </form>
  )
}
