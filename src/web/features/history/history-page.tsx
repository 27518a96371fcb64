import { useInfiniteQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { addDays, calendarDay, DEFAULT_DATE_FILTER } from '../../../domain/calendar'
import { amountDisplayOf } from '../../../domain/display'
import { emptySummary } from '../../../domain/statistics'
import { api } from '../../api'
import { lazyNamed } from '../../lazy-page'
import { KEYS, useCurrentUser } from '../../queries'
import { navigate } from '../../router'
import { useToast } from '../../toasts'
import { Button, buttonClass } from '../../ui/button'
import { CARD } from '../../ui/card'
import { useTimeZone } from '../../ui/format'
import { Loading } from '../../ui/spinner'
import { exportCsv } from './csv-export'
import { DateFilterControl } from './date-filter'
import { GameAnalysisModal } from './game-analysis-modal'
import {
  groupByGame,
  type HistoryGame,
  type HistoryQuery,
  historyRangeQuery,
  historySearch,
  loadedBets,
  rangeProblem,
  summaryOf,
} from './history-data'
import { HistoryGameCard } from './history-game-card'
import { MoreGames } from './more-games'
import { shareCardText, ticketShareCardText } from './share-card'
import { ShareModal } from './share-modal'
import { HistorySkeleton, SummaryCards } from './summary-cards'

/** The results section (and, inside it, the chart library) loads after the page: the first page is unchanged. */
const HistoryStats = lazyNamed(() => import('./history-stats').then((module) => module.HistoryStats))

/**
 * docs/spec/product-spec.md §2, Profit/Loss History (/history): the bets placed in a date range, summarized and grouped
 * by game. The server filters by range in the user's zone, sums the range's summary and pages the games
 * (the next page loads as the list's end scrolls into view); the page groups and formats (decisions 002 and 007).
 */
export function HistoryPage() {
  const timeZone = useTimeZone()
  const user = useCurrentUser().data
  const today = calendarDay(new Date(), timeZone)
  const toast = useToast()
  const [query, setQuery] = useState<HistoryQuery>({
    filter: DEFAULT_DATE_FILTER,
    startDate: null,
    endDate: null,
  })
  const [details, setDetails] = useState<number | null>(null)
  const [sharing, setSharing] = useState<Sharing | null>(null)
  const [exporting, setExporting] = useState(false)

  const problem = rangeProblem(query)
  const search = historySearch(query)
  const custom = query.filter === 'custom'
  const history = useInfiniteQuery({
    // Starts with the history route's key so refreshAfterBetChange refetches every range (and every page loaded).
    queryKey: [...KEYS.history, query.filter, custom ? query.startDate : null, custom ? query.endDate : null],
    queryFn: ({ pageParam }) =>
      api.get('GET /api/bets/history', {
        query: { ...historyRangeQuery(query), ...(pageParam ? { cursor: pageParam } : {}) },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: problem === null,
  })
  const pages = history.data?.pages
  // As listed: a ticket comes under each game it has a leg on, and each game's card shows it.
  const listed = useMemo(() => pages?.flatMap((page) => page.bets) ?? [], [pages])
  // Each bet once, by id, for what adds the loaded bets up (the CSV built in the browser).
  const bets = useMemo(() => loadedBets(pages ?? []), [pages])
  const summary = useMemo(() => (pages?.[0] ? summaryOf(pages[0]) : emptySummary()), [pages])
  const openConflicts = pages?.[0]?.summary.openConflicts ?? 0
  const games = useMemo(() => groupByGame(listed), [listed])
  // Modals follow the live data, so a confirm or remove inside them shows at once.
  const find = (id: number | null): HistoryGame | null => games.find((entry) => entry.game.id === id) ?? null
  const win = shareOf(sharing, games, timeZone)

  const changeQuery = (next: HistoryQuery) => {
    // The first switch to a custom range starts on the last 30 days, ready to adjust.
    if (next.filter === 'custom' && !next.startDate && !next.endDate) {
      setQuery({ ...next, startDate: addDays(today, -29), endDate: today })
    } else setQuery(next)
  }

  const onExport = async () => {
    setExporting(true)
    try {
      await exportCsv({
        search,
        bets,
        timeZone,
        unitSizeCents: user ? amountDisplayOf(user).unitSizeCents : null,
        onServerFailure: () =>
          toast(
            'error',
            'Export failed',
            'The server export failed: the CSV was built in your browser from the games loaded.',
          ),
      })
    } finally {
      setExporting(false)
    }
  }

  const loading = problem === null && history.isLoading
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-2xl font-bold sm:text-3xl">Profit/Loss History</h1>
        <Button onClick={onExport} disabled={summary.totalBets === 0 || exporting}>
          <span aria-hidden="true">⬇ </span>
          {exporting ? 'Exporting...' : 'Export CSV'}
        </Button>
        <Button variant="secondary" onClick={() => navigate('/')}>
          Back to Dashboard
        </Button>
      </div>
      <DateFilterControl query={query} today={today} problem={problem} onChange={changeQuery} />
      {loading ? (
        <HistorySkeleton />
      ) : history.isError && !history.isFetchNextPageError ? (
        <div role="alert" className={`${CARD} border-red-500/50 p-4 text-red-200`}>
          <p className="font-semibold">Could not load your history.</p>
          <p className="text-sm">{history.error.message}</p>
          <button
            type="button"
            onClick={() => history.refetch()}
            className={`${buttonClass('secondary')} mt-3`}
          >
            Try again
          </button>
        </div>
      ) : (
        <>
          <SummaryCards summary={summary} />
          {openConflicts > 0 ? (
            <p
              role="status"
              className="rounded-lg border border-amber-500/40 bg-amber-500/10 px-4 py-2 text-amber-100"
            >
              {openConflicts === 1
                ? '1 bet has a result its file and the final score disagree on: choose one below.'
                : `${openConflicts} bets have results their file and the final score disagree on: choose below.`}
            </p>
          ) : null}
          {problem === null && (
            <Loading>
              <HistoryStats query={query} />
            </Loading>
          )}
          <section aria-labelledby="games-bet-on" className="flex flex-col gap-3">
            <h2 id="games-bet-on" className="text-xl font-bold">
              Games Bet On
            </h2>
            {games.length === 0 ? (
              <div className={`${CARD} p-8 text-center`}>
                <h3 className="text-lg font-semibold">No bets found</h3>
                <p className="mt-1 text-slate-400">
                  No bets found for the selected date range. Try adjusting your filter.
                </p>
              </div>
            ) : (
              <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2">
                {games.map((entry) => (
                  <li key={entry.game.id} className="flex flex-col">
                    <HistoryGameCard
                      entry={entry}
                      timeZone={timeZone}
                      onDetails={() => setDetails(entry.game.id)}
                      onShare={() => setSharing({ kind: 'game', id: entry.game.id })}
                      onShareTicket={(bet) => setSharing({ kind: 'ticket', id: bet.id })}
                    />
                  </li>
                ))}
              </ul>
            )}
            {games.length > 0 && (
              <MoreGames
                hasMore={history.hasNextPage}
                loading={history.isFetchingNextPage}
                failed={history.isFetchNextPageError}
                onLoadMore={() => void history.fetchNextPage()}
              />
            )}
          </section>
        </>
      )}
      <GameAnalysisModal entry={find(details)} timeZone={timeZone} onClose={() => setDetails(null)} />
      <ShareModal win={win} onClose={() => setSharing(null)} />
    </div>
  )
}

/** What is being shared: a game's win, or a ticket's (decision 067). */
type Sharing = { kind: 'game'; id: number } | { kind: 'ticket'; id: number }

/** The share modal's card maker for what is being shared; null when it is not on the page (any more). */
function shareOf(sharing: Sharing | null, games: readonly HistoryGame[], timeZone: string) {
  if (sharing === null) return null
  switch (sharing.kind) {
    case 'game': {
      const entry = games.find((game) => game.game.id === sharing.id)
      if (!entry) return null
      return {
        key: `game-${sharing.id}`,
        card: (url: string, contact: string) => shareCardText(entry, timeZone, url, contact),
      }
    }
    case 'ticket': {
      const bet = games.flatMap((game) => game.bets).find((listed) => listed.id === sharing.id)
      if (!bet) return null
      return {
        key: `ticket-${sharing.id}`,
        card: (url: string, contact: string) => ticketShareCardText(bet, timeZone, url, contact),
      }
    }
  }
}
