import { z } from 'zod'

/**
 * POST /api/support (D20). Categories and their default are the spec's (section 3, Support request);
 * the web form's select (src/web/screens/support-page.tsx) offers the same values.
 */
export const SUPPORT_CATEGORIES = ['bug', 'feature', 'question', 'account', 'billing', 'other'] as const
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number]
export const DEFAULT_SUPPORT_CATEGORY: SupportCategory = 'bug'

/** How the e-mail to support names each category. */
export const SUPPORT_CATEGORY_LABELS: Record<SupportCategory, string> = {
  bug: 'Bug report',
  feature: 'Feature request',
  question: 'Question',
  account: 'Account',
  billing: 'Billing',
  other: 'Other',
}

export const SUPPORT_LIMITS = { subject: 200, message: 5000, email: 254 } as const

export const SUPPORT_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  subjectRequired: 'Subject is required',
  subjectTooLong: `Subject must be at most ${SUPPORT_LIMITS.subject} characters`,
  messageRequired: 'Message is required',
  messageTooLong: `Message must be at most ${SUPPORT_LIMITS.message} characters`,
  category: `Category must be one of: ${SUPPORT_CATEGORIES.join(', ')}`,
} as const

const M = SUPPORT_MESSAGES

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
