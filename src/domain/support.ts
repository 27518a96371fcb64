/**
 * The support request (decision 020; docs/spec/product-spec.md §3): categories, their default and labels, limits and messages,
 * shared by the form and the route.
 */
export const SUPPORT_CATEGORIES = ['bug', 'feature', 'question', 'account', 'billing', 'other'] as const
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number]
export const DEFAULT_SUPPORT_CATEGORY: SupportCategory = 'bug'

/** How the form and the e-mail to support name each category. */
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
