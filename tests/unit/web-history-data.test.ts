import { describe, expect, it } from 'vitest'
import {
  finalScoreText,
  gameTime,
  groupByGame,
  historySearch,
  loadedBets,
  netText,
  rangeProblem,
  stakeCell,
  summaryLine,
  unsettledLabel,
  winRateText,
} from '../../src/web/features/history/history-data'
import { apiBet, apiGame, apiLeg } from '../support/web-fixtures'

describe('the history query', () => {
  it('sends the preset alone, and a custom range with its two days', () => {
    expect(historySearch({ filter: 'last7days', startDate: '2026-11-01', endDate: null })).toBe(
      'dateFilter=last7days',
    )
    expect(historySearch({ filter: 'custom', startDate: '2026-11-01', endDate: '2026-11-09' })).toBe(
      'dateFilter=custom&startDate=2026-11-01&endDate=2026-11-09',
    )
  })

  it('asks for both days of a custom range, in order', () => {
    expect(rangeProblem({ filter: 'alltime', startDate: null, endDate: null })).toBeNull()
    expect(rangeProblem({ filter: 'custom', startDate: '2026-11-01', endDate: null })).toBe(
      'Pick a start date and an end date.',
    )
    expect(rangeProblem({ filter: 'custom', startDate: '2026-11-09', endDate: '2026-11-01' })).toBe(
      'The start date must be on or before the end date.',
    )
    expect(rangeProblem({ filter: 'custom', startDate: '2026-11-09', endDate: '2026-11-09' })).toBeNull()
  })
})

describe('the history by game', () => {
  const older = apiGame({ id: 1, startTime: '2026-11-20T18:00:00.000Z' })
  const newer = apiGame({ id: 2, startTime: '2026-11-22T18:00:00.000Z', homeTeam: 'Denver Broncos' })
  const won = apiBet(older, { id: 1, result: 'won', payout: '210.00' })
  const lost = apiBet(newer, { id: 2, result: 'lost', payout: '0.00', amount: '50.00' })
  const pending = apiBet(newer, { id: 3, amount: '20.00', betStatus: 'tentative' })

  it('groups bets by game, newest game first, summing each game with the domain', () => {
    const games = groupByGame([won, lost, pending])
    expect(games.map((entry) => entry.game.id)).toEqual([2, 1])
    const [first, second] = games
    expect(first?.bets.map((bet) => bet.id)).toEqual([2, 3])
    expect(first?.tentative.map((bet) => bet.id)).toEqual([3])
    // The tentative $20 was never placed: nothing of it is at stake.
    expect(first?.pendingStake).toBe(0)
    expect(first?.summary.net).toBe(-5000)
    expect(second?.summary.net).toBe(10_000)
    expect(first && summaryLine(first.summary)).toBe('2 bets placed • 0 won • 1 lost • 1 pending')
  })

  it('says what placed bets have at stake, without a plus sign, and never adds it to the wager', () => {
    const live = apiGame({ id: 3, status: 'STATUS_IN_PROGRESS', statusDetail: 'Q2' })
    const [open] = groupByGame([apiBet(live, { id: 4, amount: '425.00' })])
    expect(open && stakeCell(open)).toEqual({ label: 'At stake', value: '$425.00', note: null })
    const [mixed] = groupByGame([won, apiBet(older, { id: 5, amount: '425.00' })])
    expect(mixed && stakeCell(mixed)).toEqual({
      label: 'Wagered',
      value: '$110.00',
      note: '$425.00 at stake',
    })
  })

  it('a tentative bet on a final game is a what-if, not pending for ever', () => {
    const [first] = groupByGame([lost, pending])
    expect(first && summaryLine(first.summary, true)).toBe(
      '2 bets placed • 0 won • 1 lost • 1 not placed (what-if)',
    )
    expect(unsettledLabel('tentative', true)).toBe('not placed (what-if)')
    expect(unsettledLabel('tentative', false)).toBe('pending')
    const [whatIfOnly] = groupByGame([pending])
    expect(whatIfOnly && netText(whatIfOnly.summary, true)).toBe('Not placed (what-if)')
    expect(whatIfOnly && netText(whatIfOnly.summary, false)).toBe('Pending')
  })

  it('falls back to the creation time when the start time is unreadable', () => {
    expect(gameTime(apiGame({ startTime: 'soon', createdAt: '2026-11-20T12:00:00.000Z' }))).toBe(
      Date.parse('2026-11-20T12:00:00.000Z'),
    )
  })

  it('writes the final score away first and the win rate to 1 decimal', () => {
    expect(finalScoreText(older)).toBe('Buffalo Bills 10 - 24 Kansas City Chiefs')
    expect(winRateText({ won: 2, settledBets: 3 })).toBe('66.7%')
    expect(winRateText({ won: 0, settledBets: 0 })).toBe('0.0%')
  })
})

describe('a ticket in the history', () => {
  const first = apiGame({ id: 1, startTime: '2026-11-20T18:00:00.000Z' })
  const second = apiGame({ id: 2, startTime: '2026-11-22T18:00:00.000Z', homeTeam: 'Denver Broncos' })
  // The server lists the ticket under each game it has a leg on; its gameId stays its first leg's.
  const ticket = {
    betType: 'parlay' as const,
    result: 'won' as const,
    payout: '364.00',
    amount: '100.00',
    legs: [apiLeg(first, { id: 1, position: 0 }), apiLeg(second, { id: 2, position: 1 })],
  }
  const underFirst = apiBet(first, { id: 7, ...ticket })
  const underSecond = { ...apiBet(second, { id: 7, ...ticket }), gameId: first.id }
  const single = apiBet(second, { id: 8, result: 'lost', payout: '0.00', amount: '50.00' })

  it('shows under each of its games, grouped by the game it came with', () => {
    const games = groupByGame([underSecond, single, underFirst])
    expect(games.map((entry) => [entry.game.id, entry.bets.map((bet) => bet.id)])).toEqual([
      [2, [7, 8]],
      [1, [7]],
    ])
  })

  it('is one bet of the bets loaded, whatever pages and games it came under', () => {
    const bets = loadedBets([{ bets: [underSecond, single] }, { bets: [underFirst] }])
    expect(bets.map((bet) => bet.id)).toEqual([7, 8])
  })

  it('lists a repeated bet once within its game', () => {
    const [entry] = groupByGame([underFirst, underFirst])
    expect(entry?.bets).toHaveLength(1)
    expect(entry?.summary.totalBets).toBe(1)
  })
})
