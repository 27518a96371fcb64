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

export const TICKET_EDITED = {
  title: 'Ticket updated',
  text: 'It stays tentative until you confirm it.',
} as const

/** What the slip sends: a new entry, or the new terms of the tentative ticket it edits (`editing`). */
export interface EntryRequest {
  body: CreateBetBody
  editing?: number | null
}

/**
 * POST /api/bets with a ticket or a single off the feed (decision 063), or PUT /api/bets/{id}/ticket with
 * the new terms of one being edited (decision 065). The answer is a tentative bet; the bet lists are
 * refreshed either way, and a 400's `{ field, message }` goes back to the form's field.
 */
export function usePlaceEntry({
  onPlaced,
  onRefused,
  saved = TICKET_SAVED,
  edited = TICKET_EDITED,
}: {
  onPlaced: () => void
  onRefused: (refusal: ServerRefusal) => void
  saved?: { title: string; text: string }
  edited?: { title: string; text: string }
}) {
  const client = useQueryClient()
  const toast = useToast()
  return useMutation({
    mutationFn: ({ body, editing }: EntryRequest) =>
      editing
        ? api.put('PUT /api/bets/:id/ticket', { params: { id: editing }, body })
        : api.post('POST /api/bets', { body }),
    onSuccess: (_bet, { editing }) => {
      const said = editing ? edited : saved
      toast('success', said.title, said.text)
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
