import { z } from 'zod'
import {
  DEFAULT_SUPPORT_CATEGORY,
  SUPPORT_MESSAGES as M,
  SUPPORT_CATEGORIES,
  SUPPORT_LIMITS,
} from '../domain/support'

/** POST /api/support (decision 020). */
export const supportBody = z
  .object({
    email: z
      .string(M.emailRequired)
      .trim()
      .min(1, M.emailRequired)
      .max(SUPPORT_LIMITS.email, M.emailInvalid)
      .pipe(z.email(M.emailInvalid)),
    subject: z
      .string(M.subjectRequired)
      .trim()
      .min(1, M.subjectRequired)
      .max(SUPPORT_LIMITS.subject, M.subjectTooLong)
      // It becomes the mail's Subject header: one line, whatever the client sent.
      .transform((subject) => subject.replace(/\s+/g, ' ')),
    message: z
      .string(M.messageRequired)
      .trim()
      .min(1, M.messageRequired)
      .max(SUPPORT_LIMITS.message, M.messageTooLong),
    category: z.enum(SUPPORT_CATEGORIES, M.category).default(DEFAULT_SUPPORT_CATEGORY),
  })
  .strict()
export type SupportBody = z.infer<typeof supportBody>

export const supportAnswer = z.object({ message: z.string(), id: z.number().int() })
