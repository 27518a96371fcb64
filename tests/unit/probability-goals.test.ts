import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { devigThreeWay, devigTwoWay } from '../../src/domain/probability/devig'
import { probabilityAbove, threeWay, totalMass } from '../../src/domain/probability/distribution'
import { SOCCER_GOALS, solveGoalRates } from '../../src/domain/probability/goals'
import { type LiveState, type ProbabilityLines, scoreDistribution } from '../../src/domain/probability/index'
import { readMarket } from '../../src/domain/probability/inputs'

function result(league: string, lines: ProbabilityLines | null, live: LiveState | null = null) {
  const r = scoreDistribution({ league, lines, live })
  if (!r) throw new Error(`no model for ${league}`)
  return r
}

/** American odds for a fair chance with the book's margin on top, as a feed would send them. */
function american(fair: number, margin = 1.05): number {
  const decimal = 1 / (fair * margin)
  return Math.round(decimal >= 2 ? (decimal - 1) * 100 : -100 / (decimal - 1))
}

/** A 1X2 market as ESPN gives it for soccer (three moneylines, a 2.5 line without its prices). */
const arbBareLine = fc
  .record({
    home: fc.double({ min: 0.15, max: 0.65, noNaN: true }),
    draw: fc.double({ min: 0.2, max: 0.3, noNaN: true }),
  })
  .map(({ home, draw }) => ({
    homeMoneyline: american(home),
    drawMoneyline: american(draw),
    awayMoneyline: american(1 - home - draw),
    total: 2.5,
  }))

const fairOf = (lines: ProbabilityLines) =>
  devigThreeWay([lines.homeMoneyline ?? 0, lines.drawMoneyline ?? 0, lines.awayMoneyline ?? 0], 'shin')
    .probabilities as [number, number, number]

const overOf = (lines: ProbabilityLines) => probabilityAbove(result('EPL', lines).distribution, 'sum', 2.5)

describe('soccer with a bare 2.5 line (decision 046)', () => {
  it('meets the de-vigged 1X2, with positive rates and a distribution that sums to 1', () => {
    fc.assert(
      fc.property(arbBareLine, (lines) => {
        const [home, draw] = fairOf(lines)
        const { distribution, model } = result('EPL', lines)
        const w = threeWay(distribution)
        expect(Math.abs(w.draw - draw)).toBeLessThan(1e-4)
        expect(Math.abs(w.homeWin - home)).toBeLessThan(1e-4)
        expect(Math.abs(totalMass(distribution) - 1)).toBeLessThan(1e-9)
        const { rates } = solveGoalRates(readMarket(lines, true), SOCCER_GOALS)
        expect(rates.home).toBeGreaterThan(0)
        expect(rates.away).toBeGreaterThan(0)
        expect(model.fromLeagueAverages).toBe(false)
      }),
      { numRuns: 20 },
    )
  })

  it('sets the goals from the draw price: a likelier draw, fewer goals, and the over is not held at 0.5', () => {
    const tight = overOf({ homeMoneyline: 150, drawMoneyline: 190, awayMoneyline: 210, total: 2.5 })
    const open = overOf({ homeMoneyline: 150, drawMoneyline: 290, awayMoneyline: 210, total: 2.5 })
    expect(tight).toBeLessThan(0.45)
    expect(open).toBeGreaterThan(0.55)
  })

  it('does not use the bare line, and says so', () => {
    const market = { homeMoneyline: -120, drawMoneyline: 260, awayMoneyline: 330 }
    const bare = result('MLS', { ...market, total: 2.5 })
    expect(bare.model).toMatchObject({
      devig: '1X2 shin',
      linesUsed: ['homeMoneyline', 'drawMoneyline', 'awayMoneyline'],
    })
    expect(result('MLS', { ...market, total: 3.5 }).distribution).toEqual(bare.distribution)
    expect(result('MLS', market).distribution).toEqual(bare.distribution)
  })

  it('reads a line as the median only without the 1X2 to set the goals', () => {
    const { distribution, model } = result('EPL', { total: 3.5 })
    expect(probabilityAbove(distribution, 'sum', 3.5)).toBeCloseTo(0.5, 3)
    expect(model).toMatchObject({ linesUsed: ['total'], fromLeagueAverages: true })
  })
})

describe("soccer with the total's prices", () => {
  const market = { homeMoneyline: 120, drawMoneyline: 240, awayMoneyline: 230, total: 2.5 }

  it('puts the over near the de-vigged over and names the prices it used', () => {
    for (const [overOdds, underOdds] of [
      [-150, 125],
      [-105, -115],
      [135, -160],
    ] as const) {
      const lines = { ...market, overOdds, underOdds }
      const fair = devigTwoWay([overOdds, underOdds], 'shin').probabilities[0] ?? 0
      const { distribution, model } = result('EPL', lines)
      expect(Math.abs(probabilityAbove(distribution, 'sum', 2.5) - fair)).toBeLessThan(0.01)
      expect(Math.abs(threeWay(distribution).draw - fairOf(lines)[1])).toBeLessThan(0.03)
      expect(Math.abs(totalMass(distribution) - 1)).toBeLessThan(1e-9)
      expect(model.devig).toBe('1X2 shin, total shin')
      expect(model.linesUsed).toEqual([
        'homeMoneyline',
        'drawMoneyline',
        'awayMoneyline',
        'total',
        'overOdds',
        'underOdds',
      ])
    }
  })

  it('leans on both prices: with the over fixed, a likelier draw still means fewer goals', () => {
    const prices = { overOdds: -110, underOdds: -110 }
    const tight = overOf({ ...market, ...prices, drawMoneyline: 190 })
    const open = overOf({ ...market, ...prices, drawMoneyline: 290 })
    expect(tight).toBeLessThan(open)
    expect(Math.abs(tight - 0.5)).toBeLessThan(0.02)
    expect(Math.abs(open - 0.5)).toBeLessThan(0.02)
  })
})

describe('hockey shares the goal model and does not move', () => {
  // Figures from the earlier model: hockey has no draw price, so its total is still the median
  // without prices and the over's price with them.
  it.each([
    [{ homeMoneyline: -140, awayMoneyline: 120, total: 5.5 }, null, 0.56439409, 0.50000023],
    [
      { homeMoneyline: -140, awayMoneyline: 120, total: 6.5, overOdds: 105, underOdds: -125 },
      null,
      0.56439373,
      0.57697792,
    ],
    [
      { homeMoneyline: 150, awayMoneyline: -170, total: 6 },
      { homeScore: 1, awayScore: 2, period: 2, clockSeconds: 600 },
      0.2129715,
      0.57812894,
    ],
    [null, null, 0.55139291, 0.45559546],
  ])('%j live %j: home win %d, over 5.5 %d', (lines, live, homeWin, over) => {
    const { distribution } = result('NHL', lines, live)
    expect(threeWay(distribution).homeWin).toBeCloseTo(homeWin, 7)
    expect(probabilityAbove(distribution, 'sum', 5.5)).toBeCloseTo(over, 7)
  })
})
