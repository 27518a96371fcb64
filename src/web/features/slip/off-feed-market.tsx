import type { OverUnder } from '../../../domain/bet'
import { TextField } from '../../ui/field'
import type { OffFeedForm } from './off-feed'
import { SelectField } from './slip-fields'

interface Props {
  form: OffFeedForm
  change: (patch: Partial<OffFeedForm>) => void
  error: (field: keyof OffFeedForm) => string | undefined
}

/** The market's fields off the feed: the slip's text ('other', a moneyline's team), or a spread's or total's parts. */
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
          <TextField
            label="Team"
            value={form.spreadTeam}
            onValueChange={(spreadTeam) => change({ spreadTeam })}
            error={error('spreadTeam')}
            maxLength={100}
          />
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
        </div>
      )
  }
}
