import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateBetBody } from '../../../contract/bets'
import { api, failureText } from '../../api'
import { refreshAfterBetChange } from '../../queries'
import { useToast } from '../../toasts'
import { type ServerRefusal, serverRefusal } from '../bets/bet-form/use-place-bet'

export const TICKET_SAVED = {
  title: 'Ticket saved as tentative',
  text: 'Confirm it in My Bets once the book has taken it.',
} as const

/**
 * POST /api/bets with a ticket or a single off the feed (decision 063). The answer is a tentative bet; the
 * bet lists are refreshed either way, and a 400's `{ field, message }` goes back to the form's field.
 */
export function usePlaceEntry({
  onPlaced,
  onRefused,
  saved = TICKET_SAVED,
}: {
  onPlaced: () => void
  onRefused: (refusal: ServerRefusal) => void
  saved?: { title: string; text: string }
}) {
  const client = useQueryClient()
  const toast = useToast()
  return useMutation({
    mutationFn: (body: CreateBetBody) => api.post('POST /api/bets', { body }),
    onSuccess: () => {
      toast('success', saved.title, saved.text)
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
