import type { UserRow } from '../db/schema'

/** The User entity of the spec as the API sends it: never a hash, never a flag meant for admins only. */
export interface PublicUser {
  id: number
  username: string
  email: string
  emailVerified: boolean
  cellPhone: string | null
  role: string
  isAdmin: boolean
  subscriptionTier: string
  trialEndDate: string | null
  trialSlotNumber: number | null
  referralCode: string | null
  timezone: string
  twoFactorEnabled: boolean
  twoFactorMethod: string | null
  createdAt: string
}

export function publicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    emailVerified: row.emailVerifiedAt !== null,
    cellPhone: row.cellPhone,
    role: row.role,
    isAdmin: row.role === 'admin',
    subscriptionTier: row.subscriptionTier,
    trialEndDate: row.trialEndDate?.toISOString() ?? null,
    trialSlotNumber: row.trialSlotNumber,
    referralCode: row.referralCode,
    timezone: row.timezone,
    twoFactorEnabled: row.twoFactorEnabled,
    twoFactorMethod: row.twoFactorMethod,
    createdAt: row.createdAt.toISOString(),
  }
}

/** Suspended (until a date, or for good) or deleted users cannot use a session or sign in. */
export function isBlocked(row: UserRow, now: Date): boolean {
  if (row.isDeleted) return true
  if (!row.isSuspended) return false
  return row.suspendedUntil === null || row.suspendedUntil > now
}
