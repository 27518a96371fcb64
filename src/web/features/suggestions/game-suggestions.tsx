import { useQuery } from '@tanstack/react-query'
import { dollarsToCents } from '../../../domain/money'
import { useLivePollInterval } from '../../live-provider'
import { KEYS } from '../../queries'
import type { Game, GameSuggestions as GameSuggestionsAnswer } from '../../types'
import { Money } from '../../ui/format'
import { Spinner } from '../../ui/spinner'
import { SUGGESTIONS_POLL_MS } from './poll'
import { SuggestionList } from './suggestion-list'
import { SuggestionsFailure } from './suggestions-failure'

/**
 * The game detail's Suggestions (spec: the list per game): Total Exposure and Active Bets in the header,
 * the cards, and what a rule saw but did not suggest (a game too young for a trend, a stale price), so
 * an empty list is explained (GET /api/suggestions/game/{gameId}).
 */
export function GameSuggestions({ game }: { game: Game }) {
  const query = useQuery<GameSuggestionsAnswer>({
    queryKey: [...KEYS.gameSuggestions, game.id],
    refetchInterval: useLivePollInterval(SUGGESTIONS_POLL_MS),
  })
  if (query.isPending) return <Spinner label="Loading suggestions..." />
  if (query.isError) return <SuggestionsFailure error={query.error} />
  const answer = query.data
  return (
    <section aria-label="Suggestions" className="flex flex-col gap-3">
      <dl className="flex flex-wrap gap-x-6 gap-y-1">
        <div>
          <dt className="text-xs text-slate-400">Total Exposure</dt>
          <dd className="text-lg font-semibold">
            <Money amount={dollarsToCents(answer.totalExposure)} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-400">Active Bets</dt>
          <dd className="text-lg font-semibold tabular-nums">{answer.userBets}</dd>
        </div>
      </dl>
      <SuggestionList
        suggestions={answer.suggestions}
        game={game}
        emptyText="No suggestions for this game yet"
      />
      {answer.notes.length > 0 ? (
        <ul aria-label="What the rules saw" className="flex flex-col gap-1 text-sm text-slate-400">
          {answer.notes.map((note) => (
            <li key={`${note.rule}:${note.reason}`}>{note.reason}</li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
