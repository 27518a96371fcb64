import { type FormEvent, useState } from 'react'
import { api, failureText } from '../../api'
import { useToast } from '../../toasts'
import { Button } from '../../ui/button'
import { TextField } from '../../ui/field'
import { AUTH_TEXT, MIN_PASSWORD } from './texts'

/**
 * The Reset tab. Decision 011: the server never changes the password here; it e-mails the account's owner a link
 * that applies it, and answers the same whether or not the username exists. Its message is shown as is.
 */
export function ResetRequestForm() {
  const toast = useToast()
  const [username, setUsername] = useState('')
  const [newPassword, setNewPassword] = useState('')
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (newPassword.length < MIN_PASSWORD) {
      toast('error', 'Password Reset Failed', AUTH_TEXT.resetPasswordShort)
      return
    }
    setBusy(true)
    try {
      const answer = await api.post('POST /api/auth/reset-password', {
        body: {
          username: username.trim(),
          newPassword,
        },
      })
      toast(
        'success',
        'Check Your Email',
        answer?.message ?? 'We e-mailed a link to confirm the new password.',
      )
      setNewPassword('')
    } catch (error) {
      toast('error', 'Password Reset Failed', failureText(error, 'Password reset failed'))
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
        value={username}
        onValueChange={setUsername}
      />
      <TextField
        label="New password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        required
        value={newPassword}
        onValueChange={setNewPassword}
        hint="We will e-mail you a link; the new password applies once you open it."
      />
      <Button block type="submit" disabled={busy}>
        {busy ? 'Sending...' : 'Reset Password'}
      </Button>
    </form>
  )
}
