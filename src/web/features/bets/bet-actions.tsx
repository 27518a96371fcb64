import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { api, failureText } from '../../api'
import { refreshAfterBetChange } from '../../queries'
import { useToast } from '../../toasts'
import type { Bet, Game } from '../../types'
import { offFeedFormOf } from '../slip/off-feed'
import type { OffFeedEdit } from '../slip/off-feed-form'
import { OffFeedModal } from '../slip/off-feed-modal'
import { useSlip } from '../slip/slip-context'
import { slipOfTicket } from '../slip/slip-state'
import { BetModal } from './bet-modal'
import { isOffFeed, isTicket } from './ticket-view'

/** Delete and Confirm of a tentative bet (decision 008), each refreshing the bet lists. */
export function useBetActions() {
  const client = useQueryClient()
  const toast = useToast()
  const remove = useMutation({
    mutationFn: (id: number) => api.delete('DELETE /api/bets/:id', { params: { id } }),
    onSuccess: () => toast('success', 'Bet Removed', 'Your bet has been successfully deleted.'),
    onError: (error) => toast('error', 'Error', failureText(error, 'Failed to delete bet')),
    onSettled: () => refreshAfterBetChange(client),
  })
  const confirm = useMutation({
    mutationFn: (id: number) =>
      api.patch('PATCH /api/bets/:id/status', { params: { id }, body: { betStatus: 'committed' } }),
    onSuccess: () => toast('success', 'Bet confirmed', 'The bet is now placed and counts in your P&L.'),
    onError: (error) => toast('error', 'Error', failureText(error, 'Failed to confirm bet')),
    onSettled: () => refreshAfterBetChange(client),
  })
  return { remove, confirm }
}

const REPLACE_SLIP_PROMPT =
  'Edit this ticket on the bet slip? The legs on the slip now will be removed from it.'

/**
 * Edit of a tentative bet on `game` (decisions 008 and 065): a single on the feed in the bet form, a ticket
 * on the bet slip (in place of what the slip held, after asking), a single off the feed in its own form.
 * `dialogs` renders the forms it opens.
 */
export function useBetEdit(game: Game): {
  canEdit: (bet: Bet) => boolean
  edit: (bet: Bet) => void
  dialogs: ReactNode
} {
  const slip = useSlip()
  const [single, setSingle] = useState<Bet | null>(null)
  const [offFeed, setOffFeed] = useState<OffFeedEdit | null>(null)
  const edit = (bet: Bet) => {
    if (isTicket(bet)) {
      if (!slip || (slip.state.legs.length > 0 && !window.confirm(REPLACE_SLIP_PROMPT))) return
      slip.dispatch({ type: 'edit', slip: slipOfTicket(bet) })
    } else if (isOffFeed(bet, game)) setOffFeed({ id: bet.id, form: offFeedFormOf(bet, game) })
    else setSingle(bet)
  }
  return {
    // A ticket needs the slip, which only signed-in pages have.
    canEdit: (bet) => !isTicket(bet) || slip !== null,
    edit,
    dialogs: (
      <>
        <BetModal
          open={single !== null}
          onClose={() => setSingle(null)}
          game={game}
          editing={single ?? undefined}
        />
        <OffFeedModal
          open={offFeed !== null}
          onClose={() => setOffFeed(null)}
          editing={offFeed ?? undefined}
        />
      </>
    ),
  }
}
