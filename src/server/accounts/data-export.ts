import { asc, eq } from 'drizzle-orm'
import { strToU8, zipSync } from 'fflate'
import { calendarDay } from '../../domain/calendar'
import { csvLine } from '../../domain/csv'
import { formatCents } from '../../domain/money'
import { csvText } from '../bets/bet-csv'
import type { BetsRepository } from '../bets/bets.repository'
import { payments, referralCodes, referralDiscounts } from '../db/billing-schema'
import type { Db } from '../db/client'
import type { UserRow } from '../db/schema'
import { publicUser } from '../users/user-view'

/**
 * Decision 025: everything Grid holds about an account, as one ZIP: the account (JSON), its bets in
 * Grid's own CSV (the history export's format, which the import reads back), its referral codes and the
 * discounts they earned (JSON), and its payments (CSV). Friends' details stay out: they are theirs.
 */
export async function dataArchive(
  db: Db,
  bets: BetsRepository,
  user: UserRow,
  now: Date,
): Promise<Uint8Array> {
  let betsCsv = ''
  const legs = await bets.hasTickets(user.id, null)
  for await (const chunk of csvText(bets.csvBatches(user.id, null, { tickets: legs }), user.timezone, {
    legs,
    unitSizeCents: user.unitSizeCents,
  }))
    betsCsv += chunk
  const files = {
    'README.txt': strToU8(readme(user, now)),
    'account.json': json(accountRecord(user, now)),
    'bets.csv': strToU8(betsCsv),
    'referrals.json': json(await referralRecords(db, user.id)),
    'payments.csv': strToU8(await paymentsCsv(db, user.id)),
  }
  return zipSync(files, { level: 6, mtime: now })
}

/** 'grid-data-2026-11-24.zip', dated in the user's zone like the CSV export. */
export function archiveName(user: UserRow, now: Date): string {
  return `grid-data-${calendarDay(now, user.timezone)}.zip`
}

const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`)

function accountRecord(user: UserRow, now: Date) {
  return {
    exportedAt: now.toISOString(),
    ...publicUser(user),
    paidThrough: user.paidThrough?.toISOString() ?? null,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    lastActiveAt: user.lastActiveAt.toISOString(),
    emailVerifiedAt: user.emailVerifiedAt?.toISOString() ?? null,
  }
}

async function referralRecords(db: Db, userId: number) {
  const codes = await db
    .select({ code: referralCodes.code, createdAt: referralCodes.createdAt })
    .from(referralCodes)
    .where(eq(referralCodes.ownerId, userId))
    .orderBy(asc(referralCodes.createdAt))
  const discounts = await db
    .select({
      code: referralDiscounts.code,
      activatedAt: referralDiscounts.activatedAt,
      endsAt: referralDiscounts.endsAt,
      status: referralDiscounts.status,
    })
    .from(referralDiscounts)
    .where(eq(referralDiscounts.referrerId, userId))
    .orderBy(asc(referralDiscounts.activatedAt))
  return { codes, discounts }
}

const PAYMENT_COLUMNS = ['Date', 'Period Start', 'Period End', 'Amount', 'Discount %', 'Source']

async function paymentsCsv(db: Db, userId: number): Promise<string> {
  const rows = await db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(asc(payments.createdAt), asc(payments.id))
  const lines = rows.map((p) =>
    csvLine([
      p.createdAt.toISOString(),
      p.periodStart.toISOString(),
      p.periodEnd.toISOString(),
      formatCents(p.amountCents),
      String(p.discountPercent),
      p.source,
    ]),
  )
  return csvLine(PAYMENT_COLUMNS) + lines.join('')
}

function readme(user: UserRow, now: Date): string {
  return [
    `Your Grid data (account #${user.id}, ${user.username}), exported ${now.toISOString()}.`,
    '',
    'account.json   your account: profile, plan, time zone, security settings (never your password)',
    "bets.csv       every bet, in Grid's CSV export format (Import in Grid reads it back)",
    'referrals.json your referral codes and the discounts they earned',
    'payments.csv   your payments for Monthly Unlimited',
    '',
  ].join('\n')
}
