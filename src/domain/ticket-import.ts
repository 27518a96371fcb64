import { DEFAULT_SPORTSBOOK, OTHER_MARKET } from './bet'
import {
  draftMarket,
  type ImportField,
  type PlacedTime,
  readDay,
  readFilePrice,
  readMarket,
  readOdds,
  readPlaced,
  readResult,
  readSelection,
  readStake,
  readStatus,
  rowCell,
  unguard,
} from './bet-import'
import type { CalendarDay } from './calendar'
import { CSV_LEGS_COLUMN } from './csv'
import { foldTeamName, parseEvent, type TeamsQuery } from './game-matching'
import { type Cents, MAX_AMOUNT_CENTS, parseCents } from './money'
import { potentialWin } from './odds'
import { splitPeriod } from './periods'
import { DRAW } from './selection'
import { BetTermsError, payoutFor } from './settlement'
import { MAX_PARLAY_LEGS, type Market, MIN_PARLAY_LEGS, type TicketResult, type TicketShape } from './ticket'
import { CSV_LEG_SEPARATOR, type CsvLeg, legEventText, readLegsCell } from './ticket-csv'
import type { LegDraft, TicketDraft } from './ticket-draft'
import {
  parlayOdds,
  resultOfPayout,
  roundRobinCount,
  roundRobinStake,
  ticketPotentialWin,
  ticketStanding,
} from './ticket-settlement'

/**
 * Tickets of several legs in an imported file (decision 062), in either layout:
 * - one row per ticket: the market cell names the kind ('Parlay', 'SGP', '6pt Teaser', 'Round Robin by 2s')
 *   and the selection (and event, league, line) cells hold the legs joined by the mapping's separator; a
 *   leg's own odds may follow it in parentheses ('Lakers -3.5 (-110)'). Grid's own export is this layout,
 *   its Legs column holding the legs exactly;
 * - one row per leg: rows sharing the ticket id column are one ticket; each row's odds and result are its
 *   leg's; the stake, payout or profit, sportsbook and placed time are read from the ticket's first row.
 * A row of market 'Other' (a single off the feed, decision 063) is a ticket of one leg off the feed; every
 * other row is a single bet, read by readRow as before.
 */
export const LEG_SEPARATORS = [' | ', '/', ';'] as const
export type LegSeparator = (typeof LEG_SEPARATORS)[number]

export interface TicketReadOptions {
  /** How a row of one ticket joins its legs. */
  separator: LegSeparator
  /** Grid's export: the Legs column's index when the file has it. */
  legsColumn: number | null
}

export const DEFAULT_TICKET_OPTIONS: TicketReadOptions = { separator: ' | ', legsColumn: null }

/** Grid's export joins legs with ' | ' and, when it holds tickets, has the Legs column. */
export function gridTicketOptions(header: readonly string[]): TicketReadOptions {
  const index = header.findIndex((cell) => cell.trim().toLowerCase() === CSV_LEGS_COLUMN.toLowerCase())
  return { separator: CSV_LEG_SEPARATOR, legsColumn: index < 0 ? null : index }
}

/** A ticket read from a file, with what an import keys and dates it by. */
export interface ImportTicket {
  draft: TicketDraft
  /** The ticket's date cell. */
  day: CalendarDay
  placed: PlacedTime | null
  /** The ticket's content, normalised: with the user and the occurrence it makes its stable key. */
  identity: string
}

export type ReadTicket = { ok: true; ticket: ImportTicket } | { ok: false; reason: string }

/** The file's data rows as singles (read by readRow) and tickets, in the order of their first rows. */
export type FileEntry = { kind: 'single'; row: number } | { kind: 'ticket'; rows: number[]; read: ReadTicket }

type Indexes = Partial<Record<ImportField, number>>

export function readFileEntries(
  data: readonly (readonly string[])[],
  indexes: Indexes,
  options: TicketReadOptions = DEFAULT_TICKET_OPTIONS,
): FileEntry[] {
  const order: ({ row: number } | { id: string })[] = []
  const groups = new Map<string, number[]>()
  for (const [row, cells] of data.entries()) {
    const id = rowCell(cells, indexes, 'ticket')
    const group = groups.get(id)
    if (id === '') order.push({ row })
    else if (group) group.push(row)
    else {
      groups.set(id, [row])
      order.push({ id })
    }
  }
  return order.map((item) => {
    if ('row' in item) return rowEntry(data, item.row, indexes, options)
    const rows = groups.get(item.id) ?? []
    const [only] = rows
    if (rows.length === 1 && only !== undefined) return rowEntry(data, only, indexes, options)
    return {
      kind: 'ticket',
      rows,
      read: readLegRows(
        rows.map((row) => data[row] ?? []),
        indexes,
      ),
    }
  })
}

function rowEntry(
  data: readonly (readonly string[])[],
  row: number,
  indexes: Indexes,
  options: TicketReadOptions,
): FileEntry {
  const cells = data[row] ?? []
  const market = rowCell(cells, indexes, 'market')
  if (market.toLowerCase() === OTHER_MARKET)
    return { kind: 'ticket', rows: [row], read: readOtherRow(cells, indexes) }
  const kind = readTicketKind(market)
  if (kind === null) return { kind: 'single', row }
  return { kind: 'ticket', rows: [row], read: readTicketRow(cells, indexes, options, kind) }
}

/**
 * A single on a market Grid does not model ('Other': a prop, a future, decision 063) as Grid's export writes
 * it: a ticket of one leg off the feed, the event its Game cell, settled by the file's result and payout.
 */
function readOtherRow(cells: readonly string[], indexes: Indexes): ReadTicket {
  const cell = (field: ImportField) => rowCell(cells, indexes, field)
  const common = readTicketCells(cells, indexes)
  if (typeof common === 'string') return failed(common)
  const odds = readOdds(cell('odds'))
  if (odds === null)
    return failed(`Odds '${cell('odds')}' are neither American (-110, +150) nor decimal (1.91)`)
  const result = readTicketResult(cell('result'))
  if (result === undefined)
    return failed(`Result '${cell('result')}' is not won, lost, push, void or pending`)
  if (cell('selection') === '') return failed('The row has no selection')
  if (common.betStatus === 'tentative' && result !== null)
    return failed('A tentative bet cannot have a result')
  const leg: LegDraft = {
    day: common.day,
    startTime: null,
    leagueText: cell('league'),
    teams: null,
    eventText: cell('event') || cell('selection'),
    market: null,
    guessed: false,
    selection: cell('selection'),
    odds,
    result,
  }
  const toWin = potentialWin(common.amount, odds)
  const identity = JSON.stringify([
    null,
    common.day,
    'single',
    [[foldTeamName(leg.eventText), foldTeamName(leg.selection), odds]],
    odds,
    common.amount,
    common.sportsbook.toLowerCase(),
    common.betStatus,
  ])
  return {
    ok: true,
    ticket: {
      draft: {
        shape: { kind: 'single' },
        legs: [leg],
        odds,
        amount: common.amount,
        potentialWin: toWin,
        boost: null,
        result,
        payout: result === null ? null : (common.filePayout ?? payoutFor(result, common.amount, toWin)),
        betStatus: common.betStatus,
        sportsbook: common.sportsbook,
      },
      day: common.day,
      placed: common.placed,
      identity,
    },
  }
}

/** What a market cell names of a ticket: its kind, and the teaser's points or the round robin's sizes. */
export type TicketKindText =
  | { kind: 'parlay' }
  | { kind: 'same_game_parlay' }
  | { kind: 'teaser'; points: number | null }
  | { kind: 'round_robin'; sizes: number[] }

/** A ticket's kind in a book's words; null for a single's market (spread, total, moneyline) or anything else. */
export function readTicketKind(text: string): TicketKindText | null {
  const t = text.trim().toLowerCase()
  if (/round[\s_-]*robin/.test(t)) {
    // 'by 2s and 3s', "2's", 'by 3': the sizes, not the number of legs ('4-leg round robin by 2s').
    const plural = [...t.matchAll(/(\d+)'?s\b/g)].map((match) => Number(match[1]))
    const by = /by\s*(\d+)/.exec(t)?.[1]
    return { kind: 'round_robin', sizes: plural.length > 0 ? plural : by ? [Number(by)] : [] }
  }
  if (/same[\s_-]*game|\bsgp\b|\bsgm\b|bet\s*builder/.test(t)) return { kind: 'same_game_parlay' }
  if (/teaser/.test(t)) {
    // '6pt teaser', '6.5-point teaser', 'Teaser 6' ('2-team teaser 6pt': the points, not the legs).
    const points = /(\d+(?:\.\d+)?)\s*-?\s*(?:pt|point)/.exec(t)?.[1] ?? /(\d+(?:\.\d+)?)/.exec(t)?.[1]
    return { kind: 'teaser', points: points === undefined ? null : Number(points) }
  }
  if (/parlay|accumulator|\bacca\b|\bmulti\b|\bcombo\b/.test(t)) return { kind: 'parlay' }
  return null
}

/**
 * The shape a file gives: what it does not say takes the rule that never invents a payout (a same-game
 * parlay reprices, decision 055; a teaser's ties push, decision 056; a round robin by 2s, decision 058).
 * The file's result and payout stand for the ticket, so these matter only to a ticket still pending.
 */
export function ticketShapeOf(kind: TicketKindText, legs: number): TicketShape | string {
  switch (kind.kind) {
    case 'parlay':
      return { kind: 'parlay' }
    case 'same_game_parlay':
      return { kind: 'same_game_parlay', voidRule: 'reprice' }
    case 'teaser':
      return { kind: 'teaser', teaserPoints: kind.points ?? 0, ties: 'push', reducedOdds: null }
    case 'round_robin': {
      const sizes = kind.sizes.length === 0 ? [2] : [...new Set(kind.sizes)].sort((a, b) => a - b)
      const bad = sizes.find((size) => size < MIN_PARLAY_LEGS || size >= legs)
      if (bad !== undefined) return `A round robin of ${legs} legs cannot hold parlays of ${bad}`
      return { kind: 'round_robin', sizes }
    }
  }
}

/** The cells every layout reads at the ticket's level. */
interface TicketCells {
  day: CalendarDay
  amount: Cents
  betStatus: TicketDraft['betStatus']
  sportsbook: string
  placed: PlacedTime | null
  /** The file's payout (from its payout or profit cell); null when it gives neither. */
  filePayout: Cents | null
}

function readTicketCells(cells: readonly string[], indexes: Indexes): TicketCells | string {
  const cell = (field: ImportField) => rowCell(cells, indexes, field)
  const day = readDay(cell('date'))
  if (!day) return `Date '${cell('date')}' is not a date (YYYY-MM-DD, MM/DD/YYYY or DD.MM.YYYY)`
  const amount = readStake(cell('stake'))
  if (typeof amount === 'string') return amount
  const betStatus = readStatus(cell('status'))
  if (betStatus === null) return `Bet status '${cell('status')}' is not tentative or committed`
  const placed = cell('placed') === '' ? null : readPlaced(cell('placed'))
  if (placed === undefined)
    return `Placed '${cell('placed')}' is not a date and time (2026-03-21 19:05 or an ISO instant)`
  const filePayout = readFilePayout(cell('payout'), cell('profit'), amount)
  if (typeof filePayout === 'string') return filePayout
  const sportsbook = (cell('sportsbook') || DEFAULT_SPORTSBOOK).slice(0, 100)
  return { day, amount, betStatus, sportsbook, placed, filePayout }
}

/** The payout as written, or the stake and the profit ('-50.00', '($50.00)'); null when neither is given. */
function readFilePayout(payout: string, profit: string, amount: Cents): Cents | null | string {
  if (payout !== '') {
    const cents = readMoney(payout)
    if (cents === null || cents < 0) return `Payout '${payout}' is not an amount of at least 0`
    return cents
  }
  if (profit === '') return null
  const net = readMoney(profit)
  if (net === null || amount + net < 0) return `Profit '${profit}' is not an amount the stake can lose`
  return amount + net
}

function readMoney(text: string): Cents | null {
  const negative = /^\(.*\)$/.test(text.trim())
  const plain = text.replace(/[$€£,\s()]|usd|eur|gbp/gi, '')
  const cents = plain === '' ? null : parseCents(plain)
  if (cents === null || Math.abs(cents) > MAX_PAYOUT_CENTS) return null
  return negative ? -cents : cents
}

/** A payout beyond this is a typo: a $1,000,000 stake at the longest odds decision 009 allows. */
const MAX_PAYOUT_CENTS = MAX_AMOUNT_CENTS * 1_001

/** The book's word for a ticket: decision 003's words, with 'void' and 'cancelled' kept as a void ticket. */
export function readTicketResult(text: string): TicketResult | null | undefined {
  if (/^(void|voided|cancelled|canceled)$/i.test(text.trim())) return 'void'
  return readResult(text)
}

/** One row per ticket: the legs joined in the selection cell (and the event, league and line cells). */
function readTicketRow(
  cells: readonly string[],
  indexes: Indexes,
  options: TicketReadOptions,
  kind: TicketKindText,
): ReadTicket {
  const cell = (field: ImportField) => rowCell(cells, indexes, field)
  const common = readTicketCells(cells, indexes)
  if (typeof common === 'string') return failed(common)
  const odds = readOdds(cell('odds'))
  if (odds === null)
    return failed(`Odds '${cell('odds')}' are neither American (-110, +150) nor decimal (1.91)`)
  const result = readTicketResult(cell('result'))
  if (result === undefined)
    return failed(`Result '${cell('result')}' is not won, lost, push, void or pending`)

  const legsText = options.legsColumn === null ? '' : unguard((cells[options.legsColumn] ?? '').trim())
  if (legsText !== '') {
    const read = readLegsCell(legsText)
    if ('reason' in read) return failed(read.reason)
    return finish({
      common,
      shape: read.shape,
      legs: read.legs.map((leg) => gridLeg(leg, common.day)),
      odds,
      potentialWin: read.potentialWin,
      boost: read.boost,
      result,
      ticketId: null,
    })
  }
  const legs = splitLegs(cells, indexes, options.separator, common.day)
  if (typeof legs === 'string') return failed(legs)
  const shape = ticketShapeOf(kind, legs.length)
  if (typeof shape === 'string') return failed(shape)
  return finish({ common, shape, legs, odds, potentialWin: null, boost: null, result, ticketId: null })
}

/** A leg of Grid's Legs cell: a feed game's leg is looked up again, a leg off the feed stays off it. */
function gridLeg(leg: CsvLeg, day: CalendarDay): LegDraft {
  const { event } = leg
  const startTime = event.startTime === null ? null : new Date(event.startTime)
  return {
    day: startTime === null ? day : null,
    startTime,
    leagueText: event.kind === 'game' ? event.sport : (event.league ?? ''),
    teams: event.kind === 'game' ? { teams: [event.awayTeam, event.homeTeam], ordered: true } : null,
    eventText: legEventText(event),
    market: leg.market,
    guessed: false,
    selection: leg.selection,
    odds: leg.odds,
    exactPrice: leg.exactPrice ?? null,
    result: leg.result,
  }
}

/** The legs of a one-row ticket: as many selections as legs; one event or league for all, or one each. */
function splitLegs(
  cells: readonly string[],
  indexes: Indexes,
  separator: LegSeparator,
  day: CalendarDay,
): LegDraft[] | string {
  const parts = (field: ImportField) => {
    const text = rowCell(cells, indexes, field)
    return text === '' ? [] : text.split(separator).map((part) => part.trim())
  }
  const selections = parts('selection')
  if (selections.length < MIN_PARLAY_LEGS || selections.length > MAX_PARLAY_LEGS)
    return `A ticket has ${MIN_PARLAY_LEGS} to ${MAX_PARLAY_LEGS} legs, separated by '${separator.trim()}': this one has ${selections.length}`
  const perLeg = (field: ImportField, name: string): string[] | string => {
    const all = parts(field)
    if (all.length === 0) return selections.map(() => '')
    if (all.length === 1) return selections.map(() => all[0] ?? '')
    if (all.length === selections.length) return all
    return `The ticket has ${selections.length} legs but ${all.length} ${name}`
  }
  const events = perLeg('event', 'events')
  const aways = perLeg('away', 'away teams')
  const homes = perLeg('home', 'home teams')
  const leagues = perLeg('league', 'leagues')
  const lines = perLeg('line', 'lines')
  for (const list of [events, aways, homes, leagues, lines]) if (typeof list === 'string') return list
  const legs: LegDraft[] = []
  for (const [i, written] of selections.entries()) {
    const oddsSuffix = LEG_ODDS.exec(written)
    const selection = oddsSuffix ? written.slice(0, oddsSuffix.index).trim() : written
    const price = oddsSuffix?.[1] === undefined ? null : readFilePrice(oddsSuffix[1])
    const leg = readLeg({
      selection,
      event: events[i] ?? '',
      away: aways[i] ?? '',
      home: homes[i] ?? '',
      league: leagues[i] ?? '',
      line: lines[i] ?? '',
      market: '',
      day,
      price,
      result: null,
    })
    if (typeof leg === 'string') return `Leg ${i + 1}: ${leg}`
    legs.push(leg)
  }
  return legs
}

/**
 * A leg's own price after its selection: 'Lakers -3.5 (-110)', 'Over 8.5 (+105)', 'Draw (EVEN)', and as a
 * slip in another format writes it, 'Arsenal -0.25 (1.91)', 'Over 2.5 (6/4)' (kept exact, decision 072).
 */
const LEG_ODDS = /\s*\(\s*([+-]\d{3,}|even|\d+\.\d{1,3}|\d+\/\d+)\s*\)$/i

interface LegCells {
  selection: string
  event: string
  away: string
  home: string
  league: string
  line: string
  /** The leg's own market cell (one row per leg); '' when the row's market names the ticket. */
  market: string
  day: CalendarDay
  /** The leg's price as the file writes it (readFilePrice): American, or a decimal or fraction kept exact. */
  price: { odds: number; exactPrice: string | null } | null
  result: LegDraft['result']
}

/**
 * One leg: its market read as a single's is (readMarket, readSelection), or none for a prop or a market Grid
 * does not model, which stays off the feed with its text.
 */
function readLeg(leg: LegCells): LegDraft | string {
  if (leg.selection === '') return 'The leg has no selection'
  const eventText = leg.event || [leg.away, leg.home].filter(Boolean).join(' @ ')
  const written = readLegMarket(leg.market, leg.selection, leg.line)
  const teams: TeamsQuery | null =
    leg.away && leg.home ? { teams: [leg.away, leg.home], ordered: true } : parseEvent(leg.event)
  return {
    day: leg.day,
    startTime: null,
    leagueText: leg.league,
    teams: written.market === null ? null : teams,
    eventText: eventText || leg.selection,
    market: written.market,
    guessed: written.guessed,
    selection: leg.selection,
    odds: leg.price?.odds ?? null,
    exactPrice: leg.price?.exactPrice ?? null,
    result: leg.result,
  }
}

function readLegMarket(
  marketText: string,
  selection: string,
  line: string,
): { market: Market | null; guessed: boolean } {
  const none = { market: null, guessed: false }
  // A period's name before the market ('1H Over 1.5') is the leg's period (legOnGame reads it).
  const text = splitPeriod(selection).text
  const type = readMarket(marketText, text, line)
  if ('reason' in type) return none
  const terms = readSelection(type.type, text, line)
  if (typeof terms === 'string') return none
  const market = draftMarket(type.type, terms)
  // A bare name ('Lakers') reads as a moneyline, and so does a prop's text: only a game proves it one.
  const guessed =
    marketText === '' && market.betType === 'moneyline' && market.team !== DRAW && !/\sml$/i.test(selection)
  return { market, guessed }
}

/** One row per leg: each row a leg with its odds and result; the ticket's figures from its first row. */
function readLegRows(rows: readonly (readonly string[])[], indexes: Indexes): ReadTicket {
  const [first] = rows
  if (!first) return failed('The ticket has no rows')
  if (rows.length > MAX_PARLAY_LEGS) return failed(`A ticket has at most ${MAX_PARLAY_LEGS} legs`)
  const common = readTicketCells(first, indexes)
  if (typeof common === 'string') return failed(common)
  // Some books write the stake or payout on the first row only; others on every row.
  let kind: TicketKindText | null = null
  const legs: LegDraft[] = []
  for (const [i, cells] of rows.entries()) {
    const cell = (field: ImportField) => rowCell(cells, indexes, field)
    const market = cell('market')
    const named = readTicketKind(market)
    kind ??= named
    const price = readFilePrice(cell('odds'))
    if (price === null) return failed(`Leg ${i + 1}: odds '${cell('odds')}' are neither American nor decimal`)
    const result = readTicketResult(cell('result'))
    if (result === undefined)
      return failed(`Leg ${i + 1}: result '${cell('result')}' is not won, lost, push or void`)
    const leg = readLeg({
      selection: cell('selection'),
      event: cell('event'),
      away: cell('away'),
      home: cell('home'),
      league: cell('league'),
      line: cell('line'),
      market: named === null ? market : '',
      day: readDay(cell('date')) ?? common.day,
      price,
      result,
    })
    if (typeof leg === 'string') return failed(`Leg ${i + 1}: ${leg}`)
    legs.push(leg)
  }
  const shape = ticketShapeOf(kind ?? { kind: 'parlay' }, legs.length)
  if (typeof shape === 'string') return failed(shape)
  const odds = parlayOdds(legs)
  if (odds === null) return failed("The legs' odds make a price beyond what Grid accepts")
  return finish({
    common,
    shape,
    legs,
    odds,
    potentialWin: null,
    boost: null,
    result: null,
    ticketId: rowCell(first, indexes, 'ticket'),
  })
}

/**
 * The ticket's figures (decision 062). To Win: the Legs cell's, else the shape's from the legs and the
 * ticket's odds (ticketPotentialWin), else decision 001's at the ticket's odds. Result and payout: the
 * file's stand. A row per ticket says the result; the payout is the file's, else decision 002's from it.
 * A row per leg gives the legs' results: the ticket stands as its settlement says, the file's payout
 * replacing its figure (and giving the result, decision 058) whenever the file has one.
 */
function finish(read: {
  common: TicketCells
  shape: TicketShape
  legs: LegDraft[]
  odds: number
  potentialWin: Cents | null
  boost: TicketDraft['boost']
  /** The row's word on the ticket; null with a row per leg, whose legs have their own. */
  result: TicketResult | null
  ticketId: string | null
}): ReadTicket {
  const { common, shape, legs, odds, boost } = read
  if (legs.length < MIN_PARLAY_LEGS || legs.length > MAX_PARLAY_LEGS)
    return failed(`A ticket has ${MIN_PARLAY_LEGS} to ${MAX_PARLAY_LEGS} legs: this one has ${legs.length}`)
  const misfit = shapeMisfit(shape, legs.length)
  if (misfit !== null) return failed(misfit)
  let toWin: Cents
  try {
    if (shape.kind === 'round_robin')
      roundRobinStake(common.amount, roundRobinCount(legs.length, shape.sizes))
    toWin =
      read.potentialWin ??
      ticketPotentialWin(shape, legs, common.amount, boost, { odds }) ??
      potentialWin(common.amount, odds)
  } catch (error) {
    if (error instanceof BetTermsError) return failed(error.message)
    throw error
  }
  let result: TicketResult | null
  let payout: Cents | null
  if (read.ticketId === null) {
    result = read.result
    payout = result === null ? null : (common.filePayout ?? payoutFor(result, common.amount, toWin))
  } else {
    const standing = ticketStanding({ shape, legs, amount: common.amount, potentialWin: toWin, boost })
    const decided = legs.every((leg) => leg.result !== null) || standing.status === 'settled'
    if (common.filePayout !== null && decided) {
      payout = common.filePayout
      result = resultOfPayout(payout, common.amount, legs)
    } else if (standing.status === 'settled') {
      result = standing.result
      payout = standing.payout
    } else {
      result = null
      payout = null
    }
  }
  if (common.betStatus === 'tentative' && result !== null)
    return failed('A tentative bet cannot have a result')
  const identity = JSON.stringify([
    read.ticketId,
    common.day,
    shape.kind,
    legs.map((leg) => [foldTeamName(leg.eventText), foldTeamName(leg.selection), leg.odds]),
    odds,
    common.amount,
    common.sportsbook.toLowerCase(),
    common.betStatus,
  ])
  return {
    ok: true,
    ticket: {
      draft: {
        shape,
        legs,
        odds,
        amount: common.amount,
        potentialWin: toWin,
        boost,
        result,
        payout,
        betStatus: common.betStatus,
        sportsbook: common.sportsbook,
      },
      day: common.day,
      placed: common.placed,
      identity,
    },
  }
}

const failed = (reason: string): ReadTicket => ({ ok: false, reason })

/** Why a shape (an edited Legs cell's) cannot be a ticket of these legs; null when it can. */
function shapeMisfit(shape: TicketShape, legs: number): string | null {
  switch (shape.kind) {
    case 'single':
      return 'A single has one leg: its row is a single bet'
    case 'parlay':
    case 'same_game_parlay':
    case 'teaser':
      return null
    case 'round_robin': {
      const bad = shape.sizes.find(
        (size, i) => size < MIN_PARLAY_LEGS || size >= legs || shape.sizes.indexOf(size) !== i,
      )
      return bad === undefined
        ? null
        : `A round robin of ${legs} legs cannot hold parlays of ${bad} (once each)`
    }
  }
}
