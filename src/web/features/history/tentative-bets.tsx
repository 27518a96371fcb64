import { useId, useState } from 'react'
import { WIRE_BET_TYPE_LABELS } from '../../../domain/bet'
import { wirePriceText } from '../../../domain/price'
import type { BetWithGame } from '../../types'
import { Button } from '../../ui/button'
import { Modal } from '../../ui/dialog'
import { FOCUS } from '../../ui/focus'
import { formatMoney } from '../../ui/format'
import { useBetActions } from '../bets/bet-actions'

/**
 * docs/spec/product-spec.md §2: a final game's tentative bets, in a collapsible 'Manage {n} tentative bet(s)' section.
 * Confirm commits the bet (the server settles it at once, the game being final); Remove deletes it after
 * the section 5 prompt. Either way the history and the other bet views refetch (section 4).
 */
export function TentativeBets({ bets }: { bets: readonly BetWithGame[] }) {
  const [open, setOpen] = useState(false)
  const [removing, setRemoving] = useState<BetWithGame | null>(null)
  const listId = useId()
  const { confirm, remove } = useBetActions()
  const busy = confirm.isPending || remove.isPending

  return (
    <section className="rounded-lg border border-amber-500/30 bg-amber-500/5">
      <h4>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((isOpen) => !isOpen)}
          className={`flex w-full items-center justify-between gap-2 rounded-lg px-3 py-2 text-left text-sm font-medium text-amber-200 hover:bg-amber-500/10 ${FOCUS}`}
        >
          Manage {bets.length} tentative {bets.length === 1 ? 'bet' : 'bets'}
          <span aria-hidden="true">{open ? '▲' : '▼'}</span>
        </button>
      </h4>
      {open ? (
        <ul id={listId} className="flex flex-col divide-y divide-slate-800 border-t border-amber-500/20 px-3">
          <li className="py-2 text-sm text-slate-300">
            Not placed (what-if): these never counted. Confirm one you did place and it is settled at once.
          </li>
          {bets.map((bet) => (
            <li key={bet.id} className="flex flex-wrap items-center gap-2 py-2 text-sm">
              <span className="min-w-0 flex-1">
                <span className="font-medium">{bet.selection}</span>{' '}
                <span className="text-slate-400">
                  {WIRE_BET_TYPE_LABELS[bet.betType]} · {wirePriceText(bet)} · {formatMoney(bet.amount)}
                </span>
              </span>
              <button
                type="button"
                disabled={busy}
                onClick={() => confirm.mutate(bet.id)}
                aria-label={`Confirm ${bet.selection}`}
                className={`rounded-md bg-emerald-500 px-3 py-1 font-semibold text-slate-950 hover:bg-emerald-400 disabled:opacity-60 ${FOCUS}`}
              >
                Confirm
              </button>
              <button
                type="button"
                disabled={busy}
                onClick={() => setRemoving(bet)}
                aria-label={`Remove ${bet.selection}`}
                className={`rounded-md border border-red-500/60 px-3 py-1 font-semibold text-red-300 hover:bg-red-950 disabled:opacity-60 ${FOCUS}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Modal open={removing !== null} onClose={() => setRemoving(null)} title="Remove tentative bet">
        {removing ? (
          <div className="flex flex-col gap-4">
            <p>Remove this tentative bet? This cannot be undone.</p>
            <p className="text-sm text-slate-400">{removing.selection}</p>
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setRemoving(null)}>
                Cancel
              </Button>
              <Button
                variant="danger"
                onClick={() => remove.mutate(removing.id, { onSettled: () => setRemoving(null) })}
                disabled={remove.isPending}
              >
                {remove.isPending ? 'Removing...' : 'Remove'}
              </Button>
            </div>
          </div>
        ) : null}
      </Modal>
    </section>
  )
}
