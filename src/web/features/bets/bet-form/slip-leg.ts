import { BET_FORM_MESSAGES, readMarket, readPeriod } from '../../../../domain/bet-form'
import { isValidOdds } from '../../../../domain/odds'
import { readPrice } from '../../../../domain/price'
import type { Game } from '../../../types'
import { feedLeg, type SlipLeg } from '../../slip/slip-state'
import { type BetFormValues, type ErrorTarget, errorTarget } from './resolver'
import { betFormInput } from './state'

/**
 * The bet form's market as a leg of the slip: the odds and the bet type's fields checked as a single's are
 * (readMarket, the server's rule for a ticket's leg), the amount left to the ticket. Else the field that
 * shows the refusal.
 */
export function formSlipLeg(
  values: BetFormValues,
  game: Pick<Game, 'id' | 'homeTeam' | 'awayTeam' | 'league'>,
): { leg: Omit<SlipLeg, 'key'> } | { target: ErrorTarget; message: string } {
  const input = betFormInput(values)
  const price = readPrice(input)
  if (!price.ok) return { target: 'exactOdds', message: price.message }
  const { odds, exactPrice } = price
  if (odds === null || !isValidOdds(odds))
    return { target: errorTarget('odds', values) ?? 'oddsChoice', message: BET_FORM_MESSAGES.odds }
  const read = readMarket(input, game)
  if ('message' in read)
    return { target: errorTarget(read.field, values) ?? 'root.group', message: read.message }
  const period = readPeriod(input.period, game)
  if ('message' in period) return { target: 'period', message: period.message }
  return { leg: feedLeg(game, read.market, odds, exactPrice, period.period) }
}
