import { describe, expect, it } from 'vitest'
import { addAt, emptyDistribution, likelyThreshold } from '../../src/domain/probability/distribution'
import {
  clockSeconds,
  type GameForProbability,
  hasScoreToCome,
  probabilityGame,
} from '../../src/domain/probability/game-state'

const base: GameForProbability = {
  league: 'NBA',
  status: 'scheduled',
  period: null,
  gameTime: null,
  homeScore: null,
  awayScore: null,
  baseball: null,
  lines: null,
}

describe("a stored game as the models' input", () => {
  it('is pregame until play begins, whatever a feed puts in the score', () => {
    expect(probabilityGame(base).live).toBeNull()
    expect(probabilityGame({ ...base, homeScore: 0, awayScore: 0 }).live).toBeNull()
  })

  it('carries the score, the period and the seconds read back from the clock text once live', () => {
    const live = probabilityGame({
      ...base,
      status: 'in_progress',
      period: 4,
      gameTime: '8:41 - 4th',
      homeScore: 90,
      awayScore: 88,
    }).live
    expect(live).toEqual({ homeScore: 90, awayScore: 88, period: 4, clockSeconds: 521, baseball: null })
  })

  it('reads count-down clocks, period breaks, and texts it does not know as the period start', () => {
    expect(clockSeconds('NFL', 2, '0:07 - 2nd')).toBe(7)
    expect(clockSeconds('NHL', 3, '12:00 - 3rd')).toBe(720)
    expect(clockSeconds('NBA', 1, '0:32.4 - 1st')).toBe(32)
    expect(clockSeconds('NBA', 1, 'End of 1st')).toBe(0)
    expect(clockSeconds('NBA', 2, 'Halftime')).toBe(0)
    expect(clockSeconds('NBA', 2, 'Delayed')).toBeNull()
    expect(clockSeconds('NBA', 2, null)).toBeNull()
  })

  it("reads soccer's minutes played, keeping stoppage time in its half", () => {
    expect(clockSeconds('EPL', 2, "58'")).toBe(3480)
    expect(clockSeconds('eng.1', 1, "45'+2'")).toBe(2700)
    expect(clockSeconds('MLS', 2, "90'+4'")).toBe(5400)
    expect(clockSeconds('LALIGA', 1, 'HT')).toBe(2700)
  })

  it('has a final score to come unless the game is final or canceled', () => {
    expect(['scheduled', 'in_progress', 'delayed', 'postponed'].every(hasScoreToCome)).toBe(true)
    expect(hasScoreToCome('final')).toBe(false)
    expect(hasScoreToCome('canceled')).toBe(false)
  })
})

describe('the likely region', () => {
  it('is the fewest most likely cells that hold the mass asked for', () => {
    const dist = emptyDistribution({ min: 0, max: 1 }, { min: 0, max: 1 })
    addAt(dist, 0, 0, 0.4)
    addAt(dist, 0, 1, 0.3)
    addAt(dist, 1, 0, 0.2)
    addAt(dist, 1, 1, 0.1)
    expect(likelyThreshold(dist, 0.5)).toBe(0.3)
    expect(likelyThreshold(dist, 0.4)).toBe(0.4)
    expect(likelyThreshold(dist, 0.95)).toBe(0.1)
  })
})
