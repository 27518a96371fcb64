import type { CreateBetBody } from '../../../contract/bets'
import {
  BET_TYPES,
  type BetType,
  DEFAULT_SPORTSBOOK,
  OTHER_MARKET,
  type OverUnder,
  TICKET_BET_TYPES,
  type TicketBetType,
} from '../../../domain/bet'
import { sameGameParlayVoidRule } from '../../../domain/book-rules'
import type { Cents } from '../../../domain/money'
import { parseCents } from '../../../domain/money'
import { formatOdds, isValidOdds } from '../../../domain/odds'
import { type BetPeriod, FULL_GAME, withPeriod } from '../../../domain/periods'
import {
  exactPriceOfWire,
  priceInputOfText,
  readPrice,
  wirePrice,
  wirePriceText,
} from '../../../domain/price'
import { composeSelection } from '../../../domain/selection'
import { BetTermsError } from '../../../domain/settlement'
import {
  type Boost,
  MAX_PARLAY_LEGS,
  type Market,
  MIN_PARLAY_LEGS,
  marketColumns,
  TIE_RULES,
  type TicketShape,
  type TieRule,
  VOID_RULES,
  type VoidRule,
} from '../../../domain/ticket'
import {
  checkTicket,
  type EntryResult,
  type LegInput,
  type TicketEntry,
  type TicketInput,
} from '../../../domain/ticket-entry'
import { parlayOdds, roundRobinCount, ticketPotentialWin } from '../../../domain/ticket-settlement'
import type { Bet } from '../../types'
import { wireSelection } from '../bets/bet-form/state'

/**
 * The bet slip's state, as pure functions (the context in slip-context.tsx holds it and keeps it in
 * sessionStorage): the legs the bettor collected across games or off the feed, and the ticket's terms as
 * typed. The ticket it makes is checked by the domain's checkTicket, the rule the server applies.
 */

/** A feed game as a leg needs it: its id, the matchup checkTicket reads its market against, and a label. */
export interface SlipGame {
  id: number
  homeTeam: string
  awayTeam: string
  league: string
}

/** An event off the feed, as the bettor named it (decision 063). */
export interface SlipEvent {
  name: string
  league: string | null
  /** An ISO instant, or null when the bettor gave no start. */
  startTime: string | null
}

export interface SlipLeg {
  /** Unique within the slip: the list's key and the remove button's target. */
  key: string
  game: SlipGame | null
  event: SlipEvent | null
  betType: BetType | typeof OTHER_MARKET
  /** What the bettor reads: 'Buffalo Bills +3.5', 'Over 44.5', or the slip's own text off the feed. */
  selection: string
  spreadTeam: string | null
  spreadPoints: number | null
  totalPoints: number | null
  overUnder: OverUnder | null
  odds: number | null
  /** The leg's decimal or fractional price as the bettor typed it (decision 072); null for American odds. */
  exactPrice: string | null
  /** The part of the game the leg is on (decision 073). */
  period: BetPeriod
}

/** The ticket's terms as typed: text where the bettor types, so a half-typed number stays as it was left. */
export interface SlipTerms {
  kind: TicketBetType
  sportsbook: string
  amount: string
  /** The ticket's odds; blank when the legs' odds give the price. */
  odds: string
  /** The slip's own To Win; blank to compute it. */
  toWin: string
  /** A profit boost in percent; blank for none. */
  boost: string
  /** A boosted price's odds before the boost (the ticket's odds are the boosted ones); blank for none. */
  unboosted: string
  teaserPoints: string
  ties: TieRule
  /** The book's price for the teaser one leg short, when a tie reduces it (decision 056); blank when unknown. */
  reducedOdds: string
  /** Blank: the book's rule when Grid knows the book (sameGameParlayVoidRule), else reduce. */
  voidRule: VoidRule | ''
  sizes: number[]
}

export interface SlipState {
  legs: SlipLeg[]
  terms: SlipTerms
  /** The panel shows its body (or only its header bar). */
  expanded: boolean
  /** The tentative ticket the slip edits (decision 065), or null for a new one. */
  editing: number | null
}

export const EMPTY_TERMS: SlipTerms = {
  kind: 'parlay',
  sportsbook: DEFAULT_SPORTSBOOK,
  amount: '',
  odds: '',
  toWin: '',
  boost: '',
  unboosted: '',
  teaserPoints: '6',
  ties: 'reduce',
  reducedOdds: '',
  voidRule: '',
  sizes: [2],
}

export const EMPTY_SLIP: SlipState = { legs: [], terms: EMPTY_TERMS, expanded: true, editing: null }

export const SLIP_KIND_LABELS: Record<TicketBetType, string> = {
  parlay: 'Parlay',
  same_game_parlay: 'Same-Game Parlay',
  teaser: 'Teaser',
  round_robin: 'Round Robin',
}

export const SLIP_MESSAGES = {
  full: `A ticket has at most ${MAX_PARLAY_LEGS} legs`,
  twice: 'That leg is already on the slip',
  added: (count: number) => `Added to the slip (${count} ${count === 1 ? 'leg' : 'legs'})`,
  oneLeg: 'Add at least one more leg to make a ticket',
  noKind: 'These legs make no ticket: a parlay’s legs are on different games, a same-game parlay’s on one',
} as const

/** How a leg is told apart: its event and its selection, whatever its odds. */
function legIdentity(leg: Pick<SlipLeg, 'game' | 'event' | 'selection'>): string {
  const where = leg.game ? `game:${leg.game.id}` : `event:${leg.event?.name.trim().toLowerCase() ?? ''}`
  return `${where}|${leg.selection.trim().toLowerCase()}`
}

/** Where a leg is, for the same-event rules: a feed game's id, or an event's name (as checkTicket compares them). */
export function legEvent(leg: Pick<SlipLeg, 'game' | 'event'>): string {
  return leg.game ? `game:${leg.game.id}` : `event:${leg.event?.name.trim().toLowerCase() ?? ''}`
}

export type SlipAction =
  | { type: 'add'; leg: Omit<SlipLeg, 'key'> }
  | { type: 'remove'; key: string }
  | { type: 'clear' }
  | { type: 'terms'; terms: Partial<SlipTerms> }
  | { type: 'expanded'; expanded: boolean }
  /** A tentative ticket back on the slip for an edit, in place of what the slip held (slipOfTicket). */
  | { type: 'edit'; slip: SlipState }

/** What adding a leg did: added it, or why not (the slip is full, or already holds it). */
export function addLeg(
  state: SlipState,
  leg: Omit<SlipLeg, 'key'>,
): { state: SlipState; refused: string | null } {
  if (state.legs.length >= MAX_PARLAY_LEGS) return { state, refused: SLIP_MESSAGES.full }
  const identity = legIdentity(leg)
  if (state.legs.some((other) => legIdentity(other) === identity))
    return { state, refused: SLIP_MESSAGES.twice }
  const key = nextKey(state.legs)
  const legs = [...state.legs, { ...leg, key }]
  return { state: withKind({ ...state, legs, expanded: true }), refused: null }
}

function nextKey(legs: readonly SlipLeg[]): string {
  const used = new Set(legs.map((leg) => leg.key))
  for (let n = legs.length + 1; ; n++) if (!used.has(`leg-${n}`)) return `leg-${n}`
}

export function slipReducer(state: SlipState, action: SlipAction): SlipState {
  switch (action.type) {
    case 'add':
      return addLeg(state, action.leg).state
    case 'remove':
      return withKind({ ...state, legs: state.legs.filter((leg) => leg.key !== action.key) })
    case 'clear':
      return { ...EMPTY_SLIP, terms: { ...EMPTY_TERMS, sportsbook: state.terms.sportsbook } }
    case 'terms':
      return withKind({ ...state, terms: { ...state.terms, ...action.terms } })
    case 'expanded':
      return { ...state, expanded: action.expanded }
    case 'edit':
      return action.slip
  }
}

/**
 * The ticket kinds these legs allow, in the order the slip offers them: a parlay's legs are on different
 * events, a same-game parlay's on one; a teaser's legs are spreads and totals with their parts; a round robin
 * has 3 legs or more on different events.
 */
export function allowedKinds(legs: readonly SlipLeg[]): TicketBetType[] {
  if (legs.length < MIN_PARLAY_LEGS) return []
  const events = new Set(legs.map(legEvent))
  const apart = events.size === legs.length
  const teasable = legs.every(
    (leg) =>
      (leg.betType === 'spread' && leg.spreadTeam !== null && leg.spreadPoints !== null) ||
      (leg.betType === 'total' && leg.overUnder !== null && leg.totalPoints !== null),
  )
  const allows: Record<TicketBetType, boolean> = {
    parlay: apart,
    same_game_parlay: events.size === 1,
    teaser: teasable,
    round_robin: apart && legs.length >= 3,
  }
  return TICKET_BET_TYPES.filter((kind) => allows[kind])
}

/** The chosen kind when the legs allow it, else the first they allow; round robin sizes fitted to the legs. */
function withKind(state: SlipState): SlipState {
  const kinds = allowedKinds(state.legs)
  const kind = kinds.includes(state.terms.kind) ? state.terms.kind : (kinds[0] ?? state.terms.kind)
  const sizes = state.terms.sizes.filter((size) => size >= 2 && size < state.legs.length)
  const fitted = sizes.length > 0 ? sizes : [2]
  if (kind === state.terms.kind && fitted.length === state.terms.sizes.length) return state
  return { ...state, terms: { ...state.terms, kind, sizes: fitted } }
}

/** The sizes a round robin of this many legs can take: 2 to one less than the legs. */
export function sizeChoices(legCount: number): number[] {
  return Array.from({ length: Math.max(0, legCount - 2) }, (_, i) => i + 2)
}

/** A number typed in a field: null when blank, NaN when it is not a number (the check says so). */
/** The reduced price as the wire keys it, by the legs left (one fewer); null when blank or not reducing. */
function reducedOddsOf(terms: SlipTerms, legCount: number): Record<string, number> | null {
  const odds = numberOf(terms.reducedOdds)
  return terms.ties === 'reduce' && odds !== null ? { [legCount - 1]: odds } : null
}

function numberOf(text: string): number | null {
  const trimmed = text.trim()
  return trimmed === '' ? null : Number(trimmed)
}

/** The leg as the wire (and checkTicket) takes it: its selection as the wire reads it (wireSelection). */
export function legInput(leg: SlipLeg): LegInput {
  return {
    ...(leg.game ? { gameId: leg.game.id } : { event: leg.event }),
    ...legMarket(leg),
    ...wirePrice(leg.exactPrice),
    selection: wireSelection(leg.betType, leg.selection),
  }
}

/** What a leg is and its price, as a slip's leg and the API's leg both carry them. */
type LegMarket = Omit<SlipLeg, 'key' | 'game' | 'event' | 'exactPrice'>
function legMarket(leg: LegMarket): LegMarket {
  const { betType, selection, spreadTeam, spreadPoints, totalPoints, overUnder, odds, period } = leg
  return { betType, selection, spreadTeam, spreadPoints, totalPoints, overUnder, odds, period }
}

/** The ticket as the wire takes it: only the chosen kind's own terms, and blanks left out. */
export function ticketInput(state: SlipState): TicketInput {
  const { terms } = state
  const kind = terms.kind
  const boost = numberOf(terms.boost)
  return {
    betType: kind,
    legs: state.legs.map(legInput),
    // The ticket's price in any format the bettor types: +600, 7.00 or 6/1 (decision 072).
    ...priceInputOfText(terms.odds),
    amount: terms.amount,
    potentialWin: terms.toWin.trim() === '' ? null : terms.toWin.trim(),
    sportsbook: terms.sportsbook.trim() || DEFAULT_SPORTSBOOK,
    teaserPoints: kind === 'teaser' ? numberOf(terms.teaserPoints) : null,
    ties: kind === 'teaser' ? terms.ties : null,
    reducedOdds: kind === 'teaser' ? reducedOddsOf(terms, state.legs.length) : null,
    voidRule: kind === 'same_game_parlay' && terms.voidRule !== '' ? terms.voidRule : null,
    sizes: kind === 'round_robin' ? terms.sizes : null,
    profitBoostPercent: boost,
    unboostedOdds: numberOf(terms.unboosted),
  }
}

/** POST /api/bets's body for the ticket (the wire's own shape of ticketInput). */
export function ticketBody(state: SlipState): CreateBetBody {
  const input = ticketInput(state)
  return {
    ...input,
    legs: input.legs.map((leg) => ({ ...leg, event: leg.event ? { ...leg.event } : null })),
    sizes: input.sizes ? [...input.sizes] : null,
    reducedOdds: input.reducedOdds ? { ...input.reducedOdds } : null,
  }
}

/** The slip's legs' games for checkTicket, which checks each feed leg's market against its game. */
function gameLookup(legs: readonly SlipLeg[]) {
  const games = new Map(legs.flatMap((leg) => (leg.game ? [[leg.game.id, leg.game] as const] : [])))
  return (id: number) => games.get(id) ?? null
}

/** The void rule a same-game parlay gets from its book when the bettor leaves it blank; null when Grid does not know the book. */
export function bookVoidRule(sportsbook: string): VoidRule | null {
  return sameGameParlayVoidRule(sportsbook)
}

/** The domain's check of the ticket, as the server makes it (POST /api/bets, decision 063). */
export function checkSlip(state: SlipState): EntryResult<TicketEntry> {
  return checkTicket(ticketInput(state), gameLookup(state.legs), bookVoidRule(state.terms.sportsbook))
}

/**
 * The To Win the slip shows as the bettor types: the slip's own when given, else ticketPotentialWin from the
 * ticket's odds or its legs' (a parlay's legs multiply). Null while the stake, or anything that gives the
 * price, is missing or wrong.
 */
export function previewToWin(state: SlipState): Cents | null {
  const { terms, legs } = state
  const given = terms.toWin.trim()
  if (given !== '') {
    const cents = parseCents(given)
    return cents !== null && cents > 0 ? cents : null
  }
  const amount = parseCents(terms.amount)
  if (amount === null || amount <= 0 || legs.length < MIN_PARLAY_LEGS) return null
  const price = readPrice(priceInputOfText(terms.odds))
  if (!price.ok) return null
  const { odds, exactPrice } = price
  if (odds !== null && !isValidOdds(odds)) return null
  const shape = previewShape(terms, legs.length)
  if (shape === null) return null
  const boost = previewBoost(terms)
  if (boost === undefined) return null
  try {
    return ticketPotentialWin(shape, legs, amount, boost, odds === null ? null : { odds, exactPrice })
  } catch (error) {
    if (error instanceof BetTermsError) return null
    throw error
  }
}

function previewShape(terms: SlipTerms, legCount: number): TicketShape | null {
  switch (terms.kind) {
    case 'parlay':
      return { kind: 'parlay' }
    case 'same_game_parlay':
      return { kind: 'same_game_parlay', voidRule: terms.voidRule || 'reduce' }
    case 'teaser':
      return {
        kind: 'teaser',
        teaserPoints: Number(terms.teaserPoints),
        ties: terms.ties,
        reducedOdds: reducedOddsOf(terms, legCount),
      }
    case 'round_robin': {
      const sizes = terms.sizes.filter((size) => size >= 2 && size < legCount)
      return sizes.length > 0 && roundRobinCount(legCount, sizes) > 0 ? { kind: 'round_robin', sizes } : null
    }
  }
}

/**
 * The boost as typed: null for none, undefined when it is not one the server takes (a percent that is not
 * positive, a price that is not odds, or both kinds at once).
 */
function previewBoost(terms: SlipTerms): Boost | null | undefined {
  const percent = numberOf(terms.boost)
  const unboostedOdds = numberOf(terms.unboosted)
  if (percent !== null && unboostedOdds !== null) return undefined
  if (percent !== null)
    return percent > 0 && Number.isFinite(percent) ? { kind: 'profit', percent } : undefined
  if (unboostedOdds !== null) return isValidOdds(unboostedOdds) ? { kind: 'price', unboostedOdds } : undefined
  return null
}

/** The odds the legs give a parlay (the odds field's placeholder), when every leg has odds. */
export function legsOdds(state: SlipState): number | null {
  if (state.terms.kind !== 'parlay' || state.legs.length < MIN_PARLAY_LEGS) return null
  return parlayOdds(state.legs)
}

/** How many parlays the round robin makes, for its sizes' hint. */
export function roundRobinParlayCount(state: SlipState): number {
  return roundRobinCount(state.legs.length, state.terms.sizes)
}

/**
 * Where a refusal shows: a leg's row (`legs.2.odds` -> leg 2), the legs list, or a term's field. A field the
 * slip has no control for shows at the top of the terms.
 */
export type SlipErrorTarget =
  | { kind: 'leg'; index: number }
  | { kind: 'legs' }
  | { kind: 'term'; term: SlipTermField }
  | { kind: 'form' }

export type SlipTermField =
  | 'kind'
  | 'sportsbook'
  | 'amount'
  | 'odds'
  | 'toWin'
  | 'boost'
  | 'unboosted'
  | 'teaserPoints'
  | 'ties'
  | 'reducedOdds'
  | 'voidRule'
  | 'sizes'

const TERM_OF_FIELD: Record<string, SlipTermField> = {
  betType: 'kind',
  sportsbook: 'sportsbook',
  amount: 'amount',
  odds: 'odds',
  decimalOdds: 'odds',
  fractionalOdds: 'odds',
  potentialWin: 'toWin',
  profitBoostPercent: 'boost',
  unboostedOdds: 'unboosted',
  teaserPoints: 'teaserPoints',
  ties: 'ties',
  reducedOdds: 'reducedOdds',
  voidRule: 'voidRule',
  sizes: 'sizes',
}

export function slipErrorTarget(field: string): SlipErrorTarget {
  const leg = /^legs\.(\d+)\./.exec(field)
  if (leg?.[1] !== undefined) return { kind: 'leg', index: Number(leg[1]) }
  if (field === 'legs') return { kind: 'legs' }
  const term = TERM_OF_FIELD[field]
  return term ? { kind: 'term', term } : { kind: 'form' }
}

/** A refusal pinned where it shows. */
export interface SlipRefusal {
  field: string
  message: string
}

/** The message shown at a target, if the refusal belongs there. */
export function messageAt(refusal: SlipRefusal | null, target: SlipErrorTarget): string | undefined {
  if (refusal === null) return undefined
  const at = slipErrorTarget(refusal.field)
  if (at.kind !== target.kind) return undefined
  if (at.kind === 'leg' && target.kind === 'leg')
    return at.index === target.index ? refusal.message : undefined
  if (at.kind === 'term' && target.kind === 'term')
    return at.term === target.term ? refusal.message : undefined
  return refusal.message
}

/** Text typed into sessionStorage, read back: a slip of well-formed legs, or the empty slip. */
export function readStoredSlip(text: string | null): SlipState {
  if (!text) return EMPTY_SLIP
  try {
    const parsed = JSON.parse(text) as Partial<SlipState>
    // A slip stored before exact prices (decision 072) has legs without one: American odds.
    const legs = Array.isArray(parsed.legs)
      ? parsed.legs
          .map((leg) => ({ ...leg, exactPrice: leg.exactPrice ?? null }))
          .filter(isLeg)
          .slice(0, MAX_PARLAY_LEGS)
      : []
    const terms = { ...EMPTY_TERMS, ...readTerms(parsed.terms) }
    const editing =
      typeof parsed.editing === 'number' && Number.isInteger(parsed.editing) ? parsed.editing : null
    return withKind({ legs, terms, expanded: parsed.expanded !== false, editing })
  } catch {
    return EMPTY_SLIP
  }
}

function readTerms(value: unknown): Partial<SlipTerms> {
  if (typeof value !== 'object' || value === null) return {}
  const raw = value as Record<string, unknown>
  const out: Partial<SlipTerms> = {}
  for (const key of [
    'sportsbook',
    'amount',
    'odds',
    'toWin',
    'boost',
    'unboosted',
    'teaserPoints',
    'reducedOdds',
  ] as const)
    if (typeof raw[key] === 'string') out[key] = raw[key]
  if (TICKET_BET_TYPES.includes(raw.kind as TicketBetType)) out.kind = raw.kind as TicketBetType
  if (TIE_RULES.includes(raw.ties as TieRule)) out.ties = raw.ties as TieRule
  if (raw.voidRule === '' || VOID_RULES.includes(raw.voidRule as VoidRule))
    out.voidRule = raw.voidRule as VoidRule | ''
  if (Array.isArray(raw.sizes) && raw.sizes.every((size) => Number.isInteger(size)))
    out.sizes = raw.sizes as number[]
  return out
}

const nullableNumber = (value: unknown) => value === null || typeof value === 'number'
const nullableString = (value: unknown) => value === null || typeof value === 'string'

function isLeg(value: unknown): value is SlipLeg {
  if (typeof value !== 'object' || value === null) return false
  const leg = value as Record<string, unknown>
  const game = leg.game as Record<string, unknown> | null
  const event = leg.event as Record<string, unknown> | null
  const onGame =
    typeof game === 'object' &&
    game !== null &&
    typeof game.id === 'number' &&
    typeof game.homeTeam === 'string' &&
    typeof game.awayTeam === 'string' &&
    typeof game.league === 'string' &&
    event === null
  const offFeed =
    typeof event === 'object' &&
    event !== null &&
    typeof event.name === 'string' &&
    nullableString(event.league) &&
    nullableString(event.startTime) &&
    game === null
  return (
    typeof leg.key === 'string' &&
    (onGame || offFeed) &&
    ([...BET_TYPES, OTHER_MARKET] as readonly string[]).includes(leg.betType as string) &&
    typeof leg.selection === 'string' &&
    nullableString(leg.spreadTeam) &&
    nullableNumber(leg.spreadPoints) &&
    nullableNumber(leg.totalPoints) &&
    (leg.overUnder === null || leg.overUnder === 'over' || leg.overUnder === 'under') &&
    nullableNumber(leg.odds) &&
    nullableString(leg.exactPrice)
  )
}

/** A leg from a feed game's market, as the bet form read it (readMarket), with the form's odds. */
export function feedLeg(
  game: SlipGame,
  market: Market,
  odds: number,
  exactPrice: string | null = null,
  period: BetPeriod = FULL_GAME,
): Omit<SlipLeg, 'key'> {
  return {
    game: { id: game.id, homeTeam: game.homeTeam, awayTeam: game.awayTeam, league: game.league },
    event: null,
    betType: market.betType,
    selection: withPeriod(period, composeSelection(market)),
    ...marketColumns(market),
    odds,
    exactPrice,
    period,
  }
}

/** What the leg's row says under its selection: the game, or the event and its league. */
export function legWhere(leg: SlipLeg): string {
  if (leg.game) return `${leg.game.awayTeam} @ ${leg.game.homeTeam}`
  const event = leg.event
  if (!event) return ''
  return event.league ? `${event.name} (${event.league}, off the feed)` : `${event.name} (off the feed)`
}

/**
 * A tentative ticket as the slip edits it (decision 065): its legs in slip order and its terms as the bettor
 * would type them. The ticket's odds are left blank where its legs' odds price it (a parlay or round robin
 * of priced legs, no boosted price), so its To Win follows the legs as they change.
 */
export function slipOfTicket(bet: Bet): SlipState {
  const legs = [...bet.legs]
    .sort((a, b) => a.position - b.position)
    .map(
      (leg, index): SlipLeg => ({
        key: `leg-${index + 1}`,
        game: leg.event
          ? null
          : {
              id: leg.game.id,
              homeTeam: leg.game.homeTeam,
              awayTeam: leg.game.awayTeam,
              league: leg.game.league,
            },
        event: leg.event ? { ...leg.event } : null,
        ...legMarket(leg),
        exactPrice: exactPriceOfWire(leg),
      }),
    )
  const kind = TICKET_BET_TYPES.find((type) => type === bet.betType) ?? 'parlay'
  const pricedByLegs =
    (kind === 'parlay' || kind === 'round_robin') &&
    bet.unboostedOdds === null &&
    legs.every((leg) => leg.odds !== null)
  const reduced = bet.reducedOdds?.[String(legs.length - 1)]
  return {
    legs,
    terms: {
      kind,
      sportsbook: bet.sportsbook,
      amount: bet.amount,
      odds: pricedByLegs ? '' : wirePriceText(bet),
      toWin: '',
      boost: bet.profitBoostPercent === null ? '' : String(bet.profitBoostPercent),
      unboosted: bet.unboostedOdds === null ? '' : formatOdds(bet.unboostedOdds),
      teaserPoints: bet.teaserPoints === null ? EMPTY_TERMS.teaserPoints : String(bet.teaserPoints),
      ties: bet.ties ?? EMPTY_TERMS.ties,
      reducedOdds: reduced === undefined ? '' : formatOdds(reduced),
      voidRule: bet.voidRule ?? '',
      sizes: bet.sizes ?? EMPTY_TERMS.sizes,
    },
    expanded: true,
    editing: bet.id,
  }
}
