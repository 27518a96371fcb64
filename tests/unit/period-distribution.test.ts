import { describe, expect, it } from 'vitest'
import type { BetPeriod, PeriodScore } from '../../src/domain/periods'
import {
  forEachCell,
  probabilityAt,
  type ScoreDistribution,
  threeWay,
  totalMass,
} from '../../src/domain/probability/distribution'
import { HOCKEY_GOALS, solveGoalRates } from '../../src/domain/probability/goals'
import { type LiveState, type ProbabilityLines, scoreDistribution } from '../../src/domain/probability/index'
import { readMarket } from '../../src/domain/probability/inputs'
import { periodDistribution } from '../../src/domain/probability/period-distribution'
import { solveCenter } from '../../src/domain/probability/points'
import { NBA_PERIODS, NBA_POINTS, NFL_POINTS } from '../../src/domain/probability/points-params'

type Period = Exclude<BetPeriod, 'FT'>

const LINES: Record<string, ProbabilityLines> = {
  EPL: { homeMoneyline: 120, drawMoneyline: 240, awayMoneyline: 230, total: 2.5 },
  NHL: { homeMoneyline: -150, awayMoneyline: 130, total: 6 },
  NFL: { homeSpread: -3.5, total: 44.5, homeMoneyline: -180, awayMoneyline: 155 },
  NCAAF: { homeSpread: -7, total: 55.5, homeMoneyline: -280, awayMoneyline: 230 },
  NBA: { homeSpread: -6, total: 228, homeMoneyline: -240, awayMoneyline: 200 },
  NCAAB: { homeSpread: -5, total: 140, homeMoneyline: -220, awayMoneyline: 180 },
  MLB: { homeMoneyline: -130, awayMoneyline: 110, total: 8.5 },
}

function period(league: string, p: Period, live: LiveState | null = null, periods: PeriodScore[] = []) {
  const r = periodDistribution({ league, lines: LINES[league] ?? null, live }, p, periods)
  if (!r) throw new Error(`no ${p} distribution for ${league}`)
  return r
}

function full(league: string, live: LiveState | null = null) {
  const r = scoreDistribution({ league, lines: LINES[league] ?? null, live })
  if (!r) throw new Error(`no model for ${league}`)
  return r.distribution
}

function expected(dist: ScoreDistribution) {
  const out = { home: 0, away: 0 }
  forEachCell(dist, (h, a, p) => {
    out.home += h * p
    out.away += a * p
  })
  return { ...out, total: out.home + out.away, margin: out.home - out.away }
}

function lowest(dist: ScoreDistribution) {
  let home = Number.POSITIVE_INFINITY
  let away = Number.POSITIVE_INFINITY
  forEachCell(dist, (h, a) => {
    home = Math.min(home, h)
    away = Math.min(away, a)
  })
  return { home, away }
}

const clock = (period: number, clockSeconds: number | null, homeScore = 0, awayScore = 0): LiveState => ({
  homeScore,
  awayScore,
  period,
  clockSeconds,
})

const OFFERED: [string, Period[]][] = [
  ['EPL', ['1H', '2H']],
  ['NHL', ['P1', 'P2', 'P3']],
  ['NFL', ['1H', '2H', 'Q1', 'Q2', 'Q3', 'Q4']],
  ['NCAAF', ['1H', '2H', 'Q1', 'Q2', 'Q3', 'Q4']],
  ['NBA', ['1H', '2H', 'Q1', 'Q2', 'Q3', 'Q4']],
  ['NCAAB', ['1H', '2H']],
  ['MLB', ['F5']],
]

describe('periodDistribution: every family', () => {
  it.each(OFFERED)('%s: each period sums to 1, ties possible, timeLeft 1 before it starts', (league, ps) => {
    for (const p of ps) {
      const r = period(league, p)
      expect(totalMass(r.distribution)).toBeCloseTo(1, 12)
      expect(threeWay(r.distribution).draw).toBeGreaterThan(0.03)
      expect(r.model.timeLeft).toBe(1)
      const rows = r.distribution.home.max - r.distribution.home.min + 1
      const cols = r.distribution.away.max - r.distribution.away.min + 1
      expect(rows).toBeLessThan(120)
      expect(cols).toBeLessThan(120)
    }
  })

  it.each(OFFERED)(
    '%s: the market read is the full game’s (devig, lines used, league averages)',
    (league, ps) => {
      const whole = scoreDistribution({ league, lines: LINES[league] ?? null, live: null })
      for (const p of ps) {
        const { model } = period(league, p)
        expect(model.devig).toBe(whole?.model.devig)
        expect(model.linesUsed).toEqual(whole?.model.linesUsed)
        expect(model.fromLeagueAverages).toBe(whole?.model.fromLeagueAverages)
      }
    },
  )

  it('says which models are assumptions', () => {
    for (const [league, p] of [
      ['NFL', '1H'],
      ['NCAAF', 'Q3'],
      ['NHL', 'P2'],
      ['MLB', 'F5'],
    ] as const) {
      expect(period(league, p).model.name).toContain('assumption')
    }
    expect(period('NFL', '1H').model.name).toContain('first half')
    for (const [league, p] of [
      ['EPL', '1H'],
      ['NBA', 'Q1'],
    ] as const) {
      expect(period(league, p).model.name).toContain('fitted')
    }
  })
})

describe('periodDistribution: null where there is no such period, or it is over', () => {
  const none = (league: string, p: Period, live: LiveState | null = null) =>
    periodDistribution({ league, lines: LINES[league] ?? null, live }, p, [])

  it('for periods the league does not offer, tennis and unknown leagues', () => {
    expect(none('NCAAB', 'Q1')).toBeNull()
    expect(none('EPL', 'Q1')).toBeNull()
    expect(none('NHL', '1H')).toBeNull()
    expect(none('MLB', '1H')).toBeNull()
    expect(none('NFL', 'P1')).toBeNull()
    expect(none('NBA', 'F5')).toBeNull()
    expect(none('ATP', '1H')).toBeNull()
    expect(none('XYZ', '1H')).toBeNull()
  })

  it('once the game is past the period', () => {
    expect(none('NFL', '1H', clock(3, 900))).toBeNull()
    expect(none('NBA', 'Q2', clock(3, 700))).toBeNull()
    expect(none('NBA', 'Q4', clock(5, 200))).toBeNull()
    expect(none('NCAAB', '1H', clock(2, 1100))).toBeNull()
    expect(none('EPL', '1H', clock(2, 2800))).toBeNull()
    expect(none('EPL', '2H', clock(3, 5500))).toBeNull()
    expect(none('NHL', 'P1', clock(2, 1200))).toBeNull()
    expect(none('NHL', 'P3', clock(4, 200))).toBeNull()
    expect(none('MLB', 'F5', clock(6, null))).toBeNull()
    const sixth: LiveState = {
      ...clock(6, null),
      baseball: {
        inning: 6,
        inningHalf: 'top',
        outs: 0,
        balls: 0,
        strikes: 0,
        bases: { first: false, second: false, third: false },
      },
    }
    expect(none('MLB', 'F5', sixth)).toBeNull()
  })

  it('not while the period is on, nor at its last second, nor the American second half in overtime', () => {
    expect(none('NFL', '1H', clock(2, 0))).not.toBeNull()
    expect(none('EPL', '1H', clock(1, 2700))).not.toBeNull()
    expect(none('NBA', '2H', clock(5, 120, 110, 110))).not.toBeNull()
  })
})

describe('soccer halves (fitted late goals)', () => {
  it('the first half has 43.9% of the expected goals, the second 56.1%, together the match’s', () => {
    const first = expected(period('EPL', '1H').distribution).total
    const second = expected(period('EPL', '2H').distribution).total
    const match = expected(full('EPL')).total
    expect(first).toBeLessThan(second)
    expect(first / (first + second)).toBeCloseTo(0.4394, 3)
    // The match's Dixon-Coles correction moves its expected goals by well under 1%.
    expect((first + second) / match).toBeCloseTo(1, 2)
  })

  it('at 30 minutes with 1-0, no mass below 1-0 and the rest of the half at its share of the goals', () => {
    const live = clock(1, 1800, 1, 0)
    const r = period('EPL', '1H', live, [{ period: '1H', homeScore: 1, awayScore: 0 }])
    const d = r.distribution
    expect(lowest(d)).toEqual({ home: 1, away: 0 })
    expect(r.model.timeLeft).toBeCloseTo(1 / 3, 12)
    // Minutes 30 to 45 hold G(1/2) - G(1/3) of the match's goals, G(x) = (x + 0.32 x²) / 1.32.
    const share = (0.5 + 0.32 / 4 - (1 / 3 + 0.32 / 9)) / 1.32
    const toCome = expected(d).total - 1
    expect(toCome / expected(full('EPL')).total).toBeCloseTo(share, 2)
    // Poisson: no more goals has the chance e^(-goals to come).
    expect(probabilityAt(d, 1, 0)).toBeCloseTo(Math.exp(-toCome), 6)
  })

  it('the second half counts its own goals: a first-half goal is not in it', () => {
    const periods = [
      { period: '1H', homeScore: 1, awayScore: 0 },
      { period: '2H', homeScore: 0, awayScore: 1 },
    ]
    const r = period('EPL', '2H', clock(2, 3600, 1, 1), periods)
    expect(lowest(r.distribution)).toEqual({ home: 0, away: 1 })
    expect(r.model.timeLeft).toBeCloseTo(2 / 3, 12)
  })
})

describe('basketball (fitted NBA shares)', () => {
  const center = solveCenter(readMarket(LINES.NBA ?? null, false), NBA_POINTS).center

  it('the four quarters’ expected totals add up to the game’s regulation center (0.996 of it)', () => {
    const quarters = (['Q1', 'Q2', 'Q3', 'Q4'] as const).map((q) => expected(period('NBA', q).distribution))
    const sum = quarters.reduce((s, q) => s + q.total, 0)
    expect(sum / center.total).toBeCloseTo(0.996, 2)
    quarters.forEach((q, k) => {
      const share = NBA_PERIODS[(['Q1', 'Q2', 'Q3', 'Q4'] as const)[k] ?? 'Q1']
      expect(q.total).toBeCloseTo(center.total * (share?.total ?? 0), 1)
    })
  })

  it('the favourite’s edge comes early: the first quarter holds more of it than the fourth', () => {
    const q1 = expected(period('NBA', 'Q1').distribution).margin
    const q4 = expected(period('NBA', 'Q4').distribution).margin
    expect(q1).toBeCloseTo(center.margin * 0.2956, 1)
    expect(q4).toBeCloseTo(center.margin * 0.1348, 1)
    expect(q1).toBeGreaterThan(2 * q4)
  })

  it('live in the second quarter: the half so far plus half a quarter to come', () => {
    const periods = [
      { period: 'Q1', homeScore: 30, awayScore: 22 },
      { period: 'Q2', homeScore: 10, awayScore: 8 },
    ]
    const r = period('NBA', '1H', clock(2, 360, 40, 30), periods)
    expect(lowest(r.distribution).home).toBeGreaterThanOrEqual(40)
    expect(lowest(r.distribution).away).toBeGreaterThanOrEqual(30)
    expect(r.model.timeLeft).toBeCloseTo(0.25, 12)
    expect(expected(r.distribution).total - 70).toBeCloseTo(center.total * 0.252 * 0.5, 0)
  })

  it('the second half from half time is the full game less the first half, overtime included', () => {
    const periods = [
      { period: 'Q1', homeScore: 30, awayScore: 22 },
      { period: 'Q2', homeScore: 30, awayScore: 28 },
      { period: 'Q3', homeScore: 10, awayScore: 10 },
    ]
    const live = clock(3, 360, 70, 60)
    const r = period('NBA', '2H', live, periods)
    const game = expected(full('NBA', live))
    const half = expected(r.distribution)
    expect(half.home).toBeCloseTo(game.home - 60, 6)
    expect(half.away).toBeCloseTo(game.away - 50, 6)
    expect(r.model.timeLeft).toBeCloseTo(0.75, 12)
    expect(r.model.name).toContain('overtime included')
  })

  it('college halves take the NBA’s half shares', () => {
    const c = solveCenter(readMarket(LINES.NCAAB ?? null, false), NBA_POINTS).center
    const first = expected(period('NCAAB', '1H').distribution)
    expect(first.total).toBeCloseTo(c.total * 0.5049, 0)
  })
})

describe('football (assumed shares)', () => {
  const center = solveCenter(readMarket(LINES.NFL ?? null, false), NFL_POINTS).center

  it('a half is half the center, the second quarter 30% of it, the first 20%', () => {
    expect(expected(period('NFL', '1H').distribution).total).toBeCloseTo(center.total * 0.5, 1)
    expect(expected(period('NFL', 'Q2').distribution).total).toBeCloseTo(center.total * 0.3, 1)
    expect(expected(period('NFL', 'Q1').distribution).margin).toBeCloseTo(center.margin * 0.2, 1)
  })

  it('no key numbers in a period: a 3-point first half is about as likely as a 2-point one', () => {
    const margins = (d: ScoreDistribution) => {
      const at = new Map<number, number>()
      forEachCell(d, (h, a, p) => at.set(h - a, (at.get(h - a) ?? 0) + p))
      return at
    }
    const half = margins(period('NFL', '1H').distribution)
    const game = margins(full('NFL'))
    expect((half.get(3) ?? 0) / (half.get(2) ?? 1)).toBeLessThan(1.1)
    expect((game.get(3) ?? 0) / (game.get(2) ?? 1)).toBeGreaterThan(2)
  })
})

describe('hockey periods (assumed even)', () => {
  it('each period a third of the regulation goals, the three alike before the start, and ties kept', () => {
    const { rates } = solveGoalRates(readMarket(LINES.NHL ?? null, false), HOCKEY_GOALS)
    const p1 = period('NHL', 'P1').distribution
    expect(expected(p1).total).toBeCloseTo((rates.home + rates.away) / 3, 6)
    expect(Array.from(period('NHL', 'P3').distribution.p)).toEqual(Array.from(p1.p))
    // Poisson goals at about 2 a period: a level period (mostly 0-0 and 1-1) is close to a third.
    expect(threeWay(p1).draw).toBeCloseTo(0.307, 2)
  })

  it('live in the second period with 10 minutes left: half the period’s goals to come', () => {
    const periods = [
      { period: 'P1', homeScore: 1, awayScore: 0 },
      { period: 'P2', homeScore: 0, awayScore: 1 },
    ]
    const r = period('NHL', 'P2', clock(2, 600, 1, 1), periods)
    expect(lowest(r.distribution)).toEqual({ home: 0, away: 1 })
    expect(expected(r.distribution).total - 1).toBeCloseTo(
      expected(period('NHL', 'P1').distribution).total / 2,
      6,
    )
  })
})

describe('baseball’s first five innings', () => {
  it('fewer runs than the full game, a little over half of them, and ties that stand', () => {
    const f5 = expected(period('MLB', 'F5').distribution).total
    const game = expected(full('MLB')).total
    expect(f5 / game).toBeGreaterThan(0.52)
    expect(f5 / game).toBeLessThan(0.6)
    expect(threeWay(period('MLB', 'F5').distribution).draw).toBeGreaterThan(0.12)
  })

  it('live: from the inning scores so far and the base-out state', () => {
    const live: LiveState = {
      homeScore: 2,
      awayScore: 1,
      period: 4,
      clockSeconds: null,
      baseball: {
        inning: 4,
        inningHalf: 'bottom',
        outs: 1,
        balls: 0,
        strikes: 0,
        bases: { first: true, second: false, third: true },
      },
    }
    const periods = [
      { period: 'I1', homeScore: 1, awayScore: 0 },
      { period: 'I2', homeScore: 1, awayScore: 1 },
      { period: 'I3', homeScore: 0, awayScore: 0 },
      { period: 'I4', homeScore: 0, awayScore: 0 },
    ]
    const r = period('MLB', 'F5', live, periods)
    expect(lowest(r.distribution)).toEqual({ home: 2, away: 1 })
    // 3 halves and an out of the 30 outs' 5 innings are gone: 22 outs played (7 halves x 3 + 1).
    expect(r.model.timeLeft).toBeCloseTo(8 / 30, 12)
    expect(threeWay(r.distribution).homeWin).toBeGreaterThan(0.8)
  })
})
