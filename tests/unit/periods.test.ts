import { describe, expect, it } from 'vitest'
import { labelPeriods, soccerPeriods } from '../../src/domain/periods'

/**
 * Decision 070: a game's score by period, named for its league, and soccer's halves counted from its goals.
 */
const points = (...pairs: [number | null, number | null][]) => pairs.map(([home, away]) => ({ home, away }))

describe('the periods of a line score', () => {
  it("names each sport's periods, then its overtimes", () => {
    const names = (league: Parameters<typeof labelPeriods>[0], count: number) =>
      labelPeriods(league, points(...Array.from({ length: count }, (): [number, number] => [0, 0]))).map(
        (period) => period.period,
      )
    expect(names('NFL', 6)).toEqual(['Q1', 'Q2', 'Q3', 'Q4', 'OT', 'OT2'])
    expect(names('NBA', 5)).toEqual(['Q1', 'Q2', 'Q3', 'Q4', 'OT'])
    expect(names('NCAAF', 4)).toEqual(['Q1', 'Q2', 'Q3', 'Q4'])
    expect(names('NCAAB', 3)).toEqual(['1H', '2H', 'OT'])
    expect(names('NHL', 5)).toEqual(['P1', 'P2', 'P3', 'OT', 'OT2'])
    expect(names('MLB', 11)).toEqual(['I1', 'I2', 'I3', 'I4', 'I5', 'I6', 'I7', 'I8', 'I9', 'I10', 'I11'])
    expect(names('EPL', 2)).toEqual(['1H', '2H'])
    // Tennis's line score is sets, not periods Grid keeps.
    expect(names('ATP', 3)).toEqual([])
  })

  it("names a hockey shoot-out 'SO' and keeps a side without a turn as null", () => {
    expect(labelPeriods('NHL', points([1, 0], [0, 1], [0, 0], [0, 0], [1, 0]), 'Final/SO').at(-1)).toEqual({
      period: 'SO',
      homeScore: 1,
      awayScore: 0,
    })
    expect(labelPeriods('MLB', points([0, 1], [2, 0]))[1]).toEqual({
      period: 'I2',
      homeScore: 2,
      awayScore: 0,
    })
    expect(labelPeriods('MLB', points([null, 0]))).toEqual([{ period: 'I1', homeScore: null, awayScore: 0 }])
  })
})

describe("soccer's halves from its goals", () => {
  it("counts added time in the half it is added to: 45'+2' in the first, 90'+4' in the second", () => {
    const goals = [
      { side: 'home', clock: "1'" },
      { side: 'away', clock: "45'" },
      { side: 'away', clock: "45'+2'" },
      { side: 'home', clock: "46'" },
      { side: 'home', clock: "90'+4'" },
    ] as const
    expect(soccerPeriods(goals, false)).toEqual([
      { period: '1H', homeScore: 1, awayScore: 2 },
      { period: '2H', homeScore: 2, awayScore: 0 },
    ])
  })

  it('keeps extra time apart, listed once the game went there', () => {
    expect(soccerPeriods([{ side: 'away', clock: "108'" }], false)).toEqual([
      { period: '1H', homeScore: 0, awayScore: 0 },
      { period: '2H', homeScore: 0, awayScore: 0 },
      { period: 'ET', homeScore: 0, awayScore: 1 },
    ])
    expect(soccerPeriods([], true).map((period) => period.period)).toEqual(['1H', '2H', 'ET'])
    expect(soccerPeriods([], false).map((period) => period.period)).toEqual(['1H', '2H'])
  })
})
