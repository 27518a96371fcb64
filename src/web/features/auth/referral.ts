import { REFERRAL_CODE_LENGTH } from '../../../domain/accounts'
import type { RegisterBody } from '../../types'

/** Decision 017: referral codes are letters and digits, stored uppercase; the field uppercases as the user types. */
export function normalizeReferral(value: string): string {
  return value.toUpperCase().slice(0, REFERRAL_CODE_LENGTH.max)
}

/** A shared link carries `?ref={code}` (docs/spec/product-spec.md §2, Referrals); anything but letters and digits is dropped. */
export function referralFromLink(search: URLSearchParams): string {
  return normalizeReferral((search.get('ref') ?? '').replace(/[^a-z0-9]/gi, ''))
}

/** docs/spec/product-spec.md §3, Registration payload: cellPhone is null; an empty referral code is left out. */
export function registerPayload(fields: {
  username: string
  email: string
  password: string
  referralCode: string
  acceptTerms: boolean
}): RegisterBody {
  const referralCode = fields.referralCode.trim()
  return {
    username: fields.username.trim(),
    email: fields.email.trim(),
    password: fields.password,
    cellPhone: null,
    acceptTerms: fields.acceptTerms,
    ...(referralCode ? { referralCode } : {}),
  }
}
