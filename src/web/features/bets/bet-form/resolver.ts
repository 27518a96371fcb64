import type { FieldErrors, Resolver } from 'react-hook-form'
import type { BetTerms } from '../../../../domain/bet'
import { validateBetForm } from '../../../../domain/bet-form'
import type { Game } from '../../../types'
import { type BetFormState, betFormInput, CUSTOM_ODDS } from './state'

/** The form's values: the bet's fields as typed, and the game chosen when the form has none fixed. */
export type BetFormValues = BetFormState & { gameId: string }
export type BetFormField = keyof BetFormValues
/** Where a refusal shows: a field, or the bet-type group as a whole ('root.group'). */
export type ErrorTarget = BetFormField | 'root.group'

export interface BetFormContext {
  game: Pick<Game, 'homeTeam' | 'awayTeam' | 'league'> | null
}

/**
 * The field that shows a refusal the domain or the server names (docs/API.md): 'odds' is the dropdown or
 * the custom input, 'selection' the moneyline team or, for spreads and totals, the whole group.
 */
export function errorTarget(field: string, values: BetFormValues): ErrorTarget | null {
  switch (field) {
    case 'gameId':
    case 'amount':
    case 'spreadTeam':
    case 'spreadPoints':
    case 'totalPoints':
    case 'overUnder':
      return field
    case 'odds':
      return values.oddsChoice === CUSTOM_ODDS ? 'customOdds' : 'oddsChoice'
    case 'selection':
      return values.betType === 'moneyline' ? 'moneylineTeam' : 'root.group'
    default:
      return null
  }
}

function refusal(target: ErrorTarget, message: string): FieldErrors<BetFormValues> {
  const error = { type: 'domain', message }
  return target === 'root.group' ? { root: { group: error } } : { [target]: error }
}

/**
 * The bet form's one rule is the domain's validateBetForm (spec section 5, D9), the one the server
 * applies: the form submits the terms it returns, or shows its first refusal.
 */
export const betFormResolver: Resolver<BetFormValues, BetFormContext, BetTerms> = (values, context) => {
  const game = context?.game
  if (!game) return { values: {}, errors: refusal('gameId', 'Choose a game') }
  const result = validateBetForm(betFormInput(values), {
    homeTeam: game.homeTeam,
    awayTeam: game.awayTeam,
    league: game.league,
  })
  if (result.ok) return { values: result.terms, errors: {} }
  const target = errorTarget(result.field, values) ?? 'root.group'
  return { values: {}, errors: refusal(target, result.message) }
}

/** Which refusals an edit of each field retires: its own, and the bet-type group's for its members. */
export const RETIRES: Record<BetFormField, readonly ErrorTarget[]> = {
  gameId: ['gameId'],
  betType: ['root.group', 'spreadTeam', 'spreadPoints', 'overUnder', 'totalPoints', 'moneylineTeam'],
  spreadTeam: ['spreadTeam', 'root.group'],
  spreadPoints: ['spreadPoints', 'root.group'],
  overUnder: ['overUnder', 'root.group'],
  totalPoints: ['totalPoints', 'root.group'],
  moneylineTeam: ['moneylineTeam'],
  oddsChoice: ['oddsChoice', 'customOdds'],
  customOdds: ['customOdds'],
  amount: ['amount'],
  sportsbook: ['sportsbook'],
}
