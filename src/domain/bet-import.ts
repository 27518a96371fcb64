import {
  BET_TYPE_LABELS,
  type BetStatus,
  type BetTerms,
  type BetType,
  DEFAULT_SPORTSBOOK,
  type Result,
} from './bet'
import { readPeriod } from './bet-form'
import type { CalendarDay } from './calendar'
import { CSV_COLUMNS } from './csv'
import { type CandidateGame, foldTeamName, parseEvent, type TeamsQuery } from './game-matching'
import { LEAGUE_ORDER, LEAGUES, type LeagueCode, leagueCode } from './leagues'
import { type Cents, formatCents, MAX_AMOUNT_CENTS, parseCents } from './money'
import { isValidOdds, parseOdds } from './odds'
import { type BetPeriod, FULL_GAME, splitPeriod, withPeriod } from './periods'
import { americanRounding, decimalPrice, fractionalPrice } from './price'
import { composeSelection, DRAW, isLineStep, parseSelection } from './selection'
import { type Market, marketColumns } from './ticket'
import { marketOnGame } from './ticket-draft'

/**
 * Reading an imported file's rows into bets (docs/import.md). Grid's own CSV export is known by
 * its header; any other file is read through a column mapping: which column holds each field below.
 * Every row is read on its own: a bad one gets a reason and never stops the others.
 */
export const IMPORT_FIELDS = [
  'date',
  'league',
  'event',
  'away',
  'home',
  'market',
  'selection',
  'line',
  'odds',
  'stake',
  'result',
  'sportsbook',
  'status',
  'placed',
  'ticket',
  'payout',
  'profit',
] as const
export type ImportField = (typeof IMPORT_FIELDS)[number]

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  date: 'Date',
  league: 'League',
  event: 'Event (both teams)',
  away: 'Away team',
  home: 'Home team',
  market: 'Market (bet type)',
  selection: 'Selection',
  line: 'Line (points)',
  odds: 'Odds (American or decimal)',
  stake: 'Stake',
  result: 'Result',
  sportsbook: 'Sportsbook',
  status: 'Bet status',
  placed: 'Placed (date and time)',
  ticket: 'Ticket id (one row per leg)',
  payout: 'Payout (stake and profit)',
  profit: 'Profit/Loss',
}

/** Field -> the header name of the column holding it. */
export type ColumnMapping = Partial<Record<ImportField, string>>

/**
 * Grid's own export (csv.ts): a single's Payout, Profit/Loss and ROI % are recomputed by decision 002, never
 * read; a ticket of several legs keeps the file's Payout (decision 062).
 */
const GRID_MAPPING: ColumnMapping = {
  date: 'Date',
  event: 'Game',
  league: 'Sport',
  market: 'Bet Type',
  selection: 'Selection',
  odds: 'Odds',
  stake: 'Amount',
  status: 'Status',
  result: 'Result',
  payout: 'Payout',
}

/** Columns the export gained; an export made before them is still Grid's. */
const GRID_LATER_COLUMNS = { sportsbook: 'Sportsbook', placed: 'Placed' } as const
const GRID_FIRST_COLUMNS = CSV_COLUMNS.filter(
  (column) => !Object.values<string>(GRID_LATER_COLUMNS).includes(column),
)

const headerKey = (cell: string) => cell.trim().toLowerCase()

export function isGridExport(header: readonly string[]): boolean {
  return GRID_FIRST_COLUMNS.every((column, i) => headerKey(header[i] ?? '') === column.toLowerCase())
}

/** The mapping of Grid's export with this header: Sportsbook and Placed read when the file has them. */
export function gridMapping(header: readonly string[]): ColumnMapping {
  const mapping = { ...GRID_MAPPING }
  for (const [field, column] of Object.entries(GRID_LATER_COLUMNS) as [ImportField, string][])
    if (header.some((cell) => headerKey(cell) === column.toLowerCase())) mapping[field] = column
  return mapping
}

/** The header as one text: saved mappings are found by it (case and spacing of names do not matter). */
export function headerSignature(header: readonly string[]): string {
  return header.map(headerKey).join('\u001f')
}

const GUESSES: Record<ImportField, string[]> = {
  date: ['date', 'placed', 'placed at', 'date placed', 'game date', 'event date', 'time', 'placed date'],
  league: ['league', 'sport', 'competition'],
  event: ['event', 'game', 'match', 'matchup', 'fixture', 'description'],
  away: ['away', 'away team', 'visitor', 'road team'],
  home: ['home', 'home team'],
  market: ['market', 'bet type', 'type', 'wager type', 'market type'],
  selection: ['selection', 'pick', 'bet', 'team', 'side', 'outcome name'],
  line: ['line', 'points', 'handicap', 'spread', 'point'],
  odds: ['odds', 'price', 'american odds', 'decimal odds', 'odds (american)', 'odds (decimal)'],
  stake: ['stake', 'amount', 'wager', 'risk', 'bet amount', 'risked', 'stake ($)'],
  result: ['result', 'outcome', 'status', 'win/loss', 'settlement'],
  sportsbook: ['sportsbook', 'book', 'bookmaker', 'site', 'operator'],
  status: ['bet status'],
  placed: ['placed', 'placed at', 'date placed', 'placed date', 'placed time', 'time placed'],
  ticket: ['ticket', 'ticket id', 'ticket number', 'slip', 'slip id', 'bet slip id', 'parlay id'],
  payout: ['payout', 'return', 'returns', 'total return', 'paid'],
  profit: ['profit', 'profit/loss', 'p&l', 'p/l', 'net', 'net profit'],
}

/** A first guess at the mapping from the header's names, for the mapping step to start from. */
export function guessMapping(header: readonly string[]): ColumnMapping {
  const mapping: ColumnMapping = {}
  const taken = new Set<string>()
  for (const field of IMPORT_FIELDS) {
    for (const guess of GUESSES[field]) {
      const found = header.find((cell) => headerKey(cell) === guess && !taken.has(headerKey(cell)))
      if (found) {
        mapping[field] = found
        taken.add(headerKey(found))
        break
      }
    }
  }
  return mapping
}

/** Which column of the header each mapped field reads; an error names a field whose column is missing. */
export function columnIndexes(
  header: readonly string[],
  mapping: ColumnMapping,
):
  | { ok: true; indexes: Partial<Record<ImportField, number>> }
  | { ok: false; field: string; message: string } {
  const indexes: Partial<Record<ImportField, number>> = {}
  for (const field of IMPORT_FIELDS) {
    const column = mapping[field]
    if (column === undefined || column === '') continue
    const index = header.findIndex((cell) => headerKey(cell) === headerKey(column))
    if (index < 0) return { ok: false, field, message: `The file has no column '${column}' (${field})` }
    indexes[field] = index
  }
  for (const field of ['date', 'odds', 'stake', 'selection'] as const) {
    if (indexes[field] === undefined) return { ok: false, field, message: `Choose the column for ${field}` }
  }
  if (indexes.event === undefined && (indexes.home === undefined || indexes.away === undefined))
    return {
      ok: false,
      field: 'event',
      message: 'Choose the event column, or both the away and home columns',
    }
  return { ok: true, indexes }
}

/** A row read into a bet that still needs its game. */
export interface ImportDraft {
  day: CalendarDay
  league: LeagueCode | null
  /** The league as written, for an unlinked bet's card ('' when none). */
  leagueText: string
  teams: TeamsQuery | null
  /** The event as written ('Away @ Home'), for an unlinked bet. */
  eventText: string
  betType: BetType
  /**
   * The spec's three markets as the file's side (a team, the draw, over or under) and `points`; any other
   * market Grid models, read whole from its selection (`market`, decisions 068, 069 and 074).
   */
  side:
    | { kind: 'team'; team: string }
    | { kind: 'draw' }
    | { kind: 'over' }
    | { kind: 'under' }
    | { kind: 'market'; market: Market }
  points: number | null
  odds: number
  /** The file's decimal or fractional price, exactly, when it has one (decision 072). */
  exactPrice: string | null
  /** The period the selection names first ('1H Over 1.5', decision 073); the full game without one. */
  period: BetPeriod
  amount: Cents
  result: Result | null
  sportsbook: string
  betStatus: BetStatus
  /** When the bet was placed, as the file says; null when it does not (the game's start is used). */
  placed: PlacedTime | null
  /** The row's content, normalised: with the user and the occurrence it makes the row's stable key. */
  identity: string
}

export type ReadRow = { ok: true; draft: ImportDraft } | { ok: false; reason: string }

export function readRow(cells: readonly string[], indexes: Partial<Record<ImportField, number>>): ReadRow {
  const cell = (field: ImportField) => rowCell(cells, indexes, field)
  const day = readDay(cell('date'))
  if (!day) return fail(`Date '${cell('date')}' is not a date (YYYY-MM-DD, MM/DD/YYYY or DD.MM.YYYY)`)
  const leagueText = cell('league')
  const league = leagueText === '' ? null : readLeague(leagueText)
  const eventText = cell('event') || [cell('away'), cell('home')].filter(Boolean).join(' @ ')
  const teams =
    cell('away') && cell('home')
      ? { teams: [cell('away'), cell('home')], ordered: true }
      : cell('event')
        ? parseEvent(cell('event'))
        : null
  if (eventText === '') return fail('The row names no event or teams')
  const price = readFilePrice(cell('odds'))
  if (price === null)
    return fail(`Odds '${cell('odds')}' are neither American (-110, +150) nor decimal (1.91)`)
  const { odds, exactPrice } = price
  const amount = readStake(cell('stake'))
  if (typeof amount === 'string') return fail(amount)
  const result = readResult(cell('result'))
  if (result === undefined) return fail(`Result '${cell('result')}' is not won, lost, push or pending`)
  const betStatus = readStatus(cell('status'))
  if (betStatus === null) return fail(`Bet status '${cell('status')}' is not tentative or committed`)
  if (betStatus === 'tentative' && result !== null) return fail('A tentative bet cannot have a result')
  const placed = cell('placed') === '' ? null : readPlaced(cell('placed'))
  if (placed === undefined)
    return fail(`Placed '${cell('placed')}' is not a date and time (2026-03-21 19:05 or an ISO instant)`)
  const { period, text: selection } = splitPeriod(cell('selection'))
  const market = readMarket(cell('market'), selection, cell('line'))
  if ('reason' in market) return fail(market.reason)
  const terms = readSelection(market.type, selection, cell('line'))
  if (typeof terms === 'string') return fail(terms)
  const sportsbook = (cell('sportsbook') || DEFAULT_SPORTSBOOK).slice(0, 100)
  const sideText = sideKey(terms.side)
  const identity = JSON.stringify([
    day,
    league ?? foldTeamName(leagueText),
    teams ? teams.teams.map(foldTeamName) : foldTeamName(eventText),
    market.type,
    sideText,
    terms.points,
    odds,
    amount,
    sportsbook.toLowerCase(),
    betStatus,
    // A full-game row's identity is what it was before periods, so a file imported then is not read anew.
    ...(period === FULL_GAME ? [] : [period]),
  ])
  return {
    ok: true,
    draft: {
      day,
      league,
      leagueText,
      teams,
      eventText,
      betType: market.type,
      ...terms,
      odds,
      exactPrice,
      period,
      amount,
      result,
      sportsbook,
      betStatus,
      placed,
      identity,
    },
  }
}

const fail = (reason: string): ReadRow => ({ ok: false, reason })

/** The side in a row's identity: a team's folded name, the side's kind, or a whole market's text. */
function sideKey(side: ImportDraft['side']): string {
  switch (side.kind) {
    case 'team':
      return foldTeamName(side.team)
    case 'market':
      return foldTeamName(composeSelection(side.market))
    case 'draw':
    case 'over':
    case 'under':
      return side.kind
  }
}

/** A mapped field's cell, trimmed; '' when the field is not mapped. */
export function rowCell(
  cells: readonly string[],
  indexes: Partial<Record<ImportField, number>>,
  field: ImportField,
): string {
  const index = indexes[field]
  return unguard(index === undefined ? '' : (cells[index] ?? '').trim())
}

/** csv.ts guards formula-like cells with an apostrophe; reading Grid's export back takes it off. */
export function unguard(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value
}

/**
 * The draft's terms on a game: its market on the game's spelling of the teams, soccer's markets on soccer
 * alone (marketOnGame, a ticket's leg's rule), the selection composed as the bet form composes it, on the
 * draft's period where the league plays it. A reason when the team is neither side, or a market or period
 * the league does not take.
 */
export function termsOnGame(
  draft: ImportDraft,
  game: CandidateGame & { league: string },
): { ok: true; terms: BetTerms } | { ok: false; reason: string } {
  const offered = readPeriod(draft.period, game)
  if ('message' in offered) return { ok: false, reason: offered.message }
  const onGame = marketOnGame(draftMarket(draft.betType, draft), game)
  if ('reason' in onGame) return { ok: false, reason: onGame.reason }
  return { ok: true, terms: draftTerms(draft, onGame.market) }
}

/** An unlinked bet keeps the file's own names (docs/import.md), and its period. */
export function termsAsWritten(draft: ImportDraft): BetTerms {
  return draftTerms(draft, draftMarket(draft.betType, draft))
}

/** The draft's price, stake and period on a market: its columns and the selection composed from it. */
function draftTerms(draft: ImportDraft, market: Market): BetTerms {
  return {
    odds: draft.odds,
    exactPrice: draft.exactPrice,
    amount: draft.amount,
    betType: market.betType,
    selection: withPeriod(draft.period, composeSelection(market)),
    ...marketColumns(market),
    period: draft.period,
  }
}

/** A file's side and points as a market: a team's spread or moneyline, a total's side, the draw, or a market read whole. */
export function draftMarket(betType: BetType, { side, points }: SelectionTerms): Market {
  switch (side.kind) {
    case 'over':
    case 'under':
      return { betType: 'total', overUnder: side.kind, points: points ?? 0 }
    case 'draw':
      return { betType: 'moneyline', team: DRAW }
    case 'team':
      return betType === 'spread'
        ? { betType: 'spread', team: side.team, points: points ?? 0 }
        : { betType: 'moneyline', team: side.team }
    case 'market':
      return side.market
  }
}

const ISO_DAY = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/
const SLASH_DAY = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})(?:[ ,T].*)?$/
const DOT_DAY = /^(\d{1,2})\.(\d{1,2})\.(\d{4})(?:[ ,T].*)?$/

/** 2026-03-21 (a time after it is ignored), 03/21/2026 or 3/21/26 (US order unless the first is > 12), 21.03.2026. */
export function readDay(text: string): CalendarDay | null {
  let year: number
  let month: number
  let day: number
  const iso = ISO_DAY.exec(text)
  const slash = SLASH_DAY.exec(text)
  const dot = DOT_DAY.exec(text)
  if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])]
  else if (slash) {
    const [a, b] = [Number(slash[1]), Number(slash[2])]
    const y = Number(slash[3])
    year = y < 100 ? 2000 + y : y
    ;[month, day] = a > 12 ? [b, a] : [a, b]
  } else if (dot) [year, month, day] = [Number(dot[3]), Number(dot[2]), Number(dot[1])]
  else return null
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null
  if (year < 1900 || year > 2200) return null
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

/** A placed time: an instant (written with its offset), or a day and wall time of the bettor's zone. */
export type PlacedTime = { instant: Date } | { day: CalendarDay; time: string }

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i
const WALL_TIME = /(?:^|[ T,]+)(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?\s*(am|pm)?$/i

/**
 * When a bet was placed: an ISO instant with its offset (Grid's export writes UTC), or any day readDay
 * reads with an optional time after it (19:05, 7:05 PM; the day's start without one), in the bettor's
 * zone. Undefined when unreadable.
 */
export function readPlaced(text: string): PlacedTime | undefined {
  if (ISO_INSTANT.test(text)) {
    const instant = new Date(text)
    return Number.isNaN(instant.getTime()) ? undefined : { instant }
  }
  const day = readDay(text)
  if (!day) return undefined
  const wall = WALL_TIME.exec(text)
  if (!wall) return { day, time: '00:00' }
  let hour = Number(wall[1])
  const minute = Number(wall[2])
  const half = wall[3]?.toLowerCase()
  if (half) {
    if (hour < 1 || hour > 12) return undefined
    hour = (hour % 12) + (half === 'pm' ? 12 : 0)
  }
  if (hour > 23 || minute > 59) return undefined
  return { day, time: `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}` }
}

const LEAGUE_WORDS: Readonly<Record<string, LeagueCode>> = {
  'college football': 'NCAAF',
  cfb: 'NCAAF',
  'ncaa football': 'NCAAF',
  'college basketball': 'NCAAB',
  cbb: 'NCAAB',
  'ncaa basketball': 'NCAAB',
  'premier league': 'EPL',
  'english premier league': 'EPL',
  'la liga': 'LALIGA',
  'serie a': 'SERIEA',
  'ligue 1': 'LIGUE1',
  'champions league': 'UCL',
  'uefa champions league': 'UCL',
  'europa league': 'UEL',
}

/** A league code, alias ('eng.1') or label ('College FB', 'Premier League'); null when unknown. */
export function readLeague(text: string): LeagueCode | null {
  const direct = leagueCode(text.replace(/\s+/g, ''))
  if (direct) return direct
  const lower = text.trim().toLowerCase()
  const byLabel = LEAGUE_ORDER.find((code) => LEAGUES[code].label.toLowerCase() === lower)
  return byLabel ?? LEAGUE_WORDS[lower] ?? null
}

/**
 * A file's price: a decimal with up to 3 decimals or a fraction is the slip's exact price (decision 072),
 * kept beside its American rounding; American odds, or a decimal computed to more places (1.9091), are
 * American. Null when the text is no price Grid accepts.
 */
export function readFilePrice(text: string): { odds: number; exactPrice: string | null } | null {
  const t = text.replace(/\s+/g, '')
  const american = parseOdds(t)
  if (american !== null) return { odds: american, exactPrice: null }
  const exactPrice = decimalPrice(t) ?? fractionalPrice(t)
  if (exactPrice !== null) return { odds: americanRounding(exactPrice), exactPrice }
  // A decimal computed to more places than a slip shows, between 1 and 100.
  const decimal = /^\d+\.\d+$/.test(t) ? Number(t) : Number.NaN
  const odds = decimal > 1 && decimal < 100 ? fromRatio(decimal - 1) : null
  return odds === null ? null : { odds, exactPrice: null }
}

/**
 * American (-110, +150, 150, EVEN), decimal (1.91, 2.50) or fractional (5/2) odds as Grid's American
 * integer (readFilePrice's rounding); null when none of these, or beyond the odds Grid accepts (decision 009).
 */
export function readOdds(text: string): number | null {
  return readFilePrice(text)?.odds ?? null
}

/** Profit per unit staked to American odds: 1.5 -> +150, 0.909 -> -110. */
function fromRatio(ratio: number): number | null {
  if (!Number.isFinite(ratio) || ratio <= 0) return null
  const odds = ratio >= 1 ? Math.round(ratio * 100) : Math.round(-100 / ratio)
  return isValidOdds(odds) ? odds : null
}

/** '$1,100.00', '110', '110.5 USD' -> cents; a reason when not a positive amount up to $1,000,000. */
export function readStake(text: string): Cents | string {
  const plain = text.replace(/[$€£,\s]|usd|eur|gbp/gi, '')
  const cents = plain === '' ? null : parseCents(plain)
  if (cents === null) return `Stake '${text}' is not an amount with at most 2 decimals`
  if (cents <= 0) return 'Stake must be greater than 0'
  if (cents > MAX_AMOUNT_CENTS) return `Stake must be at most $${formatCents(MAX_AMOUNT_CENTS)}`
  return cents
}

/** Decision 003 and the words books use; undefined when the text is none of them. */
export function readResult(text: string): Result | null | undefined {
  switch (text.trim().toLowerCase()) {
    case 'won':
    case 'win':
    case 'w':
    case 'winner':
    case 'cashed out':
      return 'won'
    case 'lost':
    case 'loss':
    case 'lose':
    case 'l':
    case 'loser':
      return 'lost'
    case 'half_won':
    case 'half won':
    case 'half-won':
    case 'half win':
      return 'half_won'
    case 'half_lost':
    case 'half lost':
    case 'half-lost':
    case 'half loss':
      return 'half_lost'
    case 'push':
    case 'p':
    case 'void':
    case 'refund':
    case 'refunded':
    case 'cancelled':
    case 'canceled':
      return 'push'
    case '':
    case 'pending':
    case 'open':
    case 'unsettled':
    case 'tentative':
    case 'committed':
      return null
    default:
      return undefined
  }
}

export function readStatus(text: string): BetStatus | null {
  const lower = text.trim().toLowerCase()
  if (lower === '' || lower === 'committed' || lower === 'placed') return 'committed'
  return lower === 'tentative' ? 'tentative' : null
}

const MARKETS: Readonly<Record<string, BetType>> = {
  spread: 'spread',
  'point spread': 'spread',
  spreads: 'spread',
  handicap: 'spread',
  ats: 'spread',
  'run line': 'spread',
  'puck line': 'spread',
  runline: 'spread',
  puckline: 'spread',
  total: 'total',
  totals: 'total',
  'over/under': 'total',
  'o/u': 'total',
  'total points': 'total',
  moneyline: 'moneyline',
  'money line': 'moneyline',
  ml: 'moneyline',
  h2h: 'moneyline',
  '1x2': 'moneyline',
  'match result': 'moneyline',
  'match winner': 'moneyline',
  winner: 'moneyline',
  'team total': 'team_total',
  'team totals': 'team_total',
  'draw no bet': 'draw_no_bet',
  dnb: 'draw_no_bet',
  'double chance': 'double_chance',
  'three-way handicap': 'three_way_handicap',
  '3-way handicap': 'three_way_handicap',
  'european handicap': 'three_way_handicap',
  'winning margin': 'winning_margin',
  'both teams to score': 'both_teams_to_score',
  btts: 'both_teams_to_score',
  'correct score': 'correct_score',
  'exact score': 'correct_score',
}

/** The markets a file may name, for the refusal's words. */
const READ_MARKETS = [...new Set(Object.values(MARKETS))].map((type) => BET_TYPE_LABELS[type].toLowerCase())

/** The market as written, else what the selection's text says ('Over 8.5', 'Lakers +3.5', 'Lakers ML'). */
export function readMarket(
  market: string,
  selection: string,
  line: string,
): { type: BetType } | { reason: string } {
  if (market !== '') {
    const type = MARKETS[market.toLowerCase()]
    return type
      ? { type }
      : { reason: `Market '${market}' is not one Grid reads (${READ_MARKETS.join(', ')})` }
  }
  if (/^(over|under|o|u)\b/i.test(selection)) return { type: 'total' }
  const parsed = parseSelection(selection)
  if (parsed) return { type: parsed.betType }
  return { type: line === '' ? 'moneyline' : 'spread' }
}

export type SelectionTerms = Pick<ImportDraft, 'side' | 'points'>

export function readSelection(betType: BetType, selection: string, line: string): SelectionTerms | string {
  const text = selection.replace(/[()]/g, ' ').replace(/\s+/g, ' ').trim()
  if (text === '') return 'The row has no selection'
  const linePoints = line === '' ? null : readPoints(line)
  if (linePoints === undefined) return `Line '${line}' is not a number of points`
  switch (betType) {
    case 'total': {
      const match = /^(over|under|o|u)\s*([+-]?\d+(?:\.\d+)?)?$/i.exec(text)
      if (!match?.[1]) return `Selection '${selection}' is not Over or Under`
      const points = match[2] !== undefined ? Number(match[2]) : linePoints
      if (points === null) return 'A total needs its points (in the selection or the line)'
      // A quarter line (decision 071) is kept as the file has it: the book took it.
      if (!isLineStep(points) || points <= 0 || points > 500)
        return `Total points ${points} are not a valid line`
      return { side: { kind: match[1].toLowerCase().startsWith('o') ? 'over' : 'under' }, points }
    }
    case 'spread': {
      // With a line column, only signed points or 'PK' end a selection: '1. FC Heidenheim 1846' is a team.
      const parsed =
        linePoints === null || /(\s[+-]\d+(\.\d+)?|\spk)$/i.test(text) ? parseSelection(text, 'spread') : null
      const team = parsed?.betType === 'spread' ? parsed.team : text
      const points = parsed?.betType === 'spread' ? parsed.points : linePoints
      if (points === null) return 'A spread needs its points (in the selection or the line)'
      if (!isLineStep(points) || Math.abs(points) > 200) return `Spread points ${points} are not a valid line`
      return { side: { kind: 'team', team }, points }
    }
    case 'moneyline': {
      if (/^(draw|tie|x)$/i.test(text)) return { side: { kind: 'draw' }, points: null }
      const team = text.replace(/\s+ml$/i, '').trim()
      return { side: { kind: 'team', team }, points: null }
    }
    // Decisions 068, 069 and 074: read whole from the selection as the slip writes it, the line after it
    // when the file keeps it apart ('Arsenal Over' and '1.5').
    case 'team_total':
    case 'draw_no_bet':
    case 'double_chance':
    case 'three_way_handicap':
    case 'winning_margin':
    case 'both_teams_to_score':
    case 'correct_score': {
      const written = selection.trim()
      const market = parseSelection(written, betType) ?? parseSelection(`${written} ${line}`.trim(), betType)
      if (market?.betType !== betType)
        return `Selection '${selection}' is not a ${BET_TYPE_LABELS[betType].toLowerCase()} bet`
      return { side: { kind: 'market', market }, points: null }
    }
  }
}

/** '+3.5', '-7', '8.5', 'PK' (a pick'em is 0); undefined when not points. */
function readPoints(text: string): number | undefined {
  const t = text.replace(/\s+/g, '')
  if (/^(pk|pick|even)$/i.test(t)) return 0
  if (!/^[+-]?\d+(\.\d+)?$/.test(t)) return undefined
  return Number(t)
}
