import type { FastifyInstance } from 'fastify'
import { daysInactive, INACTIVITY, inactivityStep } from '../../domain/inactivity'
import { lifecycleStep } from '../../domain/subscription'
import type { UserRow } from '../db/schema'
import { HttpError } from '../http/errors'
import { deleteAccountNow } from './account-deletion'
import { mailInactivityNotice, mailPlanChange } from './account-mail'
import { purgeExpiredLimits } from './account-traces'

/** What one run of the account job did (kept in job_runs, logged). */
export interface AccountJobResult {
  trialsEnded: number
  slotsReleased: number
  paidLapsed: number
  discountsExpired: number
  noticesSent: number
  accountsDeleted: number
  /** `limits` counts rate-limit windows and login failures that were over. */
  purged: { bets: number; payments: number; exports: number; limits: number }
}

/**
 * One pass of the account lifecycle, by the app clock: plans moved on (decision 016), referral
 * discounts past their 12 months ended (decision 017), inactivity notices and deletions (decision 021), and the purge of
 * old de-identified records and expired download archives (decision 025). Each change is its own small write, so
 * a failure part way leaves every account either changed or not, and the next run picks up the rest.
 */
export async function runAccountPass(app: FastifyInstance): Promise<AccountJobResult> {
  const now = app.clock()
  const { accounts } = app.repos
  const result: AccountJobResult = {
    trialsEnded: 0,
    slotsReleased: 0,
    paidLapsed: 0,
    discountsExpired: 0,
    noticesSent: 0,
    accountsDeleted: 0,
    purged: { bets: 0, payments: 0, exports: 0, limits: 0 },
  }

  for (const user of await accounts.lifecycleCandidates(now)) {
    const step = lifecycleStep(user, now)
    if (!step) continue
    const values =
      step.kind === 'slot released'
        ? { subscriptionTier: step.tier, trialSlotNumber: null }
        : { subscriptionTier: step.tier }
    if (!(await accounts.applyStep(user, values))) continue
    if (step.kind === 'trial expired') result.trialsEnded++
    else if (step.kind === 'slot released') result.slotsReleased++
    else result.paidLapsed++
    mailPlanChange(app, user, step)
  }

  result.discountsExpired = await app.repos.referrals.expire(now)

  const policy = INACTIVITY
  for (const user of await accounts.inactiveSince(policy.bannerDays, now)) {
    const days = daysInactive(user.lastActiveAt, now)
    const step = inactivityStep(days, user.inactivityNotices, policy)
    if (step?.kind === 'delete') {
      if (await deleteForInactivity(app, user)) result.accountsDeleted++
    } else if (step && (await accounts.noticeSent(user, step.notice))) {
      mailInactivityNotice(app, user, days, step.daysLeft)
      result.noticesSent++
    }
  }

  result.purged = { ...(await accounts.purge(now)), limits: await purgeExpiredLimits(app.db, now) }
  return result
}

/**
 * Decision 021: deletion on the day. When Stripe cannot cancel the account's subscription, the account
 * stays as it is and the next run tries again; the other accounts go on.
 */
async function deleteForInactivity(app: FastifyInstance, user: UserRow): Promise<boolean> {
  try {
    return await deleteAccountNow(app, user, 'inactivity')
  } catch (error) {
    if (!(error instanceof HttpError && error.statusCode === 503)) throw error
    app.log.warn({ userId: user.id }, 'inactivity deletion postponed to the next run: Stripe unreachable')
    return false
  }
}
