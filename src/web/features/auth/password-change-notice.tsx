import { AUTH_TEXT } from './texts'
import { Notice } from './ui'

/**
 * The confirm-password-change link (decision 011) ends on `/login?passwordChange=done|invalid|expired`; this says
 * which, so the user knows whether the new password is in force.
 */
export function PasswordChangeNotice({ status }: { status: string | null }) {
  if (status === 'done') return <Notice kind="success">{AUTH_TEXT.passwordUpdated}</Notice>
  if (status === 'expired')
    return (
      <Notice kind="error">
        This password change link has expired. Please request a new password reset.
      </Notice>
    )
  if (status === 'invalid')
    return (
      <Notice kind="error">
        This password change link is not valid. Please request a new password reset.
      </Notice>
    )
  return null
}
