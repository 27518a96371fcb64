import { z } from 'zod'

/**
 * The building blocks of every setting. A setting is written once, in its group's schema: its variable,
 * its check (with the message an operator sees), its default and its README row (`describe`).
 */

export const int = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${name} must be between ${min} and ${max}`)

export const url = (name: string, protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol)
      } catch {
        return false
      }
    },
    `${name} must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
  )

/**
 * The README's default column for a setting without a default value: what being unset means when it is
 * more than `unset` (the test in tests/unit/readme-config.test.ts reads it).
 */
export function whenUnset<T extends z.ZodType>(schema: T, shown: string): T {
  return schema.meta({ whenUnset: shown })
}

/** A trailing slash would double in every path joined to the address. */
export const withoutTrailingSlash = (address: string) => address.replace(/\/+$/, '')
