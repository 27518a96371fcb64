import { describe, expect, it } from 'vitest'
import { finalGameNote, finalResult, lineStatus } from '../../src/web/features/bets/final-result'
import { apiBet, apiGame } from '../support/web-fixtures'

/** A final game's grid is its result, and a tentative bet there is a what-if. */
describe('the result of a final game', () => {
  // Bills 10 at Chiefs 24, final.
  const game = apiGame({ id: 7 })
  const placedWin = apiBet(game, { id: 1, result: 'won', payout: '210.00' })
  const whatIfLoss = apiBet(game, {
    id: 2,
    betType: 'spread',
    selection: 'Kansas City Chiefs -14.5',
    spreadTeam: 'Kansas City Chiefs',
    spreadPoints: -14.5,
    amount: '50.00',
    betStatus: 'tentative',
  })
  const whatIfPush = apiBet(game, {
    id: 3,
    betType: 'total',
    selection: 'Over 34',
    totalPoints: 34,
    overUnder: 'over',
    amount: '20.00',
    betStatus: 'tentative',
  })

  it('gives the placed bets their stored settlement and the what-ifs what they would have made', () => {
    const figures = finalResult(game, [placedWin, whatIfLoss, whatIfPush])
    expect(figures).toMatchObject({
      placedNet: 10_000,
      placedStake: 11_000,
      whatIfNet: -5_000,
      whatIfCount: 2,
    })
    expect(figures.lines.map(lineStatus)).toEqual([
      'won',
      'not placed (what-if): would have lost',
      'not placed (what-if): would have pushed',
    ])
    expect(figures.lines.map((line) => line.whatIf)).toEqual([false, true, true])
  })

  it('never reads a what-if as pending, and keeps an unsettled placed bet out of the placed figures', () => {
    const unsettled = apiBet(game, { id: 4 })
    const figures = finalResult(game, [unsettled])
    expect(figures).toMatchObject({ placedNet: 0, placedStake: 0, whatIfCount: 0 })
    expect(figures.lines.map(lineStatus)).toEqual(['committed'])
  })

  it('tells the bettor before sending that a bet on a final game is placed and settled at once', () => {
    expect(finalGameNote(game, false)).toBe(
      'This game is final (Buffalo Bills 10, Kansas City Chiefs 24). The bet is recorded as placed and settled at once on this score.',
    )
    expect(finalGameNote(game, true)).toContain('stays a what-if, not placed, until you confirm it')
  })
})
