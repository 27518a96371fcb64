import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { csvCells } from '../../src/domain/csv'
import { formatRoi, roiPercent } from '../../src/domain/money'
import { buildGrid, toGridOutcomes } from '../../src/domain/outcome-grid'
import { settle } from '../../src/domain/settlement'
import { summarizeBets } from '../../src/domain/statistics'
import { roiText } from '../../src/web/features/history/history-data'
import { arbAmount, arbOdds, moneyline, recorded } from '../support/bets'

/**
 * One ROI rule. A bet's ROI is the same number in the grid's cell, the history summary and its
 * cards, the stats answer (both summarizeBets), the share card (roiText) and the CSV, for any stake and
 * odds: roiPercent, rounded once.
 */
const GAME = { homeTeam: 'Kansas City Chiefs', awayTeam: 'Buffalo Bills', league: 'NFL' }
const SCORES = { won: { home: 24, away: 10 }, lost: { home: 10, away: 24 }, push: { home: 17, away: 17 } }
const AXIS = { min: 0, max: 30 }

function everyRoi(amount: number, odds: number, outcome: keyof typeof SCORES) {
  const bet = moneyline(GAME.homeTeam, amount, odds)
  const score = SCORES[outcome]
  const { result } = settle(bet, score, GAME)
  const summary = summarizeBets([recorded(bet, { result })])
  const gridOutcomes = toGridOutcomes(buildGrid({ matchup: GAME, bets: [bet], home: AXIS, away: AXIS }))
  const cell = gridOutcomes.outcomes[score.home]?.outcomes[score.away]
  const csv = csvCells(
    {
      ...recorded(bet, { result }),
      sportsbook: 'Manual Entry',
      placedAt: '2026-11-22T18:00:00Z',
      game: { ...GAME, sport: 'NFL' },
    },
    'America/Chicago',
  )
  return { result, summary, cell, csvRoi: csv[11], shown: roiText(summary) }
}

describe('one ROI everywhere', () => {
  it('agrees in grid, history, stats, share card and CSV for any stake and odds', () => {
    fc.assert(
      fc.property(
        arbAmount,
        arbOdds,
        fc.constantFrom('won', 'lost', 'push' as const),
        (amount, odds, outcome) => {
          const { result, summary, cell, csvRoi, shown } = everyRoi(amount, odds, outcome)
          const expected = roiPercent(
            settle(moneyline(GAME.homeTeam, amount, odds), SCORES[outcome], GAME).net,
            amount,
          )
          expect(result).toBe(outcome)
          expect(cell?.roi).toBe(expected)
          expect(summary.roi).toBe(expected)
          expect(csvRoi).toBe(expected.toFixed(1))
          expect(shown).toBe(formatRoi(expected))
        },
      ),
    )
  })

  it("gives the issue's examples one value each", () => {
    // A won $20.00 bet at -965 (+$2.07): 10.35 %, once 10.3 in the CSV and 10.4 in history.
    const won = everyRoi(2000, -965, 'won')
    expect([won.cell?.roi, won.summary.roi, won.csvRoi, won.shown]).toEqual([10.4, 10.4, '10.4', '+10.4%'])
    // $10 on the Chiefs at +180 and $1 on the Bills at +100: a Chiefs win makes $17 on $11 staked,
    // 154.5454... %, sent as 154.55 and shown as 154.6 before; rounded once it is 154.5.
    const bets = [moneyline(GAME.homeTeam, 1000, 180), moneyline(GAME.awayTeam, 100, 100)]
    const gridOutcomes = toGridOutcomes(buildGrid({ matchup: GAME, bets, home: AXIS, away: AXIS }))
    expect(gridOutcomes.outcomes[24]?.outcomes[10]).toEqual({ awayScore: 10, profit: 17, roi: 154.5 })
    expect(formatRoi(roiPercent(1700, 1100))).toBe('+154.5%')
  })
})
