import type { ComponentProps } from 'react'
import { lazyNamed } from '../../lazy-page'
import { Loading } from '../../ui/spinner'

// The form and react-hook-form load when a bet form first opens, not with the dashboard.
const Loaded = lazyNamed(() => import('./bet-form/bet-form').then((module) => module.BetForm))

export function BetForm(props: ComponentProps<typeof Loaded>) {
  return (
    <Loading>
      <Loaded {...props} />
    </Loading>
  )
}
