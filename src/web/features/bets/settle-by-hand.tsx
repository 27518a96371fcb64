import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import type { LedgerResult } from '../../../domain/bet'
import { ApiError, api } from '../../api'
import { refreshAfterBetChange } from '../../queries'
import { useToast } from '../../toasts'
import type { Bet } from '../../types'
import { Button, buttonClass } from '../../ui/button'
import { FieldFrame, INPUT, TextField } from '../../ui/field'
import {
  CLEAR_RESULT,
  canSettleByHand,
  HAND_RESULTS,
  type HandChoice,
  type HandResultBody,
  handResultRequest,
  isTicket,
  legEventText,
  orderedLegs,
  type SettleFormState,
  type SettleProblem,
  settleProblemOf,
} from './ticket-view'

/**
 * Decision 059: 'Settle by hand' on a placed ticket or a placed bet off the feed. The bettor picks the whole
 * bet or one leg, its result, and for the whole bet what the book paid (required while it needs review,
 * decision 060). The server's refusal shows beside the payout field or under the form; a success refreshes
 * every bet list and the history. Renders nothing for a bet the feed settles.
 */
export function SettleByHand({ bet, game }: { bet: Bet; game?: { provider: string } | null }) {
  const [open, setOpen] = useState(false)
  const toggle = useRef<HTMLButtonElement>(null)
  const formId = useId()
  if (!canSettleByHand(bet, game)) return null
  const close = () => {
    setOpen(false)
    // The form goes away: the keyboard goes back to the button that opened it.
    toggle.current?.focus()
  }
  return (
    <div className="flex flex-col gap-2">
      <div>
        <button
          ref={toggle}
          type="button"
          className={`${buttonClass('secondary')} py-1 text-sm`}
          aria-expanded={open}
          aria-controls={formId}
          onClick={() => setOpen((value) => !value)}
        >
          Settle by hand
        </button>
      </div>
      {open ? <SettleForm id={formId} bet={bet} onDone={close} /> : null}
    </div>
  )
}

const RESULT_LABELS: Record<LedgerResult, string> = {
  won: 'Won',
  lost: 'Lost',
  push: 'Push',
  void: 'Void',
  half_won: 'Half won',
  half_lost: 'Half lost',
}

/** The hand result the form's target carries, if any: only one that is set can be cleared. */
function handResultOf(bet: Bet, target: SettleFormState['target']) {
  if (target === 'ticket') return bet.handResult
  return bet.legs.find((leg) => leg.id === target)?.handResult ?? null
}

function SettleForm({ id, bet, onDone }: { id: string; bet: Bet; onDone: () => void }) {
  const toast = useToast()
  const client = useQueryClient()
  const [form, setForm] = useState<SettleFormState>({ target: 'ticket', result: 'won', payout: '' })
  const [problem, setProblem] = useState<SettleProblem | null>(null)
  const payoutInput = useRef<HTMLInputElement>(null)
  // A refusal of the payout takes the keyboard there, so a screen reader reads the message with the field.
  useEffect(() => {
    if (problem?.field === 'payout') payoutInput.current?.focus()
  }, [problem])
  const settle = useMutation({
    mutationFn: (body: HandResultBody) =>
      api.patch('PATCH /api/bets/:id/result', { params: { id: bet.id }, body }),
    onSuccess: () => {
      toast('success', 'Result saved', 'Your bets and history use the result you entered.')
      onDone()
    },
    onError: (error) =>
      setProblem(
        error instanceof ApiError
          ? settleProblemOf(error.serverMessage ?? error.message, error.serverField)
          : settleProblemOf('Failed to save the result', null),
      ),
    onSettled: () => refreshAfterBetChange(client),
  })
  const change = (next: Partial<SettleFormState>) => {
    setForm((current) => ({ ...current, ...next }))
    setProblem(null)
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const request = handResultRequest(bet, form)
    if ('problem' in request) setProblem(request.problem)
    else settle.mutate(request.body)
  }
  const wholeBet = isTicket(bet) ? 'The whole ticket' : 'The bet'
  return (
    <form
      id={id}
      onSubmit={submit}
      aria-label={`Settle ${bet.selection} by hand`}
      className="flex flex-col gap-3 rounded-lg border border-slate-700 bg-slate-950/60 p-3"
      noValidate
    >
      {isTicket(bet) ? (
        <FieldFrame label="Settle">
          {(fieldId) => (
            <select
              id={fieldId}
              value={String(form.target)}
              onChange={(event) =>
                change({ target: event.target.value === 'ticket' ? 'ticket' : Number(event.target.value) })
              }
              className={INPUT}
            >
              <option value="ticket">{wholeBet}</option>
              {orderedLegs(bet).map((leg, index) => (
                <option key={leg.id} value={leg.id}>
                  Leg {index + 1}: {leg.selection} ({legEventText(leg)})
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
      ) : null}
      <FieldFrame label="Result">
        {(fieldId) => (
          <select
            id={fieldId}
            value={form.result}
            onChange={(event) => change({ result: event.target.value as HandChoice })}
            className={INPUT}
          >
            {HAND_RESULTS.map((result) => (
              <option key={result} value={result}>
                {RESULT_LABELS[result]}
              </option>
            ))}
            {handResultOf(bet, form.target) ? (
              <option value={CLEAR_RESULT}>Clear my result (the feed settles it)</option>
            ) : null}
          </select>
        )}
      </FieldFrame>
      {form.target === 'ticket' && form.result !== CLEAR_RESULT ? (
        <TextField
          ref={payoutInput}
          label={bet.needsReview ? 'Payout (required)' : 'Payout (optional)'}
          hint={
            bet.needsReview
              ? 'What the book paid back, stake included.'
              : 'What the book paid back, stake included. Left empty, the result’s own payout is used.'
          }
          value={form.payout}
          onValueChange={(payout) => change({ payout })}
          inputMode="decimal"
          autoComplete="off"
          required={bet.needsReview}
          error={problem?.field === 'payout' ? problem.message : undefined}
        />
      ) : null}
      {problem && problem.field === null ? (
        <p role="alert" className="text-sm text-red-300">
          {problem.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" className="py-1.5 text-sm" disabled={settle.isPending}>
          {settle.isPending ? 'Saving...' : 'Save result'}
        </Button>
        <Button variant="secondary" className="py-1.5 text-sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
