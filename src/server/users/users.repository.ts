import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { type UserRow, users } from '../db/schema'

/** Any fixed number: sign-ups take turns, so 'first account' and trial slots cannot race (D13, D16). */
const SIGNUP_LOCK = 7_305_002

export interface NewUser {
  username: string
  email: string
  passwordHash: string
  cellPhone: string | null
  referralCode: string | null
}

export interface TrialPolicy {
  trialDays: number
  trialSlotCap: number
}

export function usersRepository(db: Db) {
  return {
    async byId(id: number, tx: Db = db): Promise<UserRow | null> {
      const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1)
      return row ?? null
    },

    async byUsername(username: string): Promise<UserRow | null> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.username}) = ${username.trim().toLowerCase()}`)
        .limit(1)
      return row ?? null
    },

    async byEmail(email: string): Promise<UserRow | null> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
        .limit(1)
      return row ?? null
    },

    /**
     * D13: the first account on a fresh database is the admin. D16: others start a free trial while
     * slots last (cap 0 means no cap), else land on trial_ended and see the paid plan.
     */
    async create(user: NewUser, policy: TrialPolicy): Promise<UserRow> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${SIGNUP_LOCK})`)
        const [stats] = await tx
          .select({
            count: sql<number>`count(*)::int`,
            lastSlot: sql<number>`coalesce(max(${users.trialSlotNumber}), 0)::int`,
          })
          .from(users)
        const first = (stats?.count ?? 0) === 0
        const slot = (stats?.lastSlot ?? 0) + 1
        const slotFree = policy.trialSlotCap === 0 || slot <= policy.trialSlotCap
        const trial = !first && slotFree
        const [row] = await tx
          .insert(users)
          .values({
            ...user,
            role: first ? 'admin' : 'user',
            subscriptionTier: first ? 'admin' : trial ? 'performance_trial' : 'trial_ended',
            trialSlotNumber: trial ? slot : null,
            trialEndDate: trial ? new Date(Date.now() + policy.trialDays * 86_400_000) : null,
          })
          .returning()
        if (!row) throw new Error('insert returned no row')
        return row
      })
    },

    async update(
      id: number,
      values: Partial<typeof users.$inferInsert>,
      tx: Db = db,
    ): Promise<UserRow | null> {
      const [row] = await tx.update(users).set(values).where(eq(users.id, id)).returning()
      return row ?? null
    },

    async trialSlotsLeft(cap: number): Promise<number | null> {
      if (cap === 0) return null
      const [row] = await db
        .select({ used: sql<number>`coalesce(max(${users.trialSlotNumber}), 0)::int` })
        .from(users)
      return Math.max(0, cap - (row?.used ?? 0))
    },
  }
}

/** PostgreSQL's unique_violation, from either driver. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } }
  return e?.code === '23505' || e?.cause?.code === '23505'
}
