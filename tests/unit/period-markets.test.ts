import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { BetTerms } from '../../src/domain/bet'
import { readPeriod, validateBetForm } from '../../src/domain/bet-form'
import { buildGrid, profitAt, scoreRanges } from '../../src/domain/outcome-grid'
import {
  BET_PERIODS,
  type BetPeriod,
  type PeriodScore,
  periodScore,
  periodsOffered,
  splitPeriod,
  withoutPeriod,
  withPeriod,
} from '../../src/domain/periods'
import { parseSelection } from '../../src/domain/selection'
import { type Matchup, type ScoredGame, scoreFor, settleOnGame } from '../../src/domain/settlement'
import { arbBet, moneyline, spread, total } from '../support/bets'

const LAKERS_CELTICS: Matchup = { homeTeam: 'Los Angeles Lakers', awayTeam: 'Boston Celtics', league: 'NBA' }
const ARSENAL_CHELSEA: Matchup = { homeTeam: 'Arsenal', awayTeam: 'Chelsea', league: 'EPL' }
const BRUINS_RANGERS: Matchup = { homeTeam: 'Boston Bruins', awayTeam: 'New York Rangers', league: 'NHL' }
const YANKEES_RED_SOX: Matchup = { homeTeam: 'New York Yankees', awayTeam: 'Boston Red Sox', league: 'MLB' }

const line = (...scores: [string, number | null, number | null][]): PeriodScore[] =>
  scores.map(([period, homeScore, awayScore]) => ({ period, homeScore, awayScore }))

/** A final game whose final score is its periods' sum. */
function finalGame(matchup: Matchup, periods: PeriodScore[]): ScoredGame {
  const sum = (side: 'homeScore' | 'awayScore') => periods.reduce((s, p) => s + (p[side] ?? 0), 0)
  return { ...matchup, homeScore: sum('homeScore'), awayScore: sum('awayScore'), periods }
}

const on = (bet: BetTerms, period: BetPeriod): BetTerms => ({
  ...bet,
  period,
  selection: withPeriod(period, bet.selection),
})

describe('the periods each league takes (decision 073)', () => {
  it('offers halves and quarters in the NBA and the NFL, halves in soccer and college basketball', () => {
    expect(periodsOffered('NBA')).toEqual(['FT', '1H', '2H', 'Q1', 'Q2', 'Q3', 'Q4'])
    expect(periodsOffered('NFL')).toEqual(periodsOffered('NBA'))
    expect(periodsOffered('NCAAB')).toEqual(['FT', '1H', '2H'])
    expect(periodsOffered('EPL')).toEqual(['FT', '1H', '2H'])
    expect(periodsOffered('NHL')).toEqual(['FT', 'P1', 'P2', 'P3'])
    expect(periodsOffered('MLB')).toEqual(['FT', 'F5'])
    expect(periodsOffered('ATP')).toEqual(['FT'])
  })

  it('refuses a period the league does not play, naming the ones it does', () => {
    expect(readPeriod(undefined, LAKERS_CELTICS)).toEqual({ period: 'FT' })
    expect(readPeriod('Q3', LAKERS_CELTICS)).toEqual({ period: 'Q3' })
    expect(readPeriod('P1', LAKERS_CELTICS)).toEqual({
      field: 'period',
      message: 'NBA games take no bets on P1: choose one of FT, 1H, 2H, Q1, Q2, Q3, Q4',
    })
    expect(readPeriod('Q1', ARSENAL_CHELSEA)).toMatchObject({ field: 'period' })
    expect(readPeriod('H1' as BetPeriod, ARSENAL_CHELSEA)).toEqual({
      field: 'period',
      message: `Period must be one of ${BET_PERIODS.join(', ')}`,
    })
  })

  it('names the period before the market in the selection, and reads it back', () => {
    const form = validateBetForm(
      { betType: 'total', overUnder: 'over', totalPoints: 1.5, odds: -110, amount: '10', period: '1H' },
      ARSENAL_CHELSEA,
    )
    expect(form).toMatchObject({ ok: true, terms: { selection: '1H Over 1.5', period: '1H' } })
    expect(splitPeriod('1H Over 1.5')).toEqual({ period: '1H', text: 'Over 1.5' })
    expect(splitPeriod('q1 Lakers -2.5')).toEqual({ period: 'Q1', text: 'Lakers -2.5' })
    expect(splitPeriod('Over 1.5')).toEqual({ period: 'FT', text: 'Over 1.5' })
    // A stored bet's reader knows its period and takes its name off; a team named like a period keeps it.
    expect(parseSelection(withoutPeriod('F5 New York Yankees ML', 'F5'), 'moneyline')).toEqual({
      betType: 'moneyline',
      team: 'New York Yankees',
    })
    expect(parseSelection(withoutPeriod('F5 Sharks ML', 'FT'), 'moneyline')).toEqual({
      betType: 'moneyline',
      team: 'F5 Sharks',
    })
    expect(parseSelection(withoutPeriod('f5 F5 Sharks ML', 'F5'), 'moneyline')).toEqual({
      betType: 'moneyline',
      team: 'F5 Sharks',
    })
    expect(withPeriod('FT', 'Over 1.5')).toBe('Over 1.5')
  })
})

describe("a period's score (decision 073)", () => {
  // 28-24 after overtime: 7-3, 7-7, 0-7, 7-7, OT 7-0.
  const nfl = line(['Q1', 7, 3], ['Q2', 7, 7], ['Q3', 0, 7], ['Q4', 7, 7], ['OT', 7, 0])

  it('adds the quarters of a half; the second half runs through overtime, the fourth quarter does not', () => {
    expect(periodScore('NFL', '1H', nfl)).toEqual({ home: 14, away: 10 })
    expect(periodScore('NFL', '2H', nfl)).toEqual({ home: 14, away: 14 })
    expect(periodScore('NFL', 'Q4', nfl)).toEqual({ home: 7, away: 7 })
    expect(periodScore('NFL', 'Q3', nfl)).toEqual({ home: 0, away: 7 })
  })

  it("keeps soccer's halves to their 90 minutes: extra time is no part of the second half", () => {
    const cup = line(['1H', 1, 0], ['2H', 0, 1], ['ET', 1, 0])
    expect(periodScore('EPL', '1H', cup)).toEqual({ home: 1, away: 0 })
    expect(periodScore('EPL', '2H', cup)).toEqual({ home: 0, away: 1 })
  })

  it('leaves overtime and the shoot-out out of the third hockey period', () => {
    const shootout = line(['P1', 1, 0], ['P2', 0, 1], ['P3', 1, 1], ['OT', 0, 0], ['SO', 1, 0])
    expect(periodScore('NHL', 'P3', shootout)).toEqual({ home: 1, away: 1 })
  })

  it('has no first-five score for a game called before five innings, and reads one that was played', () => {
    const innings = (n: number) =>
      Array.from({ length: n }, (_, i) => [`I${i + 1}`, i % 2, 1] as [string, number, number])
    expect(periodScore('MLB', 'F5', line(...innings(9)))).toEqual({ home: 2, away: 5 })
    expect(periodScore('MLB', 'F5', line(...innings(4)))).toBeNull()
    // Running (the period's grid while it is played): what is in so far.
    expect(periodScore('MLB', 'F5', line(...innings(3)), false)).toEqual({ home: 1, away: 3 })
  })

  it('has no score for a period the feed did not keep', () => {
    expect(periodScore('NBA', '1H', line(['Q1', 30, 25]))).toBeNull()
    expect(scoreFor('Q2', { ...LAKERS_CELTICS, homeScore: 110, awayScore: 100, periods: [] })).toBeNull()
    expect(scoreFor('FT', { ...LAKERS_CELTICS, homeScore: 110, awayScore: 100, periods: [] })).toEqual({
      home: 110,
      away: 100,
    })
  })
})

describe('settlement on a period, by the full-game rule (decision 073)', () => {
  const game = finalGame(LAKERS_CELTICS, line(['Q1', 30, 25], ['Q2', 25, 30], ['Q3', 28, 20], ['Q4', 27, 25]))

  it('pushes a first-half total landing on its whole line, and settles the full game as before', () => {
    // First half 55-55: 110 points.
    expect(settleOnGame(on(total('over', 110, 11_000, -110), '1H'), game)).toEqual({
      result: 'push',
      payout: 11_000,
      net: 0,
    })
    expect(settleOnGame(on(total('over', 109.5, 11_000, -110), '1H'), game)?.result).toBe('won')
    // The full game (110-100, 210 points) is untouched by the period rule.
    expect(settleOnGame(total('over', 209.5, 11_000, -110), game)?.result).toBe('won')
  })

  it('pushes a level half on a two-way moneyline, and wins the draw of a soccer half-time result', () => {
    expect(settleOnGame(on(moneyline('Los Angeles Lakers', 10_000, 120), '1H'), game)).toEqual({
      result: 'push',
      payout: 10_000,
      net: 0,
    })
    const soccer = finalGame(ARSENAL_CHELSEA, line(['1H', 1, 1], ['2H', 1, 0]))
    expect(settleOnGame(on(moneyline('Draw', 10_000, 220), '1H'), soccer)?.result).toBe('won')
    expect(settleOnGame(on(moneyline('Arsenal', 10_000, 150), '1H'), soccer)?.result).toBe('lost')
    expect(settleOnGame(moneyline('Arsenal', 10_000, 150), soccer)?.result).toBe('won')
  })

  it('settles a quarter spread on the quarter alone', () => {
    // Q2 25-30: Celtics by 5. Lakers +4.5 lose, +5 push, +5.5 win.
    expect(settleOnGame(on(spread('Los Angeles Lakers', 4.5), 'Q2'), game)?.result).toBe('lost')
    expect(settleOnGame(on(spread('Los Angeles Lakers', 5), 'Q2'), game)?.result).toBe('push')
    expect(settleOnGame(on(spread('Los Angeles Lakers', 5.5), 'Q2'), game)?.result).toBe('won')
  })

  it('settles the first five innings, and leaves a period without a score unsettled', () => {
    const called = finalGame(YANKEES_RED_SOX, line(['I1', 1, 0], ['I2', 0, 0], ['I3', 0, 2], ['I4', 0, 0]))
    expect(settleOnGame(on(moneyline('New York Yankees'), 'F5'), called)).toBeNull()
    const played = finalGame(
      YANKEES_RED_SOX,
      line(['I1', 1, 0], ['I2', 0, 0], ['I3', 0, 2], ['I4', 0, 0], ['I5', 2, 0], ['I6', 0, 3]),
    )
    // 3-2 after five, 3-5 at the end.
    expect(settleOnGame(on(moneyline('New York Yankees'), 'F5'), played)?.result).toBe('won')
    expect(settleOnGame(moneyline('New York Yankees'), played)?.result).toBe('lost')
  })

  it("reads a live period's score so far for its standing", () => {
    const live = { ...BRUINS_RANGERS, homeScore: 2, awayScore: 1, periods: line(['P1', 2, 0], ['P2', 0, 1]) }
    expect(settleOnGame(on(total('over', 0.5), 'P2'), live, false)?.result).toBe('won')
    expect(settleOnGame(on(total('under', 0.5), 'P3'), live, false)?.result).toBe('won')
    expect(settleOnGame(on(total('under', 0.5), 'P3'), live)).toBeNull()
  })
})

describe("a period's grid is its settlement, cell by cell (decision 073)", () => {
  /** The line-score periods a bet period adds up, in this test's leagues (periods.ts keeps the rule). */
  const PARTS: Record<Exclude<BetPeriod, 'FT'>, string[]> = {
    '1H': ['Q1', 'Q2'],
    '2H': ['Q3', 'Q4'],
    Q1: ['Q1'],
    Q2: ['Q2'],
    Q3: ['Q3'],
    Q4: ['Q4'],
    P1: ['P1'],
    P2: ['P2'],
    P3: ['P3'],
    F5: ['I1', 'I2', 'I3', 'I4', 'I5'],
  }
  const LINE_SCORE: Record<string, string[]> = {
    NBA: ['Q1', 'Q2', 'Q3', 'Q4'],
    NHL: ['P1', 'P2', 'P3'],
    MLB: ['I1', 'I2', 'I3', 'I4', 'I5', 'I6', 'I7', 'I8', 'I9'],
  }

  /**
   * A final game whose `period` scored (home, away), all in its first part, while every period outside it
   * scored 1-2: the final score differs from the period's, so only a period-aware settlement matches.
   */
  function gameWith(
    matchup: Matchup,
    period: Exclude<BetPeriod, 'FT'>,
    home: number,
    away: number,
  ): ScoredGame {
    const parts = PARTS[period]
    return finalGame(
      matchup,
      (LINE_SCORE[matchup.league] ?? []).map((name) => {
        if (!parts.includes(name)) return { period: name, homeScore: 1, awayScore: 2 }
        const first = name === parts[0]
        return { period: name, homeScore: first ? home : 0, awayScore: first ? away : 0 }
      }),
    )
  }

  for (const [matchup, periods] of [
    [LAKERS_CELTICS, ['1H', '2H', 'Q1', 'Q4']],
    [BRUINS_RANGERS, ['P1', 'P3']],
    [YANKEES_RED_SOX, ['F5']],
  ] as const) {
    it(`matches settleOnGame at every cell of ${matchup.league}'s ${periods.join(', ')}`, () => {
      fc.assert(
        fc.property(
          fc.constantFrom(...periods),
          fc.array(arbBet(matchup), { minLength: 1, maxLength: 6 }),
          (period, bets) => {
            const onPeriod = bets.map((bet) => on(bet, period))
            const ranges = scoreRanges(matchup.league, null, period)
            const grid = buildGrid({ matchup, bets: onPeriod, home: ranges.home, away: ranges.away, period })
            expect(grid.tiesImpossible).toBe(false)
            for (let home = ranges.home.min; home <= ranges.home.max; home += 3)
              for (let away = ranges.away.min; away <= ranges.away.max; away += 3) {
                const game = gameWith(matchup, period, home, away)
                const net = onPeriod.reduce(
                  (sum, bet) => sum + (settleOnGame(bet, game)?.net ?? Number.NaN),
                  0,
                )
                expect(profitAt(grid, { home, away })).toBe(net)
              }
          },
        ),
        { numRuns: 40 },
      )
    })
  }
})
