import { type RecordedBet, WIRE_BET_TYPE_LABELS } from './bet'
import { type CalendarDay, calendarDay } from './calendar'
import { unitsOf } from './display'
import { leagueLabel } from './leagues'
import { type Cents, formatCents, roiPercent } from './money'
import { priceText } from './price'
import { betNet, isSettled, type Settleable } from './statistics'

/**
 * The history CSV (docs/spec/product-spec.md §7): the server streams it row by row, the browser builds it whole when
 * the server fails, both from these functions. Money has 2 decimals, ROI 1; quoting follows RFC 4180.
 */
export const CSV_COLUMNS = [
  'Date',
  'Game',
  'Sport',
  'Bet Type',
  'Selection',
  'Odds',
  'Amount',
  'Status',
  'Result',
  'Payout',
  'Profit/Loss',
  'ROI %',
  'Sportsbook',
  'Placed',
] as const

export interface CsvBet extends RecordedBet {
  sportsbook: string
  placedAt: Date | string
  game: { homeTeam: string; awayTeam: string; sport: string; startTime?: Date | string | null }
}

export function csvFileName(today: CalendarDay): string {
  return `bet-history-${today}.csv`
}

/**
 * Decision 062: the column after Placed holding a ticket's legs for Grid's own import (their odds, results,
 * markets and events, the ticket's rules and To Win). Only a file holding a ticket of several legs has it,
 * so a file of single bets is byte for byte what it was.
 */
export const CSV_LEGS_COLUMN = 'Legs'

/**
 * Decision 072: a bettor with a unit size gets each bet's stake and profit or loss in units too, last, so
 * the file has both; Grid's import reads the money columns and leaves these.
 */
export const CSV_UNITS_COLUMNS = ['Amount (units)', 'Profit/Loss (units)'] as const

export function csvHeader(options: CsvOptions = {}): string {
  return csvLine([
    ...CSV_COLUMNS,
    ...(options.legs ? [CSV_LEGS_COLUMN] : []),
    ...(options.unitSizeCents ? CSV_UNITS_COLUMNS : []),
  ])
}

/**
 * `legs`: the file has the Legs column (decision 062): it holds a ticket of several legs. `unitSizeCents`:
 * the bettor's unit, for the units columns (decision 072).
 */
export interface CsvOptions {
  legs?: boolean
  unitSizeCents?: Cents | null
}

/** A bet's stake and profit or loss in units (CSV_UNITS_COLUMNS): 2 decimals at most, '' while unsettled. */
export function unitsCells(bet: Settleable, unitSizeCents: Cents): string[] {
  const net = betNet(bet)
  return [String(unitsOf(bet.amount, unitSizeCents)), net === null ? '' : String(unitsOf(net, unitSizeCents))]
}

/**
 * One bet's cells; the date is the game's local day in the user's time zone (the placement day if unknown).
 * Placed is the instant in UTC (ISO 8601), so Grid's import reads it back exactly in any zone.
 */
export function csvCells(bet: CsvBet, timeZone: string): string[] {
  return [...gameCells(bet, (instant) => calendarDay(instant, timeZone)), ...betCells(bet)]
}

/** Date, Game and Sport: the game's, the Date its placement day when the game has no start. */
function gameCells(bet: Pick<CsvBet, 'game' | 'placedAt'>, dayOf: (instant: Date) => CalendarDay): string[] {
  return [
    dayOf(instant(bet.game.startTime ?? bet.placedAt)),
    // An event off the feed the bettor named (decision 063) is its name alone.
    bet.game.awayTeam ? `${bet.game.awayTeam} @ ${bet.game.homeTeam}` : bet.game.homeTeam,
    leagueLabel(bet.game.sport),
  ]
}

/** The bet's own cells, after its game's. */
function betCells(bet: CsvBet): string[] {
  const net = betNet(bet)
  const payout = isSettled(bet) ? bet.payout : null
  return [
    WIRE_BET_TYPE_LABELS[bet.betType],
    bet.selection,
    // The price as the slip said it (decision 072): '-110', or the exact '1.91' or '6/4' the import reads back.
    priceText(bet),
    formatCents(bet.amount),
    bet.betStatus,
    bet.result ?? 'pending',
    payout === null ? '' : formatCents(payout),
    net === null ? '' : formatCents(net),
    net === null ? '' : roiPercent(net, bet.amount).toFixed(1),
    bet.sportsbook,
    instant(bet.placedAt).toISOString(),
  ]
}

/** A stored instant as a Date: the one a row already holds, not a copy of it for each of a file's rows. */
export const instant = (at: Date | string) => (typeof at === 'string' ? new Date(at) : at)

export function csvRow(bet: CsvBet, timeZone: string): string {
  return csvLine(csvCells(bet, timeZone))
}

/**
 * csvRow for the many rows of one file: a game's bets share its start time, so each instant's day is read
 * once. Intl's formatToParts behind calendarDay took 12 µs a row, most of a row's cost. The memo
 * keeps at most DAY_MEMO instants, so a file of any length holds a bounded map.
 */
export function csvRows(timeZone: string, options: CsvOptions = {}): (bet: CsvBet) => string {
  const dayOf = dayMemo(timeZone)
  const unit = options.unitSizeCents ?? null
  const legs = options.legs ?? false
  // A game with a start has the same cells on each of its bets' rows: written once per game.
  const scheduled = oncePer(
    (bet: CsvBet) => bet.game,
    (bet) => csvFields(gameCells(bet, dayOf)),
  )
  const gameFields = (bet: CsvBet) => (bet.game.startTime ? scheduled(bet) : csvFields(gameCells(bet, dayOf)))
  return (bet) => {
    const cells = betCells(bet)
    // A single's Legs cell is empty: its one leg is the row's own columns. The cells are added to the
    // row's own array, not spread into a new one: a file allocates for each of its rows.
    if (legs) cells.push('')
    if (unit !== null) cells.push(...unitsCells(bet, unit))
    return `${gameFields(bet)},${csvLine(cells)}`
  }
}

/**
 * `write` once per object `keyOf` gives, for the many rows of one file: an export shares one game object,
 * and one event object per game, among the rows on that game (bets/csv-batches.ts), so a file of tens of
 * thousands of rows writes a few hundred games' text. A row whose object is its own is written each time.
 */
export function oncePer<T, K extends object>(
  keyOf: (item: T) => K,
  write: (item: T) => string,
): (item: T) => string {
  const written = new WeakMap<K, string>()
  return (item) => {
    const key = keyOf(item)
    const known = written.get(key)
    if (known !== undefined) return known
    const text = write(item)
    written.set(key, text)
    return text
  }
}

/** calendarDay in a zone, memoised for the many rows of one file (csvRows). */
export function dayMemo(timeZone: string): (instant: Date) => CalendarDay {
  const days = new Map<number, CalendarDay>()
  const dayOf = (instant: Date) => {
    const at = instant.getTime()
    const known = days.get(at)
    if (known) return known
    if (days.size >= DAY_MEMO) days.clear()
    const day = calendarDay(instant, timeZone)
    days.set(at, day)
    return day
  }
  return dayOf
}

const DAY_MEMO = 4_096

export function csvLine(cells: readonly string[]): string {
  return `${csvFields(cells)}\r\n`
}

/** Cells as a line's fields, without its line break. */
export function csvFields(cells: readonly string[]): string {
  return cells.map(csvField).join(',')
}

const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/
const NEEDS_QUOTES = /[",\r\n]/

/** =, +, -, @, tab and CR: what a spreadsheet reads a formula after. Compared by code, once per cell. */
const FORMULA_STARTS = new Set([...'=+-@\t\r'].map((character) => character.charCodeAt(0)))

/**
 * A cell a spreadsheet would read as a formula (=, +, -, @, tab, CR first) gets a leading apostrophe, so
 * a team or sportsbook named '=HYPERLINK(...)' stays text. Plain signed numbers (-110, +150, -25.00) are
 * not formulas and keep their value.
 */
export function csvField(value: string): string {
  const inert = FORMULA_STARTS.has(value.charCodeAt(0)) && !PLAIN_NUMBER.test(value) ? `'${value}` : value
  return NEEDS_QUOTES.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert
}
