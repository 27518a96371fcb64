import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  addMonths,
  discountPercent,
  maskedEmail,
  monthlyDiscountCents,
  nextPeriod,
  periodPriceCents,
} from '../../src/domain/referrals'

describe('the referral discount (decision 017)', () => {
  it('is 10% per active referral, at most 5 (50%), shown as $99 times the percent', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 9].map(discountPercent)).toEqual([0, 10, 20, 30, 40, 50, 50, 50])
    expect([0, 10, 20, 30, 40, 50].map(monthlyDiscountCents)).toEqual([0, 990, 1_980, 2_970, 3_960, 4_950])
  })

  it('prices a period month by month: $99, $89.10 at 10%, $49.50 at 50%', () => {
    expect(periodPriceCents(1, 0)).toBe(9_900)
    expect(periodPriceCents(1, 10)).toBe(8_910)
    expect(periodPriceCents(3, 50)).toBe(14_850)
  })

  it('never goes below half price or above full price', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 1, max: 12 }), (active, months) => {
        const price = periodPriceCents(months, discountPercent(active))
        expect(price).toBeGreaterThanOrEqual(months * 4_950)
        expect(price).toBeLessThanOrEqual(months * 9_900)
      }),
    )
  })
})

describe('calendar months', () => {
  it('keeps the day, or takes the last day of a shorter month', () => {
    expect(addMonths(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z')
    expect(addMonths(new Date('2026-01-31T10:00:00Z'), 12).toISOString()).toBe('2027-01-31T10:00:00.000Z')
    expect(addMonths(new Date('2028-01-31T00:00:00Z'), 1).toISOString()).toBe('2028-02-29T00:00:00.000Z')
    expect(addMonths(new Date('2026-11-23T18:00:00Z'), 3).toISOString()).toBe('2027-02-23T18:00:00.000Z')
  })

  it('starts a paid period where the last ends, or now when it has lapsed', () => {
    const now = new Date('2026-11-23T18:00:00Z')
    const ahead = new Date('2026-12-10T00:00:00Z')
    expect(nextPeriod(now, ahead, 1)).toEqual({ start: ahead, end: new Date('2027-01-10T00:00:00Z') })
    expect(nextPeriod(now, new Date('2026-11-01T00:00:00Z'), 1).start).toEqual(now)
    expect(nextPeriod(now, null, 2).end).toEqual(new Date('2027-01-23T18:00:00Z'))
  })
})

describe("a referred friend's address", () => {
  it('shows its first letter and its domain only', () => {
    expect(maskedEmail('jane.doe@example.com')).toBe('j***@example.com')
    expect(maskedEmail('broken')).toBe('***')
  })
})
