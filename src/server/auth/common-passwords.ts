import { dictionary } from '@zxcvbn-ts/language-common'

/** Decision 051: the 10,000 most common passwords (zxcvbn-ts's ranked list, most common first) are refused. */
const REFUSED_COUNT = 10_000

let refused: Set<string> | null = null

/**
 * Whether a password is among the most common ones, whatever its case: 'Password1' is tried as often as
 * 'password1'. The list is built on first use.
 */
export function isCommonPassword(password: string): boolean {
  refused ??= new Set(dictionary['passwords-common']?.slice(0, REFUSED_COUNT))
  return refused.has(password.toLowerCase())
}
