import { WIRE_BET_TYPES, type WireBetType } from '../../../domain/bet'
import type { Cents } from '../../../domain/money'

/** What a bet table sorts on, whichever screen shows it: the game's own bets or the organizer's samples. */
export interface SortableBet {
  id: number
  betType: WireBetType
  selection: string
  /** The line: spread or total points; null for a moneyline, which has none. */
  points: number | null
  odds: number
  /** The slip's exact price, shown in place of the odds when it has one (decision 072). */
  decimalOdds: number | null
  fractionalOdds: string | null
  amount: Cents
  toWin: Cents
  /** The status as the row shows it. */
  status: string
}

export type BetSortKey = 'type' | 'selection' | 'points' | 'odds' | 'amount' | 'toWin' | 'status'
export type SortDirection = 'ascending' | 'descending'
export interface BetSort {
  key: BetSortKey
  direction: SortDirection
}

const TYPE_ORDER: readonly WireBetType[] = WIRE_BET_TYPES

/**
 * The one order of a bet table. Type follows the order the app lists the types in (Spread, Over/Under,
 * Moneyline), not the alphabet of their labels. A bet without a line (a moneyline) sorts after every bet
 * with one in both directions: it has no points to compare, and a blank is neither the smallest nor the
 * largest line, so reversing the column must not bring it to the top. Ties keep the order the bets were
 * made in (by id), whichever the direction.
 */
export function sortBets<T extends SortableBet>(bets: readonly T[], sort: BetSort): T[] {
  const sign = sort.direction === 'ascending' ? 1 : -1
  return [...bets].sort((a, b) => {
    const [left, right] = [sortValue(a, sort.key), sortValue(b, sort.key)]
    if (left === null || right === null) return blanksLast(left, right) || a.id - b.id
    return sign * compare(left, right) || a.id - b.id
  })
}

/** The column's sort following a click on it: a new column starts ascending, the same one flips. */
export function nextSort(current: BetSort, key: BetSortKey): BetSort {
  const flip = current.key === key && current.direction === 'ascending'
  return { key, direction: flip ? 'descending' : 'ascending' }
}

function sortValue(bet: SortableBet, key: BetSortKey): string | number | null {
  switch (key) {
    case 'type':
      return TYPE_ORDER.indexOf(bet.betType)
    case 'selection':
      return bet.selection
    case 'points':
      return bet.points
    case 'odds':
      return bet.odds
    case 'amount':
      return bet.amount
    case 'toWin':
      return bet.toWin
    case 'status':
      return bet.status
  }
}

function blanksLast(left: unknown, right: unknown): number {
  return (left === null ? 1 : 0) - (right === null ? 1 : 0)
}

function compare(left: string | number, right: string | number): number {
  if (typeof left === 'number' && typeof right === 'number') return left - right
  return String(left).localeCompare(String(right))
}
