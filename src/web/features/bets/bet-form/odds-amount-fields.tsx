import type { UseFormRegister } from 'react-hook-form'
import { MAX_AMOUNT_CENTS, parseCents } from '../../../../domain/money'
import { isValidOdds, ODDS_OPTIONS, potentialWin } from '../../../../domain/odds'
import { type FieldAria, FormInput, INPUT, Labelled } from './parts'
import type { BetFormValues } from './resolver'
import { CUSTOM_ODDS, oddsOf } from './state'

interface Props {
  values: BetFormValues
  register: UseFormRegister<BetFormValues>
  aria: FieldAria
}

/** Decision 009: odds from the dropdown or a custom whole number. */
export function OddsFields({ values, register, aria }: Props) {
  const { attributes, message } = aria
  const custom = values.oddsChoice === CUSTOM_ODDS
  return (
    <div className="grid grid-cols-2 gap-3">
      <Labelled htmlFor={attributes('oddsChoice').id} label="Odds">
        <select {...attributes('oddsChoice')} {...register('oddsChoice')} className={INPUT}>
          {ODDS_OPTIONS.map((option) => (
            <option key={option.value} value={String(option.value)}>
              {option.label}
            </option>
          ))}
          <option value={CUSTOM_ODDS}>Custom</option>
        </select>
        {message('oddsChoice')}
      </Labelled>
      {custom ? (
        <FormInput
          name="customOdds"
          label="Custom Odds"
          aria={aria}
          register={register}
          type="number"
          step="1"
          inputMode="numeric"
          placeholder="+150"
        />
      ) : null}
    </div>
  )
}

export function AmountFields({ register, aria }: Omit<Props, 'values'>) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <FormInput
        name="amount"
        label="Amount ($)"
        aria={aria}
        register={register}
        type="number"
        step="0.01"
        min="0.01"
        inputMode="decimal"
        placeholder="100.00"
      />
      <FormInput
        name="sportsbook"
        label="Sportsbook"
        aria={aria}
        register={register}
        type="text"
        maxLength={100}
      />
    </div>
  )
}

/** Decision 001 To Win for what is typed so far; $0.00 until the amount and odds are both valid. */
export function previewWin(values: BetFormValues): number {
  const cents = parseCents(values.amount)
  const odds = oddsOf(values)
  if (cents === null || cents <= 0 || cents > MAX_AMOUNT_CENTS || !isValidOdds(odds)) return 0
  return potentialWin(cents, odds)
}
