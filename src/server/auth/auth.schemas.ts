import { z } from 'zod'

/** One schema per payload, shared by the route and (later) the form; messages are the spec's (section 5). */
const required = (field: string) => z.string(`${field} is required`).trim().min(1, 'All fields are required')

export const usernameSchema = z
  .string('Username is required')
  .trim()
  .min(3, 'Username must be at least 3 characters long.')
  .max(50, 'Username must be at most 50 characters long.')

export const passwordSchema = z
  .string('Password is required')
  .min(6, 'Password must be at least 6 characters')
  .max(200, 'Password must be at most 200 characters')

export const emailSchema = z
  .string('Email is required')
  .trim()
  .min(1, 'All fields are required')
  .max(254, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'))

/** D17: 3-20 letters and digits, stored uppercase. */
export const referralCodeSchema = z
  .string()
  .trim()
  .transform((code) => code.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{3,20}$/, 'Referral code must be 3-20 letters and numbers'))

/** Spec section 5, standalone sign-up: a missing or blank username, e-mail or password is 'All fields are required'. */
const ALL_REQUIRED = 'All fields are required'
const requiredText = z.string(ALL_REQUIRED).trim().min(1, ALL_REQUIRED)

export const registerBody = z
  .object({
    username: requiredText.pipe(usernameSchema),
    email: requiredText.pipe(emailSchema),
    password: z.string(ALL_REQUIRED).min(1, ALL_REQUIRED).pipe(passwordSchema),
    cellPhone: z
      .string()
      .trim()
      .regex(/^\+?[0-9 ()-]{7,20}$/, 'Please enter a valid phone number')
      .nullish(),
    referralCode: z.union([z.literal(''), referralCodeSchema]).nullish(),
  })
  .strict()

export const loginBody = z.object({ username: required('Username'), password: required('Password') }).strict()

export const codeBody = z
  .object({
    code: z
      .string('Please enter the verification code')
      .trim()
      .min(1, 'Please enter the verification code')
      .regex(/^\d{6}$/, 'The code is 6 digits'),
  })
  .strict()

export const enableTwoFactorBody = z
  .object({ method: z.enum(['email', 'sms'], 'Method must be email or sms') })
  .strict()

export const forgotPasswordBody = z.object({ email: emailSchema }).strict()

export const resetPasswordBody = z.union([
  z.object({ token: required('Token'), newPassword: passwordSchema }).strict(),
  z.object({ username: required('Username'), newPassword: passwordSchema }).strict(),
])

export const tokenBody = z
  .object({ token: z.string('Invalid verification link').trim().min(1, 'Invalid verification link') })
  .strict()
