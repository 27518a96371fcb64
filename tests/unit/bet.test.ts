import { describe, expect, it } from 'vitest'
import { BET_TYPE_LABELS, displayStatus, normalizeResult } from '../../src/domain/bet'

describe('bet vocabulary', () => {
  it('accepts win/loss and stores won/lost (decision 003)', () => {
    expect(normalizeResult('win')).toBe('won')
    expect(normalizeResult('won')).toBe('won')
    expect(normalizeResult('loss')).toBe('lost')
    expect(normalizeResult('lost')).toBe('lost')
    expect(normalizeResult('push')).toBe('push')
    expect(normalizeResult('')).toBeNull()
    expect(normalizeResult(null)).toBeNull()
    expect(normalizeResult('void')).toBeNull()
  })

  it('displays the result, else the bet status, else pending', () => {
    expect(displayStatus({ result: 'won', betStatus: 'committed' })).toBe('won')
    expect(displayStatus({ result: null, betStatus: 'tentative' })).toBe('tentative')
    expect(displayStatus({})).toBe('pending')
  })

  it('calls a tentative bet on a final game a what-if, never pending for ever', () => {
    expect(displayStatus({ result: null, betStatus: 'tentative' }, true)).toBe('not placed (what-if)')
    expect(displayStatus({ result: null, betStatus: 'committed' }, true)).toBe('committed')
    expect(displayStatus({ result: 'lost', betStatus: 'committed' }, true)).toBe('lost')
  })

  it("labels the bet types as the spec does, and decisions 068, 069 and 074's markets as books do", () => {
    expect(BET_TYPE_LABELS).toEqual({
      spread: 'Spread',
      total: 'Over/Under',
      moneyline: 'Moneyline',
      team_total: 'Team Total',
      draw_no_bet: 'Draw No Bet',
      double_chance: 'Double Chance',
      three_way_handicap: 'Three-Way Handicap',
      winning_margin: 'Winning Margin',
      both_teams_to_score: 'Both Teams to Score',
      correct_score: 'Correct Score',
    })
  })
})
