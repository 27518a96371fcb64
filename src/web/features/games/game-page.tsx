import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { RouteAnswer } from '../../../contract/routes'
import { leagueInfo, leagueLabel } from '../../../domain/leagues'
import { apiUrl, sendPrepared } from '../../api'
import { useLivePollInterval } from '../../live-provider'
import { KEYS } from '../../queries'
import { navigate } from '../../router'
import type { ListedGame } from '../../types'
import { SportIcon } from '../../ui/icons'
import { Spinner } from '../../ui/spinner'
import { BetForm } from '../bets/lazy-bet-form'
import { GameDetail, GameStatusBadge } from './game-detail'

/**
 * docs/spec/product-spec.md §7: the game page polls the live list every 30 s with a cache-busting parameter, while the
 * event stream is down.
 */
const GAME_PAGE_POLL_MS = 30_000

/** A failed games list reads as an empty one (docs/spec/product-spec.md §7), so the page says 'Game not found'. */
async function fetchLiveGames(): Promise<ListedGame[]> {
  try {
    const url = `${apiUrl('GET /api/games/live')}?t=${Date.now()}`
    return await sendPrepared<RouteAnswer<'GET /api/games/live'>>({ method: 'GET', url })
  } catch {
    return []
  }
}

interface ShowBetForm {
  type: 'SHOW_BET_FORM'
  gameId: number | string
  selection?: string
}

function isShowBetForm(data: unknown): data is ShowBetForm {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SHOW_BET_FORM'
}

/** /game/{gameId} (docs/spec/product-spec.md §2): back to the games list, a header card and the game detail. */
export function GamePage({ gameId }: { gameId: number }) {
  const games = useQuery({
    queryKey: KEYS.liveGames,
    queryFn: fetchLiveGames,
    refetchInterval: useLivePollInterval(GAME_PAGE_POLL_MS),
  })
  const [betForm, setBetForm] = useState<{ selection?: string | undefined } | null>(null)

  // Another part of the app (or a same-origin frame) can ask this page to open its bet form.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isShowBetForm(event.data)) return
      if (Number(event.data.gameId) !== gameId) return
      const selection = typeof event.data.selection === 'string' ? event.data.selection : undefined
      setBetForm({ selection })
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [gameId])

  const game = games.data?.find((g) => g.id === gameId)
  return (
    <div className="flex flex-col gap-4">
      <div>
        <button
          type="button"
          onClick={() => navigate('/')}
          className="rounded-lg border border-slate-700 px-3 py-2 text-sm hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-sky-400"
        >
          ← Back to Games
        </button>
      </div>
      {games.isLoading ? (
        <Spinner label="Loading game..." />
      ) : !game ? (
        <div className="py-16 text-center">
          <h1 className="text-2xl font-bold">Game not found</h1>
          <p className="mt-2 text-slate-400">This game is not in today's list any more.</p>
        </div>
      ) : (
        <>
          <GameHeaderCard game={game} />
          {betForm ? (
            <section
              aria-labelledby="place-your-bet"
              className="rounded-xl border border-emerald-700/60 bg-slate-900 p-4"
            >
              <h2 id="place-your-bet" className="mb-3 text-lg font-semibold">
                Place Your Bet
              </h2>
              <BetForm
                game={game}
                prefill={{ selection: betForm.selection }}
                onDone={() => setBetForm(null)}
                onCancel={() => setBetForm(null)}
              />
            </section>
          ) : null}
          <section className="rounded-xl border border-slate-800 bg-slate-900/60 p-3 sm:p-4">
            <GameDetail game={game} />
          </section>
        </>
      )}
    </div>
  )
}

function GameHeaderCard({ game }: { game: ListedGame }) {
  const info = leagueInfo(game.league)
  return (
    <header className="rounded-xl border border-slate-800 bg-slate-900 p-4">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-slate-400">
          <SportIcon sport={info?.sport} className="mr-1 h-4 w-4 align-[-2px]" />
          {leagueLabel(game.league)}
        </p>
        <GameStatusBadge status={game.status} />
      </div>
      <h1 className="mt-2 text-xl font-bold sm:text-2xl">
        {game.awayTeam} @ {game.homeTeam}
      </h1>
      <p className="mt-1 text-lg tabular-nums text-slate-300">
        {game.awayScore ?? 0} - {game.homeScore ?? 0}
      </p>
    </header>
  )
}
