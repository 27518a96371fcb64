import { ACCOUNT_MESSAGES, PASSWORD_LENGTH } from '../../../domain/accounts'

/** The auth screens' visible texts, from docs/spec/product-spec.md §2, §4, §5 and §8 (kept in one place so tests can cite them). */
export const AUTH_TEXT = {
  tagline: 'your bets, your profits. visualized',
  referralNote: 'Get 10% off for 12 months when your friend subscribes!',
  referredNote: '10% off your subscription with a valid referral code',
  passwordUpdated: 'Your password has been updated. Please log in with your new password.',
  invalidResetLink: ACCOUNT_MESSAGES.invalidReset,
  networkError: 'An error occurred. Please try again.',
  allRequired: ACCOUNT_MESSAGES.allRequired,
  signUpPasswordShort: ACCOUNT_MESSAGES.passwordShort,
  acceptTerms: ACCOUNT_MESSAGES.acceptTerms,
  resetPasswordShort: `${ACCOUNT_MESSAGES.passwordShort} long`,
  passwordMismatch: 'Passwords do not match',
  emailVerified: 'Email successfully verified!',
  verifyExpired: 'Verification token has expired',
  verifyInvalid: 'Invalid verification link',
  verifyFailed: 'Verification failed',
  verifyNetwork: 'Network error occurred',
} as const

/** docs/spec/product-spec.md §9: the shortest password of sign-up and reset. */
export const MIN_PASSWORD = PASSWORD_LENGTH.min
/** docs/spec/product-spec.md §9: redirect after a password reset. */
export const RESET_REDIRECT_MS = 3000
