import { type BetType, DEFAULT_SPORTSBOOK, type OverUnder } from '../../../../domain/bet'
import type { BetFormInput } from '../../../../domain/bet-form'
import { DEFAULT_ODDS, ODDS_OPTIONS } from '../../../../domain/odds'
import { DRAW, parseSelection } from '../../../../domain/selection'
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
  spreadTeam: string
  spreadPoints: string
  overUnder: OverUnder | ''
  totalPoints: string
  moneylineTeam: string
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
  odds?: number | undefined
  /** Dollars as the amount field shows them ('25.00'). */
  amount?: string | undefined
  sportsbook?: string | undefined
}

/** Decision 008: an edit opens the form on the tentative bet's own terms. */
export function editPrefill(bet: Pick<Bet, 'selection' | 'odds' | 'amount' | 'sportsbook'>): BetPrefill {
  return { selection: bet.selection, odds: bet.odds, amount: bet.amount, sportsbook: bet.sportsbook }
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
    ...oddsFields(prefill.odds ?? DEFAULT_ODDS),
    amount: prefill.amount ?? '',
    sportsbook: prefill.sportsbook ?? DEFAULT_SPORTSBOOK,
  }
  const parts = prefill.selection ? parseSelection(prefill.selection) : null
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
 * Another game chosen: keep the team sides only where they name one of its teams; the spread's falls back
 * to the game's default.
 */
export function forGame(state: BetFormState, game: Teams, soccer: boolean): BetFormState {
  const moneylineTeam = gameTeam(state.moneylineTeam, game)
  return {
    ...state,
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
  return {
    betType: state.betType,
    odds: oddsOf(state),
    amount: state.amount,
    selection: state.betType === 'moneyline' ? state.moneylineTeam : null,
    spreadTeam: state.betType === 'spread' ? state.spreadTeam : null,
    spreadPoints: state.betType === 'spread' ? pointsOf(state.spreadPoints) : null,
    totalPoints: state.betType === 'total' ? pointsOf(state.totalPoints) : null,
    overUnder: state.betType === 'total' && state.overUnder !== '' ? state.overUnder : null,
  }
}
