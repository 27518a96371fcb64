import type { BetStatus } from './bet'
import { type CalendarDay, calendarDay } from './calendar'
import { csvFields, csvLine, dayMemo, instant, oncePer, unitsCells } from './csv'
import { leagueLabel } from './leagues'
import { type Cents, formatCents, roiPercent } from './money'
import { formatOdds, isValidOdds } from './odds'
import { decimalPrice, fractionalPrice } from './price'
import { DOUBLE_CHANCES, isLineStep } from './selection'
import { betNet, isSettled } from './statistics'
import {
  type Boost,
  LEG_RESULTS,
  type Leg,
  type LegResult,
  type Market,
  TICKET_KIND_LABELS,
  TICKET_KINDS,
  TIE_RULES,
  type TicketResult,
  type TicketShape,
  VOID_RULES,
} from './ticket'

/**
 * A ticket of legs in Grid's CSV (decision 062): one row per ticket. The spec's columns read as a person
 * reads the slip (the kind's label, the legs' selections and games joined with ' | '); the Legs column
 * holds what they cannot (each leg's odds, result, market and event, the ticket's rules and To Win), so
 * Grid's own import gives the same tickets back.
 */
export interface CsvTicket {
  shape: TicketShape
  legs: readonly CsvLeg[]
  odds: number
  amount: Cents
  potentialWin: Cents
  boost: Boost | null
  betStatus: BetStatus
  result: TicketResult | null
  payout: Cents | null
  sportsbook: string
  placedAt: Date | string
}

export interface CsvLeg extends Pick<Leg, 'market' | 'selection' | 'odds' | 'result'> {
  event: CsvLegEvent
  /** The leg's exact price (decision 072), written as `price` only when it has one. */
  exactPrice?: string | null
}

export type CsvLegEvent =
  | { kind: 'game'; awayTeam: string; homeTeam: string; sport: string; startTime: Date | string | null }
  | { kind: 'off_feed'; name: string; league: string | null; startTime: Date | string | null }

/** How the legs are joined in the Game, Sport and Selection cells. */
export const CSV_LEG_SEPARATOR = ' | '

/**
 * A ticket's cells, the Legs cell last. The date is its first leg's day in the user's zone (the placement
 * day when no leg has a start); Sport lists each league once, in the legs' order.
 */
export function csvTicketCells(ticket: CsvTicket, timeZone: string): string[] {
  return [...specCells(ticket, (instant) => calendarDay(instant, timeZone)), legsCell(ticket)]
}

function specCells(
  ticket: CsvTicket,
  dayOf: (instant: Date) => CalendarDay,
  eventText: (event: CsvLegEvent) => string = legEventText,
): string[] {
  const net = betNet(ticket)
  const payout = isSettled(ticket) ? ticket.payout : null
  // One loop over the legs for the first start and the leagues: a ticket file has tens of thousands.
  let first = Number.POSITIVE_INFINITY
  const leagues: string[] = []
  for (const { event } of ticket.legs) {
    if (event.startTime !== null) first = Math.min(first, instant(event.startTime).getTime())
    const league = legLeague(event)
    if (league !== null && !leagues.includes(league)) leagues.push(league)
  }
  const placedAt = instant(ticket.placedAt)
  return [
    dayOf(first === Number.POSITIVE_INFINITY ? placedAt : new Date(first)),
    ticket.legs.map((leg) => eventText(leg.event)).join(CSV_LEG_SEPARATOR),
    leagues.map(leagueLabel).join(CSV_LEG_SEPARATOR),
    TICKET_KIND_LABELS[ticket.shape.kind],
    ticket.legs.map((leg) => leg.selection).join(CSV_LEG_SEPARATOR),
    formatOdds(ticket.odds),
    formatCents(ticket.amount),
    ticket.betStatus,
    ticket.result ?? 'pending',
    payout === null ? '' : formatCents(payout),
    net === null ? '' : formatCents(net),
    net === null ? '' : roiPercent(net, ticket.amount).toFixed(1),
    ticket.sportsbook,
    placedAt.toISOString(),
  ]
}

export function csvTicketRow(ticket: CsvTicket, timeZone: string): string {
  return csvLine(csvTicketCells(ticket, timeZone))
}

/**
 * csvTicketRow for the many rows of one file, with csvRows' bounded day memo, the Legs cell written as its
 * CSV field directly (legsField), and each event's Game text and part of the Legs cell once per file.
 */
export function csvTicketRows(
  timeZone: string,
  unitSizeCents: Cents | null = null,
): (ticket: CsvTicket) => string {
  const dayOf = dayMemo(timeZone)
  const eventOf = eventFields()
  const eventText = oncePer(sameEvent, legEventText)
  const row = (ticket: CsvTicket) =>
    `${csvFields(specCells(ticket, dayOf, eventText))},${legsField(ticket, eventOf)}`
  // The units columns (decision 072) follow the Legs cell.
  return unitSizeCents === null
    ? (ticket) => `${row(ticket)}\r\n`
    : (ticket) => `${row(ticket)},${csvFields(unitsCells(ticket, unitSizeCents))}\r\n`
}

/** 'Away @ Home' for a feed game, the event's own name off the feed. */
export function legEventText(event: CsvLegEvent): string {
  switch (event.kind) {
    case 'game':
      return `${event.awayTeam} @ ${event.homeTeam}`
    case 'off_feed':
      return event.name
  }
}

function legLeague(event: CsvLegEvent): string | null {
  switch (event.kind) {
    case 'game':
      return event.sport
    case 'off_feed':
      return event.league
  }
}

/** Version 1 of the Legs cell: JSON, so an edit that breaks it is refused rather than misread. */
interface LegsCell {
  v: 1
  shape: TicketShape
  toWin: Cents
  boost: Boost | null
  legs: {
    event:
      | { kind: 'game'; away: string; home: string; league: string; start: string | null }
      | { kind: 'off_feed'; name: string; league: string | null; start: string | null }
    market: Market | null
    selection: string
    odds: number | null
    result: LegResult | null
    /** Decision 072: the slip's decimal or fractional price; absent for American odds. */
    price?: string
  }[]
}

type LegsTicket = Pick<CsvTicket, 'shape' | 'legs' | 'potentialWin' | 'boost'>

/** The Legs cell: a LegsCell as JSON.stringify writes it. */
export function legsCell(ticket: LegsTicket): string {
  return legsText(ticket, (event) => JSON.stringify(cellEvent(event)), '"')
}

/**
 * The Legs cell as its CSV field, csvField(legsCell(ticket)) written directly: quoting the whole cell after
 * writing it was a quarter of a ticket file's formatting. A game's event part, the longest, is written once
 * per file (eventFields: an export gives every leg on a game the same event object, bets/csv-batches.ts).
 */
export function legsField(
  ticket: LegsTicket,
  eventOf: (event: CsvLegEvent) => string = eventFields(),
): string {
  return `"${legsText(ticket, eventOf, '""')}"`
}

/** The quote mark a Legs cell's text is written with: JSON's own, or doubled inside a CSV field. */
type Quote = '"' | '""'

/**
 * A LegsCell's JSON in quote mark `q`, each leg's event written by `eventOf` in the same quoting. The legs
 * are written by hand (legJson), the same text JSON.stringify gives: a JSON.stringify per leg and doubling
 * its quotes was most of a ticket file's formatting (100,000 tickets: about 0.2 s against 0.03 s).
 */
function legsText(ticket: LegsTicket, eventOf: (event: CsvLegEvent) => string, q: Quote): string {
  const key = KEYS[q]
  const legs = ticket.legs.map((leg) => legJson(leg, eventOf(leg.event), q))
  return `{${key.v}1,${key.shape}${shapeJson(ticket.shape, q)},${key.toWin}${ticket.potentialWin},${key.boost}${ticket.boost === null ? 'null' : quoted(JSON.stringify(ticket.boost), q)},${key.legs}[${legs.join(',')}]}`
}

function legJson(leg: LegsTicket['legs'][number], event: string, q: Quote): string {
  const key = KEYS[q]
  const price = leg.exactPrice ? `,${key.price}${jsonString(leg.exactPrice, q)}` : ''
  const result = leg.result === null ? 'null' : jsonString(leg.result, q)
  return `{${key.event}${event},${key.market}${marketJson(leg.market, q)},${key.selection}${jsonString(leg.selection, q)},${key.odds}${leg.odds},${key.result}${result}${price}}`
}

/** A market's JSON in quote mark `q`, its keys in the order the domain builds it (selection.ts). */
function marketJson(market: Market | null, q: Quote): string {
  if (market === null) return 'null'
  const kind = textPair('betType', market.betType, q)
  switch (market.betType) {
    case 'spread':
      return `{${kind},${textPair('team', market.team, q)},${pair('points', market.points, q)}}`
    case 'total':
      return `{${kind},${textPair('overUnder', market.overUnder, q)},${pair('points', market.points, q)}}`
    case 'moneyline':
    case 'draw_no_bet':
      return `{${kind},${textPair('team', market.team, q)}}`
    case 'team_total':
      return `{${kind},${textPair('team', market.team, q)},${textPair('overUnder', market.overUnder, q)},${pair('points', market.points, q)}}`
    case 'double_chance':
      return `{${kind},${textPair('outcomes', market.outcomes, q)}}`
    case 'three_way_handicap':
      return `{${kind},${textPair('team', market.team, q)},${pair('points', market.points, q)},${pair('draw', market.draw, q)}}`
    case 'winning_margin':
      return `{${kind},${textPair('team', market.team, q)},${pair('margin', market.margin, q)},${pair('orMore', market.orMore, q)}}`
    case 'both_teams_to_score':
      return `{${kind},${pair('yes', market.yes, q)}}`
    case 'correct_score':
      return `{${kind},${pair('home', market.home, q)},${pair('away', market.away, q)}}`
  }
}

// Module functions, not closures made per market: the dev server's and the tests' loader names each
// closure as it is made, which cost more than the writing.
const textPair = (name: string, value: string, q: Quote) => `${q}${name}${q}:${jsonString(value, q)}`
const pair = (name: string, value: number | boolean, q: Quote) => `${q}${name}${q}:${value}`

/** A Legs cell's keys, written once for each quote mark. */
const KEY_NAMES = [
  'v',
  'shape',
  'toWin',
  'boost',
  'legs',
  'event',
  'market',
  'selection',
  'odds',
  'result',
  'price',
] as const
const keysIn = (q: Quote) =>
  Object.fromEntries(KEY_NAMES.map((name) => [name, `${q}${name}${q}:`])) as Record<
    (typeof KEY_NAMES)[number],
    string
  >
const KEYS: Record<Quote, ReturnType<typeof keysIn>> = { '"': keysIn('"'), '""': keysIn('""') }

/**
 * A string as JSON.stringify writes it, in quote mark `q`. Most names need no escape: JSON escapes only a
 * quote, a backslash, a control character and a lone surrogate (a pair is left to JSON.stringify too).
 */
function jsonString(value: string, q: Quote): string {
  return JSON_ESCAPED.test(value) ? quoted(JSON.stringify(value), q) : `${q}${value}${q}`
}

const JSON_ESCAPED = /["\\]|[^\u0020-\ud7ff\ue000-\uffff]/

/** JSON text in quote mark `q`. */
const quoted = (json: string, q: Quote) => (q === '"' ? json : doubleQuotes(json))

const doubleQuotes = (text: string) => text.replaceAll('"', '""')

/** A shape's JSON in quote mark `q`: a parlay's, most of a file's tickets, is written once per quote mark. */
function shapeJson(shape: TicketShape, q: Quote): string {
  switch (shape.kind) {
    case 'single':
    case 'parlay':
      return KIND_ONLY[q][shape.kind]
    case 'same_game_parlay':
    case 'teaser':
    case 'round_robin':
      return quoted(JSON.stringify(shape), q)
  }
}

const kindOnly = (q: Quote) => ({
  single: quoted(JSON.stringify({ kind: 'single' }), q),
  parlay: quoted(JSON.stringify({ kind: 'parlay' }), q),
})
const KIND_ONLY: Record<Quote, ReturnType<typeof kindOnly>> = { '"': kindOnly('"'), '""': kindOnly('""') }

/** A leg's event's part of legsField, written once per event object for one file's rows (oncePer). */
const eventFields = () => oncePer(sameEvent, (event) => doubleQuotes(JSON.stringify(cellEvent(event))))

const sameEvent = (event: CsvLegEvent) => event

function cellEvent(event: CsvLegEvent): LegsCell['legs'][number]['event'] {
  switch (event.kind) {
    case 'game':
      return {
        kind: 'game',
        away: event.awayTeam,
        home: event.homeTeam,
        league: event.sport,
        start: isoOrNull(event.startTime),
      }
    case 'off_feed':
      return { kind: 'off_feed', name: event.name, league: event.league, start: isoOrNull(event.startTime) }
  }
}

const isoOrNull = (at: Date | string | null) => (at === null ? null : instant(at).toISOString())

/** What a Legs cell gives back: the ticket's rules and To Win, and its legs as written. */
export interface ReadLegsCell {
  shape: TicketShape
  potentialWin: Cents
  boost: Boost | null
  legs: CsvLeg[]
}

/**
 * The Legs cell read back, every value checked: the file is the user's and may have been edited. A
 * reason when it is not one this version wrote.
 */
export function readLegsCell(text: string): ReadLegsCell | { reason: string } {
  const bad = { reason: 'The Legs cell is not one Grid wrote' }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return bad
  }
  if (!isRecord(json) || json.v !== 1) return bad
  const shape = readShape(json.shape)
  const boost = json.boost === null ? null : readBoost(json.boost)
  const toWin = json.toWin
  if (!shape || boost === undefined || !isCents(toWin) || !Array.isArray(json.legs)) return bad
  const legs: CsvLeg[] = []
  for (const item of json.legs) {
    const leg = readLeg(item)
    if (!leg) return bad
    legs.push(leg)
  }
  return { shape, potentialWin: toWin, boost, legs }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

const isCents = (value: unknown): value is Cents =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
const isText = (value: unknown): value is string => typeof value === 'string'
const isOdds = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && isValidOdds(value)
const isPoints = (value: unknown): value is number => typeof value === 'number' && isLineStep(value)
const oneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value)

function readShape(value: unknown): TicketShape | null {
  if (!isRecord(value) || !oneOf(TICKET_KINDS, value.kind)) return null
  switch (value.kind) {
    case 'single':
    case 'parlay':
      return { kind: value.kind }
    case 'same_game_parlay':
      return oneOf(VOID_RULES, value.voidRule) ? { kind: 'same_game_parlay', voidRule: value.voidRule } : null
    case 'teaser': {
      const { teaserPoints, ties, reducedOdds } = value
      if (!isPoints(teaserPoints) || !oneOf(TIE_RULES, ties)) return null
      if (reducedOdds === null) return { kind: 'teaser', teaserPoints, ties, reducedOdds: null }
      if (!isRecord(reducedOdds)) return null
      const read: Record<number, number> = {}
      for (const [count, odds] of Object.entries(reducedOdds)) {
        if (!/^\d+$/.test(count) || !isOdds(odds)) return null
        read[Number(count)] = odds
      }
      return { kind: 'teaser', teaserPoints, ties, reducedOdds: read }
    }
    case 'round_robin': {
      const { sizes } = value
      if (!Array.isArray(sizes) || !sizes.every((size) => Number.isInteger(size) && size >= 2)) return null
      return { kind: 'round_robin', sizes: sizes as number[] }
    }
  }
}

function readBoost(value: unknown): Boost | undefined {
  if (!isRecord(value)) return undefined
  if (value.kind === 'profit' && typeof value.percent === 'number' && value.percent >= 0)
    return { kind: 'profit', percent: value.percent }
  if (value.kind === 'price' && isOdds(value.unboostedOdds))
    return { kind: 'price', unboostedOdds: value.unboostedOdds }
  return undefined
}

function readLeg(value: unknown): CsvLeg | null {
  if (!isRecord(value) || !isText(value.selection)) return null
  const { odds, result } = value
  if (odds !== null && !isOdds(odds)) return null
  if (result !== null && !oneOf(LEG_RESULTS, result)) return null
  const market = value.market === null ? null : readMarket(value.market)
  const event = readEvent(value.event)
  if (market === undefined || !event) return null
  if (value.price === undefined) return { event, market, selection: value.selection, odds, result }
  const exactPrice = isText(value.price) ? (decimalPrice(value.price) ?? fractionalPrice(value.price)) : null
  if (exactPrice === null || odds === null) return null
  return { event, market, selection: value.selection, odds, result, exactPrice }
}

function readMarket(value: unknown): Market | undefined {
  if (!isRecord(value)) return undefined
  switch (value.betType) {
    case 'spread':
      return isText(value.team) && isPoints(value.points)
        ? { betType: 'spread', team: value.team, points: value.points }
        : undefined
    case 'total':
      return (value.overUnder === 'over' || value.overUnder === 'under') && isPoints(value.points)
        ? { betType: 'total', overUnder: value.overUnder, points: value.points }
        : undefined
    case 'moneyline':
      return isText(value.team) ? { betType: 'moneyline', team: value.team } : undefined
    case 'team_total':
      return isText(value.team) &&
        (value.overUnder === 'over' || value.overUnder === 'under') &&
        isPoints(value.points)
        ? { betType: 'team_total', team: value.team, overUnder: value.overUnder, points: value.points }
        : undefined
    case 'draw_no_bet':
      return isText(value.team) ? { betType: 'draw_no_bet', team: value.team } : undefined
    case 'double_chance':
      return oneOf(DOUBLE_CHANCES, value.outcomes)
        ? { betType: 'double_chance', outcomes: value.outcomes }
        : undefined
    case 'three_way_handicap':
      return isText(value.team) && Number.isInteger(value.points) && typeof value.draw === 'boolean'
        ? {
            betType: 'three_way_handicap',
            team: value.team,
            points: value.points as number,
            draw: value.draw,
          }
        : undefined
    case 'winning_margin':
      return isText(value.team) &&
        Number.isInteger(value.margin) &&
        (value.margin as number) >= 0 &&
        typeof value.orMore === 'boolean'
        ? {
            betType: 'winning_margin',
            team: value.team,
            margin: value.margin as number,
            orMore: value.orMore,
          }
        : undefined
    case 'both_teams_to_score':
      return typeof value.yes === 'boolean' ? { betType: 'both_teams_to_score', yes: value.yes } : undefined
    case 'correct_score':
      return isGoals(value.home) && isGoals(value.away)
        ? { betType: 'correct_score', home: value.home, away: value.away }
        : undefined
    default:
      return undefined
  }
}

const isGoals = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0

function readEvent(value: unknown): CsvLegEvent | null {
  if (!isRecord(value)) return null
  const start = value.start === null ? null : isText(value.start) ? new Date(value.start) : undefined
  if (start === undefined || (start !== null && Number.isNaN(start.getTime()))) return null
  if (value.kind === 'game' && isText(value.away) && isText(value.home) && isText(value.league))
    return { kind: 'game', awayTeam: value.away, homeTeam: value.home, sport: value.league, startTime: start }
  if (value.kind === 'off_feed' && isText(value.name) && (value.league === null || isText(value.league)))
    return { kind: 'off_feed', name: value.name, league: value.league, startTime: start }
  return null
}
