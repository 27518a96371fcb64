import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type BetTerms, DEFAULT_SPORTSBOOK, resultLabel } from '../../../../domain/bet'
import { centsToDollars } from '../../../../domain/money'
import { FULL_GAME } from '../../../../domain/periods'
import { toWinAt, wirePrice } from '../../../../domain/price'
import { ApiError, api, failureText } from '../../../api'
import { refreshAfterBetChange, useCurrentUser } from '../../../queries'
import { useToast } from '../../../toasts'
import type { Bet } from '../../../types'
import { wireSelection } from './state'

export interface PlaceBet {
  terms: BetTerms
  gameId: number
  sportsbook: string
}

/** The entry's body (docs/spec/product-spec.md §7), the same for a new bet and an edit (decision 008). */
function entryBody(terms: BetTerms, sportsbook: string) {
  return {
    betType: terms.betType,
    // A three-way handicap's composed text is for reading: the wire backs its draw with 'Draw' alone.
    selection: wireSelection(terms.betType, terms.selection),
    odds: terms.odds,
    ...wirePrice(terms.exactPrice ?? null),
    amount: centsToDollars(terms.amount),
    potentialWin: centsToDollars(toWinAt(terms.amount, terms)),
    sportsbook: sportsbook.trim() || DEFAULT_SPORTSBOOK,
    spreadPoints: terms.spreadPoints ?? null,
    totalPoints: terms.totalPoints ?? null,
    overUnder: terms.overUnder ?? null,
    spreadTeam: terms.spreadTeam ?? null,
    period: terms.period ?? FULL_GAME,
  }
}

/** A bet added to a final game comes back placed and settled; the toast says how it went. */
export function placedToast(bet: Pick<Bet, 'betStatus' | 'result'>): { title: string; text: string } {
  if (bet.betStatus === 'committed' && bet.result)
    return {
      title: 'Bet recorded and settled',
      text: `The game is final: this bet ${bet.result === 'push' ? 'pushed' : resultLabel(bet.result)} and counts in your P&L.`,
    }
  return { title: 'Bet placed successfully', text: 'Your tentative bet has been added to the grid analysis' }
}

/** A refusal the server pinned on a field: `{ message, field }` in a 400 (docs/API.md). */
export interface ServerRefusal {
  field: string
  message: string
}

/**
 * POST /api/bets with the validated terms (docs/spec/product-spec.md §7; amounts in dollars on the wire), or PATCH
 * /api/bets/:id with the same body when `editing` a tentative bet (decision 008). A new bet is tentative, or placed
 * and settled on a final game (the server decides). What a bet change refreshes is refreshed either way.
 */
export function usePlaceBet({
  editing,
  onPlaced,
  onRefused,
}: {
  editing?: number | undefined
  onPlaced: () => void
  onRefused: (refusal: ServerRefusal) => void
}) {
  const client = useQueryClient()
  const toast = useToast()
  const userId = useCurrentUser().data?.id
  return useMutation({
    mutationFn: ({ terms, gameId, sportsbook }: PlaceBet) =>
      editing === undefined
        ? api.post('POST /api/bets', {
            body: {
              ...entryBody(terms, sportsbook),
              gameId,
              ...(userId === undefined ? {} : { userId }),
            },
          })
        : api.patch('PATCH /api/bets/:id', { params: { id: editing }, body: entryBody(terms, sportsbook) }),
    onSuccess: (bet) => {
      const said =
        editing === undefined
          ? placedToast(bet)
          : { title: 'Bet updated', text: 'The grid shows the new terms.' }
      toast('success', said.title, said.text)
      onPlaced()
    },
    onError: (failure) => {
      const failed = editing === undefined ? 'place' : 'update'
      toast(
        'error',
        `Error ${failed === 'place' ? 'placing' : 'updating'} bet`,
        failureText(failure, `Failed to ${failed} bet`),
      )
      const refusal = serverRefusal(failure)
      if (refusal) onRefused(refusal)
    },
    onSettled: () => refreshAfterBetChange(client),
  })
}

/** The `{ field, message }` of a 400, when the server pinned its refusal on a field. */
export function serverRefusal(failure: unknown): ServerRefusal | null {
  if (!(failure instanceof ApiError) || failure.status !== 400) return null
  try {
    const body = JSON.parse(failure.body) as { message?: unknown; field?: unknown }
    if (typeof body.field === 'string' && typeof body.message === 'string')
      return { field: body.field, message: body.message }
  } catch {
    // Not JSON: the toast already says what went wrong.
  }
  return null
}
