import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, failureText } from '../../api'
import { refreshAfterBetChange } from '../../queries'
import { useToast } from '../../toasts'
import type { Bet } from '../../types'
import { Button } from '../../ui/button'
import { Modal } from '../../ui/dialog'

/** docs/spec/product-spec.md §5: deleting a pending bet asks first; section 8 gives the toasts. */
export function DeleteBetDialog({ bet, onClose }: { bet: Bet | null; onClose: () => void }) {
  const toast = useToast()
  const queryClient = useQueryClient()
  const remove = useMutation({
    mutationFn: (id: number) => api.delete('DELETE /api/bets/:id', { params: { id } }),
    onSuccess: () => toast('success', 'Bet deleted successfully', 'The pending bet has been removed.'),
    onError: (error) => {
      toast(
        'error',
        'Failed to delete bet',
        failureText(error, 'Could not delete the bet. Only pending bets can be deleted.'),
      )
    },
    onSettled: () => {
      onClose()
      return refreshAfterBetChange(queryClient)
    },
  })
  return (
    <Modal open={bet !== null} onClose={onClose} title="Delete bet">
      {bet ? (
        <div className="flex flex-col gap-4">
          <p>Are you sure you want to delete this bet? This action cannot be undone.</p>
          <p className="text-sm text-slate-400">{bet.selection}</p>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => remove.mutate(bet.id)} disabled={remove.isPending}>
              {remove.isPending ? 'Deleting...' : 'Delete'}
            </Button>
          </div>
        </div>
      ) : null}
    </Modal>
  )
}
