import type { UseFormRegister } from 'react-hook-form'
import { DOUBLE_CHANCES, DRAW } from '../../../../domain/selection'
import type { Game } from '../../../types'
import { type FieldAria, FormInput, INPUT, Labelled, TeamOptions } from './parts'
import type { BetFormValues } from './resolver'
import { doubleChanceLabel } from './state'

interface TypeFieldsProps {
  values: BetFormValues
  register: UseFormRegister<BetFormValues>
  aria: FieldAria
  game: Pick<Game, 'homeTeam' | 'awayTeam'> | null
  soccer: boolean
}

type PartProps = Pick<TypeFieldsProps, 'values' | 'register' | 'aria'>

/**
 * The fields of the chosen bet type (docs/spec/product-spec.md §2, Bet form): spread, total, moneyline,
 * team total, and on soccer draw no bet and double chance (decision 068).
 */
export function BetTypeFields({ values, register, aria, game, soccer }: TypeFieldsProps) {
  const { attributes, message } = aria
  const teams = game ? [game.awayTeam, game.homeTeam] : []
  const parts = { values, register, aria }
  switch (values.betType) {
    case 'spread':
      return (
        <fieldset className="grid grid-cols-2 gap-3">
          <legend className="sr-only">Spread</legend>
          <TeamSelect {...parts} teams={teams} />
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
          <TotalFields {...parts} />
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
    case 'team_total':
      return (
        <fieldset className="grid grid-cols-2 gap-3">
          <legend className="sr-only">Team Total</legend>
          {/* A whole row for the team: team names are long, the side and the points short. */}
          <div className="col-span-2">
            <TeamSelect {...parts} teams={teams} />
          </div>
          <TotalFields {...parts} />
        </fieldset>
      )
    case 'draw_no_bet':
      return <TeamSelect {...parts} teams={teams} />
    case 'double_chance':
      return (
        <Labelled htmlFor={attributes('doubleChance').id} label="Outcomes">
          <select {...attributes('doubleChance')} {...register('doubleChance')} className={INPUT}>
            <option value="">Select</option>
            {DOUBLE_CHANCES.map((chance) => (
              <option key={chance} value={chance}>
                {doubleChanceLabel(chance, game)}
              </option>
            ))}
          </select>
          {message('doubleChance')}
        </Labelled>
      )
  }
}

/** The team of a spread, a team total or a draw no bet: the wire's spreadTeam for all three. */
function TeamSelect({ values, register, aria, teams }: PartProps & { teams: readonly string[] }) {
  return (
    <Labelled htmlFor={aria.attributes('spreadTeam').id} label="Team">
      <select
        {...aria.attributes('spreadTeam', values.spreadTeam === '')}
        {...register('spreadTeam')}
        className={INPUT}
      >
        <TeamOptions teams={teams} />
      </select>
      {aria.message('spreadTeam')}
    </Labelled>
  )
}

/** The side and the points of a total or a team total. */
function TotalFields({ values, register, aria }: PartProps) {
  return (
    <>
      <Labelled htmlFor={aria.attributes('overUnder').id} label="Over/Under">
        <select
          {...aria.attributes('overUnder', values.overUnder === '')}
          {...register('overUnder')}
          className={INPUT}
        >
          <option value="">Select</option>
          <option value="over">Over</option>
          <option value="under">Under</option>
        </select>
        {aria.message('overUnder')}
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
    </>
  )
}
