import { describe, expect, it } from 'vitest'
import { startLabel } from '../../src/web/features/games/game-detail'
import { formatMoney, formatPercent, formatSignedMoney, formatWhen, netTone } from '../../src/web/ui/format'

/** One formatter, in the account's zone, with the date when the instant is not today. */
describe('formatWhen', () => {
  // 01:20 UTC on Nov 28 is 8:20 PM on Nov 27 in New York and 5:20 PM on Nov 27 in Los Angeles.
  const kickoff = new Date('2026-11-28T01:20:00Z')

  it("shows the clock alone when the instant is today in the account's zone", () => {
    expect(formatWhen(kickoff, 'America/Los_Angeles', new Date('2026-11-27T20:00:00Z'))).toBe('5:20 PM')
    expect(formatWhen(kickoff, 'America/New_York', new Date('2026-11-27T20:00:00Z'))).toBe('8:20 PM')
  })

  it("judges 'today' in the account's zone, not in UTC", () => {
    // At 07:30 UTC on Nov 28 it is still Nov 27 in Los Angeles but already Nov 28 in Tokyo.
    const now = new Date('2026-11-28T07:30:00Z')
    expect(formatWhen(kickoff, 'America/Los_Angeles', now)).toBe('5:20 PM')
    expect(formatWhen(kickoff, 'Asia/Tokyo', now)).toBe('10:20 AM')
    expect(formatWhen(kickoff, 'America/New_York', now)).toBe('Nov 27, 8:20 PM')
  })

  it('adds the date on another day, and the year in another year', () => {
    expect(formatWhen(kickoff, 'America/Los_Angeles', new Date('2026-11-25T20:00:00Z'))).toBe(
      'Nov 27, 5:20 PM',
    )
    expect(formatWhen(kickoff, 'America/Los_Angeles', new Date('2027-01-02T20:00:00Z'))).toBe(
      'Nov 27, 2026, 5:20 PM',
    )
  })

  it("falls back to the app's default zone, not the browser's, for a zone it does not know", () => {
    expect(formatWhen(kickoff, 'Mars/Olympus_Mons', new Date('2026-11-27T20:00:00Z'))).toBe('7:20 PM')
  })
})

describe("the game detail's start", () => {
  it('gives the start time with the date for a game on another day, in the zone it is given', () => {
    const game = { startTime: '2020-03-01T01:20:00Z', gameTime: null }
    expect(startLabel(game, 'America/Los_Angeles')).toBe('Feb 29, 2020, 5:20 PM')
  })
})

/** Money as every screen shows it, from cents or from the wire's decimal strings. */
describe('formatMoney and formatSignedMoney', () => {
  it('reads cents and decimal strings alike, grouped, with the sign before the dollar', () => {
    expect(formatMoney(123_450)).toBe('$1,234.50')
    expect(formatMoney('1234.5')).toBe('$1,234.50')
    expect(formatMoney(-500)).toBe('-$5.00')
    expect(formatMoney(9_900, 0)).toBe('$99')
  })

  it('gives a result its sign, and colours it by that sign only when there is one', () => {
    expect(formatSignedMoney('70.00')).toBe('+$70.00')
    expect(formatSignedMoney(-3_000)).toBe('-$30.00')
    expect([netTone(1), netTone(-1), netTone(0)]).toEqual([
      'text-emerald-400',
      'text-red-400',
      'text-slate-200',
    ])
  })

  it('shows a percent with one decimal and no sign', () => {
    expect(formatPercent(66.66)).toBe('66.7%')
    expect(formatPercent(0)).toBe('0.0%')
  })
})
