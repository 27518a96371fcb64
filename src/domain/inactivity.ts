/**
 * Decision 021 and docs/spec/product-spec.md §9: an account unused for `bannerDays` (30) shows the banner and gets a first
 * notice; two more go out 30 and 7 days before deletion, which comes at `deleteDays` (730). Activity (any
 * signed-in use, or 'I'm Here!') starts the count again.
 */
export interface InactivityPolicy {
  bannerDays: number
  deleteDays: number
}

/** The banner after 30 days without activity, deletion (after e-mailed notices) at 730. */
export const INACTIVITY: InactivityPolicy = { bannerDays: 30, deleteDays: 730 }

/** The notices, by how many days before deletion each goes out (the first: at the banner). */
export const FINAL_NOTICE_DAYS = [30, 7] as const
const DAY_MS = 86_400_000

export type InactivityStep = { kind: 'notice'; notice: number; daysLeft: number } | { kind: 'delete' } | null

/** Whole days between the last activity and now (never negative: the two clocks may differ a little). */
export function daysInactive(lastActiveAt: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - lastActiveAt.getTime()) / DAY_MS))
}

export interface InactivityStatus {
  showBanner: boolean
  daysInactive: number
  timeRemaining: number
}

/**
 * The banner: it shows the longer of the current stretch without activity and the absence the
 * latest sign-in ended (`absenceDays`, until acknowledged), once that reaches the banner's days. The days
 * left until deletion count from the last activity: a sign-in restarted them.
 */
export function inactivityStatus(
  lastActiveAt: Date,
  absenceDays: number | null,
  now: Date,
  policy: InactivityPolicy,
): InactivityStatus {
  const current = daysInactive(lastActiveAt, now)
  const shown = Math.max(current, absenceDays ?? 0)
  return {
    showBanner: shown >= policy.bannerDays,
    daysInactive: shown,
    timeRemaining: Math.max(0, policy.deleteDays - current),
  }
}

/** The day (of inactivity) each notice is due: the banner day, then 30 and 7 days before deletion. */
export function noticeDays(policy: InactivityPolicy): number[] {
  const finals = FINAL_NOTICE_DAYS.map((before) => policy.deleteDays - before)
  return [policy.bannerDays, ...finals].sort((a, b) => a - b)
}

/**
 * What is due for an account `days` inactive that has had `sent` notices: deletion once its day has come,
 * else the latest notice due and not yet sent (notices whose day passed while the job was not running
 * are not sent late one by one: the latest one says all there is to say), else nothing.
 */
export function inactivityStep(days: number, sent: number, policy: InactivityPolicy): InactivityStep {
  if (days >= policy.deleteDays) return { kind: 'delete' }
  const due = noticeDays(policy).filter((day) => day <= days).length
  if (due <= sent) return null
  return { kind: 'notice', notice: due, daysLeft: policy.deleteDays - days }
}
