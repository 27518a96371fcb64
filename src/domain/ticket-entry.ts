import { type BetType, OTHER_MARKET, type OverUnder, type TicketBetType } from './bet'
import { BET_FORM_MESSAGES, readMarket, readPeriod, readStake } from './bet-form'
import type { Cents } from './money'
import { isValidOdds, oddsPayingAtLeast } from './odds'
import { type BetPeriod, givenPeriod, withoutPeriod, withPeriod } from './periods'
import { readPrice, toWinAt } from './price'
import { backsTheDraw, composeSelection, isHalfPointStep, isLineStep, parseSelection } from './selection'
import { BetTermsError, type Matchup } from './settlement'
import {
  type Boost,
  MAX_PARLAY_LEGS,
  type Market,
  MIN_PARLAY_LEGS,
  TIE_RULES,
  type TicketShape,
  type TieRule,
  VOID_RULES,
  type VoidRule,
} from './ticket'
import { roundRobinCount, ticketPotentialWin } from './ticket-settlement'

/**
 * A ticket as the bettor enters it (POST /api/bets, decision 063), checked the same way in the form and on
 * the server: the first refusal names its field as the wire does (`legs.1.spreadPoints`). A leg on a feed
 * game is checked as the bet form checks a single (readMarket); a leg off the feed keeps the slip's text.
 */
export interface LegInput {
  gameId?: number | null | undefined
  event?: EventInput | null | undefined
  betType: BetType | typeof OTHER_MARKET
  selection?: string | null | undefined
  spreadTeam?: string | null | undefined
  spreadPoints?: number | null | undefined
  totalPoints?: number | null | undefined
  overUnder?: OverUnder | null | undefined
  odds?: number | null | undefined
  /** The leg's exact price (decision 072): it wins over `odds`, which becomes its American rounding. */
  decimalOdds?: number | string | null | undefined
  fractionalOdds?: string | null | undefined
  /** The part of the game (decision 073): the full game when absent. */
  period?: BetPeriod | null | undefined
}

export interface EventInput {
  name: string
  league?: string | null | undefined
  startTime?: string | null | undefined
}

export interface TicketInput {
  betType: TicketBetType
  legs: readonly LegInput[]
  odds?: number | null | undefined
  decimalOdds?: number | string | null | undefined
  fractionalOdds?: string | null | undefined
  amount?: string | number | null | undefined
  potentialWin?: string | number | null | undefined
  sportsbook?: string | null | undefined
  teaserPoints?: number | null | undefined
  reducedOdds?: Readonly<Record<string, number>> | null | undefined
  ties?: TieRule | null | undefined
  voidRule?: VoidRule | null | undefined
  sizes?: readonly number[] | null | undefined
  profitBoostPercent?: number | null | undefined
  unboostedOdds?: number | null | undefined
}

/** Where a checked leg is: a feed game by id, or an event off the feed as the bettor named it. */
export type EntryEvent =
  | { kind: 'game'; gameId: number }
  | { kind: 'off_feed'; name: string; league: string | null; startTime: Date | null }

export interface EntryLeg {
  event: EntryEvent
  /** Null off the feed when the slip's text is all there is (a prop, a future). */
  market: Market | null
  selection: string
  odds: number | null
  /** The slip's decimal or fractional price, exactly (decision 072). */
  exactPrice: string | null
  period: BetPeriod
}

export interface TicketEntry {
  shape: TicketShape
  legs: EntryLeg[]
  odds: number
  exactPrice: string | null
  amount: Cents
  potentialWin: Cents
  boost: Boost | null
}

export type EntryResult<T> = { ok: true; value: T } | { ok: false; field: string; message: string }

export const TICKET_ENTRY_MESSAGES = {
  legCount: `A parlay, teaser or round robin has ${MIN_PARLAY_LEGS} to ${MAX_PARLAY_LEGS} legs`,
  roundRobinLegs: `A round robin has 3 to ${MAX_PARLAY_LEGS} legs`,
  oneEvent: 'Each leg is on a game (gameId) or on an event off the feed (event), not both',
  eventName: 'Name the event (1 to 200 characters)',
  eventLeague: 'The league is at most 50 characters',
  eventStart: 'The event’s start must be a date and time',
  selectionText: 'Write the selection as the slip shows it (1 to 200 characters)',
  legOdds: 'A leg’s odds, when given, follow the same rule as a bet’s',
  sameGameTwice: 'A parlay’s legs are on different games; legs on one game make a same-game parlay',
  sameGameParlayOneGame: 'A same-game parlay’s legs are all on one game',
  teaserMarket: 'A teaser’s legs are spreads and totals',
  teaserPoints: 'Teaser points are a number of points from 0.5 to 20 in steps of 0.5',
  reducedOdds: 'A reduced teaser’s price is keyed by fewer legs than the teaser has, each valid odds',
  sizes: 'Round robin sizes are different whole numbers from 2 to one less than the legs',
  evenStake: 'The amount must split evenly in cents across the round robin’s parlays',
  price: 'Give the ticket’s odds, its To Win, or every leg’s odds',
  potentialWin: 'To Win must be a number with at most 2 decimals, greater than 0',
  boost: 'A profit boost is a percent from 0.01 to 1000 with at most 2 decimals',
  oneBoost: 'A ticket has a profit boost or a boosted price, not both',
  unboostedOdds: 'The price before the boost follows the same rule as odds',
} as const

const MAX_EVENT_NAME = 200
const MAX_LEAGUE = 50
const MAX_TEASER_POINTS = 20
const MAX_BOOST_PERCENT = 1000

const refuse = <T>(field: string, message: string): EntryResult<T> => ({ ok: false, field, message })

/** A feed game's matchup by id; null when the feed has no such game (the caller's 404). */
export type GameLookup = (gameId: number) => Matchup | null

/**
 * One leg: on a feed game, its market checked against the game (the bet form's rules and messages); off
 * the feed, the event named and the slip's text, with the market's parts when they are complete.
 */
export function checkLeg(input: LegInput, at: string, gameOf: GameLookup): EntryResult<EntryLeg> {
  const price = readPrice(input)
  if (!price.ok) return refuse(`${at}${price.field}`, price.message)
  const { odds, exactPrice } = price
  if (odds !== null && !isValidOdds(odds)) return refuse(`${at}odds`, TICKET_ENTRY_MESSAGES.legOdds)
  const hasGame = input.gameId !== null && input.gameId !== undefined
  const hasEvent = input.event !== null && input.event !== undefined
  if (hasGame === hasEvent) return refuse(`${at}gameId`, TICKET_ENTRY_MESSAGES.oneEvent)
  if (input.event) {
    // Off the feed the book's period is taken as written: the bettor settles the leg (decision 073).
    return offFeedLeg(input, input.event, at, { odds, exactPrice, period: givenPeriod(input.period) })
  }
  const gameId = input.gameId as number
  const matchup = gameOf(gameId)
  if (matchup === null) return refuse(`${at}gameId`, 'Game not found')
  if (input.betType === OTHER_MARKET)
    return refuse(`${at}betType`, 'A leg on a feed game is a spread, a total or a moneyline')
  const read = readMarket({ ...input, betType: input.betType }, matchup)
  if ('message' in read) return refuse(`${at}${read.field}`, read.message)
  const period = readPeriod(input.period, matchup)
  if ('message' in period) return refuse(`${at}${period.field}`, period.message)
  return {
    ok: true,
    value: {
      event: { kind: 'game', gameId },
      market: read.market,
      selection: withPeriod(period.period, composeSelection(read.market)),
      odds,
      exactPrice,
      period: period.period,
    },
  }
}

function offFeedLeg(
  input: LegInput,
  event: EventInput,
  at: string,
  terms: Pick<EntryLeg, 'odds' | 'exactPrice' | 'period'>,
): EntryResult<EntryLeg> {
  const name = event.name.trim()
  if (name.length === 0 || name.length > MAX_EVENT_NAME)
    return refuse(`${at}event.name`, TICKET_ENTRY_MESSAGES.eventName)
  const league = event.league?.trim() || null
  if (league !== null && league.length > MAX_LEAGUE)
    return refuse(`${at}event.league`, TICKET_ENTRY_MESSAGES.eventLeague)
  let startTime: Date | null = null
  if (event.startTime) {
    startTime = new Date(event.startTime)
    if (Number.isNaN(startTime.getTime()))
      return refuse(`${at}event.startTime`, TICKET_ENTRY_MESSAGES.eventStart)
  }
  const market = offFeedMarket(input, terms.period)
  const selection =
    input.selection?.trim() || (market ? withPeriod(terms.period, composeSelection(market)) : '')
  if (selection.length === 0 || selection.length > MAX_EVENT_NAME)
    return refuse(`${at}selection`, TICKET_ENTRY_MESSAGES.selectionText)
  return {
    ok: true,
    value: { event: { kind: 'off_feed', name, league, startTime }, market, selection, ...terms },
  }
}

/**
 * The market's parts off the feed, when the bettor gave them whole; the slip's text stands otherwise. The
 * text names the leg's `period` first ('1H Over 1.5'): the market follows it.
 */
function offFeedMarket(given: LegInput, period: BetPeriod): Market | null {
  const input = { ...given, selection: given.selection && withoutPeriod(given.selection, period) }
  switch (input.betType) {
    case 'spread': {
      const team = input.spreadTeam?.trim()
      const points = input.spreadPoints
      return team && typeof points === 'number' && isLineStep(points)
        ? { betType: 'spread', team, points }
        : null
    }
    case 'total': {
      const points = input.totalPoints
      return input.overUnder && typeof points === 'number' && points > 0 && isLineStep(points)
        ? { betType: 'total', overUnder: input.overUnder, points }
        : null
    }
    case 'moneyline':
    case 'double_chance':
    case 'winning_margin':
    case 'both_teams_to_score':
    case 'correct_score': {
      const parsed = parseSelection(input.selection?.trim() ?? '', input.betType)
      return parsed?.betType === input.betType ? parsed : null
    }
    case 'team_total': {
      const team = input.spreadTeam?.trim()
      const points = input.totalPoints
      return team && input.overUnder && typeof points === 'number' && points > 0 && isLineStep(points)
        ? { betType: 'team_total', team, overUnder: input.overUnder, points }
        : null
    }
    case 'draw_no_bet': {
      const team = input.spreadTeam?.trim()
      if (team) return { betType: 'draw_no_bet', team }
      const parsed = parseSelection(input.selection?.trim() ?? '', 'draw_no_bet')
      return parsed?.betType === 'draw_no_bet' ? parsed : null
    }
    case 'three_way_handicap': {
      const team = input.spreadTeam?.trim()
      const points = input.spreadPoints
      return team && typeof points === 'number' && Number.isInteger(points)
        ? { betType: 'three_way_handicap', team, points, draw: backsTheDraw(input.selection) }
        : null
    }
    case OTHER_MARKET:
      return null
  }
}

/**
 * A single bet off the feed: one leg on an event, its To Win from its odds (decision 001), as a single on a
 * feed game is (bet-form.ts validates those).
 */
export function checkOffFeedSingle(
  input: LegInput & { amount?: string | number | null | undefined },
): EntryResult<TicketEntry> {
  const stake = readStake(input.amount)
  if ('message' in stake) return refuse('amount', stake.message)
  // A single's price is required, with the bet form's message (a leg's is optional).
  const price = readPrice(input)
  if (!price.ok) return refuse(price.field, price.message)
  if (price.odds === null || !isValidOdds(price.odds)) return refuse('odds', BET_FORM_MESSAGES.odds)
  const leg = checkLeg(input, '', () => null)
  if (!leg.ok) return leg
  const { odds, exactPrice } = price
  return {
    ok: true,
    value: {
      shape: { kind: 'single' },
      legs: [leg.value],
      odds,
      exactPrice,
      amount: stake.cents,
      potentialWin: toWinAt(stake.cents, { odds, exactPrice }),
      boost: null,
    },
  }
}

/**
 * A ticket of legs: its legs, its shape's own terms, its stake, and its price as the slip says (decision
 * 057: the ticket's odds and To Win include a boost). `defaultVoidRule` is the book's rule when Grid knows
 * the book (book-rules.ts).
 */
export function checkTicket(
  input: TicketInput,
  gameOf: GameLookup,
  defaultVoidRule: VoidRule | null,
): EntryResult<TicketEntry> {
  const count = input.legs.length
  const minimum = input.betType === 'round_robin' ? 3 : MIN_PARLAY_LEGS
  if (count < minimum || count > MAX_PARLAY_LEGS)
    return refuse(
      'legs',
      input.betType === 'round_robin' ? TICKET_ENTRY_MESSAGES.roundRobinLegs : TICKET_ENTRY_MESSAGES.legCount,
    )
  const legs: EntryLeg[] = []
  for (const [index, legInput] of input.legs.entries()) {
    const leg = checkLeg(legInput, `legs.${index}.`, gameOf)
    if (!leg.ok) return leg
    legs.push(leg.value)
  }
  const stake = readStake(input.amount)
  if ('message' in stake) return refuse('amount', stake.message)
  const shape = checkShape(input, legs, defaultVoidRule)
  if (!shape.ok) return shape
  if (shape.value.kind === 'round_robin') {
    const parlays = roundRobinCount(legs.length, shape.value.sizes)
    if (stake.cents % parlays !== 0) return refuse('amount', TICKET_ENTRY_MESSAGES.evenStake)
  }
  const boost = checkBoost(input)
  if (!boost.ok) return boost
  return priced(input, shape.value, legs, stake.cents, boost.value)
}

function checkShape(
  input: TicketInput,
  legs: readonly EntryLeg[],
  defaultVoidRule: VoidRule | null,
): EntryResult<TicketShape> {
  switch (input.betType) {
    case 'parlay': {
      const twice = legs.findIndex((leg, index) =>
        legs.slice(0, index).some((other) => sameEvent(leg, other)),
      )
      return twice >= 0
        ? refuse(`legs.${twice}.gameId`, TICKET_ENTRY_MESSAGES.sameGameTwice)
        : { ok: true, value: { kind: 'parlay' } }
    }
    case 'same_game_parlay': {
      const apart = legs.findIndex((leg) => !sameEvent(leg, legs[0] as EntryLeg))
      if (apart >= 0) return refuse(`legs.${apart}.gameId`, TICKET_ENTRY_MESSAGES.sameGameParlayOneGame)
      const voidRule = input.voidRule ?? defaultVoidRule ?? 'reduce'
      if (!VOID_RULES.includes(voidRule))
        return refuse('voidRule', `voidRule must be ${VOID_RULES.join(', ')}`)
      return { ok: true, value: { kind: 'same_game_parlay', voidRule } }
    }
    case 'teaser': {
      const other = legs.findIndex(
        (leg) => leg.market?.betType !== 'spread' && leg.market?.betType !== 'total',
      )
      if (other >= 0) return refuse(`legs.${other}.betType`, TICKET_ENTRY_MESSAGES.teaserMarket)
      const points = input.teaserPoints
      if (typeof points !== 'number' || points <= 0 || points > MAX_TEASER_POINTS || !isHalfPointStep(points))
        return refuse('teaserPoints', TICKET_ENTRY_MESSAGES.teaserPoints)
      const ties = input.ties ?? 'reduce'
      if (!TIE_RULES.includes(ties)) return refuse('ties', `ties must be ${TIE_RULES.join(', ')}`)
      const reduced = Object.entries(input.reducedOdds ?? {})
      const fits = ([legsLeft, odds]: [string, number]) =>
        Number.isInteger(Number(legsLeft)) &&
        Number(legsLeft) >= 1 &&
        Number(legsLeft) < legs.length &&
        isValidOdds(odds)
      if (!reduced.every(fits)) return refuse('reducedOdds', TICKET_ENTRY_MESSAGES.reducedOdds)
      const reducedOdds = reduced.length > 0 ? Object.fromEntries(reduced) : null
      return { ok: true, value: { kind: 'teaser', teaserPoints: points, ties, reducedOdds } }
    }
    case 'round_robin': {
      const sizes = [...new Set(input.sizes ?? [])].sort((a, b) => a - b)
      const fits = (size: number) => Number.isInteger(size) && size >= 2 && size < legs.length
      if (sizes.length === 0 || sizes.length !== (input.sizes ?? []).length || !sizes.every(fits))
        return refuse('sizes', TICKET_ENTRY_MESSAGES.sizes)
      return { ok: true, value: { kind: 'round_robin', sizes } }
    }
  }
}

/** Two legs on one event: the same feed game, or off-feed events of the same name. */
function sameEvent(a: EntryLeg, b: EntryLeg): boolean {
  if (a.event.kind === 'game' && b.event.kind === 'game') return a.event.gameId === b.event.gameId
  if (a.event.kind === 'off_feed' && b.event.kind === 'off_feed')
    return a.event.name.toLowerCase() === b.event.name.toLowerCase()
  return false
}

function checkBoost(input: TicketInput): EntryResult<Boost | null> {
  const percent = input.profitBoostPercent ?? null
  const unboosted = input.unboostedOdds ?? null
  if (percent !== null && unboosted !== null)
    return refuse('profitBoostPercent', TICKET_ENTRY_MESSAGES.oneBoost)
  if (percent !== null) {
    const hundredths = Math.round(percent * 100)
    if (!(percent > 0) || percent > MAX_BOOST_PERCENT || Math.abs(hundredths - percent * 100) > 1e-6)
      return refuse('profitBoostPercent', TICKET_ENTRY_MESSAGES.boost)
    return { ok: true, value: { kind: 'profit', percent } }
  }
  if (unboosted !== null) {
    if (!isValidOdds(unboosted)) return refuse('unboostedOdds', TICKET_ENTRY_MESSAGES.unboostedOdds)
    return { ok: true, value: { kind: 'price', unboostedOdds: unboosted } }
  }
  return { ok: true, value: null }
}

/**
 * The ticket's price as the slip says: its To Win when given, else computed from its odds or its legs'
 * (ticketPotentialWin); its odds when given, else the shortest price paying that To Win.
 */
function priced(
  input: TicketInput,
  shape: TicketShape,
  legs: EntryLeg[],
  amount: Cents,
  boost: Boost | null,
): EntryResult<TicketEntry> {
  const price = readPrice(input)
  if (!price.ok) return refuse(price.field, price.message)
  const givenOdds = price.odds
  if (givenOdds !== null && !isValidOdds(givenOdds)) return refuse('odds', BET_FORM_MESSAGES.odds)
  let toWin: Cents | null = null
  if (input.potentialWin !== null && input.potentialWin !== undefined && input.potentialWin !== '') {
    const read = readStake(input.potentialWin)
    if ('message' in read) return refuse('potentialWin', TICKET_ENTRY_MESSAGES.potentialWin)
    toWin = read.cents
  } else {
    try {
      const ticketPrice = givenOdds === null ? null : { odds: givenOdds, exactPrice: price.exactPrice }
      toWin = ticketPotentialWin(shape, legs, amount, boost, ticketPrice)
    } catch (error) {
      if (error instanceof BetTermsError) return refuse('amount', error.message)
      throw error
    }
  }
  if (toWin === null || toWin <= 0) return refuse('odds', TICKET_ENTRY_MESSAGES.price)
  const odds = givenOdds ?? oddsPayingAtLeast((amount + toWin) / amount)
  if (odds === null) return refuse('odds', TICKET_ENTRY_MESSAGES.price)
  return {
    ok: true,
    value: { shape, legs, odds, exactPrice: price.exactPrice, amount, potentialWin: toWin, boost },
  }
}
