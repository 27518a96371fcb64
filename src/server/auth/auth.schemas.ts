import { z } from 'zod'
import { isCommonPassword } from './common-passwords'

/** One schema per payload, shared by the route and (later) the form; messages are the spec's (section 5). */
const required = (field: string) => z.string(`${field} is required`).trim().min(1, 'All fields are required')

export const usernameSchema = z
  .string('Username is required')
  .trim()
  .min(3, 'Username must be at least 3 characters long.')
  .max(50, 'Username must be at most 50 characters long.')

/** A new password: never trimmed (spaces are part of it), and not one of the most common ones. */
export const passwordSchema = z
  .string('Password is required')
  .min(6, 'Password must be at least 6 characters')
  .max(200, 'Password must be at most 200 characters')
  .refine(
    (password) => !isCommonPassword(password),
    'This password is one of the most common ones and easy to guess. Please choose another.',
  )

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

/** The password as typed: never trimmed, so sign-up and login agree on what it is. */
export const loginBody = z
  .object({
    username: required('Username'),
    password: z
      .string('Password is required')
      .min(1, 'All fields are required')
      .max(1000, 'Invalid username or password'),
  })
  .strict()

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

/** D14: turning two-factor sign-in off asks for the current password. */
export const disableTwoFactorBody = z
  .object({
    password: z
      .string('Enter your password to turn two-factor sign-in off')
      .min(1, 'Enter your password to turn two-factor sign-in off')
      .max(1000, 'The password is not correct'),
  })
  .strict()

export const forgotPasswordBody = z.object({ email: emailSchema }).strict()

export const tokenBody = z
  .object({ token: z.string('Invalid verification link').trim().min(1, 'Invalid verification link') })
  .strict()
