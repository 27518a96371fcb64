import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { daysInactive, inactivityStep, noticeDays } from '../../src/domain/inactivity'
import {
  effectiveTier,
  freeSlot,
  hasPlanFeatures,
  lifecycleStep,
  type PlanState,
  regainsTrial,
  slotsLeft,
} from '../../src/domain/subscription'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const signUp = new Date('2026-11-01T12:00:00Z')
const at = (ms: number) => new Date(signUp.getTime() + ms)

function trial(overrides: Partial<PlanState> = {}): PlanState {
  return {
    subscriptionTier: 'performance_trial',
    trialEndDate: at(7 * DAY),
    trialSlotNumber: 3,
    paidThrough: null,
    emailVerifiedAt: at(HOUR),
    createdAt: signUp,
    ...overrides,
  }
}

describe('the plan lifecycle (decision 016)', () => {
  it('ends a trial at its end, to the millisecond', () => {
    expect(lifecycleStep(trial(), at(7 * DAY - 1))).toBeNull()
    expect(lifecycleStep(trial(), at(7 * DAY))).toEqual({ kind: 'trial expired', tier: 'trial_ended' })
    expect(effectiveTier(trial(), at(7 * DAY))).toBe('trial_ended')
    expect(effectiveTier(trial(), at(DAY))).toBe('performance_trial')
    expect(lifecycleStep(trial({ trialEndDate: null }), at(0))).toMatchObject({ kind: 'trial expired' })
  })

  it('releases the slot of an account unverified for 48 hours, and only then', () => {
    const unverified = trial({ emailVerifiedAt: null })
    expect(lifecycleStep(unverified, at(48 * HOUR - 1))).toBeNull()
    expect(lifecycleStep(unverified, at(48 * HOUR))).toEqual({
      kind: 'slot released',
      tier: 'trial_ended',
      releaseSlot: true,
    })
    expect(lifecycleStep(trial(), at(48 * HOUR))).toBeNull()
    // Released already (no slot): nothing more to do until the trial's end.
    expect(lifecycleStep({ ...unverified, trialSlotNumber: null }, at(3 * DAY))).toBeNull()
  })

  it('lapses a paid period when it is over, and never moves an admin or an ended trial', () => {
    const paid = trial({ subscriptionTier: 'monthly_paid', paidThrough: at(30 * DAY) })
    expect(lifecycleStep(paid, at(30 * DAY - 1))).toBeNull()
    expect(lifecycleStep(paid, at(30 * DAY))).toEqual({ kind: 'paid lapsed', tier: 'trial_ended' })
    expect(lifecycleStep({ ...paid, paidThrough: null }, at(0))).toMatchObject({ kind: 'paid lapsed' })
    for (const tier of ['admin', 'trial_ended', 'something else'])
      expect(lifecycleStep(trial({ subscriptionTier: tier, trialEndDate: at(0) }), at(1000 * DAY))).toBeNull()
  })

  it('gives a slot back on verifying only to a released trial with days left', () => {
    const released = trial({ subscriptionTier: 'trial_ended', trialSlotNumber: null, emailVerifiedAt: null })
    expect(regainsTrial(released, at(3 * DAY))).toBe(true)
    expect(regainsTrial(released, at(7 * DAY))).toBe(false)
    expect(regainsTrial({ ...released, trialSlotNumber: 4 }, at(3 * DAY))).toBe(false)
    expect(regainsTrial({ ...released, paidThrough: at(-DAY) }, at(3 * DAY))).toBe(false)
    expect(regainsTrial(trial(), at(3 * DAY))).toBe(false)
  })

  it('gives the plan features to admins, trials and paid plans only', () => {
    expect(['admin', 'performance_trial', 'monthly_paid'].every(hasPlanFeatures)).toBe(true)
    expect(['trial_ended', 'trial', 'free', ''].some(hasPlanFeatures)).toBe(false)
  })

  it('hands out the lowest free slot under the cap, or none', () => {
    expect(freeSlot([], 50)).toBe(1)
    expect(freeSlot([1, 2, 4], 50)).toBe(3)
    expect(freeSlot([1, 2], 2)).toBeNull()
    expect(freeSlot([2, 3], 0)).toBe(1)
    expect(slotsLeft(48, 50)).toBe(2)
    expect(slotsLeft(60, 50)).toBe(0)
    expect(slotsLeft(10, 0)).toBeNull()
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 20 })),
        fc.integer({ min: 1, max: 20 }),
        (taken, cap) => {
          const slot = freeSlot(taken, cap)
          const free = Array.from({ length: cap }, (_, i) => i + 1).filter((n) => !taken.includes(n))
          expect(slot).toBe(free[0] ?? null)
        },
      ),
    )
  })
})

describe('inactivity (decision 021)', () => {
  const policy = { bannerDays: 30, deleteDays: 730 }

  it('notices at 30 days, then 30 and 7 days before deletion; deletes at 730', () => {
    expect(noticeDays(policy)).toEqual([30, 700, 723])
    expect(inactivityStep(29, 0, policy)).toBeNull()
    expect(inactivityStep(30, 0, policy)).toEqual({ kind: 'notice', notice: 1, daysLeft: 700 })
    expect(inactivityStep(31, 1, policy)).toBeNull()
    expect(inactivityStep(700, 1, policy)).toEqual({ kind: 'notice', notice: 2, daysLeft: 30 })
    expect(inactivityStep(723, 2, policy)).toEqual({ kind: 'notice', notice: 3, daysLeft: 7 })
    expect(inactivityStep(729, 3, policy)).toBeNull()
    expect(inactivityStep(730, 3, policy)).toEqual({ kind: 'delete' })
    expect(inactivityStep(730, 0, policy)).toEqual({ kind: 'delete' })
  })

  it('sends only the latest notice due when the job missed some days', () => {
    expect(inactivityStep(725, 0, policy)).toEqual({ kind: 'notice', notice: 3, daysLeft: 5 })
  })

  it('orders the notice days when the windows overlap', () => {
    expect(noticeDays({ bannerDays: 30, deleteDays: 40 })).toEqual([10, 30, 33])
  })

  it('counts whole days, never negative', () => {
    const last = new Date('2026-01-01T00:00:00Z')
    expect(daysInactive(last, new Date('2026-01-31T23:59:59Z'))).toBe(30)
    expect(daysInactive(last, new Date('2025-12-31T00:00:00Z'))).toBe(0)
  })
})
