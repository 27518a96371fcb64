import { z } from 'zod'
import {
  CODE_LENGTH,
  EMAIL_MAX,
  ACCOUNT_MESSAGES as M,
  PASSWORD_LENGTH,
  REFERRAL_CODE,
} from '../domain/accounts'
import { publicUser, usernameSchema } from './users'

/** Sign-in, sign-up, two-factor and password payloads; messages are the spec's (section 5). */
const required = (field: string) => z.string(`${field} is required`).trim().min(1, M.allRequired)

/**
 * A new password as typed: never trimmed (spaces are part of it). The server also refuses the most
 * common passwords (src/server/auth/auth.schemas.ts), a list too large for this shared module.
 */
export const newPasswordSchema = z
  .string('Password is required')
  .min(PASSWORD_LENGTH.min, M.passwordShort)
  .max(PASSWORD_LENGTH.max, M.passwordLong)

export const emailSchema = z
  .string('Email is required')
  .trim()
  .min(1, M.allRequired)
  .max(EMAIL_MAX, M.email)
  .pipe(z.email(M.email))

export const referralCodeSchema = z
  .string()
  .trim()
  .transform((code) => code.toUpperCase())
  .pipe(z.string().regex(REFERRAL_CODE, M.referralCode))

/** docs/spec/product-spec.md §5, standalone sign-up: a missing or blank username, e-mail or password is 'All fields are required'. */
const requiredText = z.string(M.allRequired).trim().min(1, M.allRequired)

export const registerBody = z
  .object({
    username: requiredText.pipe(usernameSchema),
    email: requiredText.pipe(emailSchema),
    password: z.string(M.allRequired).min(1, M.allRequired).pipe(newPasswordSchema),
    cellPhone: z
      .string()
      .trim()
      .regex(/^\+?[0-9 ()-]{7,20}$/, M.phone)
      .nullish(),
    referralCode: z.union([z.literal(''), referralCodeSchema]).nullish(),
    /** The Terms of Service and the Privacy Policy admit only adults who accept them. */
    acceptTerms: z.boolean(M.acceptTerms).refine((accepted) => accepted, M.acceptTerms),
  })
  .strict()

/** The password as typed: never trimmed, so sign-up and login agree on what it is. */
export const loginBody = z
  .object({
    username: required('Username'),
    password: z.string('Password is required').min(1, M.allRequired).max(1000, M.invalidLogin),
  })
  .strict()

/** Decision 012: codeForDev exists only when NODE_ENV says development or test. */
const codeForDev = z.string().optional()
const twoFactorMethod = z.enum(['email', 'phone'])

export const loginAnswer = z.union([
  z.object({ requiresTwoFactor: z.literal(false), user: publicUser }),
  z.object({ requiresTwoFactor: z.literal(true), twoFactorMethod, codeForDev }),
])

export const codeBody = z
  .object({
    code: z
      .string(M.codeRequired)
      .trim()
      .min(1, M.codeRequired)
      .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), M.codeShape),
  })
  .strict()

export const enableTwoFactorBody = z
  .object({ method: z.enum(['email', 'sms'], 'Method must be email or sms') })
  .strict()
export const enableTwoFactorAnswer = z.object({
  method: z.enum(['email', 'sms']),
  message: z.string(),
  codeForDev,
})

/** A new code: for a pending sign-in (method as the login said it) or for the 2FA set-up. */
export const sendCodeAnswer = z.union([
  z.object({ method: twoFactorMethod, requiresTwoFactor: z.literal(true), codeForDev }),
  z.object({ method: z.enum(['email', 'sms']), codeForDev }),
])

export const verifyAnswer = z.object({ message: z.string(), user: publicUser.nullable() })

/** Decision 014: turning two-factor sign-in off asks for the current password. */
export const disableTwoFactorBody = z
  .object({
    password: z
      .string('Enter your password to turn two-factor sign-in off')
      .min(1, 'Enter your password to turn two-factor sign-in off')
      .max(1000, 'The password is not correct'),
  })
  .strict()

export const forgotPasswordBody = z.object({ email: emailSchema }).strict()
export const forgotPasswordAnswer = z.object({ message: z.string(), resetLink: z.string().optional() })

export const INVALID_RESET = M.invalidReset

/** The e-mailed reset link's form (token), or the login screen's Reset tab (username; decision 011). */
export const resetWithToken = z
  .object({ token: z.string(INVALID_RESET).trim().min(1, INVALID_RESET), newPassword: newPasswordSchema })
  .strict()
export const resetWithUsername = z
  .object({
    username: z.string('Username is required').trim().min(1, 'Username is required'),
    newPassword: newPasswordSchema,
  })
  .strict()
/** The reset form: the e-mailed link's token, or the login screen's Reset tab's username (decision 011). */
export const resetPasswordBody = z.union([resetWithToken, resetWithUsername])

export const tokenBody = z
  .object({ token: z.string('Invalid verification link').trim().min(1, 'Invalid verification link') })
  .strict()

/** Decision 011's link: the page that asks for the new password again, and its plain HTML form. */
export const confirmChangeQuery = z.object({ token: z.unknown().optional() })
export const confirmChangeForm = z.object({ token: z.unknown().optional(), password: z.unknown().optional() })
