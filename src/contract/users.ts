import { z } from 'zod'
import {
  ACCOUNT_MESSAGES,
  normalisedUsername,
  USERNAME_CHARACTERS,
  USERNAME_LENGTH,
} from '../domain/accounts'
import { isSupportedTimezone } from '../domain/calendar'
import { CURRENCY_SYMBOL, DISPLAY_MESSAGES } from '../domain/display'
import { PRICE_FORMATS } from '../domain/price'
import { decimalMoney, instant } from './common'

/** The spec's User entity as the API sends it: never a hash, never a flag meant for admins only. */
export const publicUser = z
  .object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    cellPhone: z.string().nullable(),
    role: z.enum(['user', 'admin']),
    isAdmin: z.boolean(),
    subscriptionTier: z.string(),
    trialEndDate: instant.nullable(),
    trialSlotNumber: z.number().int().nullable(),
    referralCode: z.string().nullable(),
    timezone: z.string(),
    /** Decision 072: how prices are entered and shown, a unit's stake, and the symbol amounts show with. */
    oddsFormat: z.enum(PRICE_FORMATS),
    unitSize: decimalMoney.nullable(),
    currencySymbol: z.string(),
    amountsInUnits: z.boolean(),
    twoFactorEnabled: z.boolean(),
    twoFactorMethod: z.enum(['email', 'sms']).nullable(),
    createdAt: instant,
  })
  .meta({ id: 'User' })
export type PublicUser = z.infer<typeof publicUser>

/** A new username (sign-up and the Settings change alike): normalised, then measured and checked. */
export const usernameSchema = z
  .string('Username is required')
  .overwrite(normalisedUsername)
  .min(USERNAME_LENGTH.min, ACCOUNT_MESSAGES.usernameShort)
  .max(USERNAME_LENGTH.max, ACCOUNT_MESSAGES.usernameLong)
  .regex(USERNAME_CHARACTERS, ACCOUNT_MESSAGES.usernameCharacters)

/** The login name changes only with the current password, like the other account-taking changes (decision 014). */
export const updateUsernameBody = z
  .object({
    newUsername: usernameSchema,
    password: z
      .string(ACCOUNT_MESSAGES.usernamePassword)
      .min(1, ACCOUNT_MESSAGES.usernamePassword)
      .max(1000, 'The password is not correct'),
  })
  .strict()
export const userAnswer = z.object({ message: z.string(), user: publicUser.nullable() })

export const timezoneBody = z
  .object({
    timezone: z
      .string('Timezone is required')
      .refine(isSupportedTimezone, 'Choose one of the listed time zones'),
  })
  .strict()
export const timezoneAnswer = userAnswer.extend({ timezone: z.string() })

/**
 * Decision 072: the bettor's display settings, each optional (what is left out stays). `unitSize` is one
 * unit's stake in dollars, or null for none; `amountsInUnits` shows amounts in units (with a unit size);
 * the currency symbol is display only.
 */
export const displayBody = z
  .object({
    oddsFormat: z.enum(PRICE_FORMATS, `oddsFormat must be ${PRICE_FORMATS.join(', ')}`).optional(),
    unitSize: z
      .union([z.number(), z.string().max(32)], DISPLAY_MESSAGES.unitSize)
      .nullable()
      .optional(),
    currencySymbol: z
      .string(DISPLAY_MESSAGES.currencySymbol)
      .trim()
      .regex(CURRENCY_SYMBOL, DISPLAY_MESSAGES.currencySymbol)
      .optional(),
    amountsInUnits: z.boolean('amountsInUnits must be true or false').optional(),
  })
  .strict()

/** Decision 021: the banner after the configured days of inactivity, counting down to deletion. */
export const inactivityStatus = z.object({
  showBanner: z.boolean(),
  daysInactive: z.number().int(),
  timeRemaining: z.number().int(),
})

/** Decision 025: deleting one's own account asks for the password, like every other irreversible account change. */
export const DELETE_ACCOUNT_PASSWORD = 'Enter your password to delete your account'
export const deleteAccountBody = z
  .object({
    password: z
      .string(DELETE_ACCOUNT_PASSWORD)
      .min(1, DELETE_ACCOUNT_PASSWORD)
      .max(1000, 'The password is not correct'),
  })
  .strict()

export const ADMIN_NOT_DELETABLE =
  'An admin account cannot be deleted here: demote it first (npm run admin), then delete it.'

export const exportTokenParams = z.object({ token: z.string().min(1).max(100) }).strict()
/** docs/spec/product-spec.md §9: a terminated account's link works 30 days. */
export const EXPORT_LINK_GONE = 'This download link is invalid or has expired'
