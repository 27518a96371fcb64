import type { UseFormRegister } from 'react-hook-form'
import { MAX_AMOUNT_CENTS, parseCents } from '../../../../domain/money'
import { isValidOdds, ODDS_OPTIONS, potentialWin } from '../../../../domain/odds'
import { type FieldAria, INPUT, Labelled } from './parts'
import type { BetFormValues } from './resolver'
import { CUSTOM_ODDS, oddsOf } from './state'

interface Props {
  values: BetFormValues
  register: UseFormRegister<BetFormValues>
  aria: FieldAria
}

/** D9: odds from the dropdown or a custom whole number. */
export function OddsFields({ values, register, aria: { attributes, message } }: Props) {
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
        <Labelled htmlFor={attributes('customOdds').id} label="Custom Odds">
          <input
            {...attributes('customOdds')}
            {...register('customOdds')}
            type="number"
            step="1"
            inputMode="numeric"
            placeholder="+150"
            className={INPUT}
          />
          {message('customOdds')}
        </Labelled>
      ) : null}
    </div>
  )
}

export function AmountFields({ register, aria: { attributes, message } }: Omit<Props, 'values'>) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <Labelled htmlFor={attributes('amount').id} label="Amount ($)">
        <input
          {...attributes('amount')}
          {...register('amount')}
          type="number"
          step="0.01"
          min="0.01"
          inputMode="decimal"
          placeholder="100.00"
          className={INPUT}
        />
        {message('amount')}
      </Labelled>
      <Labelled htmlFor={attributes('sportsbook').id} label="Sportsbook">
        <input
          {...attributes('sportsbook')}
          {...register('sportsbook')}
          type="text"
          maxLength={100}
          className={INPUT}
        />
      </Labelled>
    </div>
  )
}

/** D1 To Win for what is typed so far; $0.00 until the amount and odds are both valid. */
export function previewWin(values: BetFormValues): number {
  const cents = parseCents(values.amount)
  const odds = oddsOf(values)
  if (cents === null || cents <= 0 || cents > MAX_AMOUNT_CENTS || !isValidOdds(odds)) return 0
  return potentialWin(cents, odds)
}
