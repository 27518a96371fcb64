/**
 * What an admin may do to an account (docs/spec/product-spec.md §4), and the role changes (an admin is demoted
 * before any suspension or deletion; the command line promotes and demotes too); the audit trail names
 * each in these words.
 */
export const ADMIN_ACTIONS = [
  'suspend',
  'restore',
  'soft delete',
  'hard delete',
  'mark paid',
  'demote',
  'promote',
] as const

/** Actions an admin may take on user accounts only: an admin must first be demoted. */
export const USERS_ONLY_ACTIONS: readonly AdminAction[] = ['suspend', 'soft delete', 'hard delete']
export type AdminAction = (typeof ADMIN_ACTIONS)[number]

/** docs/spec/product-spec.md §5: the text an admin types to confirm a hard delete (sent as confirmPassword). */
export const HARD_DELETE_CONFIRM = 'HARD_DELETE_CONFIRM'
