import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { displayGameStatus, isFinalStatus, isLiveStatus } from '../../../domain/game-status'
import { hasScoreToCome } from '../../../domain/probability/game-state'
import { routeQuery } from '../../api'
import type { Game, ListedGame } from '../../types'
import { formatWhen, useTimeZone } from '../../ui/format'
import { TabPanel, Tabs } from '../../ui/tabs'
import { BetModal } from '../bets/bet-modal'
import { FinalResultView } from '../bets/final-result-view'
import { GameBets } from '../bets/game-bets'
import { OutcomeGrid } from '../grid/outcome-grid'
import { PlanGate } from '../plan/plan-gate'
import { ProbabilityPanel } from '../probability/probability-panel'
import { GameSuggestions } from '../suggestions/lazy-game-suggestions'
import { LineScoreTable } from './line-score-table'

type GameView = 'grid' | 'probability' | 'suggestions'
const viewTabs = (live: boolean) =>
  [
    { key: 'grid', label: live ? 'Live Grid' : 'Grid' },
    { key: 'probability', label: 'Probability Analysis' },
    { key: 'suggestions', label: 'Suggestions' },
  ] as const

function GameViewPanel({ view, game }: { view: GameView; game: ListedGame }) {
  switch (view) {
    case 'grid':
      return <OutcomeGrid game={game} />
    case 'probability':
      return (
        <PlanGate feature="Probability analysis">
          <ProbabilityPanel game={game} />
        </PlanGate>
      )
    case 'suggestions':
      return (
        <PlanGate feature="Suggestions">
          <GameSuggestions game={game} />
        </PlanGate>
      )
  }
}

/**
 * The game detail (docs/spec/product-spec.md §2): teams, status, start, score, the Grid (with the Probability Analysis
 * and Suggestions tabs for live games, and for scheduled ones, whose pregame distribution the panel shows,
 * and whose bets the suggestions work on), 'Add Bet' and
 * the game's Active Bets. The games home shows it in a full-screen
 * modal; the game page shows it under its header card.
 */
export function GameDetail({ game }: { game: ListedGame }) {
  const [view, setView] = useState<GameView>('grid')
  const [betOpen, setBetOpen] = useState(false)
  const idBase = useId().replace(/:/g, '')
  const timezone = useTimeZone()
  const live = game.isLive || isLiveStatus(game.status)
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-lg font-semibold">
            {game.awayTeam} <span className="text-slate-400">@</span> {game.homeTeam}
          </p>
          <p className="text-sm text-slate-400">{startLabel(game, timezone)}</p>
        </div>
        <GameStatusBadge status={game.status} />
      </div>
      {isFinalStatus(game.status) ? <ScoreBox game={game} kind="final" /> : null}
      {live ? <ScoreBox game={game} kind="live" /> : null}
      <div>
        <button
          type="button"
          onClick={() => setBetOpen(true)}
          className="rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-600 focus-visible:outline-2 focus-visible:outline-sky-400"
        >
          Add Bet
        </button>
      </div>
      {hasScoreToCome(game.status) ? (
        <div className="flex flex-col gap-3">
          <Tabs
            label="Game views"
            look="pills"
            idBase={idBase}
            tabs={viewTabs(live)}
            selected={view}
            onSelect={setView}
          />
          <TabPanel idBase={idBase} selected={view}>
            <GameViewPanel view={view} game={game} />
          </TabPanel>
        </div>
      ) : isFinalStatus(game.status) ? (
        <FinalResultView game={game} />
      ) : (
        <OutcomeGrid game={game} />
      )}
      <GameBets game={game} />
      <BetModal open={betOpen} onClose={() => setBetOpen(false)} game={game} />
    </div>
  )
}

const BADGE: Record<ReturnType<typeof displayGameStatus>, string> = {
  LIVE: 'bg-red-700 text-white',
  FINAL: 'bg-slate-700 text-slate-100',
  SCHEDULED: 'bg-sky-900 text-sky-100',
  PENDING: 'bg-amber-900 text-amber-100',
}

/** LIVE, FINAL, SCHEDULED, or PENDING for a status the mapping does not know (docs/spec/product-spec.md §4). */
export function GameStatusBadge({ status }: { status: string }) {
  const shown = displayGameStatus(status)
  return (
    <span
      className={`flex items-center gap-1.5 rounded px-2 py-1 text-xs font-bold tracking-wide ${BADGE[shown]}`}
    >
      {shown === 'LIVE' ? (
        <span aria-hidden="true" className="h-2 w-2 animate-pulse rounded-full bg-white" />
      ) : null}
      {shown}
    </span>
  )
}

/**
 * 'TBD' without a start, the game's clock text when it has one, else the start through the app's one
 * formatter: in the account's zone, with the date when it is not today.
 */
export function startLabel(game: Pick<Game, 'startTime' | 'gameTime'>, timeZone: string): string {
  if (game.gameTime) return game.gameTime
  const start = game.startTime ? new Date(game.startTime) : null
  if (!start || Number.isNaN(start.getTime())) return 'TBD'
  return formatWhen(start, timeZone)
}

function ScoreBox({ game, kind }: { game: Game; kind: 'final' | 'live' }) {
  const live = kind === 'live'
  // The Grid polls every 3 s and carries the score; the games list only every 30-60 s. Read the newer one
  // from the cache (this observer never fetches by itself).
  const gameGrid = useQuery({
    ...routeQuery('GET /api/outcome-matrix/:gameId', { params: { gameId: game.id } }),
    enabled: false,
  }).data
  const fresher = gameGrid && gameGrid.gameVersion > game.version ? gameGrid : game
  return (
    <section
      aria-label={live ? 'Live Score' : 'Final Score'}
      className={`rounded-lg border p-3 ${live ? 'border-red-500/50 bg-red-950/30' : 'border-slate-700 bg-slate-900'}`}
    >
      <div className="flex items-center gap-2 text-sm font-semibold text-slate-300">
        {live ? (
          <span aria-hidden="true" className="h-2.5 w-2.5 animate-pulse rounded-full bg-red-500" />
        ) : null}
        {live ? 'Live Score' : 'Final Score'}
        {live && game.gameTime ? (
          <span className="ml-auto font-mono text-slate-200">{game.gameTime}</span>
        ) : null}
      </div>
      <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-lg">
        <dt>{game.awayTeam}</dt>
        <dd className="text-right font-bold tabular-nums">{fresher.awayScore ?? 0}</dd>
        <dt>{game.homeTeam}</dt>
        <dd className="text-right font-bold tabular-nums">{fresher.homeScore ?? 0}</dd>
      </dl>
      <LineScoreTable game={game} />
    </section>
  )
}
