import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { BetTerms, Result } from '../../src/domain/bet'
import { potentialWin } from '../../src/domain/odds'
import {
  BetTermsError,
  betMarket,
  betRule,
  finalLegResult,
  legRule,
  type Matchup,
  marketLine,
  marketRule,
  payoutFor,
  settle,
  settleLeg,
  settlementFor,
  teamSide,
} from '../../src/domain/settlement'
import { arbBet, LAKERS_CELTICS, moneyline, spread, total } from '../support/bets'

const CHIEFS_BILLS: Matchup = { homeTeam: 'Kansas City Chiefs', awayTeam: 'Buffalo Bills', league: 'NFL' }
const YANKEES_RED_SOX: Matchup = { homeTeam: 'New York Yankees', awayTeam: 'Boston Red Sox', league: 'MLB' }
const ARSENAL_CHELSEA: Matchup = { homeTeam: 'Arsenal', awayTeam: 'Chelsea', league: 'eng.1' }

type Row = [string, Matchup, BetTerms, number, number, Result]

const ROWS: Row[] = [
  [
    'NFL home -3 pushes at a 3-point home win',
    CHIEFS_BILLS,
    spread('Kansas City Chiefs', -3),
    24,
    21,
    'push',
  ],
  [
    'NFL home -3.5 loses at a 3-point home win',
    CHIEFS_BILLS,
    spread('Kansas City Chiefs', -3.5),
    24,
    21,
    'lost',
  ],
  [
    'NFL home -2.5 wins at a 3-point home win',
    CHIEFS_BILLS,
    spread('Kansas City Chiefs', -2.5),
    24,
    21,
    'won',
  ],
  ['NFL away +3 pushes at a 3-point home win', CHIEFS_BILLS, spread('Buffalo Bills', 3), 24, 21, 'push'],
  ['NFL away +3.5 covers a 3-point loss', CHIEFS_BILLS, spread('Buffalo Bills', 3.5), 24, 21, 'won'],
  ['NFL away -7 wins by 10', CHIEFS_BILLS, spread('Buffalo Bills', -7), 17, 27, 'won'],
  ['spread by nickname', CHIEFS_BILLS, spread('Chiefs', -3), 20, 21, 'lost'],
  ['NFL tie pushes a moneyline', CHIEFS_BILLS, moneyline('Kansas City Chiefs'), 20, 20, 'push'],
  ['Over 8.5 at 5-4 wins', YANKEES_RED_SOX, total('over', 8.5), 5, 4, 'won'],
  ['Under 8.5 at 5-4 loses', YANKEES_RED_SOX, total('under', 8.5), 5, 4, 'lost'],
  ['Over 9 at 5-4 pushes', YANKEES_RED_SOX, total('over', 9), 5, 4, 'push'],
  ['Under 9 at 5-3 wins', YANKEES_RED_SOX, total('under', 9), 5, 3, 'won'],
  [
    'MLB moneyline on the away side wins in extra innings',
    YANKEES_RED_SOX,
    moneyline('Boston Red Sox'),
    4,
    5,
    'won',
  ],
  ['MLB moneyline on the home side loses', YANKEES_RED_SOX, moneyline('Yankees'), 4, 5, 'lost'],
  ['NBA underdog moneyline wins', LAKERS_CELTICS, moneyline('Boston Celtics', 1_000, 150), 101, 110, 'won'],
  ['soccer draw loses the home side (three-way)', ARSENAL_CHELSEA, moneyline('Arsenal'), 1, 1, 'lost'],
  ['soccer draw loses the away side', ARSENAL_CHELSEA, moneyline('Chelsea'), 2, 2, 'lost'],
  ['soccer draw wins the Draw side', ARSENAL_CHELSEA, moneyline('Draw', 1_000, 240), 0, 0, 'won'],
  ['soccer home win loses the Draw side', ARSENAL_CHELSEA, moneyline('Draw', 1_000, 240), 2, 1, 'lost'],
  ['soccer home win wins the home side', ARSENAL_CHELSEA, moneyline('Arsenal'), 2, 1, 'won'],
]

describe('settle: hand-checked (decisions 002, 003 and 004)', () => {
  it.each<Row>(ROWS)('%s', (_, matchup, bet, home, away, result) => {
    expect(settle(bet, { home, away }, matchup).result).toBe(result)
  })

  it('pays stake + potentialWin when won, the stake on a push, nothing when lost (decision 002)', () => {
    expect(settlementFor('won', 11_000, { odds: -110 })).toEqual({
      result: 'won',
      payout: 21_000,
      net: 10_000,
    })
    expect(settlementFor('push', 11_000, { odds: -110 })).toEqual({ result: 'push', payout: 11_000, net: 0 })
    expect(settlementFor('lost', 11_000, { odds: -110 })).toEqual({ result: 'lost', payout: 0, net: -11_000 })
    expect(settlementFor('won', 1_000, { odds: 150 })).toEqual({ result: 'won', payout: 2_500, net: 1_500 })
  })

  it('settles from the selection text when the explicit fields are absent', () => {
    const bet: BetTerms = { betType: 'spread', selection: 'Chiefs -3.5', amount: 1_000, odds: -110 }
    expect(settle(bet, { home: 24, away: 20 }, CHIEFS_BILLS).result).toBe('won')
    const over: BetTerms = { betType: 'total', selection: 'Over 44.5', amount: 1_000, odds: -110 }
    expect(settle(over, { home: 24, away: 20 }, CHIEFS_BILLS).result).toBe('lost')
  })

  it('refuses terms that do not fit the game', () => {
    expect(() => settle(spread('Dallas Cowboys', 3), { home: 1, away: 0 }, CHIEFS_BILLS)).toThrow(
      BetTermsError,
    )
    const noPoints: BetTerms = { betType: 'total', selection: 'Over', amount: 1, odds: 100 }
    expect(() => settle(noPoints, { home: 1, away: 0 }, CHIEFS_BILLS)).toThrow(BetTermsError)
    const noTeam: BetTerms = { betType: 'spread', selection: 'nonsense', amount: 1, odds: 100 }
    expect(() => settle(noTeam, { home: 1, away: 0 }, CHIEFS_BILLS)).toThrow(BetTermsError)
    const emptyMl: BetTerms = { betType: 'moneyline', selection: ' ', amount: 1, odds: 100 }
    expect(() => settle(emptyMl, { home: 1, away: 0 }, CHIEFS_BILLS)).toThrow(BetTermsError)
  })
})

describe('marketLine and settleLeg: a market settled from its parts (decisions 004 and 053)', () => {
  it.each<Row>(ROWS)('%s', (_, matchup, bet, home, away, result) => {
    expect(settleLeg(betMarket(bet), { home, away }, matchup)).toBe(result)
  })

  it('reads the columns before the text, and parses the text when a column is missing', () => {
    // The columns say Chiefs -3; the text (written before an edit) says -7: the columns win.
    const edited: BetTerms = { ...spread('Kansas City Chiefs', -3), selection: 'Chiefs -7' }
    expect(betMarket(edited)).toEqual({ betType: 'spread', team: 'Kansas City Chiefs', points: -3 })
    const textOnly: BetTerms = { betType: 'total', selection: 'Under 44.5', amount: 1_000, odds: -110 }
    expect(betMarket(textOnly)).toEqual({ betType: 'total', overUnder: 'under', points: 44.5 })
    expect(betMarket(moneyline('Draw'))).toEqual({ betType: 'moneyline', team: 'Draw' })
  })

  it('parses no text: a team named like a total settles as the team it names', () => {
    // 'Over 3' as a selection text would read as a total; as a market's parts it is a spread team.
    const matchup: Matchup = { homeTeam: 'Over', awayTeam: 'Under', league: 'NFL' }
    expect(settleLeg({ betType: 'spread', team: 'Over', points: 3 }, { home: 10, away: 12 }, matchup)).toBe(
      'won',
    )
    expect(marketLine({ betType: 'moneyline', team: 'Under' }, matchup)).toEqual({
      axis: 'margin',
      threshold: 0,
      below: 'won',
      at: 'push',
      above: 'lost',
    })
  })

  it('settles a leg only once its game is final with a score', () => {
    const chiefs = { betType: 'spread', team: 'Kansas City Chiefs', points: -3 } as const
    const game = { ...CHIEFS_BILLS, status: 'final', homeScore: 27, awayScore: 24, periods: [] }
    expect(finalLegResult(chiefs, 'FT', game)).toBe('push')
    expect(finalLegResult(chiefs, 'FT', { ...game, homeScore: 28 })).toBe('won')
    expect(finalLegResult(chiefs, 'FT', { ...game, status: 'in_progress' })).toBeNull()
    expect(finalLegResult(chiefs, 'FT', { ...game, awayScore: null })).toBeNull()
  })

  it('refuses a market on a team the game does not have', () => {
    expect(() =>
      settleLeg({ betType: 'moneyline', team: 'Dallas Cowboys' }, { home: 1, away: 0 }, CHIEFS_BILLS),
    ).toThrow(BetTermsError)
  })

  it('leaves a leg on a team the game does not have to the bettor: no line, no result from the score', () => {
    const cowboys = { betType: 'moneyline', team: 'Dallas Cowboys' } as const
    expect(legRule(cowboys, CHIEFS_BILLS)).toBeNull()
    expect(
      finalLegResult(cowboys, 'FT', {
        ...CHIEFS_BILLS,
        status: 'final',
        homeScore: 27,
        awayScore: 24,
        periods: [],
      }),
    ).toBeNull()
    expect(legRule({ betType: 'moneyline', team: 'Buffalo Bills' }, CHIEFS_BILLS)).toMatchObject({
      kind: 'line',
      line: {
        axis: 'margin',
      },
    })
  })

  it("a bet's rule is its market's rule", () => {
    fc.assert(
      fc.property(arbBet(ARSENAL_CHELSEA, { draw: true }), (bet) => {
        expect(betRule(bet, ARSENAL_CHELSEA)).toEqual(marketRule(betMarket(bet), ARSENAL_CHELSEA))
      }),
    )
  })

  it('payoutFor is decision 002: stake and To Win, the stake back on a push or a void, nothing when lost', () => {
    expect(payoutFor('won', 11_000, 10_000)).toBe(21_000)
    expect(payoutFor('push', 11_000, 10_000)).toBe(11_000)
    expect(payoutFor('void', 11_000, 10_000)).toBe(11_000)
    expect(payoutFor('lost', 11_000, 10_000)).toBe(0)
  })
})

describe('teamSide (decision 004: by name, never by position)', () => {
  it('matches full names case-insensitively and unique nicknames', () => {
    expect(teamSide('los angeles lakers', LAKERS_CELTICS)).toBe('home')
    expect(teamSide('Celtics', LAKERS_CELTICS)).toBe('away')
  })

  it('refuses a nickname both teams end with', () => {
    const sox = { homeTeam: 'Chicago White Sox', awayTeam: 'Boston Red Sox' }
    expect(() => teamSide('Sox', sox)).toThrow(BetTermsError)
    expect(teamSide('Red Sox', sox)).toBe('away')
  })
})

describe('settle: properties', () => {
  const arbScore = fc.record({
    home: fc.integer({ min: 0, max: 200 }),
    away: fc.integer({ min: 0, max: 200 }),
  })

  it("a settled bet's net is +potentialWin, 0 or -amount (half of them on a quarter line), and payout - amount", () => {
    fc.assert(
      fc.property(arbBet(ARSENAL_CHELSEA, { draw: true }), arbScore, (bet, score) => {
        const { result, payout, net } = settle(bet, score, ARSENAL_CHELSEA)
        const win = potentialWin(bet.amount, bet.odds)
        const expected = {
          won: win,
          push: 0,
          lost: -bet.amount,
          half_won: Math.round(win / 2),
          half_lost: Math.round(bet.amount / 2) - bet.amount,
        }[result]
        expect(net).toBe(expected)
        expect(net).toBe(payout - bet.amount)
      }),
      { numRuns: 1_000 },
    )
  })

  it('half-point lines never push', () => {
    const halfPoint = arbBet(LAKERS_CELTICS).filter(
      (b) => !Number.isInteger(b.spreadPoints ?? b.totalPoints ?? 0),
    )
    fc.assert(
      fc.property(halfPoint, arbScore, (bet, score) => {
        expect(settle(bet, score, LAKERS_CELTICS).result).not.toBe('push')
      }),
    )
  })

  it('the two sides of one spread mirror each other', () => {
    fc.assert(
      fc.property(fc.integer({ min: -40, max: 40 }), arbScore, (doubled, score) => {
        const points = doubled / 2
        const home = settle(spread('Los Angeles Lakers', points), score, LAKERS_CELTICS).result
        const away = settle(spread('Boston Celtics', -points), score, LAKERS_CELTICS).result
        const mirror: Record<Result, Result> = {
          won: 'lost',
          lost: 'won',
          push: 'push',
          half_won: 'half_lost',
          half_lost: 'half_won',
        }
        expect(away).toBe(mirror[home])
      }),
    )
  })
})
