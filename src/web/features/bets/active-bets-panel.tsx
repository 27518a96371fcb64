import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { formatOdds } from '../../../domain/odds'
import { api } from '../../api'
import { KEYS } from '../../queries'
import type { Bet, BetWithGame, Game } from '../../types'
import { BADGE } from '../../ui/badge'
import { buttonClass } from '../../ui/button'
import { CARD } from '../../ui/card'
import { formatMoney } from '../../ui/format'
import { Spinner } from '../../ui/spinner'
import { StatCard } from '../../ui/stat-card'
import { plural } from '../../ui/text'
import { ActiveBetGameCard } from './active-bet-game-card'
import { BetModal } from './bet-modal'
import { activeBetsSummary } from './bet-money'
import { DeleteBetDialog } from './delete-bet-dialog'
import { useTicketTracker } from './ticket-tracker'

interface GameBets {
  game: Game
  bets: BetWithGame[]
}

/** docs/spec/product-spec.md §2, Active bets panel: the summary cards and one card per game with unsettled bets. */
export function ActiveBetsPanel() {
  const active = useQuery({
    queryKey: KEYS.activeBets,
    queryFn: () => api.getAllPages('GET /api/bets/active'),
  })
  const tracker = useTicketTracker()
  const [adding, setAdding] = useState(false)
  const [deleting, setDeleting] = useState<Bet | null>(null)
  const bets = active.data ?? []
  const games = groupByGame(bets)
  const summary = activeBetsSummary(bets)

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-xl font-bold">My Bets</h2>
        <span className={`${BADGE} bg-emerald-500/15 text-emerald-300`}>{plural(games.length, 'game')}</span>
        <button type="button" onClick={() => setAdding(true)} className={`${buttonClass('primary')} ml-auto`}>
          Add Bet
        </button>
      </div>
      {active.isLoading ? (
        <Spinner label="Loading bets..." />
      ) : bets.length === 0 ? (
        <div className={`${CARD} p-8 text-center`}>
          <h3 className="text-lg font-semibold">No Active Bets</h3>
          <p className="mt-1 text-slate-400">
            Bets are placed from the Today tab: open a game there and use Add Bet to track it here.
          </p>
        </div>
      ) : (
        <>
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <StatCard label="Total Wagered" value={formatMoney(summary.totalWagered)} />
            <StatCard
              label="Potential Win"
              value={formatMoney(summary.potentialWin)}
              valueClass="text-emerald-400"
            />
            <StatCard
              label="Avg Odds"
              value={summary.averageOdds === null ? '—' : formatOdds(summary.averageOdds)}
            />
          </dl>
          <div className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3">
            {games.map(({ game, bets: gameBets }) => (
              <ActiveBetGameCard
                key={game.id}
                game={game}
                bets={gameBets}
                tracker={tracker}
                onDelete={setDeleting}
              />
            ))}
          </div>
        </>
      )}
      <DeleteBetDialog bet={deleting} onClose={() => setDeleting(null)} />
      <BetModal open={adding} onClose={() => setAdding(false)} game={null} />
    </div>
  )
}

/** One entry per game, games by start time, bets in the order the server sent them. */
function groupByGame(bets: readonly BetWithGame[]): GameBets[] {
  const byId = new Map<number, GameBets>()
  for (const bet of bets) {
    const entry = byId.get(bet.gameId)
    if (entry) entry.bets.push(bet)
    else byId.set(bet.gameId, { game: bet.game, bets: [bet] })
  }
  return [...byId.values()].sort((a, b) => Date.parse(a.game.startTime) - Date.parse(b.game.startTime))
}
