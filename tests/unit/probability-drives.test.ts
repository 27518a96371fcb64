import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { forEachCell, marginals, probabilityAt, totalMass } from '../../src/domain/probability/distribution'
import {
  driveChances,
  drivesRegulation,
  possessionsLeft,
  sideChances,
} from '../../src/domain/probability/drives'
import { type LiveState, type ProbabilityLines, scoreDistribution } from '../../src/domain/probability/index'
import { NCAAF_DRIVES, NFL_DRIVES } from '../../src/domain/probability/points-params'

function live(league: string, lines: ProbabilityLines, state: LiveState) {
  const r = scoreDistribution({ league, lines, live: state })
  if (!r) throw new Error(`no model for ${league}`)
  return r
}

/** P(a side adds exactly `points` to its current score), from the final-score distribution. */
function added(result: ReturnType<typeof live>, state: LiveState, side: 'home' | 'away', points: number) {
  const { distribution: d } = result
  const m = marginals(d)[side]
  const at = (side === 'home' ? state.homeScore : state.awayScore) + points - d[side].min
  return m[at] ?? 0
}

const arbLines = fc.record({
  homeSpread: fc.integer({ min: -28, max: 28 }).map((x) => x / 2),
  total: fc.integer({ min: 70, max: 130 }).map((x) => x / 2),
})
const arbState = fc.record({
  homeScore: fc.integer({ min: 0, max: 42 }),
  awayScore: fc.integer({ min: 0, max: 42 }),
  period: fc.integer({ min: 1, max: 4 }),
  clockSeconds: fc.integer({ min: 0, max: 900 }),
})

// Patriots (away) 10 - Cowboys (home) 30, 7:20 left in the 3rd: the reviewer's case.
const CASE: LiveState = { homeScore: 30, awayScore: 10, period: 3, clockSeconds: 440 }
const CASE_LINES: ProbabilityLines = {
  homeSpread: -3.5,
  total: 44.5,
  homeMoneyline: -180,
  awayMoneyline: 155,
}

describe('football in play: possessions and scoring plays', () => {
  it.each(['NFL', 'NCAAF'])(
    '%s: sums to 1; no side adds 1 point, and 4 (two safeties) next to never',
    (league) => {
      fc.assert(
        fc.property(arbLines, arbState, (lines, state) => {
          const result = live(league, lines, state)
          expect(Math.abs(totalMass(result.distribution) - 1)).toBeLessThan(1e-9)
          expect(result.model.name).toBe('Possessions and scoring plays')
          for (const side of ['home', 'away'] as const) {
            expect(added(result, state, side, 1)).toBe(0)
            expect(added(result, state, side, 4)).toBeLessThan(1e-3)
            // Nothing below the current score.
            expect(result.distribution[side].min).toBe(side === 'home' ? state.homeScore : state.awayScore)
          }
        }),
        { numRuns: 25 },
      )
    },
  )

  it("each side's expected points to come are its share of the market's center times the time left", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -14, max: 14, noNaN: true }),
        fc.double({ min: 36, max: 62, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (margin, total, left) => {
          const dist = drivesRegulation({ margin, total }, NFL_DRIVES, left, { home: 7, away: 3 })
          let home = 0
          let away = 0
          forEachCell(dist, (h, a, p) => {
            home += p * (h - 7)
            away += p * (a - 3)
          })
          expect(home).toBeCloseTo(((total + margin) / 2) * left, 5)
          expect(away).toBeCloseTo(((total - margin) / 2) * left, 5)
        },
      ),
      { numRuns: 50 },
    )
  })

  it("a side's chance of no more points is (1 - its chance per possession)^possessions", () => {
    const none = (points: number, left: number) =>
      marginals(drivesRegulation({ margin: 0, total: 2 * points }, NFL_DRIVES, left, { home: 0, away: 0 }))
        .home[0] ?? 0
    const power = (points: number, possessions: number) => {
      const chances = sideChances(points, NFL_DRIVES)
      const scoreless = (1 - chances.touchdown - chances.fieldGoal) * (1 - NFL_DRIVES.safety)
      return scoreless ** possessions
    }
    fc.assert(
      fc.property(
        fc.double({ min: 14, max: 34, noNaN: true }),
        fc.integer({ min: 1, max: 11 }),
        (points, k) => {
          // k possessions each: exactly the power.
          expect(none(points, k / NFL_DRIVES.perTeam)).toBeCloseTo(power(points, k), 9)
        },
      ),
      { numRuns: 30 },
    )
    fc.assert(
      fc.property(
        fc.double({ min: 14, max: 34, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (points, left) => {
          // Between whole counts the possessions mix the two either side (a little above the power).
          expect(Math.abs(none(points, left) - power(points, NFL_DRIVES.perTeam * left))).toBeLessThan(0.05)
        },
      ),
      { numRuns: 30 },
    )
  })

  it("the league's average side scores on about 35% of its NFL possessions, more in college", () => {
    const nfl = sideChances(22.2, NFL_DRIVES)
    expect(nfl.touchdown + nfl.fieldGoal).toBeGreaterThan(0.33)
    expect(nfl.touchdown + nfl.fieldGoal).toBeLessThan(0.4)
    const college = sideChances(27.5, NCAAF_DRIVES)
    expect(college.touchdown + college.fieldGoal).toBeGreaterThan(nfl.touchdown + nfl.fieldGoal)
  })

  it('a side the market gives more points scores more often, and more of it in touchdowns', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.5, max: 3.5, noNaN: true }),
        fc.double({ min: 0.05, max: 1, noNaN: true }),
        (points, more) => {
          const lower = driveChances(points, NFL_DRIVES)
          const higher = driveChances(points + more, NFL_DRIVES)
          expect(higher.touchdown + higher.fieldGoal).toBeGreaterThan(lower.touchdown + lower.fieldGoal)
          expect(higher.touchdown / (higher.touchdown + higher.fieldGoal)).toBeGreaterThan(
            lower.touchdown / (lower.touchdown + lower.fieldGoal),
          )
        },
      ),
      { numRuns: 50 },
    )
  })

  it('the possessions left average perTeam x left per side, an odd one to either side evenly', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), (left) => {
        const splits = possessionsLeft(NFL_DRIVES.perTeam, left)
        const mean = (side: 'home' | 'away') => splits.reduce((s, x) => s + x.p * x[side], 0)
        expect(splits.reduce((s, x) => s + x.p, 0)).toBeCloseTo(1, 12)
        expect(mean('home')).toBeCloseTo(NFL_DRIVES.perTeam * left, 9)
        expect(mean('away')).toBeCloseTo(NFL_DRIVES.perTeam * left, 9)
      }),
    )
  })

  it('with no time left the final score is the current one; a college tie goes to overtime', () => {
    const end = { period: 4, clockSeconds: 0 }
    const { distribution } = live('NFL', CASE_LINES, { homeScore: 24, awayScore: 17, ...end })
    expect(probabilityAt(distribution, 24, 17)).toBe(1)
    const tied = live('NCAAF', CASE_LINES, { homeScore: 21, awayScore: 21, ...end }).distribution
    expect(probabilityAt(tied, 21, 21)).toBe(0)
  })

  it('with a minute left most of the chance stays on the current score', () => {
    const { distribution } = live('NFL', CASE_LINES, {
      homeScore: 30,
      awayScore: 10,
      period: 4,
      clockSeconds: 60,
    })
    expect(probabilityAt(distribution, 30, 10)).toBeGreaterThan(0.8)
  })

  it("at each league's average lines a college side is held scoreless less often: more possessions", () => {
    const state = { homeScore: 14, awayScore: 10, period: 3, clockSeconds: 440 }
    const none = (league: string, total: number) =>
      added(live(league, { homeSpread: 0, total }, state), state, 'home', 0)
    expect(none('NCAAF', 55)).toBeLessThan(none('NFL', 44.5))
  })

  it('Patriots 10 - Cowboys 30, 7:20 left in the 3rd: the current score and the likeliest finals above 1%', () => {
    const result = live('NFL', CASE_LINES, CASE)
    const { distribution } = result
    // About 4.3 possessions each at 35-40% scoring: (1 - p)^4.3 is 10-20% per side.
    for (const side of ['home', 'away'] as const) {
      const none = added(result, CASE, side, 0)
      expect(none).toBeGreaterThan(0.08)
      expect(none).toBeLessThan(0.3)
      expect(added(result, CASE, side, 3)).toBeGreaterThan(added(result, CASE, side, 2) * 20)
    }
    expect(probabilityAt(distribution, 30, 10)).toBeGreaterThan(0.015)
    const likely = [...distribution.p].filter((p) => p >= 0.01)
    expect(likely.length).toBeGreaterThanOrEqual(10)
  })
})
