import type { UseFormRegister } from 'react-hook-form'
import { MAX_AMOUNT_CENTS, parseCents } from '../../../../domain/money'
import { isValidOdds, ODDS_OPTIONS } from '../../../../domain/odds'
import { readPrice, toWinAt } from '../../../../domain/price'
import { currencySymbol } from '../../../ui/format'
import { type FieldAria, FormInput, INPUT, Labelled } from './parts'
import type { BetFormValues } from './resolver'
import { betFormInput, CUSTOM_ODDS } from './state'

interface Props {
  values: BetFormValues
  register: UseFormRegister<BetFormValues>
  aria: FieldAria
}

/** The slip's price in the bettor's format (decision 072): a decimal or fractional field, or American odds. */
export function OddsFields({ values, register, aria }: Props) {
  switch (values.priceFormat) {
    case 'american':
      return <AmericanOddsFields values={values} register={register} aria={aria} />
    case 'decimal':
      return (
        <FormInput
          name="exactOdds"
          label="Odds (decimal)"
          aria={aria}
          register={register}
          type="text"
          inputMode="decimal"
          placeholder="1.91"
        />
      )
    case 'fractional':
      return (
        <FormInput
          name="exactOdds"
          label="Odds (fractional)"
          aria={aria}
          register={register}
          type="text"
          placeholder="6/4"
        />
      )
  }
}

/** Decision 009: odds from the dropdown or a custom whole number. */
function AmericanOddsFields({ values, register, aria }: Props) {
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
        label={`Amount (${currencySymbol()})`}
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

/** Decision 001 To Win at the price as typed (exact, decision 072); $0.00 until the amount and price are valid. */
export function previewWin(values: BetFormValues): number {
  const cents = parseCents(values.amount)
  const price = readPrice(betFormInput(values))
  if (cents === null || cents <= 0 || cents > MAX_AMOUNT_CENTS || !price.ok) return 0
  const { odds, exactPrice } = price
  return odds !== null && isValidOdds(odds) ? toWinAt(cents, { odds, exactPrice }) : 0
}
