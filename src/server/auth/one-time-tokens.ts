import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { oneTimeTokens, users } from '../db/schema'
import type { Clock } from '../feeds/clock'
import { randomCode, randomToken, type SecretHasher, sameSecret } from './crypto'

/**
 * One-time secrets. A link token is looked up by its hash; a 2FA code hangs on a row found by a cookie
 * token (login) or by the signed-in user (setup), and locks after MAX_CODE_ATTEMPTS wrong guesses (decision 014).
 */
export type TokenKind = 'verify_email' | 'password_reset' | 'password_change' | 'login_2fa' | 'setup_2fa'

export const TOKEN_TTL_MS: Record<TokenKind, number> = {
  verify_email: 24 * 3_600_000,
  password_reset: 3_600_000,
  password_change: 3_600_000,
  login_2fa: 10 * 60_000,
  setup_2fa: 10 * 60_000,
}
export const MAX_CODE_ATTEMPTS = 5

export type OneTimeToken = typeof oneTimeTokens.$inferSelect

export type CodeCheck = 'ok' | 'wrong' | 'locked' | 'expired'

export interface IssueOptions {
  code?: boolean
  payload?: Record<string, string>
  /** A pending login's credentials version (decision 014), checked when it completes. */
  credentialsVersion?: number
}

export function oneTimeTokensRepository(db: Db, hash: SecretHasher, clock: Clock) {
  const tokenHash = (kind: TokenKind, token: string) => hash(`token:${kind}`, token)
  const codeHash = (code: string) => hash('code', code)
  /**
   * Counts one attempt at a row's secret (a 2FA code, a decision 011 password re-entry) before it is checked, so
   * that parallel guesses cannot exceed MAX_CODE_ATTEMPTS; false once they are used up.
   */
  const countAttempt = async (row: OneTimeToken): Promise<boolean> => {
    const [counted] = await db
      .update(oneTimeTokens)
      .set({ attempts: sql`${oneTimeTokens.attempts} + 1` })
      .where(and(eq(oneTimeTokens.id, row.id), sql`${oneTimeTokens.attempts} < ${MAX_CODE_ATTEMPTS}`))
      .returning({ attempts: oneTimeTokens.attempts })
    return counted !== undefined
  }

  return {
    /** Issues a fresh secret (and code) of a kind, spending any earlier unused one of the same kind. */
    async issue(kind: TokenKind, userId: number, options: IssueOptions = {}, outer: Db = db) {
      const token = randomToken()
      const code = options.code ? randomCode() : null
      await outer.transaction(async (tx) => {
        await tx
          .update(oneTimeTokens)
          .set({ usedAt: clock() })
          .where(
            and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.kind, kind), isNull(oneTimeTokens.usedAt)),
          )
        await tx.insert(oneTimeTokens).values({
          kind,
          userId,
          tokenHash: tokenHash(kind, token),
          codeHash: code === null ? null : codeHash(code),
          payload: options.payload ?? null,
          credentialsVersion: options.credentialsVersion ?? null,
          expiresAt: new Date(clock().getTime() + TOKEN_TTL_MS[kind]),
        })
      })
      return { token, code }
    },

    /** issue() for an account made in `tx`, which has no earlier secret to spend: one insert. */
    async issueFirst(kind: TokenKind, userId: number, tx: Db): Promise<string> {
      const token = randomToken()
      const expiresAt = new Date(clock().getTime() + TOKEN_TTL_MS[kind])
      await tx.insert(oneTimeTokens).values({ kind, userId, tokenHash: tokenHash(kind, token), expiresAt })
      return token
    },

    /**
     * issue() for the live account of an e-mail address, found inside the same two statements: for an
     * address with no account they run alike and write nothing, so a caller that must not tell the two
     * apart (forgot-password) does the same database work either way. Answers the account's id, or null.
     */
    async issueForEmail(kind: TokenKind, email: string): Promise<{ token: string; userId: number } | null> {
      const token = randomToken()
      const account = and(
        sql`lower(${users.email}) = ${email.trim().toLowerCase()}`,
        eq(users.isDeleted, false),
      )
      const now = clock()
      const expiresAt = new Date(now.getTime() + TOKEN_TTL_MS[kind]).toISOString()
      const [issued] = await db.transaction(async (tx) => {
        await tx
          .update(oneTimeTokens)
          .set({ usedAt: now })
          .where(
            and(
              inArray(oneTimeTokens.userId, tx.select({ id: users.id }).from(users).where(account)),
              eq(oneTimeTokens.kind, kind),
              isNull(oneTimeTokens.usedAt),
            ),
          )
        // INSERT ... SELECT names every column in the table's order (Drizzle's rule); the row is issue()'s.
        const row = tx
          .select({
            id: sql<number>`nextval(pg_get_serial_sequence('one_time_tokens', 'id'))`.as('id'),
            kind: sql<string>`${kind}::text`.as('kind'),
            userId: users.id,
            tokenHash: sql<string>`${tokenHash(kind, token)}::text`.as('token_hash'),
            codeHash: sql<null>`null::text`.as('code_hash'),
            attempts: sql<number>`0`.as('attempts'),
            payload: sql<null>`null::jsonb`.as('payload'),
            credentialsVersion: sql<null>`null::integer`.as('credentials_version'),
            createdAt: sql<Date>`now()`.as('created_at'),
            expiresAt: sql<Date>`${expiresAt}::timestamptz`.as('expires_at'),
            usedAt: sql<null>`null::timestamptz`.as('used_at'),
          })
          .from(users)
          .where(account)
          .limit(1)
        return tx.insert(oneTimeTokens).select(row).returning({ userId: oneTimeTokens.userId })
      })
      return issued ? { token, userId: issued.userId } : null
    },

    /**
     * A new code on an open row, keeping its expiry: a pending login lives 10 minutes from its password
     * step however many codes are sent (decision 014). Null when the row is spent or expired.
     */
    async renewCode(id: number): Promise<string | null> {
      const code = randomCode()
      const renewed = await db
        .update(oneTimeTokens)
        .set({ codeHash: codeHash(code), attempts: 0 })
        .where(isOpenRow(id, clock()))
        .returning({ id: oneTimeTokens.id })
      return renewed.length === 1 ? code : null
    },

    /** The row for a token of this kind, whatever its state: callers tell expired from spent from unknown. */
    async find(kind: TokenKind, token: string): Promise<OneTimeToken | null> {
      const [row] = await db
        .select()
        .from(oneTimeTokens)
        .where(and(eq(oneTimeTokens.kind, kind), eq(oneTimeTokens.tokenHash, tokenHash(kind, token))))
        .limit(1)
      return row ?? null
    },

    async latestOpen(kind: TokenKind, userId: number): Promise<OneTimeToken | null> {
      const [row] = await db
        .select()
        .from(oneTimeTokens)
        .where(
          and(eq(oneTimeTokens.kind, kind), eq(oneTimeTokens.userId, userId), isNull(oneTimeTokens.usedAt)),
        )
        .orderBy(desc(oneTimeTokens.id))
        .limit(1)
      return row ?? null
    },

    /** Marks a token spent; false when it was already spent or expired (a second click, a race). */
    async spend(id: number, tx: Db = db): Promise<boolean> {
      const spent = await tx
        .update(oneTimeTokens)
        .set({ usedAt: clock() })
        .where(isOpenRow(id, clock()))
        .returning({ id: oneTimeTokens.id })
      return spent.length === 1
    },

    /** Spends every open token of these kinds for the user (a new password voids older links). */
    async spendAll(userId: number, kinds: TokenKind[], tx: Db = db): Promise<void> {
      await tx
        .update(oneTimeTokens)
        .set({ usedAt: clock() })
        .where(
          and(
            eq(oneTimeTokens.userId, userId),
            inArray(oneTimeTokens.kind, kinds),
            isNull(oneTimeTokens.usedAt),
          ),
        )
    },

    countAttempt,

    async checkCode(row: OneTimeToken, code: string): Promise<CodeCheck> {
      if (row.usedAt !== null || isExpired(row, clock())) return 'expired'
      if (!(await countAttempt(row))) return 'locked'
      return row.codeHash !== null && sameSecret(row.codeHash, codeHash(code)) ? 'ok' : 'wrong'
    },
  }
}

export type OneTimeTokensRepository = ReturnType<typeof oneTimeTokensRepository>

/** The row `id` while it can still be used at `now`: not spent, not expired. */
function isOpenRow(id: number, now: Date) {
  return and(eq(oneTimeTokens.id, id), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, now))
}

export function isExpired(row: OneTimeToken, now: Date): boolean {
  return row.expiresAt <= now
}
