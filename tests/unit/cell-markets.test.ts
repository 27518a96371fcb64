import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BET_FORM_MESSAGES, validateBetForm } from '../../src/domain/bet-form'
import { buildGrid, profitAt } from '../../src/domain/outcome-grid'
import { addAt, emptyDistribution, normalize } from '../../src/domain/probability/distribution'
import { composeSelection, parseSelection } from '../../src/domain/selection'
import { type Matchup, marketRule, settle, settleLeg } from '../../src/domain/settlement'
import { gameOutcomes } from '../../src/domain/ticket-chances'
import { bothTeamsToScore, correctScore, spread } from '../support/bets'

const ARSENAL_CHELSEA: Matchup = { homeTeam: 'Arsenal', awayTeam: 'Chelsea', league: 'EPL' }
const LAKERS_CELTICS: Matchup = { homeTeam: 'Los Angeles Lakers', awayTeam: 'Boston Celtics', league: 'NBA' }
const at = (home: number, away: number) => ({ home, away })

describe('both teams to score and the correct score settle cell by cell (decision 074)', () => {
  it('wins BTTS Yes only when each side scores, and No otherwise; never a push', () => {
    // $100 at -120: To Win $83.33.
    const yes = bothTeamsToScore(true, 10_000, -120)
    const no = bothTeamsToScore(false, 10_000, -120)
    for (const [home, away, yesWins] of [
      [0, 0, false],
      [1, 0, false],
      [0, 3, false],
      [1, 1, true],
      [3, 2, true],
    ] as const) {
      expect(settle(yes, at(home, away), ARSENAL_CHELSEA).result).toBe(yesWins ? 'won' : 'lost')
      expect(settle(no, at(home, away), ARSENAL_CHELSEA).result).toBe(yesWins ? 'lost' : 'won')
    }
    expect(settle(yes, at(1, 1), ARSENAL_CHELSEA)).toEqual({ result: 'won', payout: 18_333, net: 8_333 })
  })

  it('wins a correct score on its one cell, home goals first', () => {
    // $10 at +700: To Win $70.
    const twoOne = correctScore(2, 1, 1_000, 700)
    expect(settle(twoOne, at(2, 1), ARSENAL_CHELSEA)).toEqual({ result: 'won', payout: 8_000, net: 7_000 })
    expect(settle(twoOne, at(1, 2), ARSENAL_CHELSEA).result).toBe('lost')
    expect(settle(twoOne, at(2, 2), ARSENAL_CHELSEA).result).toBe('lost')
    expect(settleLeg({ betType: 'correct_score', home: 0, away: 0 }, at(0, 0), ARSENAL_CHELSEA)).toBe('won')
  })

  it('composes and reads back the slip’s words', () => {
    expect(composeSelection({ betType: 'both_teams_to_score', yes: true })).toBe('BTTS Yes')
    expect(composeSelection({ betType: 'correct_score', home: 2, away: 1 })).toBe('Correct Score 2-1')
    for (const text of ['Yes', 'yes', 'BTTS Yes', 'Both teams to score: Yes'])
      expect(parseSelection(text, 'both_teams_to_score')).toEqual({
        betType: 'both_teams_to_score',
        yes: true,
      })
    expect(parseSelection('No', 'both_teams_to_score')).toEqual({
      betType: 'both_teams_to_score',
      yes: false,
    })
    for (const text of ['2-1', '2 - 1', '2:1', 'Correct Score 2-1'])
      expect(parseSelection(text, 'correct_score')).toEqual({ betType: 'correct_score', home: 2, away: 1 })
    expect(parseSelection('Maybe', 'both_teams_to_score')).toBeNull()
    expect(parseSelection('2-1-0', 'correct_score')).toBeNull()
    expect(marketRule({ betType: 'correct_score', home: 1, away: 0 }, ARSENAL_CHELSEA).kind).toBe('cells')
  })

  it('takes them on soccer alone, a correct score up to 20 goals a side', () => {
    const base = { odds: 700, amount: '10' }
    expect(
      validateBetForm({ ...base, betType: 'correct_score', selection: '2-1' }, ARSENAL_CHELSEA),
    ).toMatchObject({ ok: true, terms: { selection: 'Correct Score 2-1' } })
    expect(
      validateBetForm({ ...base, betType: 'both_teams_to_score', selection: 'No' }, ARSENAL_CHELSEA),
    ).toMatchObject({ ok: true, terms: { selection: 'BTTS No' } })
    expect(
      validateBetForm({ ...base, betType: 'both_teams_to_score', selection: 'Yes' }, LAKERS_CELTICS),
    ).toEqual({
      ok: false,
      field: 'betType',
      message: BET_FORM_MESSAGES.goalMarketsOnlySoccer,
    })
    expect(
      validateBetForm({ ...base, betType: 'correct_score', selection: '21-0' }, ARSENAL_CHELSEA),
    ).toEqual({
      ok: false,
      field: 'selection',
      message: BET_FORM_MESSAGES.correctScore,
    })
    expect(
      validateBetForm({ ...base, betType: 'both_teams_to_score', selection: 'Maybe' }, ARSENAL_CHELSEA),
    ).toEqual({
      ok: false,
      field: 'selection',
      message: BET_FORM_MESSAGES.bothTeamsToScore,
    })
  })

  it('draws every cell of the grid as it settles, beside a spread', () => {
    const bets = [
      bothTeamsToScore(true, 10_000, -120),
      correctScore(1, 1, 1_000, 600),
      spread('Arsenal', -0.5),
    ]
    const grid = buildGrid({
      matchup: ARSENAL_CHELSEA,
      bets,
      home: { min: 0, max: 6 },
      away: { min: 0, max: 6 },
    })
    // 1-1: BTTS +$83.33, the correct score +$60, Arsenal -0.5 -$110.
    expect(profitAt(grid, at(1, 1))).toBe(8_333 + 6_000 - 11_000)
    // 2-0: BTTS -$100, the correct score -$10, Arsenal +$100.
    expect(profitAt(grid, at(2, 0))).toBe(-10_000 - 1_000 + 10_000)
  })
})

describe('their chances are the cells’ (decision 074)', () => {
  /** A distribution over 0-4 x 0-4 from generated weights. */
  const arbDist = fc
    .array(fc.integer({ min: 0, max: 100 }), { minLength: 25, maxLength: 25 })
    .filter((w) => w.some((x) => x > 0))
    .map((weights) => {
      const dist = emptyDistribution({ min: 0, max: 4 }, { min: 0, max: 4 })
      weights.forEach((w, i) => {
        addAt(dist, Math.floor(i / 5), i % 5, w)
      })
      return normalize(dist)
    })

  it('reads a BTTS or correct-score leg as the sum of the cells where it wins, alone or with a spread', () => {
    fc.assert(
      fc.property(
        arbDist,
        fc.boolean(),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 4 }),
        (dist, yes, h, a) => {
          const btts = { betType: 'both_teams_to_score', yes } as const
          const exact = { betType: 'correct_score', home: h, away: a } as const
          const won = (outcomes: ReturnType<typeof gameOutcomes>, i: number) =>
            outcomes.outcomes.filter((o) => o.results[i] === 'won').reduce((s, o) => s + o.probability, 0)
          let bttsCells = 0
          for (let home = 0; home <= 4; home++)
            for (let away = 0; away <= 4; away++)
              if ((home > 0 && away > 0) === yes) bttsCells += dist.p[home * 5 + away] ?? 0
          const alone = gameOutcomes({ dist, matchup: ARSENAL_CHELSEA, legs: [{ index: 0, market: btts }] })
          expect(won(alone, 0)).toBeCloseTo(bttsCells, 12)
          const together = gameOutcomes({
            dist,
            matchup: ARSENAL_CHELSEA,
            legs: [
              { index: 0, market: exact },
              { index: 1, market: { betType: 'spread', team: 'Arsenal', points: -0.5 } },
            ],
          })
          expect(won(together, 0)).toBeCloseTo(dist.p[h * 5 + a] ?? 0, 12)
        },
      ),
      { numRuns: 100 },
    )
  })
})
