import { type FormEvent, useState } from 'react'
import { useToast } from '../../toasts'
import { buttonClass } from '../../ui/button'
import { TextField } from '../../ui/field'
import { currencySymbol } from '../../ui/format'
import {
  EMPTY_OFF_FEED,
  OFF_FEED_BET_TYPES,
  OFF_FEED_TYPE_LABELS,
  type OffFeedBetType,
  type OffFeedForm,
  offFeedErrorField,
  offFeedSingleBody,
  offFeedSlipLeg,
} from './off-feed'
import { OffFeedMarketFields } from './off-feed-market'
import { useSlip } from './slip-context'
import { SelectField } from './slip-fields'
import { SLIP_MESSAGES } from './slip-state'
import { usePlaceEntry } from './use-place-ticket'

type Refusal = { field: keyof OffFeedForm; message: string }

const SINGLE_SAVED = {
  title: 'Bet saved as tentative',
  text: 'Confirm it in My Bets once the book has taken it.',
} as const

const SINGLE_EDITED = { title: 'Bet updated', text: 'It stays tentative until you confirm it.' } as const

/** A tentative single off the feed being edited (decision 065): its id and its terms as the form holds them. */
export interface OffFeedEdit {
  id: number
  form: OffFeedForm
}

/**
 * A bet off the feed (decision 063): the event as the bettor names it, its market or the slip's text, its
 * odds. Add to slip makes it a leg of the ticket (odds optional); Place bet records it alone as a single
 * off the feed (odds and stake required). The domain's checks run first, with the server's messages.
 */
export function OffFeedBetForm({ onDone, editing }: { onDone: () => void; editing?: OffFeedEdit }) {
  const [form, setForm] = useState<OffFeedForm>(editing?.form ?? EMPTY_OFF_FEED)
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  const slip = useSlip()
  const toast = useToast()
  const place = usePlaceEntry({
    saved: SINGLE_SAVED,
    edited: SINGLE_EDITED,
    onPlaced: onDone,
    onRefused: ({ field, message }) => setRefusal({ field: offFeedErrorField(field, form), message }),
  })
  const change = (patch: Partial<OffFeedForm>) => {
    setForm((current) => ({ ...current, ...patch }))
    setRefusal(null)
  }
  const error = (field: keyof OffFeedForm) => (refusal?.field === field ? refusal.message : undefined)

  const addToSlip = () => {
    if (!slip) return
    const leg = offFeedSlipLeg(form)
    if (!leg.ok) return setRefusal({ field: offFeedErrorField(leg.field, form), message: leg.message })
    const refused = slip.add(leg.value)
    if (refused) return setRefusal({ field: 'name', message: refused })
    toast(
      'success',
      SLIP_MESSAGES.added(slip.state.legs.length + 1),
      `${leg.value.selection} is on the bet slip.`,
    )
    onDone()
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const body = offFeedSingleBody(form)
    if (!body.ok) return setRefusal({ field: offFeedErrorField(body.field, form), message: body.message })
    place.mutate({ body: body.value, editing: editing?.id })
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-300">
        A prop, a future or a game the feed does not carry. Grid keeps it off the grid and you settle it by
        hand.
      </p>
      <TextField
        label="Event"
        value={form.name}
        onValueChange={(name) => change({ name })}
        error={error('name')}
        maxLength={200}
        placeholder="Super Bowl LXI winner"
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="League (optional)"
          value={form.league}
          onValueChange={(league) => change({ league })}
          error={error('league')}
          maxLength={50}
        />
        <TextField
          label="Starts (optional)"
          value={form.startTime}
          onValueChange={(startTime) => change({ startTime })}
          error={error('startTime')}
          type="datetime-local"
        />
      </div>
      <SelectField<OffFeedBetType>
        label="Bet Type"
        value={form.betType}
        onValueChange={(betType) => change({ betType })}
        options={OFF_FEED_BET_TYPES.map((type) => ({
          value: type,
          label: OFF_FEED_TYPE_LABELS[type],
        }))}
        error={error('betType')}
      />
      <OffFeedMarketFields form={form} change={change} error={error} />
      <TextField
        label="Odds (optional on a slip leg)"
        value={form.odds}
        onValueChange={(odds) => change({ odds })}
        error={error('odds')}
        placeholder="+250, 3.50 or 5/2"
      />
      <fieldset className="grid grid-cols-2 gap-3 rounded-lg border border-slate-700 p-3">
        <legend className="px-1 text-sm text-slate-400">To place it alone</legend>
        <TextField
          label={`Amount (${currencySymbol()})`}
          value={form.amount}
          onValueChange={(amount) => change({ amount })}
          error={error('amount')}
          type="number"
          step="0.01"
          min="0.01"
          inputMode="decimal"
        />
        <TextField
          label="Sportsbook"
          value={form.sportsbook}
          onValueChange={(sportsbook) => change({ sportsbook })}
          error={error('sportsbook')}
          maxLength={100}
        />
      </fieldset>
      <div className="flex flex-wrap justify-end gap-2">
        {slip && !editing ? (
          <button type="button" onClick={addToSlip} className={buttonClass('secondary')}>
            Add to slip
          </button>
        ) : null}
        <button type="submit" disabled={place.isPending} className={buttonClass('primary')}>
          {editing
            ? place.isPending
              ? 'Saving Bet...'
              : 'Save Bet'
            : place.isPending
              ? 'Placing Bet...'
              : 'Place Bet'}
        </button>
      </div>
    </form>
  )
}
