import type { TicketBetType } from '../../../domain/bet'
import { formatOdds } from '../../../domain/odds'
import type { TieRule, VoidRule } from '../../../domain/ticket'
import { TextField } from '../../ui/field'
import { currencySymbol } from '../../ui/format'
import { plural } from '../../ui/text'
import { SelectField } from './slip-fields'
import {
  allowedKinds,
  bookVoidRule,
  legsOdds,
  messageAt,
  roundRobinParlayCount,
  SLIP_KIND_LABELS,
  type SlipRefusal,
  type SlipState,
  type SlipTermField,
  type SlipTerms,
  sizeChoices,
} from './slip-state'

interface Props {
  state: SlipState
  refusal: SlipRefusal | null
  onChange: (terms: Partial<SlipTerms>) => void
}

const TIE_LABELS: Record<TieRule, string> = {
  reduce: 'A tie drops the leg (reduce)',
  push: 'A tie pushes the teaser',
  lose: 'A tie loses',
}

const VOID_LABELS: Record<VoidRule, string> = {
  void: 'The ticket is void',
  reduce: 'The leg drops (reduce)',
  reprice: 'The book reprices it',
}

const errorOf = (refusal: SlipRefusal | null, term: SlipTermField) =>
  messageAt(refusal, { kind: 'term', term })

/** The ticket's kind, offering only the kinds the legs allow, and the chosen kind's own terms. */
export function KindTerms({ state, refusal, onChange }: Props) {
  const kinds = allowedKinds(state.legs)
  const { terms } = state
  return (
    <>
      <SelectField<TicketBetType>
        label="Ticket type"
        value={terms.kind}
        onValueChange={(kind) => onChange({ kind })}
        options={kinds.map((kind) => ({ value: kind, label: SLIP_KIND_LABELS[kind] }))}
        error={errorOf(refusal, 'kind')}
      />
      {terms.kind === 'teaser' ? <TeaserTerms {...{ state, refusal, onChange }} /> : null}
      {terms.kind === 'same_game_parlay' ? <VoidRuleField {...{ state, refusal, onChange }} /> : null}
      {terms.kind === 'round_robin' ? <SizesField {...{ state, refusal, onChange }} /> : null}
    </>
  )
}

function TeaserTerms({ state, refusal, onChange }: Props) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <TextField
        label="Teaser points"
        value={state.terms.teaserPoints}
        onValueChange={(teaserPoints) => onChange({ teaserPoints })}
        error={errorOf(refusal, 'teaserPoints')}
        type="number"
        step="0.5"
        min="0.5"
        inputMode="decimal"
      />
      <SelectField<TieRule>
        label="On a tie"
        value={state.terms.ties}
        onValueChange={(ties) => onChange({ ties })}
        options={(['reduce', 'push', 'lose'] as const).map((rule) => ({
          value: rule,
          label: TIE_LABELS[rule],
        }))}
        error={errorOf(refusal, 'ties')}
      />
      {state.terms.ties === 'reduce' ? (
        <TextField
          label={`Price with ${state.legs.length - 1} legs (optional)`}
          value={state.terms.reducedOdds}
          onValueChange={(reducedOdds) => onChange({ reducedOdds })}
          error={errorOf(refusal, 'reducedOdds')}
          hint="The book’s price if a tie reduces the teaser; without it, a tie waits for what the book paid"
          inputMode="numeric"
          placeholder="-110"
        />
      ) : null}
    </div>
  )
}

/** Decision 055: the book's rule for a void or pushed leg, defaulted from the sportsbook when Grid knows it. */
function VoidRuleField({ state, refusal, onChange }: Props) {
  const book = bookVoidRule(state.terms.sportsbook)
  const fallback = book ?? 'reduce'
  const hint = book
    ? `${state.terms.sportsbook.trim()}’s rule: ${VOID_LABELS[book].toLowerCase()}`
    : 'Grid does not know this book’s rule: choose it, or reduce stands'
  return (
    <SelectField<VoidRule>
      label="A void or pushed leg"
      value={state.terms.voidRule || fallback}
      onValueChange={(voidRule) => onChange({ voidRule: voidRule === book ? '' : voidRule })}
      options={(['void', 'reduce', 'reprice'] as const).map((rule) => ({
        value: rule,
        label: rule === book ? `${VOID_LABELS[rule]} (the book’s rule)` : VOID_LABELS[rule],
      }))}
      hint={hint}
      error={errorOf(refusal, 'voidRule')}
    />
  )
}

/** Decision 058: the sizes of parlays the round robin makes, as checkboxes. */
function SizesField({ state, refusal, onChange }: Props) {
  const error = errorOf(refusal, 'sizes')
  const count = roundRobinParlayCount(state)
  const toggle = (size: number, on: boolean) => {
    const sizes = on ? [...state.terms.sizes, size] : state.terms.sizes.filter((s) => s !== size)
    onChange({ sizes: [...new Set(sizes)].sort((a, b) => a - b) })
  }
  return (
    <fieldset aria-describedby="slip-sizes-hint">
      <legend className="mb-1 text-sm font-medium text-slate-300">Parlay sizes</legend>
      <div className="flex flex-wrap gap-3">
        {sizeChoices(state.legs.length).map((size) => (
          <label key={size} className="flex items-center gap-1 text-sm">
            <input
              type="checkbox"
              checked={state.terms.sizes.includes(size)}
              onChange={(event) => toggle(size, event.target.checked)}
              aria-invalid={error ? true : undefined}
            />
            {`${size}-leg`}
          </label>
        ))}
      </div>
      <p id="slip-sizes-hint" className="mt-1 text-xs text-slate-400">
        {plural(count, 'parlay')}: the stake is split evenly between them
      </p>
      {error ? <p className="mt-1 text-sm text-red-300">{error}</p> : null}
    </fieldset>
  )
}

/** Sportsbook, stake, the ticket's odds and To Win as the book printed them, and a profit or price boost. */
export function PriceTerms({ state, refusal, onChange }: Props) {
  const { terms } = state
  const fromLegs = legsOdds(state)
  const oddsOptional = terms.kind === 'parlay' || terms.kind === 'round_robin'
  return (
    <>
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Sportsbook"
          value={terms.sportsbook}
          onValueChange={(sportsbook) => onChange({ sportsbook })}
          error={errorOf(refusal, 'sportsbook')}
          maxLength={100}
        />
        <TextField
          label={`Stake (${currencySymbol()})`}
          value={terms.amount}
          onValueChange={(amount) => onChange({ amount })}
          error={errorOf(refusal, 'amount')}
          type="number"
          step="0.01"
          min="0.01"
          inputMode="decimal"
          placeholder="10.00"
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={oddsOptional ? 'Ticket odds (optional)' : 'Ticket odds'}
          value={terms.odds}
          onValueChange={(odds) => onChange({ odds })}
          error={errorOf(refusal, 'odds')}
          hint={
            fromLegs === null ? 'American, decimal or fractional' : `The legs give ${formatOdds(fromLegs)}`
          }
          placeholder={fromLegs === null ? '+600, 7.00 or 6/1' : formatOdds(fromLegs)}
        />
        <TextField
          label={`To Win (${currencySymbol()}, optional)`}
          value={terms.toWin}
          onValueChange={(toWin) => onChange({ toWin })}
          error={errorOf(refusal, 'toWin')}
          hint="As the book’s slip says"
          type="number"
          step="0.01"
          min="0.01"
          inputMode="decimal"
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Profit boost (%, optional)"
          value={terms.boost}
          onValueChange={(boost) => onChange({ boost })}
          error={errorOf(refusal, 'boost')}
          type="number"
          step="0.01"
          min="0.01"
          inputMode="decimal"
          placeholder="None"
        />
        <TextField
          label="Odds before a price boost (optional)"
          value={terms.unboosted}
          onValueChange={(unboosted) => onChange({ unboosted })}
          error={errorOf(refusal, 'unboosted')}
          hint="The ticket odds above are the boosted ones"
          inputMode="numeric"
          placeholder="None"
        />
      </div>
    </>
  )
}
