import { describe, expect, it } from 'vitest'
import type { BetTerms } from '../../src/domain/bet'
import {
  addAt,
  emptyDistribution,
  marginals,
  normalize,
  probabilityAbove,
  probabilityAt,
  summary,
  threeWay,
  trim,
} from '../../src/domain/probability/distribution'
import { goalDistribution, SOCCER_GOALS, scoreProbability } from '../../src/domain/probability/goals'
import { resolveTies } from '../../src/domain/probability/overtime'

/** 1-0 (0.5), 1-1 (0.3), 0-2 (0.2) on a grid that starts at 0-0 and has empty edges. */
function small() {
  const dist = emptyDistribution({ min: 0, max: 4 }, { min: 0, max: 4 })
  addAt(dist, 1, 0, 5)
  addAt(dist, 1, 1, 3)
  addAt(dist, 0, 2, 2)
  return normalize(dist)
}

const matchup = { homeTeam: 'Arsenal', awayTeam: 'Chelsea', league: 'EPL' }

describe('a score distribution', () => {
  it('reads home, draw and away, the marginals and the chance above a line', () => {
    const dist = small()
    expect(threeWay(dist)).toEqual({ homeWin: 0.5, draw: 0.3, awayWin: 0.2 })
    const { home, away } = marginals(dist)
    expect([...home].slice(0, 2)).toEqual([0.2, 0.8])
    expect([...away].slice(0, 3)).toEqual([0.5, 0.3, 0.2])
    expect(probabilityAbove(dist, 'sum', 1.5)).toBeCloseTo(0.5, 12)
    expect(probabilityAbove(dist, 'margin', 0)).toBeCloseTo(0.5, 12)
  })

  it('trims empty edges without moving any mass', () => {
    const dist = trim(small())
    expect(dist.home).toEqual({ min: 0, max: 1 })
    expect(dist.away).toEqual({ min: 0, max: 2 })
    expect(probabilityAt(dist, 1, 1)).toBeCloseTo(0.3, 12)
    expect(probabilityAt(dist, 9, 9)).toBe(0)
  })

  it('refuses to normalise nothing', () => {
    expect(() => normalize(emptyDistribution({ min: 0, max: 1 }, { min: 0, max: 1 }))).toThrow(RangeError)
  })

  it('sends every tie down the overtime branches', () => {
    const dist = resolveTies(small(), [
      { home: 1, away: 0, p: 0.6 },
      { home: 0, away: 1, p: 0.4 },
    ])
    expect(threeWay(dist).draw).toBe(0)
    expect(probabilityAt(dist, 2, 1)).toBeCloseTo(0.18, 12)
    expect(probabilityAt(dist, 1, 2)).toBeCloseTo(0.12 + 0, 12)
  })

  it('prices a position through the grid: expected profit and the chances of profit, push and loss', () => {
    const homeMl: BetTerms = { betType: 'moneyline', selection: 'Arsenal ML', odds: 100, amount: 10_000 }
    const s = summary(small(), matchup, [homeMl])
    // Wins 100.00 at 1-0 (0.5); loses the stake at the draw and at 0-2 (soccer moneylines are three-way).
    expect(s.expectedProfit).toBeCloseTo(0.5 * 10_000 - 0.5 * 10_000, 9)
    expect(s).toMatchObject({ profitProbability: 0.5, pushProbability: 0 })
    expect(s.lossProbability).toBeCloseTo(0.5, 12)
  })

  it('counts every cell as a push without bets', () => {
    expect(summary(small(), matchup, [])).toMatchObject({ expectedProfit: 0, pushProbability: 1 })
  })
})

describe('Dixon-Coles goals', () => {
  it('gives a score the same chance cell by cell as the whole-match distribution', () => {
    const rates = { home: 1.6, away: 1.1 }
    const dist = goalDistribution(rates, SOCCER_GOALS, 1)
    for (const [h, a] of [
      [0, 0],
      [1, 0],
      [1, 1],
      [3, 2],
    ] as const) {
      expect(probabilityAt(dist, h, a)).toBeCloseTo(scoreProbability(h, a, rates, SOCCER_GOALS.rho), 9)
    }
  })
})
