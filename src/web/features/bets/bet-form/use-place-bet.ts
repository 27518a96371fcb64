import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type BetTerms, DEFAULT_SPORTSBOOK } from '../../../../domain/bet'
import { centsToDollars } from '../../../../domain/money'
import { potentialWin } from '../../../../domain/odds'
import { ApiError, failureText, sendJson } from '../../../api'
import { refreshAfterBetChange, useCurrentUser } from '../../../queries'
import { useToast } from '../../../toasts'
import type { Bet } from '../../../types'

export interface PlaceBet {
  terms: BetTerms
  gameId: number
  sportsbook: string
}

/** A refusal the server pinned on a field: `{ message, field }` in a 400 (docs/API.md). */
export interface ServerRefusal {
  field: string
  message: string
}

/**
 * POST /api/bets with the validated terms (spec section 7; amounts in dollars on the wire); a new bet is
 * always tentative (the server decides that). What a bet change refreshes is refreshed either way.
 */
export function usePlaceBet({
  onPlaced,
  onRefused,
}: {
  onPlaced: () => void
  onRefused: (refusal: ServerRefusal) => void
}) {
  const client = useQueryClient()
  const toast = useToast()
  const userId = useCurrentUser().data?.id
  return useMutation({
    mutationFn: ({ terms, gameId, sportsbook }: PlaceBet) =>
      sendJson<Bet>('POST', '/api/bets', {
        betType: terms.betType,
        gameId,
        selection: terms.selection,
        odds: terms.odds,
        amount: centsToDollars(terms.amount),
        potentialWin: centsToDollars(potentialWin(terms.amount, terms.odds)),
        sportsbook: sportsbook.trim() || DEFAULT_SPORTSBOOK,
        ...(userId === undefined ? {} : { userId }),
        spreadPoints: terms.spreadPoints ?? null,
        totalPoints: terms.totalPoints ?? null,
        overUnder: terms.overUnder ?? null,
        spreadTeam: terms.spreadTeam ?? null,
      }),
    onSuccess: () => {
      toast('success', 'Bet placed successfully', 'Your tentative bet has been added to the grid analysis')
      onPlaced()
    },
    onError: (failure) => {
      toast('error', 'Error placing bet', failureText(failure, 'Failed to place bet'))
      const refusal = serverRefusal(failure)
      if (refusal) onRefused(refusal)
    },
    onSettled: () => refreshAfterBetChange(client),
  })
}

function serverRefusal(failure: unknown): ServerRefusal | null {
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
