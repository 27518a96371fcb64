/** The auth screens' visible texts, from spec sections 2, 4, 5 and 8 (kept in one place so tests can cite them). */
export const AUTH_TEXT = {
  tagline: 'your bets, your profits. visualized',
  referralNote: 'Get 10% off for 12 months when your friend subscribes!',
  referredNote: '10% off your subscription with a valid referral code',
  passwordUpdated: 'Your password has been updated. Please log in with your new password.',
  invalidResetLink: 'Invalid reset link. Please request a new password reset.',
  networkError: 'An error occurred. Please try again.',
  allRequired: 'All fields are required',
  signUpPasswordShort: 'Password must be at least 6 characters',
  resetPasswordShort: 'Password must be at least 6 characters long',
  passwordMismatch: 'Passwords do not match',
  emailVerified: 'Email successfully verified!',
  verifyExpired: 'Verification token has expired',
  verifyInvalid: 'Invalid verification link',
  verifyFailed: 'Verification failed',
  verifyNetwork: 'Network error occurred',
} as const

/** Spec section 9: minimum password length for sign-up and reset. */
export const MIN_PASSWORD = 6
/** Spec section 9: 2FA code length. */
export const CODE_LENGTH = 6
/** Spec section 9: redirect after a password reset. */
export const RESET_REDIRECT_MS = 3000
/** The longest e-mail address the server takes (RFC 5321 path limit). */
export const EMAIL_MAX = 254
/** Spec section 9: referral code input limit. */
export const REFERRAL_MAX = 20
export const SUPPORT_EMAIL = 'support@grid.local'
