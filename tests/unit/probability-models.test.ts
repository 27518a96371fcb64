import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { BaseballSituation } from '../../src/domain/game'
import { hasScoreModel, LEAGUE_ORDER, LEAGUES } from '../../src/domain/leagues'
import { devigThreeWay, devigTwoWay } from '../../src/domain/probability/devig'
import { forEachCell, threeWay, totalMass } from '../../src/domain/probability/distribution'
import { type LiveState, type ProbabilityLines, scoreDistribution } from '../../src/domain/probability/index'

const MODELLED = ['MLB', 'NFL', 'NBA', 'NHL', 'NCAAF', 'NCAAB', 'EPL', 'LALIGA', 'MLS'] as const

function result(league: string, lines: ProbabilityLines | null, live: LiveState | null = null) {
  const r = scoreDistribution({ league, lines, live })
  if (!r) throw new Error(`no model for ${league}`)
  return r
}

function tieMass(league: string, lines: ProbabilityLines | null, live: LiveState | null) {
  return threeWay(result(league, lines, live).distribution).draw
}

const arbFavourite = fc.integer({ min: 100, max: 400 }).map((o) => -o)
const arbDog = fc.integer({ min: 100, max: 400 })

const arbLive = (league: string): fc.Arbitrary<LiveState | null> => {
  if (league === 'MLB') {
    return fc.option(
      fc.record({
        homeScore: fc.integer({ min: 0, max: 8 }),
        awayScore: fc.integer({ min: 0, max: 8 }),
        period: fc.constant(1),
        clockSeconds: fc.constant(null),
        baseball: fc.record({
          inning: fc.integer({ min: 1, max: 11 }),
          inningHalf: fc.constantFrom('top' as const, 'bottom' as const),
          outs: fc.integer({ min: 0, max: 2 }),
          balls: fc.constant(0),
          strikes: fc.constant(0),
          bases: fc.record({ first: fc.boolean(), second: fc.boolean(), third: fc.boolean() }),
        }),
      }),
    )
  }
  const max = LEAGUES[league as keyof typeof LEAGUES].scoreRange.max
  return fc.option(
    fc.record({
      homeScore: fc.integer({ min: 0, max: Math.floor(max / 2) }),
      awayScore: fc.integer({ min: 0, max: Math.floor(max / 2) }),
      period: fc.integer({ min: 1, max: 5 }),
      clockSeconds: fc.integer({ min: 0, max: 720 }),
    }),
  )
}

describe('every family', () => {
  it.each(MODELLED)('%s: sums to 1, with no tie where decision 006 says none can be final', (league) => {
    fc.assert(
      fc.property(arbFavourite, arbDog, fc.boolean(), arbLive(league), (fav, dog, homeFavoured, live) => {
        const lines: ProbabilityLines = {
          homeMoneyline: homeFavoured ? fav : dog,
          awayMoneyline: homeFavoured ? dog : fav,
          drawMoneyline: 260,
        }
        const { distribution } = result(league, lines, live)
        expect(Math.abs(totalMass(distribution) - 1)).toBeLessThan(1e-9)
        if (LEAGUES[league].tiesImpossible) expect(threeWay(distribution).draw).toBe(0)
      }),
      { numRuns: 12 },
    )
  })

  it('answers null for tennis and an unknown league', () => {
    expect(scoreDistribution({ league: 'ATP', lines: null, live: null })).toBeNull()
    expect(scoreDistribution({ league: 'CRICKET', lines: null, live: null })).toBeNull()
  })

  it("gives every league whose sport has a score model a distribution, as the Grid's loading frame expects", () => {
    const modelled = LEAGUE_ORDER.filter((league) => hasScoreModel(LEAGUES[league].sport))
    expect(modelled).not.toContain('ATP')
    expect(modelled).toContain('NFL')
    for (const league of LEAGUE_ORDER) {
      const result = scoreDistribution({ league, lines: null, live: null })
      expect(result !== null, league).toBe(modelled.includes(league))
    }
  })
})

describe("before the start, the win chance is the market's", () => {
  const twoWay: [string, ProbabilityLines][] = [
    ['NFL', { homeMoneyline: -165, awayMoneyline: 145, homeSpread: -3.5, total: 44.5 }],
    ['NBA', { homeMoneyline: -250, awayMoneyline: 210, homeSpread: -6.5, total: 221.5 }],
    ['NHL', { homeMoneyline: -140, awayMoneyline: 120, total: 5.5 }],
    ['MLB', { homeMoneyline: 125, awayMoneyline: -145, total: 8.5, overOdds: -115, underOdds: -105 }],
    ['NCAAF', { homeMoneyline: -700, awayMoneyline: 500, homeSpread: -14, total: 58 }],
    ['NCAAB', { homeMoneyline: -180, awayMoneyline: 155, homeSpread: -4, total: 141.5 }],
  ]
  it.each(twoWay)('%s within 0.02 of the de-vigged moneyline', (league, lines) => {
    const { distribution, model } = result(league, lines)
    const fair =
      devigTwoWay([lines.homeMoneyline ?? 0, lines.awayMoneyline ?? 0], 'shin').probabilities[0] ?? 0
    const w = threeWay(distribution)
    expect(Math.abs(w.homeWin / (w.homeWin + w.awayWin) - fair)).toBeLessThan(0.02)
    expect(model).toMatchObject({
      devig: expect.stringContaining('shin'),
      timeLeft: 1,
      fromLeagueAverages: false,
    })
    expect(model.linesUsed).toContain('homeMoneyline')
  })

  it('soccer: home, draw and away within 0.02 of the de-vigged 1X2', () => {
    const lines = { homeMoneyline: -150, drawMoneyline: 280, awayMoneyline: 400, total: 2.5 }
    const fair = devigThreeWay([-150, 280, 400], 'shin').probabilities
    const w = threeWay(result('EPL', lines).distribution)
    expect(Math.abs(w.homeWin - (fair[0] ?? 0))).toBeLessThan(0.02)
    expect(Math.abs(w.draw - (fair[1] ?? 0))).toBeLessThan(0.02)
  })

  it('falls back to the league averages without lines, and says so', () => {
    for (const league of MODELLED) {
      const { model } = result(league, null)
      expect(model).toMatchObject({ fromLeagueAverages: true, devig: null, linesUsed: [] })
    }
  })
})

describe('live states move the distribution', () => {
  const epl = { homeMoneyline: 200, drawMoneyline: 230, awayMoneyline: 140, total: 2.5 }
  it("a 3-goal lead at 85' is nearly certain, even for the underdog", () => {
    const live = { homeScore: 3, awayScore: 0, period: 2, clockSeconds: 85 * 60 }
    const { distribution, model } = result('EPL', epl, live)
    expect(threeWay(distribution).homeWin).toBeGreaterThan(0.999)
    expect(model.timeLeft).toBeCloseTo(5 / 90, 9)
    expect(distribution.home.min).toBe(3)
  })

  it('a level soccer game draws more often the later it gets', () => {
    const at = (minute: number) =>
      tieMass('EPL', epl, { homeScore: 1, awayScore: 1, period: 2, clockSeconds: minute * 60 })
    expect(at(60)).toBeLessThan(at(80))
    expect(at(80)).toBeLessThan(at(89))
  })

  it('a tied NHL game in overtime ends as a one-goal win', () => {
    const { distribution } = result('NHL', null, { homeScore: 2, awayScore: 2, period: 4, clockSeconds: 300 })
    const w = threeWay(distribution)
    expect(w.draw).toBe(0)
    expect(w.homeWin + w.awayWin).toBeCloseTo(1, 12)
  })

  it('an NBA lead is worth more the less time is left', () => {
    const lines = { homeSpread: 0, total: 220 }
    const lead = (period: number, clockSeconds: number) =>
      threeWay(result('NBA', lines, { homeScore: 90, awayScore: 84, period, clockSeconds }).distribution)
        .homeWin
    expect(lead(3, 720)).toBeLessThan(lead(4, 360))
    expect(lead(4, 360)).toBeLessThan(lead(4, 30))
    expect(lead(4, 30)).toBeGreaterThan(0.97)
  })

  it('a tied NFL game at the end of regulation still can end tied, but mostly is settled in overtime', () => {
    const { distribution } = result(
      'NFL',
      { homeSpread: -3, total: 44 },
      { homeScore: 20, awayScore: 20, period: 4, clockSeconds: 0 },
    )
    const w = threeWay(distribution)
    expect(w.draw).toBeGreaterThan(0)
    expect(w.draw).toBeLessThan(0.1)
  })

  const bases = (first: boolean, second: boolean, third: boolean) => ({ first, second, third })
  const mlb = (baseball: BaseballSituation, homeScore: number, awayScore: number) =>
    threeWay(
      result('MLB', null, { homeScore, awayScore, period: baseball.inning, clockSeconds: null, baseball })
        .distribution,
    )

  it('MLB: the game is over when the home team leads in the bottom of the 9th', () => {
    const w = mlb(
      { inning: 9, inningHalf: 'bottom', outs: 1, balls: 0, strikes: 0, bases: bases(false, false, false) },
      4,
      3,
    )
    expect(w.homeWin).toBe(1)
  })

  it('MLB: bases loaded with nobody out is worth more than the bases empty with two out', () => {
    const at = (outs: number, loaded: boolean) =>
      mlb(
        { inning: 9, inningHalf: 'bottom', outs, balls: 0, strikes: 0, bases: bases(loaded, loaded, loaded) },
        2,
        3,
      ).homeWin
    expect(at(0, true)).toBeGreaterThan(0.5)
    expect(at(2, false)).toBeLessThan(0.1)
  })

  it('MLB: a walk-off ends one run ahead, and extra innings start with a runner on second', () => {
    const { distribution } = result('MLB', null, {
      homeScore: 5,
      awayScore: 5,
      period: 10,
      clockSeconds: null,
      baseball: {
        inning: 10,
        inningHalf: 'bottom',
        outs: 0,
        balls: 0,
        strikes: 0,
        bases: bases(false, true, false),
      },
    })
    const w = threeWay(distribution)
    expect(w.draw).toBe(0)
    // In extra innings the home side can only win in a bottom half, where the winning run ends the game.
    forEachCell(distribution, (h, a, p) => {
      if (h > a && p > 1e-12) expect(h - a).toBe(1)
    })
    expect(w.homeWin).toBeGreaterThan(0.6)
  })
})
