import { useQuery } from '@tanstack/react-query'
import { routeQuery } from '../../api'
import { useLivePollInterval } from '../../live-provider'
import { Link } from '../../router'
import { buttonClass } from '../../ui/button'
import { CARD } from '../../ui/card'
import { Spinner } from '../../ui/spinner'
import { PlanGate } from '../plan/plan-gate'
import { SUGGESTIONS_POLL_MS } from './poll'
import { SuggestionList } from './suggestion-list'
import { SuggestionsFailure } from './suggestions-failure'

/**
 * /suggestions (spec, Smart Bet Suggestions): heading, Back to '/', an intro card, then the user's
 * suggestions across their open games, best expected value first (GET /api/suggestions/user).
 */
export function SuggestionsPage() {
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-5">
      <div className="flex flex-col items-start gap-3">
        <Link href="/" className={buttonClass('secondary')}>
          <span aria-hidden="true">← </span>Back
        </Link>
        <h1 className="text-2xl font-bold sm:text-3xl">Smart Bet Suggestions</h1>
      </div>
      <section aria-labelledby="suggestions-intro" className={`${CARD} p-4`}>
        <h2 id="suggestions-intro" className="font-semibold text-emerald-300">
          What to do next with the bets you hold
        </h2>
        <p className="mt-1 text-slate-300">
          Grid reads your open bets, the live chances of every final score and the current lines, and suggests
          AI hedge, value, trend and live momentum plays, middles and correlated bets. Each card shows your
          grid before and after, so you see what the bet would change before you place it.
        </p>
      </section>
      <section aria-labelledby="suggestions-list" className="flex flex-col gap-3">
        <h2 id="suggestions-list" className="text-lg font-semibold">
          Your suggestions
        </h2>
        <PlanGate feature="Suggestions">
          <UserSuggestionList />
        </PlanGate>
      </section>
    </div>
  )
}

function UserSuggestionList() {
  const query = useQuery({
    ...routeQuery('GET /api/suggestions/user'),
    refetchInterval: useLivePollInterval(SUGGESTIONS_POLL_MS),
  })
  if (query.isPending) return <Spinner label="Loading suggestions..." />
  if (query.isError) return <SuggestionsFailure error={query.error} />
  return (
    <SuggestionList
      suggestions={query.data.suggestions}
      emptyText="Place some bets to get smart suggestions"
    />
  )
}
