import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { KEYS } from '../../queries'
import type { Game, ListedGame, Suggestion } from '../../types'
import { SuggestionCard } from './suggestion-card'
import { isWorthShowing, withApplied } from './suggestion-view'

/**
 * The suggestions list (spec: per game or per user). It remembers which suggestions were applied here,
 * so 'Suggestion Applied' stays on the card after the list refreshes with the new grid. The bet form
 * needs each suggestion's game: the given one, or the games list's (the suggestions are on open games).
 */
export function SuggestionList({
  suggestions,
  game,
  emptyText,
}: {
  suggestions: readonly Suggestion[]
  game?: Game
  emptyText: string
}) {
  const [applied, setApplied] = useState<ReadonlyMap<string, Suggestion>>(new Map())
  const games = useQuery<ListedGame[]>({ queryKey: KEYS.liveGames, enabled: game === undefined })
  const shown = withApplied(suggestions.filter(isWorthShowing), applied)
  if (shown.length === 0) {
    return <p className="rounded-lg border border-dashed border-slate-700 p-4 text-center">{emptyText}</p>
  }
  const gameOf = (s: Suggestion): Game | null => game ?? games.data?.find((g) => g.id === s.gameId) ?? null
  const apply = (s: Suggestion) => setApplied((before) => new Map(before).set(s.id, s))
  return (
    <ul className="flex flex-col gap-3">
      {shown.map((s) => (
        <li key={s.id}>
          <SuggestionCard
            suggestion={s}
            game={gameOf(s)}
            applied={applied.has(s.id)}
            onApplied={apply}
            showGame={game === undefined}
          />
        </li>
      ))}
    </ul>
  )
}
