import type { FieldErrors, Resolver } from 'react-hook-form'
import type { BetTerms, BetType } from '../../../../domain/bet'
import type { BetFormRefusal } from '../../../../domain/bet-form'
import { betFormRefusals, validateBetForm } from '../../../../domain/bet-form'
import { DRAW } from '../../../../domain/selection'
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
 * the custom input (the exact price's field in another format, decision 072), 'selection' the bet type's own field or its whole group (selectionTarget), 'betType'
 * the bet type (a draw no bet off soccer).
 */
export function errorTarget(field: string, values: BetFormValues): ErrorTarget | null {
  switch (field) {
    case 'gameId':
    case 'betType':
    case 'amount':
    case 'spreadTeam':
    case 'spreadPoints':
    case 'totalPoints':
    case 'overUnder':
    case 'period':
      return field
    case 'odds':
      if (values.priceFormat !== 'american') return 'exactOdds'
      return values.oddsChoice === CUSTOM_ODDS ? 'customOdds' : 'oddsChoice'
    case 'decimalOdds':
    case 'fractionalOdds':
      return 'exactOdds'
    case 'selection':
      return values.betType === 'winning_margin' ? marginTarget(values) : selectionTarget(values.betType)
    default:
      return null
  }
}

/**
 * Where a bet type's 'selection' refusal shows: on the one field a moneyline's or double chance's selection
 * is, else on the group of its parts, which marks each part still empty. A three-way handicap's parts are a
 * spread's (its whole goals refused on spreadPoints itself); a winning margin's group is refined by
 * marginTarget.
 */
export function selectionTarget(betType: BetType): ErrorTarget {
  switch (betType) {
    case 'moneyline':
      return 'moneylineTeam'
    case 'double_chance':
      return 'doubleChance'
    case 'both_teams_to_score':
      return 'bothTeamsToScore'
    case 'correct_score':
    case 'spread':
    case 'total':
    case 'team_total':
    case 'draw_no_bet':
    case 'three_way_handicap':
    case 'winning_margin':
      return 'root.group'
  }
}

/**
 * A winning margin's refusal is of its selection text, composed from the parts: on the group while a part
 * is missing (it marks each empty one), else on the part that can be wrong, the margin as typed (0, 1.5);
 * the draw needs no margin, so its refusal stays on the winner.
 */
function marginTarget(values: BetFormValues): ErrorTarget {
  if (values.marginTeam === DRAW) return 'marginTeam'
  if (values.marginTeam === '' || values.marginGoals.trim() === '') return 'root.group'
  return 'marginGoals'
}

/** The refusals as react-hook-form's errors, each on the field that shows it (the first one per field). */
function fieldErrors(refusals: readonly BetFormRefusal[], values: BetFormValues): FieldErrors<BetFormValues> {
  const errors: FieldErrors<BetFormValues> = {}
  for (const { field, message } of refusals) {
    const target = errorTarget(field, values) ?? 'root.group'
    const error = { type: 'domain', message }
    if (target === 'root.group') errors.root ??= { group: error }
    else errors[target] ??= error
  }
  return errors
}

/**
 * The bet form's one rule is the domain's (docs/spec/product-spec.md §5, decision 009), the one the server applies: the form
 * submits the terms validateBetForm returns, or flags every refusal at once (betFormRefusals), so an
 * empty form marks each field it still needs rather than only the first.
 */
export const betFormResolver: Resolver<BetFormValues, BetFormContext, BetTerms> = (values, context) => {
  const game = context?.game
  const input = betFormInput(values)
  if (!game) {
    const refusals = [{ field: 'gameId', message: 'Choose a game' }, ...betFormRefusals(input, null)]
    return { values: {}, errors: fieldErrors(refusals, values) }
  }
  const matchup = { homeTeam: game.homeTeam, awayTeam: game.awayTeam, league: game.league }
  const result = validateBetForm(input, matchup)
  if (result.ok) return { values: result.terms, errors: {} }
  return { values: {}, errors: fieldErrors(betFormRefusals(input, matchup), values) }
}

/** Which refusals an edit of each field retires: its own, and the bet-type group's for its members. */
export const RETIRES: Record<BetFormField, readonly ErrorTarget[]> = {
  gameId: ['gameId', 'period'],
  period: ['period'],
  betType: [
    'betType',
    'root.group',
    'spreadTeam',
    'spreadPoints',
    'overUnder',
    'totalPoints',
    'moneylineTeam',
    'doubleChance',
    'marginTeam',
    'marginGoals',
    'bothTeamsToScore',
    'correctHome',
    'correctAway',
  ],
  spreadTeam: ['spreadTeam', 'root.group'],
  spreadPoints: ['spreadPoints', 'root.group'],
  overUnder: ['overUnder', 'root.group'],
  totalPoints: ['totalPoints', 'root.group'],
  moneylineTeam: ['moneylineTeam'],
  doubleChance: ['doubleChance'],
  // The backing and the 'or more' cannot be wrong themselves: an edit of either retires their group's message.
  handicapBacking: ['root.group'],
  // The draw takes no margin: choosing the winner anew retires the margin's message too.
  marginTeam: ['marginTeam', 'marginGoals', 'root.group'],
  marginGoals: ['marginGoals', 'root.group'],
  marginOrMore: ['marginGoals', 'root.group'],
  bothTeamsToScore: ['bothTeamsToScore'],
  correctHome: ['correctHome', 'root.group'],
  correctAway: ['correctAway', 'root.group'],
  oddsChoice: ['oddsChoice', 'customOdds'],
  customOdds: ['customOdds'],
  priceFormat: ['oddsChoice', 'customOdds', 'exactOdds'],
  exactOdds: ['exactOdds'],
  amount: ['amount'],
  sportsbook: ['sportsbook'],
}
