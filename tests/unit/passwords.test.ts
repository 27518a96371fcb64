import { describe, expect, it } from 'vitest'
import { passwordHasher, verifyPassword } from '../../src/server/auth/crypto'

describe('password hashing (decision 014)', () => {
  it("hashes with argon2id at OWASP's baseline, 19 MiB and 2 passes, by default", async () => {
    const stored = await passwordHasher().hash('correct horse battery')
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(await verifyPassword(stored, 'correct horse battery')).toBe(true)
    expect(await verifyPassword(stored, 'correct horse battery!')).toBe(false)
  })

  it('checks a hash of another cost by the cost the hash names', async () => {
    const stored = await passwordHasher({ memoryCost: 1_024, timeCost: 1 }).hash('s3cret-enough')
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/)
    expect(await verifyPassword(stored, 's3cret-enough')).toBe(true)
  })

  it('answers false for an unknown account after a real check, and for a malformed hash', async () => {
    expect(await passwordHasher({ memoryCost: 1_024, timeCost: 1 }).verifyNothing('anything')).toBe(false)
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false)
  })
})
