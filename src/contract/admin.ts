import { z } from 'zod'
import { pathId } from './common'

/** The admin actions of the spec's section 4 (D13: admins only, a reason for each). */
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

export const HARD_DELETE_CONFIRM = 'HARD_DELETE_CONFIRM'
export const hardDeleteBody = z
  .object({
    reason,
    confirmPassword: z.literal(HARD_DELETE_CONFIRM, `Type ${HARD_DELETE_CONFIRM} to confirm`),
  })
  .strict()
