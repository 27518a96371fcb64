import { sendJson } from '../../api'

export type TwoFactorMethod = 'email' | 'sms'

/** POST /api/auth/2fa/enable and send-code answer this; codeForDev only outside production (D12). */
export interface CodeSent {
  method: TwoFactorMethod
  message?: string
  codeForDev?: string
}

export const enableTwoFactor = (method: TwoFactorMethod) =>
  sendJson<CodeSent>('POST', '/api/auth/2fa/enable', { method })
export const resendTwoFactorCode = () => sendJson<CodeSent>('POST', '/api/auth/2fa/send-code')
export const verifyTwoFactorCode = (code: string) => sendJson('POST', '/api/auth/2fa/verify', { code })
/** D14: turning 2FA off needs the current password. */
export const disableTwoFactor = (password: string) => sendJson('POST', '/api/auth/2fa/disable', { password })

/** 'email' -> 'Email', 'sms' (the login answer says 'phone') -> 'SMS'. */
export function methodLabel(method: string | null | undefined): string {
  if (method === 'sms' || method === 'phone') return 'SMS'
  if (method === 'email') return 'Email'
  return 'Unknown'
}

/** Spec section 9: codes are 6 characters. */
export const CODE_LENGTH = 6

/** Text of the failure toasts: the server's message, else a generic retry hint. */
export const RETRY = 'Please try again.'
