import { describe, expect, it } from 'vitest'
import {
  linesUsedText,
  scoreRangeText,
  valuableOutcomes,
  yardLineText,
} from '../../src/web/features/probability/panel-text'
import type { FootballDetails, LiveProbability } from '../../src/web/types'

const outcome = (homeScore: number, awayScore: number, probability = 0.01, roi = 0) => ({
  homeScore,
  awayScore,
  probability,
  roi,
  profit: roi,
})

/** The answer's parts the lists read: its outcomes and its bet count. */
const answerOf = (outcomes: LiveProbability['outcomes'], betCount: number) =>
  ({ outcomes, metadata: { betCount } }) as LiveProbability

const drive = (yardLine: number | null, possession: string | null = 'NE'): FootballDetails => ({
  down: 3,
  distance: 7,
  yardLine,
  possession,
  redZone: false,
  timeouts: { home: 2, away: 3 },
  downDistanceText: null,
})

const TEAMS = { homeAbbreviation: 'NE', awayAbbreviation: 'DAL' }

describe('the Probability Analysis panel in words', () => {
  it("gives each side's range of final scores, from the live score up, not 0 to the home side's highest", () => {
    const outcomes = [outcome(10, 30), outcome(17, 37), outcome(38, 30), outcome(10, 58)]
    expect(scoreRangeText(outcomes)).toBe('Home 10 to 38, away 30 to 58')
    expect(scoreRangeText([])).toBe('No final score to list')
  })

  it('names the lines the model used as a bettor does, not by their wire fields', () => {
    expect(linesUsedText(['homeMoneyline', 'awayMoneyline', 'total', 'homeSpread'])).toBe(
      'home moneyline, away moneyline, total, home spread',
    )
    expect(linesUsedText(['homeMoneyline', 'drawMoneyline', 'awayMoneyline'])).toBe(
      'home moneyline, draw moneyline, away moneyline',
    )
  })

  it("spots the ball on the offense's side, at midfield or on the defense's side, never past 50", () => {
    expect(yardLineText(drive(34), TEAMS)).toBe('NE 34')
    expect(yardLineText(drive(50), TEAMS)).toBe('Midfield')
    expect(yardLineText(drive(66), TEAMS)).toBe('DAL 34')
    expect(yardLineText(drive(91, 'DAL'), TEAMS)).toBe('NE 9')
    expect(yardLineText(drive(66, null), TEAMS)).toBe("Opponent's 34")
    expect(yardLineText(drive(null), TEAMS)).toBe('—')
  })

  it('ranks the outcomes above 0.5% by the ROI of the bets, and lists none without a bet', () => {
    const outcomes = [
      outcome(17, 37, 0.034, -100),
      outcome(17, 30, 0.024, 90.9),
      outcome(13, 30, 0.02, 90.9),
      outcome(24, 30, 0.004, 200),
      outcome(10, 30, 0.023, 0),
    ]
    expect(valuableOutcomes(answerOf(outcomes, 1)).map((o) => [o.homeScore, o.awayScore])).toEqual([
      [17, 30],
      [13, 30],
      [10, 30],
      [17, 37],
    ])
    expect(
      valuableOutcomes(
        answerOf(
          outcomes.map((o) => ({ ...o, roi: 0, profit: 0 })),
          0,
        ),
      ),
    ).toEqual([])
  })
})
