import type { OverUnder } from '../../../domain/bet'
import { DOUBLE_CHANCES, type DoubleChance, DRAW } from '../../../domain/selection'
import { TextField } from '../../ui/field'
import { FOCUS } from '../../ui/focus'
import { doubleChanceLabel, type HandicapBacking, handicapTeamLabel } from '../bets/bet-form/state'
import type { OffFeedForm } from './off-feed'
import { SelectField } from './slip-fields'

interface Props {
  form: OffFeedForm
  change: (patch: Partial<OffFeedForm>) => void
  error: (field: keyof OffFeedForm) => string | undefined
}

/**
 * The market's fields off the feed: the slip's text ('other', a moneyline's team), a spread's, total's or
 * team total's parts, a draw no bet's team, the double chance, a three-way handicap's or a winning margin's
 * parts.
 */
export function OffFeedMarketFields({ form, change, error }: Props) {
  switch (form.betType) {
    case 'other':
    case 'moneyline':
    case 'both_teams_to_score':
    case 'correct_score': {
      const { label, placeholder } = TEXT_FIELD[form.betType]
      return (
        <TextField
          label={label}
          value={form.selection}
          onValueChange={(selection) => change({ selection })}
          error={error('selection')}
          maxLength={200}
          placeholder={placeholder}
        />
      )
    }
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
    case 'three_way_handicap':
      return <ThreeWayHandicapFields form={form} change={change} error={error} />
    case 'winning_margin':
      return <WinningMarginFields form={form} change={change} error={error} />
  }
}

/** The markets whose selection off the feed is typed as the slip has it (decision 074: 'Yes', '2-1'). */
const TEXT_FIELD = {
  other: { label: 'Selection', placeholder: 'LeBron James over 25.5 points' },
  moneyline: { label: 'Team', placeholder: 'Team or player' },
  both_teams_to_score: { label: 'Both Teams to Score (Yes or No)', placeholder: 'Yes' },
  correct_score: { label: 'Correct Score (Home-Away)', placeholder: '2-1' },
} as const

/** A three-way handicap: the team, its whole goals, and the side backed (the team under them, or the draw). */
function ThreeWayHandicapFields({ form, change, error }: Props) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <TeamField form={form} change={change} error={error} />
      <TextField
        label="Handicap (Whole Goals)"
        value={form.spreadPoints}
        onValueChange={(spreadPoints) => change({ spreadPoints })}
        error={error('spreadPoints')}
        type="number"
        step="1"
        inputMode="numeric"
        placeholder="-1"
      />
      <SelectField<HandicapBacking>
        label="Backing"
        value={form.handicapBacking}
        onValueChange={(handicapBacking) => change({ handicapBacking })}
        options={[
          { value: 'team', label: handicapTeamLabel(form) },
          { value: 'draw', label: DRAW },
        ]}
        error={error('handicapBacking')}
        className="col-span-2"
      />
    </div>
  )
}

/**
 * A winning margin: the winner as typed (off the feed Grid knows no teams; 'Draw' for the draw), and for a
 * team the goals it wins by and whether by that many or more.
 */
function WinningMarginFields({ form, change, error }: Props) {
  const draw = form.marginTeam.trim().toLowerCase() === DRAW.toLowerCase()
  return (
    <div className="grid grid-cols-2 gap-3">
      <TextField
        label="Winner"
        value={form.marginTeam}
        onValueChange={(marginTeam) => change({ marginTeam })}
        error={error('marginTeam')}
        maxLength={100}
        placeholder="Team, or Draw"
        className="col-span-2"
      />
      {draw ? null : (
        <>
          <TextField
            label="Margin (Goals)"
            value={form.marginGoals}
            onValueChange={(marginGoals) => change({ marginGoals })}
            error={error('marginGoals')}
            type="number"
            step="1"
            min="1"
            inputMode="numeric"
            placeholder="2"
          />
          <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-300">
            <input
              type="checkbox"
              checked={form.marginOrMore}
              onChange={(event) => change({ marginOrMore: event.target.checked })}
              className={`h-4 w-4 accent-emerald-500 ${FOCUS}`}
            />
            Or More
          </label>
        </>
      )}
    </div>
  )
}

/** The team of a spread, a team total, a draw no bet or a three-way handicap: the wire's spreadTeam for all four. */
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
