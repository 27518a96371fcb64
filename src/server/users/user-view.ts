import type { PublicUser } from '../../contract/users'
import { formatCents } from '../../domain/money'
import type { UserRow } from '../db/schema'

/** The spec's User entity as the API sends it (src/contract/users.ts): never a hash, never an admin-only flag. */
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
    oddsFormat: row.oddsFormat,
    unitSize: row.unitSizeCents === null ? null : formatCents(row.unitSizeCents),
    currencySymbol: row.currencySymbol,
    amountsInUnits: row.amountsInUnits,
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
