import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { displayGameStatus } from '../../../domain/game-status'
import { leagueCode } from '../../../domain/leagues'
import { routeQuery } from '../../api'
import { useLivePollInterval } from '../../live-provider'
import type { ListedGame } from '../../types'
import { buttonClass } from '../../ui/button'
import { CARD } from '../../ui/card'
import { SportIcon } from '../../ui/icons'
import { Spinner } from '../../ui/spinner'
import { BetModal } from '../bets/bet-modal'
import { CollegeGameRow } from './college-game-row'

/** docs/spec/product-spec.md §9: college football polls the games every 15 s, while the event stream is down. */
const POLL_MS = 15_000

/**
 * docs/spec/product-spec.md §2, College football: NCAAF games only, live first then by start time, in Central time.
 * The spec's Bet button goes to /bet/new?gameId={id}, a screen it never shows; the bet form opens here
 * instead, for the same game.
 */
export function CollegeFootball() {
  const query = useQuery({
    ...routeQuery('GET /api/games/live'),
    refetchInterval: useLivePollInterval(POLL_MS),
    refetchIntervalInBackground: false,
  })
  const [betOn, setBetOn] = useState<ListedGame | null>(null)
  const games = collegeGames(query.data ?? [])
  const counts = countByStatus(games)
  // The form follows the polled list so the game it shows stays fresh.
  const betGame = betOn ? (games.find((game) => game.id === betOn.id) ?? betOn) : null

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">
          <SportIcon sport="football" className="mr-2 h-6 w-6 align-[-3px]" />
          College Football
        </h1>
        <button
          type="button"
          onClick={() => query.refetch()}
          disabled={query.isFetching}
          className={`${buttonClass('secondary')} ml-auto`}
        >
          {query.isFetching ? 'Refreshing...' : 'Refresh'}
        </button>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Counter label="Total" value={games.length} />
        <Counter label="Live Games" value={counts.live} />
        <Counter label="Upcoming" value={counts.upcoming} />
        <Counter label="Final" value={counts.final} />
      </dl>
      <section aria-labelledby="cfb-games" className={CARD}>
        <h2 id="cfb-games" className="border-b border-slate-800 px-4 py-3 font-semibold">
          Games
        </h2>
        {query.isLoading ? (
          <Spinner label="Loading games..." />
        ) : games.length === 0 ? (
          <div className="p-8 text-center">
            <p className="font-semibold">No college football games available</p>
            <p className="mt-1 text-sm text-slate-400">
              No college football games today. Check back on game day.
            </p>
          </div>
        ) : (
          <ul className="divide-y divide-slate-800">
            {games.map((game) => (
              <CollegeGameRow key={game.id} game={game} onBet={setBetOn} />
            ))}
          </ul>
        )}
      </section>
      <BetModal open={betGame !== null} onClose={() => setBetOn(null)} game={betGame} />
    </div>
  )
}

function Counter({ label, value }: { label: string; value: number }) {
  return (
    <div className={`${CARD} p-4`}>
      <dt className="text-sm text-slate-400">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums">{value}</dd>
    </div>
  )
}

/** NCAAF games (aliases such as COLLEGE-FOOTBALL folded), live ones first, then by start time. */
function collegeGames(games: readonly ListedGame[]): ListedGame[] {
  const live = (game: ListedGame) => (displayGameStatus(game.status) === 'LIVE' ? 0 : 1)
  return games
    .filter((game) => leagueCode(game.sport) === 'NCAAF')
    .sort((a, b) => live(a) - live(b) || Date.parse(a.startTime) - Date.parse(b.startTime))
}

function countByStatus(games: readonly ListedGame[]) {
  const counts = { live: 0, upcoming: 0, final: 0 }
  for (const game of games) {
    const status = displayGameStatus(game.status)
    if (status === 'LIVE') counts.live++
    else if (status === 'FINAL') counts.final++
    else if (status === 'SCHEDULED') counts.upcoming++
  }
  return counts
}
