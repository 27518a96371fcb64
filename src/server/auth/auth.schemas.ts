import { z } from 'zod'
import {
  newPasswordSchema,
  resetWithToken,
  resetWithUsername,
  registerBody as sharedRegisterBody,
  resetPasswordBody as sharedResetPasswordBody,
} from '../../contract/auth'
import { ACCOUNT_MESSAGES } from '../../domain/accounts'
import { refining } from '../http/contract'
import { isCommonPassword } from './common-passwords'

/**
 * The contract's new-password schema plus the server's own check: the 10,000 most common passwords
 * (decision 051), a list too large to ship with the shared contract.
 */
export const passwordSchema = newPasswordSchema.refine(
  (password) => !isCommonPassword(password),
  ACCOUNT_MESSAGES.passwordCommon,
)

export const registerBody = refining(
  sharedRegisterBody,
  sharedRegisterBody.extend({
    password: z
      .string(ACCOUNT_MESSAGES.allRequired)
      .min(1, ACCOUNT_MESSAGES.allRequired)
      .pipe(passwordSchema),
  }),
)

/** The reset form: the e-mailed link's token, or the login screen's Reset tab's username (decision 011). */
export const resetPasswordBody = refining(
  sharedResetPasswordBody,
  z.union([
    resetWithToken.extend({ newPassword: passwordSchema }),
    resetWithUsername.extend({ newPassword: passwordSchema }),
  ]),
)
