import { describe, expect, it } from 'vitest'
import {
  FORECAST_MONTHS,
  forecastRevenue,
  loginsPerWeek,
  revenueForecast,
  subscriptionStatus,
} from '../../src/domain/admin-dashboards'

/** docs/spec/product-spec.md §9: the forecast at 20% trial-to-paid conversion of the last 30 days' sign-ups. */
describe('revenueForecast', () => {
  it('is (paid + n x sign-ups x 20%) x $99 at months 1, 2, 3, 6 and 12, in cents', () => {
    // 3 payers and 12 sign-ups: 2.4 conversions a month, $237.60 more each month.
    expect(revenueForecast({ paidUsers: 3, recentSignups: 12 })).toEqual({
      1: 29_700 + 23_760,
      2: 29_700 + 47_520,
      3: 29_700 + 71_280,
      6: 29_700 + 142_560,
      12: 29_700 + 285_120,
    })
    expect(FORECAST_MONTHS).toEqual([1, 2, 3, 6, 12])
  })

  it('stays at the current payers without sign-ups, and is 0 with neither', () => {
    expect(revenueForecast({ paidUsers: 2, recentSignups: 0 })).toEqual({
      1: 19_800,
      2: 19_800,
      3: 19_800,
      6: 19_800,
      12: 19_800,
    })
    expect(Object.values(revenueForecast({ paidUsers: 0, recentSignups: 0 }))).toEqual([0, 0, 0, 0, 0])
  })

  it('is exact in cents for one sign-up: 20% of $99 is $19.80', () => {
    expect(forecastRevenue({ paidUsers: 0, recentSignups: 1 }, 1)).toBe(1_980)
    expect(forecastRevenue({ paidUsers: 0, recentSignups: 7 }, 12)).toBe(166_320)
  })
})

describe('subscriptionStatus (docs/spec/product-spec.md §3)', () => {
  it.each([
    ['monthly_paid', 'Paid'],
    ['performance_trial', 'Trial'],
    ['trial_ended', 'Expired'],
    ['admin', 'admin'],
    ['something', 'something'],
  ])('%s shows as %s', (tier, shown) => expect(subscriptionStatus(tier)).toBe(shown))
})

describe('loginsPerWeek', () => {
  const created = new Date('2026-11-01T00:00:00Z')
  it('divides the logins by the weeks since sign-up, one decimal', () => {
    expect(loginsPerWeek(10, created, new Date('2026-11-29T00:00:00Z'))).toBe(2.5)
    expect(loginsPerWeek(1, created, new Date('2026-11-22T00:00:00Z'))).toBe(0.3)
  })
  it('counts a first week as a whole week', () => {
    expect(loginsPerWeek(3, created, new Date('2026-11-01T01:00:00Z'))).toBe(3)
    expect(loginsPerWeek(0, created, new Date('2026-11-01T01:00:00Z'))).toBe(0)
  })
})
