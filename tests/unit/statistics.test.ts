import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { RecordedBet } from '../../src/domain/bet'
import { impliedProbability, isValidOdds } from '../../src/domain/odds'
import { settle, settlementFor } from '../../src/domain/settlement'
import {
  betNet,
  isSettled,
  summarizeActiveBets,
  summarizeBets,
  summarizeBy,
} from '../../src/domain/statistics'
import {
  arbBet,
  arbRecordedBet,
  LAKERS_CELTICS,
  moneyline,
  recorded,
  spread,
  storedPayout,
  total,
} from '../support/bets'

describe('summarizeBets: one game by hand', () => {
  const bets: RecordedBet[] = [
    recorded(spread('Lakers', -3.5, 11_000, -110), { result: 'won' }),
    recorded(total('over', 220.5, 5_000, 120), { result: 'lost' }),
    recorded(moneyline('Lakers', 2_000, -200), { result: 'push' }),
    recorded(moneyline('Celtics', 1_000, 150)),
    recorded(spread('Celtics', 3.5, 9_999, -105), { betStatus: 'tentative' }),
  ]

  it('counts, sums and rates exactly as the history page shows them (decision 007)', () => {
    expect(summarizeBets(bets)).toEqual({
      totalBets: 5,
      placedBets: 4,
      tentativeBets: 1,
      settledBets: 3,
      won: 1,
      lost: 1,
      push: 1,
      pending: 2,
      wagered: 18_000,
      net: 10_000 - 5_000,
      winRate: 1 / 3,
      roi: 27.8,
    })
  })

  it('is zero everywhere with no settled bets', () => {
    const summary = summarizeBets([recorded(spread('Lakers', 1.5))])
    expect(summary).toMatchObject({ winRate: 0, roi: 0, wagered: 0, net: 0, pending: 1 })
    expect(summarizeBets([])).toMatchObject({ totalBets: 0, winRate: 0, roi: 0 })
  })

  it('does not count a tentative bet in P&L even with a result', () => {
    const stray = recorded(moneyline('Lakers'), { betStatus: 'tentative', result: 'won' })
    expect(isSettled(stray)).toBe(false)
    expect(betNet(stray)).toBeNull()
    expect(summarizeBets([stray])).toMatchObject({ settledBets: 0, net: 0, pending: 0, tentativeBets: 1 })
  })

  it('groups by any key', () => {
    const byType = summarizeBy(bets, (bet) => bet.betType)
    expect([...byType.keys()]).toEqual(['spread', 'total', 'moneyline'])
    expect(byType.get('moneyline')).toMatchObject({ totalBets: 2, push: 1, pending: 1, net: 0 })
    expect(byType.get('spread')).toMatchObject({ totalBets: 2, won: 1, net: 10_000, roi: 90.9 })
  })
})

describe('summaries agree with settle()', () => {
  const arbScore = fc.record({
    home: fc.integer({ min: 60, max: 170 }),
    away: fc.integer({ min: 60, max: 170 }),
  })

  it('net and wagered equal the sum of settling each committed bet directly', () => {
    const arbSettledGame = fc.tuple(
      fc.array(fc.tuple(arbBet(LAKERS_CELTICS), fc.constantFrom('tentative', 'committed' as const)), {
        maxLength: 40,
      }),
      arbScore,
    )
    fc.assert(
      fc.property(arbSettledGame, ([terms, score]) => {
        const bets: RecordedBet[] = terms.map(([bet, betStatus]) => {
          const result = betStatus === 'committed' ? settle(bet, score, LAKERS_CELTICS).result : null
          return { ...bet, betStatus, result, payout: storedPayout(bet, result) }
        })
        const committed = terms.filter(([, status]) => status === 'committed').map(([bet]) => bet)
        const summary = summarizeBets(bets)
        expect(summary.net).toBe(committed.reduce((s, b) => s + settle(b, score, LAKERS_CELTICS).net, 0))
        expect(summary.wagered).toBe(committed.reduce((s, b) => s + b.amount, 0))
        expect(summary.won + summary.lost + summary.push).toBe(committed.length)
        expect(summary.pending).toBe(bets.length - committed.length)
      }),
    )
  })

  it('a summary of the whole equals the parts added up', () => {
    fc.assert(
      fc.property(fc.array(arbRecordedBet(LAKERS_CELTICS), { maxLength: 60 }), (bets) => {
        const whole = summarizeBets(bets)
        const parts = [...summarizeBy(bets, (b) => b.betType).values()]
        expect(parts.reduce((s, p) => s + p.net, 0)).toBe(whole.net)
        expect(parts.reduce((s, p) => s + p.totalBets, 0)).toBe(whole.totalBets)
        const nets = bets.map((b) =>
          b.betStatus === 'committed' && b.result ? settlementFor(b.result, b.amount, b).net : 0,
        )
        expect(nets.reduce((s, n) => s + n, 0)).toBe(whole.net)
      }),
    )
  })
})

describe('summarizeActiveBets', () => {
  it('sums wagered and to-win to the cent and averages the odds through implied probability', () => {
    const active = [
      { amount: 11_000, odds: -110 },
      { amount: 1_000, odds: 150 },
      { amount: 1, odds: -105 },
    ]
    // (110/210 + 100/250 + 105/205) / 3 = 0.4788: +109, where the plain mean said -22.
    expect(summarizeActiveBets(active)).toEqual({
      totalWagered: 12_001,
      potentialWin: 10_000 + 1_500 + 1,
      averageOdds: 109,
      bets: 3,
    })
    expect(summarizeActiveBets([])).toEqual({ totalWagered: 0, potentialWin: 0, averageOdds: null, bets: 0 })
  })

  it('-110 and +150 average to +116, not the plain mean +20 (no price)', () => {
    expect(
      summarizeActiveBets([
        { amount: 100, odds: -110 },
        { amount: 100, odds: 150 },
      ]).averageOdds,
    ).toBe(116)
  })

  it('the average is always a valid price between the dearest and the longest of the bets', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: -100_000, max: -100 }), fc.integer({ min: 100, max: 100_000 })), {
          minLength: 1,
          maxLength: 20,
        }),
        (odds) => {
          const average = summarizeActiveBets(odds.map((o) => ({ amount: 100, odds: o }))).averageOdds
          expect(average).not.toBeNull()
          expect(isValidOdds(average ?? 0)).toBe(true)
          const probability = impliedProbability(average ?? 0)
          const chances = odds.map(impliedProbability)
          // Whole-number rounding moves the price's probability by well under a point.
          expect(probability).toBeGreaterThanOrEqual(Math.min(...chances) - 0.005)
          expect(probability).toBeLessThanOrEqual(Math.max(...chances) + 0.005)
        },
      ),
    )
  })
})
