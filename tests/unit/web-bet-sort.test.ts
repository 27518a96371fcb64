import { describe, expect, it } from 'vitest'
import { nextSort, type SortableBet, sortBets } from '../../src/web/features/bets/bet-sort'

function bet(id: number, betType: SortableBet['betType'], points: number | null, odds = -110): SortableBet {
  return {
    id,
    betType,
    selection: `Bet ${id}`,
    points,
    odds,
    decimalOdds: null,
    fractionalOdds: null,
    amount: 1_000 * id,
    toWin: 900 * id,
    status: 'won',
  }
}

const spread = bet(1, 'spread', -3.5)
const moneyline = bet(2, 'moneyline', null, 145)
const total = bet(3, 'total', 47.5)
const otherMoneyline = bet(4, 'moneyline', null, -120)
const ids = (bets: SortableBet[]) => bets.map((each) => each.id)

/** The one order of the game's Organize table and of the bet organizer demo. */
describe('sortBets', () => {
  it('sorts type in the order the app lists the types, Spread, Over/Under, Moneyline', () => {
    const bets = [moneyline, total, spread]
    expect(ids(sortBets(bets, { key: 'type', direction: 'ascending' }))).toEqual([1, 3, 2])
    expect(ids(sortBets(bets, { key: 'type', direction: 'descending' }))).toEqual([2, 3, 1])
  })

  it('puts a bet without a line after every bet with one, in both directions', () => {
    const bets = [moneyline, total, otherMoneyline, spread]
    expect(ids(sortBets(bets, { key: 'points', direction: 'ascending' }))).toEqual([1, 3, 2, 4])
    expect(ids(sortBets(bets, { key: 'points', direction: 'descending' }))).toEqual([3, 1, 2, 4])
  })

  it('sorts money and odds as numbers, text as text, and breaks ties by id', () => {
    expect(ids(sortBets([total, spread, moneyline], { key: 'amount', direction: 'descending' }))).toEqual([
      3, 2, 1,
    ])
    expect(
      ids(sortBets([moneyline, spread, otherMoneyline], { key: 'odds', direction: 'ascending' })),
    ).toEqual([4, 1, 2])
    expect(ids(sortBets([total, spread], { key: 'selection', direction: 'ascending' }))).toEqual([1, 3])
    expect(ids(sortBets([total, spread, moneyline], { key: 'status', direction: 'descending' }))).toEqual([
      1, 2, 3,
    ])
  })

  it('leaves the list it was given as it was', () => {
    const bets = [total, spread]
    sortBets(bets, { key: 'type', direction: 'ascending' })
    expect(ids(bets)).toEqual([3, 1])
  })
})

describe('nextSort', () => {
  it('starts a new column ascending and flips the same one', () => {
    const byType = { key: 'type', direction: 'ascending' } as const
    expect(nextSort(byType, 'odds')).toEqual({ key: 'odds', direction: 'ascending' })
    expect(nextSort(byType, 'type')).toEqual({ key: 'type', direction: 'descending' })
    expect(nextSort({ key: 'type', direction: 'descending' }, 'type')).toEqual(byType)
  })
})
