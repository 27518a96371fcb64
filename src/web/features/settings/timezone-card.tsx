import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { TIMEZONES } from '../../../domain/calendar'
import { api } from '../../api'
import { KEYS } from '../../queries'
import { useToast } from '../../toasts'
import { Button } from '../../ui/button'
import { INPUT } from '../../ui/field'
import { SettingsCard } from './settings-ui'

/**
 * docs/spec/product-spec.md §4, Timezone: pick one of the spec's zones and save; then the user and the live games
 * refresh, because the games list ("today") and every start time are read in this zone.
 */
export function TimezoneCard({ timezone }: { timezone: string }) {
  const toast = useToast()
  const queryClient = useQueryClient()
  const [choice, setChoice] = useState(timezone)
  const save = useMutation({
    mutationFn: (value: string) => api.patch('PATCH /api/user/timezone', { body: { timezone: value } }),
    onSuccess: async (_answer, value) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: KEYS.user }),
        queryClient.invalidateQueries({ queryKey: KEYS.liveGames }),
      ])
      const label = TIMEZONES.find((zone) => zone.value === value)?.label ?? value
      toast('success', 'Timezone Updated', `Game times now show in ${label} time.`)
    },
    onError: () => toast('error', 'Failed to update timezone'),
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate(choice)
  }

  return (
    <SettingsCard
      id="settings-timezone"
      title="Time Zone"
      description="Game start times and your date filters use this time zone."
    >
      <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor="settings-timezone-select" className="mb-1 block text-sm text-slate-300">
            Timezone
          </label>
          <select
            id="settings-timezone-select"
            value={choice}
            onChange={(event) => setChoice(event.target.value)}
            className={INPUT}
          >
            {/* A zone saved before the list changed still shows, so the select never lies. */}
            {TIMEZONES.some((zone) => zone.value === choice) ? null : (
              <option value={choice}>{choice}</option>
            )}
            {TIMEZONES.map((zone) => (
              <option key={zone.value} value={zone.value}>
                {zone.label} ({zone.value})
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" disabled={save.isPending || choice === timezone}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </form>
    </SettingsCard>
  )
}
