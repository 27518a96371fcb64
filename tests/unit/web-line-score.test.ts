import { describe, expect, it } from 'vitest'
import { lineScore } from '../../src/web/features/games/line-score'
import { apiGame } from '../support/web-fixtures'

/** Decision 070 on the game's score card: the score by period, away above home. */
describe('the line score', () => {
  it("lists each period's points, away above home, a side without a turn as a dash", () => {
    const game = apiGame({
      league: 'MLB',
      homeTeam: 'Washington Nationals',
      awayTeam: 'Miami Marlins',
      homeAbbreviation: 'WSH',
      awayAbbreviation: 'MIA',
      periods: [
        { period: 'I1', homeScore: 1, awayScore: 0 },
        { period: 'I2', homeScore: null, awayScore: 2 },
      ],
    })
    expect(lineScore(game)).toEqual({
      periods: ['I1', 'I2'],
      rows: [
        { team: 'MIA', cells: ['0', '2'] },
        { team: 'WSH', cells: ['1', '–'] },
      ],
    })
  })

  it('names a side without an abbreviation in full, and shows nothing without periods', () => {
    const game = apiGame({
      homeAbbreviation: null,
      periods: [{ period: '1H', homeScore: 1, awayScore: 1 }],
    })
    expect(lineScore(game)?.rows[1].team).toBe(game.homeTeam)
    expect(lineScore(apiGame({ periods: [] }))).toBeNull()
  })
})
