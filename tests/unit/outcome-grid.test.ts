import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { naiveGridOutcomes } from '../../bench/naive-grid'
import { LEAGUES } from '../../src/domain/leagues'
import {
  buildGrid,
  type GridInput,
  profitAt,
  scoreRanges,
  toGridOutcomes,
} from '../../src/domain/outcome-grid'
import { type Matchup, settle } from '../../src/domain/settlement'
import { arbBet, LAKERS_CELTICS, moneyline, spread, total } from '../support/bets'

const YANKEES_RED_SOX: Matchup = { homeTeam: 'New York Yankees', awayTeam: 'Boston Red Sox', league: 'MLB' }
const ARSENAL_CHELSEA: Matchup = { homeTeam: 'Arsenal', awayTeam: 'Chelsea', league: 'EPL' }
const BILLS_JETS: Matchup = { homeTeam: 'Buffalo Bills', awayTeam: 'New York Jets', league: 'NFL' }

describe('the grid by hand (decision 005)', () => {
  const input: GridInput = {
    matchup: YANKEES_RED_SOX,
    bets: [
      spread('Yankees', -1.5, 11_000, -110),
      total('over', 8.5, 5_000, 120),
      moneyline('Red Sox', 2_000, 150),
    ],
    home: { min: 0, max: 12 },
    away: { min: 0, max: 12 },
  }
  const grid = buildGrid(input)
  const gridOutcomes = toGridOutcomes(grid)

  it('sums each bet at the cell', () => {
    // 5-4: Yankees -1.5 loses (-110), over 8.5 wins (+60), Red Sox ML loses (-20).
    expect(profitAt(grid, { home: 5, away: 4 })).toBe(-11_000 + 6_000 - 2_000)
    // 6-3: Yankees cover (+100), 9 runs is over (+60), Red Sox lose (-20).
    expect(profitAt(grid, { home: 6, away: 3 })).toBe(10_000 + 6_000 - 2_000)
    // 2-3: Yankees lose (-110), under (-50), Red Sox win (+30).
    expect(profitAt(grid, { home: 2, away: 3 })).toBe(-11_000 - 5_000 + 3_000)
    expect(profitAt(grid, { home: 13, away: 0 })).toBeNull()
  })

  it("has the spec's shape: rows by homeScore, cells by awayScore with profit in dollars and roi", () => {
    expect(gridOutcomes.outcomes).toHaveLength(13)
    const row5 = gridOutcomes.outcomes[5]
    expect(row5?.homeScore).toBe(5)
    expect(row5?.outcomes).toHaveLength(13)
    expect(row5?.outcomes[4]).toEqual({ awayScore: 4, profit: -70, roi: -38.9 })
  })

  it('marks the MLB diagonal impossible (decision 006), and only it', () => {
    const impossible = gridOutcomes.outcomes.flatMap((row) =>
      row.outcomes.filter((c) => c.impossible).map((c) => [row.homeScore, c.awayScore]),
    )
    expect(impossible).toEqual(Array.from({ length: 13 }, (_, i) => [i, i]))
  })

  it('keeps the NFL and soccer diagonals (decision 006)', () => {
    for (const matchup of [BILLS_JETS, ARSENAL_CHELSEA]) {
      const m = toGridOutcomes(buildGrid({ ...input, matchup, bets: [] }))
      expect(m.outcomes.some((row) => row.outcomes.some((c) => c.impossible))).toBe(false)
    }
  })

  it('is all zero with no bets', () => {
    const empty = toGridOutcomes(buildGrid({ ...input, bets: [] }))
    expect(empty.outcomes.flatMap((r) => r.outcomes).every((c) => c.profit === 0 && c.roi === 0)).toBe(true)
  })
})

const arbRange = (lo: number, hi: number) =>
  fc
    .tuple(fc.integer({ min: lo, max: hi }), fc.integer({ min: 0, max: 30 }))
    .map(([min, span]) => ({ min, max: min + span }))

function arbInput(matchup: Matchup): fc.Arbitrary<GridInput> {
  return fc.record({
    matchup: fc.constant(matchup),
    bets: fc.array(arbBet(matchup, { draw: matchup.league === 'EPL' }), { maxLength: 25 }),
    home: arbRange(0, 120),
    away: arbRange(0, 120),
  })
}

describe('the grid: properties', () => {
  for (const matchup of [LAKERS_CELTICS, ARSENAL_CHELSEA, BILLS_JETS]) {
    it(`every cell equals the sum of settling each bet at that score (${matchup.league})`, () => {
      fc.assert(
        fc.property(arbInput(matchup), (input) => {
          const grid = buildGrid(input)
          for (let home = input.home.min; home <= input.home.max; home++) {
            for (let away = input.away.min; away <= input.away.max; away++) {
              const expected = input.bets.reduce(
                (sum, bet) => sum + settle(bet, { home, away }, matchup).net,
                0,
              )
              expect(profitAt(grid, { home, away })).toBe(expected)
            }
          }
        }),
        { numRuns: 150 },
      )
    })
  }

  it('matches the naive build of the whole response, cell for cell', () => {
    fc.assert(
      fc.property(arbInput(YANKEES_RED_SOX), (input) => {
        expect(toGridOutcomes(buildGrid(input))).toEqual(naiveGridOutcomes(input))
      }),
      { numRuns: 100 },
    )
  })
})

describe('score ranges', () => {
  it.each([
    ['MLB', { min: 0, max: 25 }],
    ['NBA', { min: 60, max: 170 }],
    ['NFL', { min: 0, max: 70 }],
    ['NHL', { min: 0, max: 12 }],
    ['usa.1', { min: 0, max: 10 }],
  ])('%s before the game', (league, range) => {
    expect(scoreRanges(league, null)).toEqual({ home: range, away: range })
  })

  it('never starts below the current score and stretches past a runaway one', () => {
    expect(scoreRanges('MLB', { home: 3, away: 0 })).toEqual({
      home: { min: 3, max: 25 },
      away: { min: 0, max: 25 },
    })
    expect(scoreRanges('MLB', { home: 24, away: 1 }).home).toEqual({ min: 24, max: 31 })
    expect(scoreRanges('NBA', { home: 40, away: 45 }).home).toEqual({ min: 60, max: 170 })
    expect(scoreRanges('NBA', { home: 171, away: 150 }).home).toEqual({ min: 171, max: 171 + 28 })
    expect(scoreRanges('XFL', null).home).toEqual({ min: 0, max: 30 })
  })

  it('gives a 111 x 111 NBA grid', () => {
    const { home, away } = scoreRanges('NBA', null)
    expect(
      toGridOutcomes(buildGrid({ matchup: LAKERS_CELTICS, bets: [], home, away })).outcomes,
    ).toHaveLength(111)
    expect(LEAGUES.NBA.scoreRange.max - LEAGUES.NBA.scoreRange.min + 1).toBe(111)
  })
})
