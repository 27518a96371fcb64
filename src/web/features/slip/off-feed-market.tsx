import type { OverUnder } from '../../../domain/bet'
import { DOUBLE_CHANCES, type DoubleChance } from '../../../domain/selection'
import { TextField } from '../../ui/field'
import { doubleChanceLabel } from '../bets/bet-form/state'
import type { OffFeedForm } from './off-feed'
import { SelectField } from './slip-fields'

interface Props {
  form: OffFeedForm
  change: (patch: Partial<OffFeedForm>) => void
  error: (field: keyof OffFeedForm) => string | undefined
}

/**
 * The market's fields off the feed: the slip's text ('other', a moneyline's team), a spread's, total's or
 * team total's parts, a draw no bet's team, or the double chance.
 */
export function OffFeedMarketFields({ form, change, error }: Props) {
  switch (form.betType) {
    case 'other':
    case 'moneyline':
      return (
        <TextField
          label={form.betType === 'other' ? 'Selection' : 'Team'}
          value={form.selection}
          onValueChange={(selection) => change({ selection })}
          error={error('selection')}
          maxLength={200}
          placeholder={form.betType === 'other' ? 'LeBron James over 25.5 points' : 'Team or player'}
        />
      )
    case 'spread':
      return (
        <div className="grid grid-cols-2 gap-3">
          <TeamField form={form} change={change} error={error} />
          <TextField
            label="Points"
            value={form.spreadPoints}
            onValueChange={(spreadPoints) => change({ spreadPoints })}
            error={error('spreadPoints')}
            type="number"
            step="0.5"
            inputMode="decimal"
            placeholder="-3.5"
          />
        </div>
      )
    case 'total':
      return (
        <div className="grid grid-cols-2 gap-3">
          <TotalFields form={form} change={change} error={error} />
        </div>
      )
    case 'team_total':
      return (
        <div className="grid grid-cols-2 gap-3">
          <TeamField form={form} change={change} error={error} className="col-span-2" />
          <TotalFields form={form} change={change} error={error} />
        </div>
      )
    case 'draw_no_bet':
      return <TeamField form={form} change={change} error={error} />
    case 'double_chance':
      return (
        <SelectField<DoubleChance | ''>
          label="Outcomes"
          value={form.doubleChance}
          onValueChange={(doubleChance) => change({ doubleChance })}
          options={[
            { value: '', label: 'Select' },
            // Off the feed Grid knows no teams: the sides read 'Home' and 'Away'.
            ...DOUBLE_CHANCES.map((chance) => ({ value: chance, label: doubleChanceLabel(chance, null) })),
          ]}
          error={error('doubleChance')}
        />
      )
  }
}

/** The team of a spread, a team total or a draw no bet: the wire's spreadTeam for all three. */
function TeamField({ form, change, error, className }: Props & { className?: string }) {
  return (
    <TextField
      label="Team"
      value={form.spreadTeam}
      onValueChange={(spreadTeam) => change({ spreadTeam })}
      error={error('spreadTeam')}
      maxLength={100}
      className={className}
    />
  )
}

/** The side and the points of a total or a team total. */
function TotalFields({ form, change, error }: Props) {
  return (
    <>
      <SelectField<OverUnder | ''>
        label="Over/Under"
        value={form.overUnder}
        onValueChange={(overUnder) => change({ overUnder })}
        options={[
          { value: '', label: 'Select' },
          { value: 'over', label: 'Over' },
          { value: 'under', label: 'Under' },
        ]}
        error={error('overUnder')}
      />
      <TextField
        label="Total Points"
        value={form.totalPoints}
        onValueChange={(totalPoints) => change({ totalPoints })}
        error={error('totalPoints')}
        type="number"
        step="0.5"
        min="0.5"
        inputMode="decimal"
      />
    </>
  )
}
