/**
 * The plan lifecycle (decision 016 as revised by decision 047), as a small state machine:
 *
 *   sign-up ──> performance_trial ──(7 days over)──────────────> trial_ended
 *                      │  └──(e-mail unverified 48 h: slot released)──┘  │
 *                      └──(payment)──> monthly_paid ──(period lapses)──> trial_ended
 *   trial_ended ──(payment)──> monthly_paid;  trial_ended ──(verifies, trial days left, slot free)──> trial
 *   admin: no plan, never moves.
 *
 * Pure: the server's account job applies `lifecycleStep` on a schedule, and every request reads the
 * plan through `effectiveTier`, so what an account may do is right to the second even between runs.
 */
export const TIERS = ['admin', 'performance_trial', 'monthly_paid', 'trial_ended'] as const
export type Tier = (typeof TIERS)[number]

/** Decision 016: a trial slot whose account has not verified its e-mail in this long goes back to the pool. */
export const UNVERIFIED_SLOT_HOURS = 48
/** The free trial's length: the pricing page quotes it and sign-up gives it. */
export const TRIAL_DAYS = 7
const HOUR_MS = 3_600_000

/** What the lifecycle reads of an account. */
export interface PlanState {
  subscriptionTier: string
  trialEndDate: Date | null
  trialSlotNumber: number | null
  paidThrough: Date | null
  emailVerifiedAt: Date | null
  createdAt: Date
}

export type LifecycleChange =
  | { kind: 'trial expired'; tier: 'trial_ended' }
  | { kind: 'slot released'; tier: 'trial_ended'; releaseSlot: true }
  | { kind: 'paid lapsed'; tier: 'trial_ended' }

/** The tier an account has at `now`, whether or not the job has run since its trial or period ended. */
export function effectiveTier(state: PlanState, now: Date): string {
  const step = lifecycleStep(state, now)
  return step ? step.tier : state.subscriptionTier
}

/** The change due at `now`, if any: the account job writes it. */
export function lifecycleStep(state: PlanState, now: Date): LifecycleChange | null {
  if (state.subscriptionTier === 'performance_trial') {
    if (state.trialEndDate === null || state.trialEndDate <= now)
      return { kind: 'trial expired', tier: 'trial_ended' }
    const slotDeadline = state.createdAt.getTime() + UNVERIFIED_SLOT_HOURS * HOUR_MS
    if (state.emailVerifiedAt === null && state.trialSlotNumber !== null && slotDeadline <= now.getTime())
      return { kind: 'slot released', tier: 'trial_ended', releaseSlot: true }
  }
  if (state.subscriptionTier === 'monthly_paid' && (state.paidThrough === null || state.paidThrough <= now))
    return { kind: 'paid lapsed', tier: 'trial_ended' }
  return null
}

/**
 * Decision 016: an account whose slot was released for want of a verified e-mail gets a slot back when it
 * verifies, if its trial days are not over and a slot is free.
 */
export function regainsTrial(state: PlanState, now: Date): boolean {
  return (
    state.subscriptionTier === 'trial_ended' &&
    state.trialSlotNumber === null &&
    state.paidThrough === null &&
    state.trialEndDate !== null &&
    state.trialEndDate > now
  )
}

/** What the server answers (403) and the screens say when a feature needs a plan (decision 016). */
export const PLAN_REQUIRED =
  'Your free trial has ended. New bets, suggestions and probabilities need Monthly Unlimited; your history, exports and settings stay yours.'

/** Decision 016: new bets, suggestions and probabilities need a trial or a plan; history, export and settings do not. */
export function hasPlanFeatures(tier: string): boolean {
  return tier === 'admin' || tier === 'performance_trial' || tier === 'monthly_paid'
}

/** The lowest trial slot number not taken (slots released by unverified accounts are reused), or null when full. */
export function freeSlot(taken: readonly number[], cap: number): number | null {
  const used = new Set(taken)
  for (let slot = 1; cap === 0 || slot <= cap; slot++) if (!used.has(slot)) return slot
  return null
}

/** Decision 016: the trial slots left under the cap (null: no cap). */
export function slotsLeft(taken: number, cap: number): number | null {
  return cap === 0 ? null : Math.max(0, cap - taken)
}
