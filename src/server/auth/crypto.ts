import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { hash, verify } from '@node-rs/argon2'

/** D14: argon2id with the OWASP baseline (19 MiB, 2 passes). */
// 2 is Algorithm.Argon2id; the package's const enum cannot be imported under verbatimModuleSyntax.
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 }

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2)
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

let dummyHash: Promise<string> | null = null

/** Spends the time of a real check, so an unknown username answers as slowly as a wrong password. */
export async function verifyNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('grid-timing-equaliser')
  await verifyPassword(await dummyHash, password)
  return false
}

/** 256-bit random secrets for cookies and links. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Six digits, uniformly drawn (D14). */
export function randomCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}

/** Tokens are stored as hashes only: a copy of the database opens no session and no link. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}

export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}
