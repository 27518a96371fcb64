import type { ComponentProps } from 'react'
import { lazyNamed } from '../../lazy-page'
import { Loading } from '../../ui/spinner'

// The suggestions, their mini grids and the bet form they open load when the tab is first chosen.
const Loaded = lazyNamed(() => import('./game-suggestions').then((module) => module.GameSuggestions))

export function GameSuggestions(props: ComponentProps<typeof Loaded>) {
  return (
    <Loading>
      <Loaded {...props} />
    </Loading>
  )
}
