import type { UseFormRegister } from 'react-hook-form'
import { DRAW } from '../../../../domain/selection'
import { type FieldAria, FormInput, INPUT, Labelled, TeamOptions } from './parts'
import type { BetFormValues } from './resolver'

interface TypeFieldsProps {
  values: BetFormValues
  register: UseFormRegister<BetFormValues>
  aria: FieldAria
  teams: readonly string[]
  soccer: boolean
}

/** The fields of the chosen bet type (docs/spec/product-spec.md §2, Bet form): spread, total or moneyline. */
export function BetTypeFields({ values, register, aria, teams, soccer }: TypeFieldsProps) {
  const { attributes, message } = aria
  switch (values.betType) {
    case 'spread':
      return (
        <fieldset className="grid grid-cols-2 gap-3">
          <legend className="sr-only">Spread</legend>
          <Labelled htmlFor={attributes('spreadTeam').id} label="Team">
            <select
              {...attributes('spreadTeam', values.spreadTeam === '')}
              {...register('spreadTeam')}
              className={INPUT}
            >
              <TeamOptions teams={teams} />
            </select>
            {message('spreadTeam')}
          </Labelled>
          <FormInput
            name="spreadPoints"
            label="Points"
            aria={aria}
            register={register}
            empty={values.spreadPoints.trim() === ''}
            type="number"
            step="0.5"
            inputMode="decimal"
            placeholder="-3.5"
          />
        </fieldset>
      )
    case 'total':
      return (
        <fieldset className="grid grid-cols-2 gap-3">
          <legend className="sr-only">Over/Under</legend>
          <Labelled htmlFor={attributes('overUnder').id} label="Over/Under">
            <select
              {...attributes('overUnder', values.overUnder === '')}
              {...register('overUnder')}
              className={INPUT}
            >
              <option value="">Select</option>
              <option value="over">Over</option>
              <option value="under">Under</option>
            </select>
            {message('overUnder')}
          </Labelled>
          <FormInput
            name="totalPoints"
            label="Total Points"
            aria={aria}
            register={register}
            empty={values.totalPoints.trim() === ''}
            type="number"
            step="0.5"
            min="0.5"
            inputMode="decimal"
            placeholder="8.5"
          />
        </fieldset>
      )
    case 'moneyline':
      return (
        <Labelled htmlFor={attributes('moneylineTeam').id} label="Team">
          <select {...attributes('moneylineTeam')} {...register('moneylineTeam')} className={INPUT}>
            <TeamOptions teams={teams} />
            {soccer ? <option value={DRAW}>{DRAW}</option> : null}
          </select>
          {message('moneylineTeam')}
        </Labelled>
      )
  }
}
