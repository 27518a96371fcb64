import {
  BET_TYPES,
  type BetType,
  DEFAULT_SPORTSBOOK,
  isMarketBet,
  type OverUnder,
  THREE_WAY_BET_TYPES,
} from '../../../../domain/bet'
import type { BetFormInput } from '../../../../domain/bet-form'
import { DEFAULT_ODDS, ODDS_OPTIONS } from '../../../../domain/odds'
import { type DoubleChance, DRAW, parseSelection } from '../../../../domain/selection'
import { BetTermsError, teamSide } from '../../../../domain/settlement'
import type { Bet, Game } from '../../../types'

/**
 * The bet form's fields as typed (strings, so a half-typed number stays as the user left it), the
 * prefill from a selection text (spec: a suggestion's 'Lakers +3.5' is parsed back into its parts), and
 * the conversion to the domain's BetFormInput that validateBetForm checks.
 */
export const CUSTOM_ODDS = 'custom'

export interface BetFormState {
  betType: BetType
  /** The spread's team, and a team total's or a draw no bet's: the wire's spreadTeam for all three. */
  spreadTeam: string
  spreadPoints: string
  /** A total's side and points, and a team total's. */
  overUnder: OverUnder | ''
  totalPoints: string
  moneylineTeam: string
  doubleChance: DoubleChance | ''
  /** An odds value from ODDS_OPTIONS as text, or CUSTOM_ODDS. */
  oddsChoice: string
  customOdds: string
  amount: string
  sportsbook: string
}

type Teams = Pick<Game, 'homeTeam' | 'awayTeam'>

/** What opens the form filled in: a selection text, and from a suggestion its odds and amount too. */
export interface BetPrefill {
  selection?: string | undefined
  /**
   * The selection's bet type when known (an edit): it reads the text as that type's, where the untyped
   * reading knows only the spread, total and moneyline ('Celtics Over 110.5' would read as a spread).
   */
  betType?: BetType | undefined
  odds?: number | undefined
  /** Dollars as the amount field shows them ('25.00'). */
  amount?: string | undefined
  sportsbook?: string | undefined
}

/** Decision 008: an edit opens the form on the tentative bet's own terms. */
export function editPrefill(
  bet: Pick<Bet, 'betType' | 'selection' | 'odds' | 'amount' | 'sportsbook'>,
): BetPrefill {
  return {
    selection: bet.selection,
    betType: isMarketBet(bet) ? bet.betType : undefined,
    odds: bet.odds,
    amount: bet.amount,
    sportsbook: bet.sportsbook,
  }
}

/**
 * The spread's team until the bettor picks one: the first team the form lists, the away team, as the
 * game reads 'Away @ Home' and sportsbooks list it, so a spread needs only its points.
 */
const defaultSpreadTeam = (game: Teams | null) => game?.awayTeam ?? ''

export function initialBetForm(game: Teams | null, prefill: BetPrefill = {}): BetFormState {
  const blank: BetFormState = {
    betType: 'spread',
    spreadTeam: defaultSpreadTeam(game),
    spreadPoints: '',
    overUnder: '',
    totalPoints: '',
    moneylineTeam: '',
    doubleChance: '',
    ...oddsFields(prefill.odds ?? DEFAULT_ODDS),
    amount: prefill.amount ?? '',
    sportsbook: prefill.sportsbook ?? DEFAULT_SPORTSBOOK,
  }
  const parts = prefill.selection ? parseSelection(prefill.selection, prefill.betType) : null
  if (!parts) return blank
  switch (parts.betType) {
    case 'spread':
      return {
        ...blank,
        betType: 'spread',
        spreadTeam: gameTeam(parts.team, game),
        spreadPoints: String(parts.points),
      }
    case 'total':
      return { ...blank, betType: 'total', overUnder: parts.overUnder, totalPoints: String(parts.points) }
    case 'moneyline':
      return { ...blank, betType: 'moneyline', moneylineTeam: gameTeam(parts.team, game) }
    case 'team_total':
      return {
        ...blank,
        betType: 'team_total',
        spreadTeam: gameTeam(parts.team, game),
        overUnder: parts.overUnder,
        totalPoints: String(parts.points),
      }
    case 'draw_no_bet':
      return { ...blank, betType: 'draw_no_bet', spreadTeam: gameTeam(parts.team, game) }
    case 'double_chance':
      return { ...blank, betType: 'double_chance', doubleChance: parts.outcomes }
  }
}

/** Decision 068: the bet types the form offers on a game; draw no bet and double chance on soccer alone. */
export function offeredBetTypes(soccer: boolean): BetType[] {
  return BET_TYPES.filter((type) => soccer || !THREE_WAY_BET_TYPES.includes(type))
}

/**
 * A double chance as the bettor reads it, with the game's teams: '1X: Arsenal or Draw'. Without a game
 * (or off the feed) the sides are 'Home' and 'Away'.
 */
export function doubleChanceLabel(chance: DoubleChance, game: Teams | null): string {
  const home = game?.homeTeam || 'Home'
  const away = game?.awayTeam || 'Away'
  switch (chance) {
    case '1X':
      return `1X: ${home} or ${DRAW}`
    case 'X2':
      return `X2: ${DRAW} or ${away}`
    case '12':
      return `12: ${home} or ${away}`
  }
}

/**
 * The game's spelling of a team the text names ('Lakers' -> 'Los Angeles Lakers', matched as the server
 * matches it, decision 004), 'Draw' as is, or the text itself when no game is chosen yet.
 */
export function gameTeam(name: string, game: Teams | null): string {
  if (name === '' || name.toLowerCase() === DRAW.toLowerCase()) return name === '' ? '' : DRAW
  if (!game) return name
  try {
    return teamSide(name, game) === 'home' ? game.homeTeam : game.awayTeam
  } catch (error) {
    if (error instanceof BetTermsError) return ''
    throw error
  }
}

/** Decision 009: odds the dropdown lists are chosen there; any other price goes in the custom field. */
function oddsFields(odds: number): Pick<BetFormState, 'oddsChoice' | 'customOdds'> {
  return ODDS_OPTIONS.some((option) => option.value === odds)
    ? { oddsChoice: String(odds), customOdds: '' }
    : { oddsChoice: CUSTOM_ODDS, customOdds: String(odds) }
}

/**
 * Another game chosen (or none): keep the team sides only where they name one of its teams; the spread's
 * falls back to the game's default. A bet type the game does not offer (draw no bet off soccer) falls back
 * to the spread, the form's first, as the dropdown no longer lists it.
 */
export function forGame(state: BetFormState, game: Teams | null, soccer: boolean): BetFormState {
  const moneylineTeam = gameTeam(state.moneylineTeam, game)
  return {
    ...state,
    betType: offeredBetTypes(soccer).includes(state.betType) ? state.betType : 'spread',
    spreadTeam: gameTeam(state.spreadTeam, game) || defaultSpreadTeam(game),
    moneylineTeam: moneylineTeam === DRAW && !soccer ? '' : moneylineTeam,
  }
}

/** The chosen odds: the dropdown's value, or the custom text as an integer (NaN when it is not one). */
export function oddsOf(state: BetFormState): number {
  if (state.oddsChoice !== CUSTOM_ODDS) return Number(state.oddsChoice)
  const text = state.customOdds.trim()
  return /^[+-]?\d+$/.test(text) ? Number(text) : Number.NaN
}

function pointsOf(text: string): number | null {
  return text.trim() === '' ? null : Number(text)
}

export function betFormInput(state: BetFormState): BetFormInput {
  return { betType: state.betType, odds: oddsOf(state), amount: state.amount, ...marketInput(state) }
}

type MarketInput = Required<Omit<BetFormInput, 'betType' | 'odds' | 'amount'>>

/**
 * Only the chosen bet type's fields, as the wire names them: the fields another type left filled stay
 * unsent, so they cannot reach its check.
 */
function marketInput(state: BetFormState): MarketInput {
  const none: MarketInput = {
    selection: null,
    spreadTeam: null,
    spreadPoints: null,
    totalPoints: null,
    overUnder: null,
  }
  switch (state.betType) {
    case 'spread':
      return { ...none, spreadTeam: state.spreadTeam, spreadPoints: pointsOf(state.spreadPoints) }
    case 'total':
      return { ...none, ...totalInput(state) }
    case 'moneyline':
      return { ...none, selection: state.moneylineTeam }
    case 'team_total':
      return { ...none, spreadTeam: state.spreadTeam, ...totalInput(state) }
    case 'draw_no_bet':
      return { ...none, spreadTeam: state.spreadTeam }
    case 'double_chance':
      return { ...none, selection: state.doubleChance }
  }
}

function totalInput(state: BetFormState): Pick<MarketInput, 'overUnder' | 'totalPoints'> {
  return {
    overUnder: state.overUnder === '' ? null : state.overUnder,
    totalPoints: pointsOf(state.totalPoints),
  }
}
