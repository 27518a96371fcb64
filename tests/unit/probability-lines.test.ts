import { describe, expect, it } from 'vitest'
import { CLOCKS, fractionLeft } from '../../src/domain/probability/clock'
import { probabilityAbove, threeWay } from '../../src/domain/probability/distribution'
import { scoreDistribution } from '../../src/domain/probability/index'
import { readMarket } from '../../src/domain/probability/inputs'

function dist(league: string, lines: Parameters<typeof scoreDistribution>[0]['lines']) {
  const r = scoreDistribution({ league, lines, live: null })
  if (!r) throw new Error('no model')
  return r
}

describe('reading the market', () => {
  it('de-vigs 1X2 three ways for soccer and moneylines two ways elsewhere, naming the lines it used', () => {
    const lines = {
      homeMoneyline: -150,
      drawMoneyline: 280,
      awayMoneyline: 400,
      total: 2.5,
      overOdds: -120,
      underOdds: 100,
    }
    const soccer = readMarket(lines, true)
    expect(soccer.devig).toBe('1X2 shin, total shin')
    expect((soccer.homeWin ?? 0) + (soccer.draw ?? 0) + (soccer.awayWin ?? 0)).toBeCloseTo(1, 12)
    expect(soccer.over).toBeGreaterThan(0.5)
    const twoWay = readMarket(lines, false)
    expect(twoWay.draw).toBeNull()
    expect(twoWay.linesUsed).toEqual(['homeMoneyline', 'awayMoneyline', 'total', 'overOdds', 'underOdds'])
  })

  it('ignores a soccer moneyline without its draw price', () => {
    expect(readMarket({ homeMoneyline: -150, awayMoneyline: 400 }, true)).toMatchObject({
      homeWin: null,
      devig: null,
    })
  })
})

describe("the total is the market's too", () => {
  it.each([
    ['NBA', { homeSpread: -5, total: 221.5 }, 221.5],
    ['NFL', { homeSpread: -3, total: 44.5 }, 44.5],
    ['MLB', { homeMoneyline: -120, awayMoneyline: 100, total: 8.5 }, 8.5],
  ] as const)('%s: even prices put the line near the median', (league, lines, line) => {
    expect(Math.abs(probabilityAbove(dist(league, lines).distribution, 'sum', line) - 0.5)).toBeLessThan(0.03)
  })

  it('an over priced at -200 makes the over likelier', () => {
    const even = probabilityAbove(dist('NBA', { homeSpread: -5, total: 221.5 }).distribution, 'sum', 221.5)
    const rich = dist('NBA', { homeSpread: -5, total: 221.5, overOdds: -200, underOdds: 170 })
    expect(probabilityAbove(rich.distribution, 'sum', 221.5)).toBeGreaterThan(even + 0.1)
    expect(rich.model.devig).toBe('total shin')
  })

  it('centers the margin on the spread without a moneyline, and covers it half the time', () => {
    const { distribution } = dist('NBA', { homeSpread: -7.5, total: 215 })
    expect(probabilityAbove(distribution, 'margin', 7.5)).toBeCloseTo(0.5, 1)
    expect(threeWay(distribution).homeWin).toBeGreaterThan(0.7)
  })

  it('piles NFL margins on 3 and 7', () => {
    const { distribution } = dist('NFL', { homeSpread: -2.5, total: 44 })
    let three = 0
    let five = 0
    distribution.p.forEach((p, i) => {
      const w = distribution.away.max - distribution.away.min + 1
      const margin = Math.abs(distribution.home.min + Math.floor(i / w) - (distribution.away.min + (i % w)))
      if (margin === 3) three += p
      if (margin === 5) five += p
    })
    expect(three).toBeGreaterThan(0.12)
    expect(three).toBeGreaterThan(3 * five)
  })
})

describe('the clock', () => {
  it('reads soccer clocks as minutes played and the others as time left in the period', () => {
    expect(
      fractionLeft(CLOCKS.soccer, { homeScore: 0, awayScore: 0, period: 2, clockSeconds: 60 * 60 }),
    ).toBeCloseTo(1 / 3, 12)
    expect(
      fractionLeft(CLOCKS.soccer, { homeScore: 0, awayScore: 0, period: 2, clockSeconds: null }),
    ).toBeCloseTo(0.5, 12)
    expect(
      fractionLeft(CLOCKS.nba, { homeScore: 0, awayScore: 0, period: 4, clockSeconds: 360 }),
    ).toBeCloseTo(0.125, 12)
    expect(fractionLeft(CLOCKS.hockey, { homeScore: 0, awayScore: 0, period: 4, clockSeconds: 100 })).toBe(0)
    expect(fractionLeft(CLOCKS.football, null)).toBe(1)
  })
})
