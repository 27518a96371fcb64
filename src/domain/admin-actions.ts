/** What an admin may do to an account (spec section 4); the audit trail names each in these words. */
export const ADMIN_ACTIONS = ['suspend', 'restore', 'soft delete', 'hard delete', 'mark paid'] as const
export type AdminAction = (typeof ADMIN_ACTIONS)[number]

/** Spec section 5: the text an admin types to confirm a hard delete (sent as confirmPassword). */
export const HARD_DELETE_CONFIRM = 'HARD_DELETE_CONFIRM'
