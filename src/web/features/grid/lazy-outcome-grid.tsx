import type { ComponentProps } from 'react'
import { lazyNamed } from '../../lazy-page'
import { Loading } from '../../ui/spinner'

// The Grid and its windowing (@tanstack/react-virtual) load when a game is first opened.
const Loaded = lazyNamed(() => import('./outcome-grid').then((module) => module.OutcomeGrid))

export function OutcomeGrid(props: ComponentProps<typeof Loaded>) {
  return (
    <Loading>
      <Loaded {...props} />
    </Loading>
  )
}
