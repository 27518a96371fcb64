/**
 * The account rules both the forms and the routes apply (docs/spec/product-spec.md §5 and §9): lengths, the code
 * length, and the messages. One copy, imported by src/contract (the routes' schemas) and by the web.
 */
export const USERNAME_LENGTH = { min: 3, max: 50 } as const
/**
 * A username is the login name and shows to others (referrals, shared links), so it must read one way
 * only: after NFKC (which folds full-width and compatibility forms into plain letters) it may hold ASCII
 * letters, digits, '.', '_' and '-'. That one rule refuses look-alike letters from other scripts (a
 * Cyrillic 'а' in 'pаypal'), mixed scripts, spaces and invisible or right-to-left marks.
 */
export const USERNAME_CHARACTERS = /^[A-Za-z0-9._-]*$/
export const PASSWORD_LENGTH = { min: 6, max: 200 } as const
/** RFC 5321's longest address. */
export const EMAIL_MAX = 254
/** docs/spec/product-spec.md §9: 2FA and verification codes are 6 digits. */
export const CODE_LENGTH = 6
/** Decision 017: 3-20 letters and digits, stored uppercase. */
export const REFERRAL_CODE_LENGTH = { min: 3, max: 20 } as const
export const REFERRAL_CODE = new RegExp(`^[A-Z0-9]{${REFERRAL_CODE_LENGTH.min},${REFERRAL_CODE_LENGTH.max}}$`)
/** The address the web shows for support ({email} in the spec); SUPPORT_EMAIL defaults to it. */
export const SUPPORT_ADDRESS = 'support@grid.local'

/** The name as it is stored and compared: NFKC, then trimmed (NFKC can turn a full-width space into a space). */
export function normalisedUsername(typed: string): string {
  return typed.normalize('NFKC').trim()
}

export const ACCOUNT_MESSAGES = {
  allRequired: 'All fields are required',
  usernameShort: `Username must be at least ${USERNAME_LENGTH.min} characters long.`,
  usernameLong: `Username must be at most ${USERNAME_LENGTH.max} characters long.`,
  usernameCharacters: 'Username may use only the letters A-Z, digits and . _ -',
  usernamePassword: 'Enter your current password to change your username',
  passwordShort: `Password must be at least ${PASSWORD_LENGTH.min} characters`,
  passwordLong: `Password must be at most ${PASSWORD_LENGTH.max} characters`,
  passwordCommon: 'This password is one of the most common ones and easy to guess. Please choose another.',
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid phone number',
  referralCode: `Referral code must be ${REFERRAL_CODE_LENGTH.min}-${REFERRAL_CODE_LENGTH.max} letters and numbers`,
  codeRequired: 'Please enter the verification code',
  codeShape: `The code is ${CODE_LENGTH} digits`,
  invalidLogin: 'Invalid username or password',
  invalidReset: 'Invalid reset link. Please request a new password reset.',
  acceptTerms: 'Please confirm that you are 18 or older and accept the Terms of Service and Privacy Policy',
} as const

/**
 * What a suspended account is told at login, once its password has proved the person owns it (before
 * that it is the invalid-login message, so the login screen says nothing about an account to a guesser).
 * The end of a suspension is given in UTC: the server does not know the browser's zone at that point.
 */
export function suspendedMessage(until: Date | null, support: string): string {
  const end = until ? ` until ${until.toISOString().slice(0, 16).replace('T', ' ')} UTC` : ''
  return `This account is suspended${end}. Contact ${support} if you think this is a mistake.`
}
