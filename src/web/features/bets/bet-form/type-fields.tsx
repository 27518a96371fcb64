import type { UseFormRegister } from 'react-hook-form'
import { DOUBLE_CHANCES, DRAW } from '../../../../domain/selection'
import type { Game } from '../../../types'
import { FOCUS } from '../../../ui/focus'
import { type FieldAria, FormInput, INPUT, Labelled, TeamOptions } from './parts'
import type { BetFormValues } from './resolver'
import { doubleChanceLabel, handicapTeamLabel } from './state'

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
 * team total, and on soccer draw no bet and double chance (decision 068), the three-way handicap and the
 * winning margin (decision 069), both teams to score and the correct score (decision 074).
 */
export function BetTypeFields({ values, register, aria, game, soccer }: TypeFieldsProps) {
  const { attributes, message } = aria
  const teams = game ? [game.awayTeam, game.homeTeam] : []
  const parts = { values, register, aria }
  // Soccer's Asian quarter lines (decision 071) sit between the half points.
  const step = soccer ? '0.25' : '0.5'
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
            step={step}
            inputMode="decimal"
            placeholder="-3.5"
          />
        </fieldset>
      )
    case 'total':
      return (
        <fieldset className="grid grid-cols-2 gap-3">
          <legend className="sr-only">Over/Under</legend>
          <TotalFields {...parts} step={step} />
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
          <TotalFields {...parts} step={step} />
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
    case 'three_way_handicap':
      return <ThreeWayHandicapFields {...parts} teams={teams} />
    case 'winning_margin':
      return <WinningMarginFields {...parts} teams={teams} />
    case 'both_teams_to_score':
      return (
        <Labelled htmlFor={attributes('bothTeamsToScore').id} label="Both Teams to Score">
          <select {...attributes('bothTeamsToScore')} {...register('bothTeamsToScore')} className={INPUT}>
            <option value="">Select</option>
            <option value="Yes">Yes</option>
            <option value="No">No</option>
          </select>
          {message('bothTeamsToScore')}
        </Labelled>
      )
    case 'correct_score':
      return <CorrectScoreFields {...parts} game={game} />
  }
}

/** A correct score (decision 074): each side's goals, named by its team. */
function CorrectScoreFields({ values, register, aria, game }: PartProps & Pick<TypeFieldsProps, 'game'>) {
  const goals = (name: 'correctHome' | 'correctAway', team: string | undefined, side: string) => (
    <FormInput
      name={name}
      label={`${team ?? side} Goals`}
      aria={aria}
      register={register}
      empty={values[name].trim() === ''}
      type="number"
      step="1"
      min="0"
      inputMode="numeric"
      placeholder="1"
    />
  )
  return (
    <fieldset className="grid grid-cols-2 gap-3">
      <legend className="sr-only">Correct Score</legend>
      {goals('correctHome', game?.homeTeam, 'Home')}
      {goals('correctAway', game?.awayTeam, 'Away')}
    </fieldset>
  )
}

/**
 * A three-way handicap: the team whose handicap is quoted, its whole goals, and which side is backed, the
 * team under the handicap or the draw under it (the option reads 'Chelsea +1' as the bettor typed it).
 */
function ThreeWayHandicapFields({ values, register, aria, teams }: PartProps & { teams: readonly string[] }) {
  return (
    <fieldset className="grid grid-cols-2 gap-3">
      <legend className="sr-only">Three-Way Handicap</legend>
      <TeamSelect values={values} register={register} aria={aria} teams={teams} />
      <FormInput
        name="spreadPoints"
        label="Handicap (Whole Goals)"
        aria={aria}
        register={register}
        empty={values.spreadPoints.trim() === ''}
        type="number"
        step="1"
        inputMode="numeric"
        placeholder="-1"
      />
      <div className="col-span-2">
        <Labelled htmlFor={aria.attributes('handicapBacking').id} label="Backing">
          <select {...aria.attributes('handicapBacking')} {...register('handicapBacking')} className={INPUT}>
            <option value="team">{handicapTeamLabel(values)}</option>
            <option value="draw">{DRAW}</option>
          </select>
        </Labelled>
      </div>
    </fieldset>
  )
}

/**
 * A winning margin: the winner (a team or the draw), the goals it wins by, and whether by that many or more.
 * The draw has no margin, so its goals and 'or more' are not shown.
 */
function WinningMarginFields({ values, register, aria, teams }: PartProps & { teams: readonly string[] }) {
  const draw = values.marginTeam === DRAW
  return (
    <fieldset className="grid grid-cols-2 gap-3">
      <legend className="sr-only">Winning Margin</legend>
      <div className="col-span-2">
        <Labelled htmlFor={aria.attributes('marginTeam').id} label="Winner">
          <select
            {...aria.attributes('marginTeam', values.marginTeam === '')}
            {...register('marginTeam')}
            className={INPUT}
          >
            <TeamOptions teams={teams} />
            <option value={DRAW}>{DRAW}</option>
          </select>
          {aria.message('marginTeam')}
        </Labelled>
      </div>
      {draw ? null : (
        <>
          <FormInput
            name="marginGoals"
            label="Margin (Goals)"
            aria={aria}
            register={register}
            empty={values.marginGoals.trim() === ''}
            type="number"
            step="1"
            min="1"
            inputMode="numeric"
            placeholder="2"
          />
          <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-300">
            <input
              type="checkbox"
              {...aria.attributes('marginOrMore')}
              {...register('marginOrMore')}
              className={`h-4 w-4 accent-emerald-500 ${FOCUS}`}
            />
            Or More
          </label>
        </>
      )}
    </fieldset>
  )
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
function TotalFields({ values, register, aria, step }: PartProps & { step: string }) {
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
        step={step}
        min={step}
        inputMode="decimal"
        placeholder="8.5"
      />
    </>
  )
}
