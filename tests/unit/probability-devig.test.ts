import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { devigImplied, devigThreeWay, devigTwoWay } from '../../src/domain/probability/devig'

const sum = (values: number[]) => values.reduce((s, v) => s + v, 0)
const arbAmerican = fc.oneof(fc.integer({ min: -1000, max: -100 }), fc.integer({ min: 100, max: 1000 }))

describe('de-vigging the market', () => {
  it('splits -110/-110 evenly whatever the method, and reports the overround', () => {
    for (const method of ['additive', 'shin'] as const) {
      const fair = devigTwoWay([-110, -110], method)
      expect(fair.method).toBe(method)
      expect(fair.probabilities[0]).toBeCloseTo(0.5, 12)
      expect(fair.overround).toBeCloseTo(0.0476, 4)
    }
  })

  it('agrees with the additive method on two outcomes, as Shin does, and shades long shots on three', () => {
    const additive = devigTwoWay([-400, 300], 'additive').probabilities
    const shin = devigTwoWay([-400, 300], 'shin').probabilities
    expect(shin[0]).toBeCloseTo(additive[0] ?? 0, 6)
    const implied = [0.6, 0.28, 0.2]
    const proportional = (implied[2] ?? 0) / sum(implied)
    expect(devigImplied(implied, 'shin').probabilities[2]).toBeLessThan(proportional)
    expect(devigImplied(implied, 'power').probabilities[2]).toBeLessThan(proportional)
  })

  it('prices a three-way market with Shin and with power, each summing to 1 in order', () => {
    for (const method of ['shin', 'power'] as const) {
      const fair = devigThreeWay([-150, 280, 400], method)
      expect(fair.method).toBe(method)
      expect(sum(fair.probabilities)).toBeCloseTo(1, 12)
      const [home, draw, away] = fair.probabilities as [number, number, number]
      expect(home).toBeGreaterThan(draw)
      expect(draw).toBeGreaterThan(away)
    }
  })

  it('always returns probabilities in (0, 1) that sum to 1 and keep the prices order', () => {
    fc.assert(
      fc.property(
        arbAmerican,
        arbAmerican,
        fc.constantFrom('additive', 'shin', 'power' as const),
        (a, b, method) => {
          const implied = [a, b].map((o) => (o > 0 ? 100 / (o + 100) : -o / (-o + 100)))
          const fair = devigImplied(implied, method).probabilities
          expect(sum(fair)).toBeCloseTo(1, 9)
          for (const p of fair) expect(p).toBeGreaterThan(0)
          if ((implied[0] ?? 0) > (implied[1] ?? 0)) expect(fair[0]).toBeGreaterThanOrEqual(fair[1] ?? 0)
        },
      ),
    )
  })

  it('leaves a book without margin as it is', () => {
    expect(devigImplied([0.25, 0.75], 'shin').probabilities).toEqual([0.25, 0.75])
  })
})
