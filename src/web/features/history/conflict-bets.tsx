import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, failureText } from '../../api'
import { refreshAfterBetChange } from '../../queries'
import { useToast } from '../../toasts'
import type { BetWithGame } from '../../types'
import { Button } from '../../ui/button'

/**
 * Decision 027: bets whose file or sync says one result and the final score another. Each says both and
 * lets the bettor choose; until then the book's result counts and the game offers no Share Win.
 */
export function ConflictBets({ bets }: { bets: readonly BetWithGame[] }) {
  const toast = useToast()
  const queryClient = useQueryClient()
  const resolve = useMutation({
    mutationFn: ({ id, result }: { id: number; result: 'file' | 'score' }) =>
      api.post('POST /api/bets/:id/resolve-conflict', { params: { id }, body: { result } }),
    onSuccess: () => toast('success', 'Result chosen', 'Your history and profit and loss use it now.'),
    onError: (error) => toast('error', 'Failed to choose', failureText(error, 'Failed to choose the result')),
    onSettled: () => refreshAfterBetChange(queryClient),
  })
  return (
    <section
      aria-label="Results to choose"
      className="rounded-lg border border-amber-500/40 bg-amber-500/5 px-3"
    >
      <ul className="flex flex-col divide-y divide-slate-800">
        {bets.map(({ conflict, ...bet }) =>
          conflict ? (
            <li key={bet.id} className="flex flex-col gap-2 py-2 text-sm">
              <p>
                <span className="font-medium">{bet.selection}</span>:{' '}
                <span className="text-amber-200">
                  The file says {conflict.fileResult}, the score says {conflict.scoreResult}.
                </span>
              </p>
              <div className="flex flex-wrap gap-2">
                {(['file', 'score'] as const).map((result) => (
                  <Button
                    key={result}
                    variant="secondary"
                    disabled={resolve.isPending}
                    onClick={() => resolve.mutate({ id: bet.id, result })}
                  >
                    {choiceLabel(result, conflict)}
                  </Button>
                ))}
              </div>
            </li>
          ) : null,
        )}
      </ul>
    </section>
  )
}

/** The button that keeps the file's result, or takes the score's. */
function choiceLabel(result: 'file' | 'score', conflict: NonNullable<BetWithGame['conflict']>): string {
  return result === 'file' ? `Keep ${conflict.fileResult} (file)` : `Use ${conflict.scoreResult} (score)`
}
