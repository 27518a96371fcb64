import { type FormEvent, useEffect, useRef, useState } from 'react'
import { buttonClass } from '../../ui/button'
import { FOCUS } from '../../ui/focus'
import { formatMoney } from '../../ui/format'
import { plural } from '../../ui/text'
import { OffFeedModal } from './off-feed-modal'
import { useSlip } from './slip-context'
import { SlipLegs } from './slip-legs'
import { SlipPrice } from './slip-price'
import {
  allowedKinds,
  checkSlip,
  previewToWin,
  SLIP_MESSAGES,
  type SlipRefusal,
  type SlipState,
  ticketBody,
} from './slip-state'
import { KindTerms, PriceTerms } from './slip-terms'
import { usePlaceEntry } from './use-place-ticket'

const BODY_ID = 'bet-slip-body'

/**
 * The bet slip (decisions 063 and 064): on every signed-in page while it holds legs, docked at the bottom right and
 * collapsible to its header. Its legs, the ticket's kind and terms, and its live To Win; Place ticket checks
 * the ticket as the server does (checkSlip) and shows each refusal beside its field.
 */
export function SlipPanel() {
  const slip = useSlip()
  const [offFeed, setOffFeed] = useState(false)
  if (!slip || slip.state.legs.length === 0) return null
  const { state, dispatch } = slip
  const toWin = previewToWin(state)
  return (
    <aside
      aria-label="Bet slip"
      className="fixed right-3 bottom-3 z-40 flex max-h-[85vh] w-[min(26rem,calc(100vw-1.5rem))] flex-col rounded-xl border border-emerald-700/60 bg-slate-900 shadow-2xl shadow-black/60"
    >
      <h2>
        <button
          type="button"
          aria-expanded={state.expanded}
          aria-controls={BODY_ID}
          onClick={() => dispatch({ type: 'expanded', expanded: !state.expanded })}
          className={`flex w-full items-center gap-2 rounded-xl px-4 py-3 text-left ${FOCUS}`}
        >
          <span className="font-semibold">{state.editing === null ? 'Bet slip' : 'Editing ticket'}</span>
          <span className="text-sm text-slate-400">{plural(state.legs.length, 'leg')}</span>
          <span className="ml-auto text-sm text-emerald-300 tabular-nums">
            {toWin === null ? '' : `To Win ${formatMoney(toWin)}`}
          </span>
          <span aria-hidden="true" className="text-slate-400">
            {state.expanded ? '▾' : '▸'}
          </span>
        </button>
      </h2>
      {state.expanded ? (
        <div id={BODY_ID} className="flex flex-col gap-3 overflow-auto border-t border-slate-800 px-4 py-3">
          <TicketForm state={state} onOffFeed={() => setOffFeed(true)} />
        </div>
      ) : null}
      <OffFeedModal open={offFeed} onClose={() => setOffFeed(false)} />
    </aside>
  )
}

function TicketForm({ state, onOffFeed }: { state: SlipState; onOffFeed: () => void }) {
  const slip = useSlip()
  const form = useRef<HTMLFormElement>(null)
  const [tried, setTried] = useState(0)
  const sent = useRef<SlipState | null>(null)
  const [server, setServer] = useState<{ refusal: SlipRefusal; state: SlipState } | null>(null)
  const dispatch = slip?.dispatch ?? (() => {})
  const place = usePlaceEntry({
    onPlaced: () => {
      setTried(0)
      dispatch({ type: 'clear' })
    },
    onRefused: (refusal) => setServer({ refusal, state: sent.current ?? state }),
  })
  const check = checkSlip(state)
  // The server's refusal until the slip changes; the domain's, live, once the bettor has tried to place.
  const refusal: SlipRefusal | null =
    server?.state === state
      ? server.refusal
      : tried > 0 && !check.ok
        ? { field: check.field, message: check.message }
        : null

  // Point the keyboard at the refused field after each refused try, and after the server's refusal.
  useEffect(() => {
    if (tried > 0 || server) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [tried, server])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!check.ok) {
      setTried((count) => count + 1)
      return
    }
    sent.current = state
    place.mutate({ body: ticketBody(state), editing: state.editing })
  }
  const kinds = allowedKinds(state.legs)
  const toWin = previewToWin(state)
  return (
    <form ref={form} onSubmit={submit} noValidate className="flex flex-col gap-3">
      <SlipLegs legs={state.legs} refusal={refusal} onRemove={(key) => dispatch({ type: 'remove', key })} />
      {state.legs.length < 2 ? (
        <p className="text-sm text-slate-300">{SLIP_MESSAGES.oneLeg}</p>
      ) : kinds.length === 0 ? (
        <p className="text-sm text-amber-200">{SLIP_MESSAGES.noKind}</p>
      ) : (
        <>
          <KindTerms
            state={state}
            refusal={refusal}
            onChange={(terms) => dispatch({ type: 'terms', terms })}
          />
          <PriceTerms
            state={state}
            refusal={refusal}
            onChange={(terms) => dispatch({ type: 'terms', terms })}
          />
          <output
            aria-live="polite"
            className="rounded-lg bg-slate-950 px-3 py-2 text-lg font-semibold text-emerald-300 tabular-nums"
          >
            To Win: {toWin === null ? '—' : formatMoney(toWin)}
          </output>
          {check.ok ? <SlipPrice body={ticketBody(state)} /> : null}
        </>
      )}
      {refusal ? (
        <p role="alert" className="text-sm text-red-300">
          Check the ticket: {refusal.message}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <button
          type="button"
          onClick={() => dispatch({ type: 'clear' })}
          className={buttonClass('secondary')}
        >
          {state.editing === null ? 'Clear slip' : 'Cancel edit'}
        </button>
        <button type="button" onClick={onOffFeed} className={buttonClass('secondary')}>
          Add a bet off the feed
        </button>
        <button
          type="submit"
          disabled={place.isPending || kinds.length === 0}
          className={buttonClass('primary')}
        >
          {state.editing === null
            ? place.isPending
              ? 'Placing ticket...'
              : 'Place ticket'
            : place.isPending
              ? 'Saving ticket...'
              : 'Save ticket'}
        </button>
      </div>
    </form>
  )
}
