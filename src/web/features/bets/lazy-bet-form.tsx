import { type ComponentProps, Suspense } from 'react'
import { lazyNamed } from '../../lazy-page'
import { Spinner } from '../../ui/spinner'
import type { BetForm as LoadedBetForm } from './bet-form/bet-form'

// The form and react-hook-form load when a bet form first opens, not with the dashboard.
const Loaded = lazyNamed(() => import('./bet-form/bet-form').then((module) => module.BetForm))

/** The bet form, loaded on first use behind a spinner. */
export function BetForm(props: ComponentProps<typeof LoadedBetForm>) {
  return (
    <Suspense fallback={<Spinner />}>
      <Loaded {...props} />
    </Suspense>
  )
}
