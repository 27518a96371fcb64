import type { CreateBetBody } from '../../../contract/bets'
import {
  BET_TYPE_LABELS,
  BET_TYPES,
  type BetType,
  DEFAULT_SPORTSBOOK,
  OTHER_MARKET,
  type OverUnder,
} from '../../../domain/bet'
import { type MarketTerms, NO_MARKET_TERMS } from '../../../domain/bet-form'
import { centsToDollars } from '../../../domain/money'
import { priceInputOfText, wirePriceText } from '../../../domain/price'
import {
  backsTheDraw,
  composeSelection,
  DOUBLE_CHANCES,
  type DoubleChance,
  DRAW,
} from '../../../domain/selection'
import { eventName, type Market } from '../../../domain/ticket'
import { checkLeg, checkOffFeedSingle, type EntryResult, type LegInput } from '../../../domain/ticket-entry'
import type { Bet } from '../../types'
import {
  type HandicapBacking,
  type MarginFields,
  marginFieldsOf,
  marginSelection,
} from '../bets/bet-form/state'
import type { SlipLeg } from './slip-state'

/**
 * The form of a bet off the feed (decision 063): an event the bettor names (a prop, a future, a game the
 * feed lacks), its market or the slip's own text, and its odds. It adds a leg to the slip (odds optional)
 * or is placed on its own as a single off the feed (odds and amount required), checked by the domain's
 * checkLeg and checkOffFeedSingle, the server's rules.
 */
export type OffFeedBetType = BetType | typeof OTHER_MARKET

export interface OffFeedForm {
  name: string
  league: string
  /** A datetime-local value ('2026-11-29T18:00'), in the browser's time; blank for none. */
  startTime: string
  betType: OffFeedBetType
  /** The slip's text ('other'), or the team of a moneyline. */
  selection: string
  /**
   * The team of a spread, a team total, a draw no bet or a three-way handicap (the wire's spreadTeam for
   * all four).
   */
  spreadTeam: string
  /** A spread's points, or a three-way handicap's whole goals. */
  spreadPoints: string
  /** A total's side and points, and a team total's. */
  overUnder: OverUnder | ''
  totalPoints: string
  /** A double chance's selection, sent as the selection. */
  doubleChance: DoubleChance | ''
  /** A three-way handicap's side: its team, or the draw, sent as the selection 'Draw'. */
  handicapBacking: HandicapBacking
  /** A winning margin's winner as typed (a team, or Draw), its goals and whether by that many or more. */
  marginTeam: string
  marginGoals: string
  marginOrMore: boolean
  odds: string
  amount: string
  sportsbook: string
}

export const EMPTY_OFF_FEED: OffFeedForm = {
  name: '',
  league: '',
  startTime: '',
  betType: OTHER_MARKET,
  selection: '',
  spreadTeam: '',
  spreadPoints: '',
  overUnder: '',
  totalPoints: '',
  doubleChance: '',
  handicapBacking: 'team',
  marginTeam: '',
  marginGoals: '',
  marginOrMore: false,
  odds: '',
  amount: '',
  sportsbook: DEFAULT_SPORTSBOOK,
}

/** Off the feed every market Grid models can be named, and 'other' for the rest, listed first. */
export const OFF_FEED_BET_TYPES: readonly OffFeedBetType[] = [OTHER_MARKET, ...BET_TYPES]

export const OFF_FEED_TYPE_LABELS: Record<OffFeedBetType, string> = {
  other: 'Other (prop, future...)',
  ...BET_TYPE_LABELS,
}

const numberOf = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()))

/** The start as an ISO instant; the text itself when the browser's parse fails (the check refuses it). */
function startOf(text: string): string | null {
  const trimmed = text.trim()
  if (trimmed === '') return null
  const when = new Date(trimmed)
  return Number.isNaN(when.getTime()) ? trimmed : when.toISOString()
}

/** The form as a leg of the wire: only the chosen bet type's parts. */
export function offFeedLegInput(form: OffFeedForm): LegInput {
  return {
    event: { name: form.name, league: form.league.trim() || null, startTime: startOf(form.startTime) },
    betType: form.betType,
    ...marketInput(form),
    // The leg's price in any format the bettor types (decision 072).
    ...priceInputOfText(form.odds),
  }
}

/**
 * The chosen bet type's parts, the others null: the domain takes a selection text over a market's parts
 * (offFeedLeg), so text left from another type must not be sent with a team total's.
 */
function marketInput(form: OffFeedForm): MarketTerms {
  const none = NO_MARKET_TERMS
  const team = form.spreadTeam.trim() || null
  switch (form.betType) {
    case 'other':
    case 'moneyline':
    case 'both_teams_to_score':
    case 'correct_score':
      return { ...none, selection: form.selection }
    case 'spread':
      return { ...none, spreadTeam: team, spreadPoints: numberOf(form.spreadPoints) }
    case 'total':
      return { ...none, ...totalInput(form) }
    case 'team_total':
      return { ...none, spreadTeam: team, ...totalInput(form) }
    case 'draw_no_bet':
      return { ...none, spreadTeam: team }
    case 'double_chance':
      return { ...none, selection: form.doubleChance }
    case 'three_way_handicap':
      return {
        ...none,
        spreadTeam: team,
        spreadPoints: numberOf(form.spreadPoints),
        selection: form.handicapBacking === 'draw' ? DRAW : null,
      }
    case 'winning_margin':
      return { ...none, selection: marginSelection(form) }
  }
}

function totalInput(form: OffFeedForm): Pick<MarketTerms, 'overUnder' | 'totalPoints'> {
  return {
    overUnder: form.overUnder === '' ? null : form.overUnder,
    totalPoints: numberOf(form.totalPoints),
  }
}

/** The form as a slip's leg, or the refusal checkLeg makes (its field as the wire names it: 'event.name'). */
export function offFeedSlipLeg(form: OffFeedForm): EntryResult<Omit<SlipLeg, 'key'>> {
  const input = offFeedLegInput(form)
  const checked = checkLeg(input, '', () => null)
  if (!checked.ok) return checked
  const { event } = checked.value
  if (event.kind !== 'off_feed') throw new Error('an off-feed leg is on an event')
  return {
    ok: true,
    value: {
      game: null,
      event: { name: event.name, league: event.league, startTime: event.startTime?.toISOString() ?? null },
      betType: form.betType,
      selection: slipSelection(form.betType, checked.value),
      spreadTeam: input.spreadTeam ?? null,
      spreadPoints: input.spreadPoints ?? null,
      totalPoints: input.totalPoints ?? null,
      overUnder: input.overUnder ?? null,
      odds: checked.value.odds,
      exactPrice: checked.value.exactPrice,
      period: checked.value.period,
    },
  }
}

/**
 * What the slip's leg reads: the checked selection, save a three-way handicap's, whose wire selection is
 * only its side ('Draw'): the leg reads its market whole ('Draw (Chelsea +1)').
 */
function slipSelection(betType: OffFeedBetType, leg: { market: Market | null; selection: string }): string {
  return betType === 'three_way_handicap' && leg.market ? composeSelection(leg.market) : leg.selection
}

/** The single off the feed's body for POST /api/bets, or the refusal checkOffFeedSingle makes. */
export function offFeedSingleBody(form: OffFeedForm): EntryResult<CreateBetBody> {
  const input = offFeedLegInput(form)
  const checked = checkOffFeedSingle({ ...input, amount: form.amount, odds: input.odds ?? Number.NaN })
  if (!checked.ok) return checked
  const entry = checked.value
  return {
    ok: true,
    value: {
      ...input,
      odds: entry.odds,
      amount: centsToDollars(entry.amount),
      potentialWin: centsToDollars(entry.potentialWin),
      sportsbook: form.sportsbook.trim() || DEFAULT_SPORTSBOOK,
    },
  }
}

/** Which of the form's fields shows a refusal the domain or the server names. */
export function offFeedErrorField(field: string, form: OffFeedForm): keyof OffFeedForm {
  switch (field) {
    case 'event.name':
    case 'gameId':
    case 'event':
      return 'name'
    case 'event.league':
      return 'league'
    case 'event.startTime':
      return 'startTime'
    case 'spreadTeam':
    case 'spreadPoints':
    case 'totalPoints':
    case 'overUnder':
    case 'odds':
    case 'amount':
    case 'sportsbook':
    case 'betType':
      return field
    case 'decimalOdds':
    case 'fractionalOdds':
      return 'odds'
    default:
      return selectionField(form)
  }
}

/** The field of the selection's refusal: the text or the double chance, or a market's first part missing. */
function selectionField(form: OffFeedForm): keyof OffFeedForm {
  switch (form.betType) {
    case 'other':
    case 'moneyline':
    case 'both_teams_to_score':
    case 'correct_score':
      return 'selection'
    case 'spread':
    case 'draw_no_bet':
      return 'spreadTeam'
    case 'total':
      return totalField(form)
    case 'team_total':
      return form.spreadTeam.trim() === '' ? 'spreadTeam' : totalField(form)
    case 'double_chance':
      return 'doubleChance'
    case 'three_way_handicap':
      return form.spreadTeam.trim() === '' ? 'spreadTeam' : 'spreadPoints'
    case 'winning_margin':
      return marginField(form)
  }
}

/** A winning margin's refusal: on the winner while none is typed (or for the draw), else on its goals. */
function marginField(form: OffFeedForm): keyof OffFeedForm {
  const team = form.marginTeam.trim()
  return team === '' || team.toLowerCase() === DRAW.toLowerCase() ? 'marginTeam' : 'marginGoals'
}

const totalField = (form: OffFeedForm): keyof OffFeedForm =>
  form.overUnder === '' ? 'overUnder' : 'totalPoints'

/**
 * A tentative single off the feed back in the form for an edit (decision 065): its event from its
 * placeholder game (decision 063), its market and its terms as the bettor would type them.
 */
export function offFeedFormOf(
  bet: Pick<
    Bet,
    | 'betType'
    | 'selection'
    | 'spreadTeam'
    | 'spreadPoints'
    | 'totalPoints'
    | 'overUnder'
    | 'odds'
    | 'decimalOdds'
    | 'fractionalOdds'
    | 'amount'
    | 'sportsbook'
  >,
  game: { homeTeam: string; awayTeam: string; league: string; startTime: string },
): OffFeedForm {
  const betType = OFF_FEED_BET_TYPES.find((type) => type === bet.betType) ?? OTHER_MARKET
  return {
    name: eventName(game),
    league: game.league,
    startTime: localInputOf(new Date(game.startTime)),
    betType,
    ...selectionFields(betType, bet.selection),
    spreadTeam: bet.spreadTeam ?? '',
    spreadPoints: bet.spreadPoints === null ? '' : String(bet.spreadPoints),
    overUnder: bet.overUnder ?? '',
    totalPoints: bet.totalPoints === null ? '' : String(bet.totalPoints),
    odds: wirePriceText(bet),
    amount: bet.amount,
    sportsbook: bet.sportsbook,
  }
}

type SelectionFields = Pick<OffFeedForm, 'selection' | 'doubleChance' | 'handicapBacking'> & MarginFields

/**
 * The stored selection back in the fields that hold it: the text, the double chance, a three-way
 * handicap's side, a winning margin's parts, or none.
 */
function selectionFields(betType: OffFeedBetType, selection: string): SelectionFields {
  const none: SelectionFields = {
    selection: '',
    doubleChance: '',
    handicapBacking: 'team',
    marginTeam: '',
    marginGoals: '',
    marginOrMore: false,
  }
  switch (betType) {
    case 'other':
    case 'moneyline':
    case 'both_teams_to_score':
    case 'correct_score':
      return { ...none, selection }
    case 'double_chance':
      return { ...none, doubleChance: DOUBLE_CHANCES.find((chance) => chance === selection) ?? '' }
    case 'three_way_handicap':
      return { ...none, handicapBacking: backsTheDraw(selection) ? 'draw' : 'team' }
    case 'winning_margin':
      return { ...none, ...marginFieldsOf(selection) }
    case 'spread':
    case 'total':
    case 'team_total':
    case 'draw_no_bet':
      return none
  }
}

/** An instant as a datetime-local field's value, in the browser's time ('2026-11-29T18:00'). */
function localInputOf(at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0')
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}T${two(at.getHours())}:${two(at.getMinutes())}`
}
