import { api } from '../../api'
import type { EnableTwoFactorAnswer, SendCodeAnswer, TwoFactorMethod } from '../../types'

/** What the set-up shows after a code went out; codeForDev only outside production (decision 012). */
export type CodeSent = Pick<EnableTwoFactorAnswer, 'codeForDev'> & { method: SendCodeAnswer['method'] }

export const enableTwoFactor = (method: TwoFactorMethod) =>
  api.post('POST /api/auth/2fa/enable', { body: { method } })
export const resendTwoFactorCode = () => api.post('POST /api/auth/2fa/send-code')
export const verifyTwoFactorCode = (code: string) => api.post('POST /api/auth/2fa/verify', { body: { code } })
/** Decision 014: turning 2FA off needs the current password. */
export const disableTwoFactor = (password: string) =>
  api.post('POST /api/auth/2fa/disable', { body: { password } })

/** 'email' -> 'Email', 'sms' (the login answer says 'phone') -> 'SMS'. */
export function methodLabel(method: string | null | undefined): string {
  if (method === 'sms' || method === 'phone') return 'SMS'
  if (method === 'email') return 'Email'
  return 'Unknown'
}

/** Text of the failure toasts: the server's message, else a generic retry hint. */
export const RETRY = 'Please try again.'
