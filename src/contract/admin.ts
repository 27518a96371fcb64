import { z } from 'zod'
import { ADMIN_ACTIONS, HARD_DELETE_CONFIRM } from '../domain/admin-actions'
import { instant, pathId } from './common'

/** The admin actions of docs/spec/product-spec.md §4 (decision 013: admins only, a reason for each). */
const reason = z.string('A reason is required').trim().min(1, 'A reason is required').max(500)

export const adminUserParams = z.object({ id: pathId('id') })
export const reasonBody = z.object({ reason }).strict()

/**
 * A timed suspension, or one until restored (no date). The server also requires the date to be in the
 * future and at most ten years ahead, on its own clock (src/server/admin/admin.routes.ts).
 */
export const suspendBody = z
  .object({
    reason,
    suspendedUntil: z.iso
      .datetime({ offset: true, message: 'suspendedUntil must be an ISO date-time with an offset' })
      .nullish(),
  })
  .strict()

export { HARD_DELETE_CONFIRM }
export const hardDeleteBody = z
  .object({
    reason,
    confirmPassword: z.literal(HARD_DELETE_CONFIRM, `Type ${HARD_DELETE_CONFIRM} to confirm`),
  })
  .strict()

/** A page number or size in the query string: whole, in range, said per field when not. */
export const pageNumber = (field: string, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, `${field} must be a whole number`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= max, `${field} must be between 1 and ${max}`)
    .optional()
    .transform((n) => n ?? fallback)

export const auditQuery = z
  .object({ page: pageNumber('page', 100_000, 1), pageSize: pageNumber('pageSize', 100, 25) })
  .strict()

const auditAccount = z.object({
  id: z.number().int(),
  /**
   * The username the account had at the action, kept after a hard delete; null only for
   * entries written before names were kept, whose account was already gone.
   */
  username: z.string().nullable(),
})

/** GET /api/admin/audit: who did what to whom, why and when, newest first. */
export const auditPage = z
  .object({
    entries: z.array(
      z.object({
        id: z.number().int(),
        at: instant,
        action: z.enum(ADMIN_ACTIONS),
        /** Null for a role change made on the command line (`npm run admin`). */
        admin: auditAccount.nullable(),
        target: auditAccount,
        reason: z.string(),
        until: instant.nullable(),
      }),
    ),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: 'AdminAuditPage' })

/** Billing without a payment provider: an admin records a payment for whole months. */
export const markPaidBody = z
  .object({
    reason,
    months: z
      .number('months must be a whole number from 1 to 12')
      .int('months must be a whole number from 1 to 12')
      .min(1, 'months must be a whole number from 1 to 12')
      .max(12, 'months must be a whole number from 1 to 12')
      .default(1),
  })
  .strict()

export const markPaidAnswer = z.object({
  message: z.string(),
  paidThrough: instant,
  /** What the months cost after the user's referral discount, in dollars. */
  amount: z.number(),
  discountPercent: z.number().int(),
})

export const expiredDiscounts = z.object({ message: z.string(), expired: z.number().int() })
