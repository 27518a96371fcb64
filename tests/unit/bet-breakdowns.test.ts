import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  BREAKDOWN_KINDS,
  type BreakdownBet,
  breakdownsOf,
  ODDS_RANGES,
  oddsRange,
} from '../../src/domain/bet-breakdowns'
import { summarizeBets } from '../../src/domain/statistics'
import { arbRecordedBet, LAKERS_CELTICS, moneyline, recorded } from '../support/bets'

describe('oddsRange (docs/stats.md)', () => {
  it('puts each bound in the range its label names', () => {
    const cases: [number, string][] = [
      [-1000, 'heavy-favorite'],
      [-200, 'heavy-favorite'],
      [-199, 'favorite'],
      [-111, 'favorite'],
      [-110, 'near-even'],
      [-100, 'near-even'],
      [100, 'near-even'],
      [110, 'near-even'],
      [111, 'underdog'],
      [199, 'underdog'],
      [200, 'long-shot'],
      [5000, 'long-shot'],
    ]
    for (const [odds, key] of cases) expect(oddsRange(odds), String(odds)).toBe(key)
    expect(ODDS_RANGES.map((range) => range.label)).toEqual([
      '-200 or shorter',
      '-199 to -111',
      '-110 to +110',
      '+111 to +199',
      '+200 or longer',
    ])
  })
})

const arbBreakdownBet: fc.Arbitrary<BreakdownBet> = fc
  .tuple(
    arbRecordedBet(LAKERS_CELTICS),
    fc.constantFrom('NFL', 'NBA', 'MLB', 'EPL'),
    fc.constantFrom('DraftKings', 'FanDuel', 'Manual Entry'),
    fc.date({
      min: new Date('2026-01-01T00:00:00Z'),
      max: new Date('2026-12-31T00:00:00Z'),
      noInvalidDate: true,
    }),
    fc.integer({ min: 0, max: 5 * 86_400_000 }),
  )
  .map(([bet, league, sportsbook, placedAt, delay]) => ({
    ...bet,
    league,
    sportsbook,
    placedAt,
    settledAt: bet.result ? new Date(placedAt.getTime() + delay) : null,
  }))

describe('breakdownsOf', () => {
  it('agrees with summarizeBets: every breakdown adds up to the summary, the line ends on the net', () => {
    fc.assert(
      fc.property(fc.array(arbBreakdownBet, { maxLength: 40 }), (bets) => {
        const { summary, breakdowns, profitByDay } = breakdownsOf(bets, 'America/Chicago')
        expect(summary).toEqual(summarizeBets(bets))
        for (const kind of BREAKDOWN_KINDS) {
          const rows = breakdowns[kind]
          expect(rows.reduce((sum, row) => sum + row.totalBets, 0)).toBe(summary.totalBets)
          expect(rows.reduce((sum, row) => sum + row.settledBets, 0)).toBe(summary.settledBets)
          expect(rows.reduce((sum, row) => sum + row.wagered, 0)).toBe(summary.wagered)
          expect(rows.reduce((sum, row) => sum + row.net, 0)).toBe(summary.net)
        }
        expect(profitByDay.at(-1)?.cumulative ?? 0).toBe(summary.net)
        expect(profitByDay.reduce((sum, point) => sum + point.settledBets, 0)).toBe(summary.settledBets)
        const days = profitByDay.map((point) => point.day)
        expect(days).toEqual([...days].sort())
      }),
    )
  })

  it('counts a day in the user zone, not in UTC (the DST-safe calendar of calendar.ts)', () => {
    const bet: BreakdownBet = {
      ...recorded(moneyline('Lakers', 1_000, 150), { result: 'won', payout: 2_500 }),
      league: 'NBA',
      sportsbook: 'FanDuel',
      placedAt: new Date('2026-11-21T18:00:00Z'),
      settledAt: new Date('2026-11-22T05:30:00Z'),
    }
    expect(breakdownsOf([bet], 'America/Chicago').profitByDay).toEqual([
      { day: '2026-11-21', net: 1_500, cumulative: 1_500, settledBets: 1 },
    ])
    expect(breakdownsOf([bet], 'Europe/London').profitByDay[0]?.day).toBe('2026-11-22')
  })
})
