import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { hash, verify } from '@node-rs/argon2'

/** Argon2id's cost: memory in KiB and passes. */
export interface PasswordCost {
  memoryCost: number
  timeCost: number
}

/** Decision 014: argon2id with the OWASP baseline (19 MiB, 2 passes). */
export const OWASP_PASSWORD_COST: PasswordCost = { memoryCost: 19_456, timeCost: 2 }

/** A hash names its own cost, so one check serves hashes of any cost. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

export interface PasswordHasher {
  hash(password: string): Promise<string>
  /** Spends the time of a real check, so an unknown username answers as slowly as a wrong password. */
  verifyNothing(password: string): Promise<false>
}

/** New passwords hashed at `cost`: the product's is OWASP's; tests build the app with a lighter one. */
export function passwordHasher(cost: PasswordCost = OWASP_PASSWORD_COST): PasswordHasher {
  // 2 is Algorithm.Argon2id; the package's const enum cannot be imported under verbatimModuleSyntax.
  const options = { algorithm: 2, parallelism: 1, ...cost }
  let dummyHash: Promise<string> | null = null
  const hashPassword = (password: string) => hash(password, options)
  return {
    hash: hashPassword,
    async verifyNothing(password) {
      dummyHash ??= hashPassword('grid-timing-equaliser')
      await verifyPassword(await dummyHash, password)
      return false
    },
  }
}

/** 256-bit random secrets for cookies and links. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Six digits, uniformly drawn (decision 014). */
export function randomCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}

/**
 * How a secret is stored: an HMAC under the server secret (APP_SECRET), never the secret itself. A copy
 * of the database opens no session and no link, and a 6-digit code cannot be recovered from its stored
 * value by trying the million candidates, as it could from a plain hash. `purpose` separates the kinds,
 * so a session token's stored value can never pass as a reset link's.
 */
export type SecretHasher = (purpose: string, secret: string) => string

export function secretHasher(serverSecret: string): SecretHasher {
  return (purpose, secret) => createHmac('sha256', serverSecret).update(`${purpose}:${secret}`).digest('hex')
}

export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}
