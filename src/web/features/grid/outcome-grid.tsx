import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { type ReactNode, Suspense, useEffect, useId, useMemo, useState } from 'react'
import { isLiveStatus } from '../../../domain/game-status'
import { hasScoreModel, leagueInfo } from '../../../domain/leagues'
import { dollarsToCents } from '../../../domain/money'
import { BET_PERIOD_LABELS, BET_PERIODS, type BetPeriod, FULL_GAME, periodsOn } from '../../../domain/periods'
import { hasScoreToCome } from '../../../domain/probability/game-state'
import type { RestView } from '../../../domain/ticket-grid'
import { failureText, routeQuery } from '../../api'
import { lazyNamed } from '../../lazy-page'
import { useLiveStatus } from '../../live-provider'
import { KEYS } from '../../queries'
import type { Game, GameGrid } from '../../types'
import { formatMoney, formatSignedMoney } from '../../ui/format'
import { TabPanel, Tabs } from '../../ui/tabs'
import { plural } from '../../ui/text'
import { GridOutlook, PendingGridOutlook } from '../probability/grid-outlook'
import { axisLabel, type CellMode, type Extreme, gridExtremes } from './cell-view'
import { GridTickets } from './grid-tickets'
import { PlaceholderGrid } from './placeholder-grid'

/**
 * docs/spec/product-spec.md §9: the grid polls every 3 s for live games, else every 8 s, also in the background; only
 * while the event stream is down, which otherwise says when the grid changed.
 */
const LIVE_POLL_MS = 3000
const IDLE_POLL_MS = 8000

/**
 * The windowed table and @tanstack/react-virtual stay out of the first page's bundle. The rest of the grid
 * comes with the game, so its request starts at once and the placeholder holds the table's place: the game's
 * bets below do not jump when the table's code arrives (a click on them would land elsewhere).
 */
const loadGridTable = () => import('./grid-table').then((module) => module.GridTable)
const GridTable = lazyNamed(loadGridTable)

/**
 * The Grid (docs/spec/product-spec.md §2): profit and ROI for every final score given the user's bets on the game (decision 005),
 * away scores across the top, home scores down the side. The server computes every number; this only
 * formats and colours them.
 */
export function OutcomeGrid({ game }: { game: Game }) {
  const streaming = useLiveStatus() === 'live'
  const [rest, setRest] = useState<RestView>('expected')
  // Decision 073: the grid of a period's score, with the bets on it; the full game's first.
  const [period, setPeriod] = useState<BetPeriod>(FULL_GAME)
  const periods = periodsOn(game.league)
  const periodIds = useId().replace(/:/g, '')
  const query = useQuery({
    ...routeQuery('GET /api/outcome-matrix/:gameId', {
      params: { gameId: game.id },
      query: { rest, period },
    }),
    // The view and period are part of the key; the game's own key still starts it, so its events refresh all.
    queryKey: [...KEYS.grid, game.id, rest, period],
    // Switching the view keeps the grid on screen until the other view comes.
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      streaming
        ? false
        : game.isLive || isLiveStatus(q.state.data?.status ?? game.status)
          ? LIVE_POLL_MS
          : IDLE_POLL_MS,
    refetchIntervalInBackground: true,
  })
  // The table's code loads while the grid's data does, not after it. A failed load is the table's to
  // report when it renders (its own load fails the same way), not an unhandled rejection here.
  useEffect(() => {
    loadGridTable().catch(() => {})
  }, [])
  const [mode, setMode] = useState<CellMode>('pnl')
  const idBase = useId().replace(/:/g, '')
  const gameGrid = query.data
  const extremes = useMemo(() => (gameGrid ? gridExtremes(gameGrid.outcomes) : null), [gameGrid])
  const live = game.isLive || isLiveStatus(gameGrid?.status ?? game.status)
  const chances = gameGrid?.probability ?? null
  // What the user holds here: bets and tickets alike say the grid has a position.
  const held = (gameGrid?.betCount ?? 0) + (gameGrid?.tickets.length ?? 0)
  // Until the first answer the frame holds the lines it is expected to bring (the outlook, the summary, the
  // mode tabs), so the game's bets below do not move when it comes (a click on them would land elsewhere).
  const modes = chances !== null || (query.isPending && expectsChances(game))
  const shown: CellMode = modes ? mode : 'pnl'
  return (
    <section aria-labelledby={`grid-title-${game.id}`} className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={`grid-title-${game.id}`} className="text-lg font-semibold">
          Grid{period === FULL_GAME ? '' : ` · ${BET_PERIOD_LABELS[period]}`}
        </h3>
        {live ? (
          <span className="flex items-center gap-1 rounded bg-red-500/15 px-2 py-0.5 text-xs font-bold text-red-300">
            <span aria-hidden="true" className="h-2 w-2 animate-pulse rounded-full bg-red-500" />
            LIVE
          </span>
        ) : null}
        {query.isFetching ? (
          <span className="rounded bg-sky-500/15 px-2 py-0.5 text-xs font-bold text-sky-300">SYNC</span>
        ) : null}
        {gameGrid ? (
          <span className="ml-auto text-xs text-slate-400">
            {plural(gameGrid.betCount, 'bet')}
            {gameGrid.tickets.length > 0 ? ` · ${plural(gameGrid.tickets.length, 'ticket')}` : ''} ·{' '}
            {formatMoney(dollarsToCents(gameGrid.totalStake))} staked
          </span>
        ) : null}
      </div>
      {periods.length > 1 ? (
        <Tabs
          label="Period"
          look="pills"
          idBase={periodIds}
          tabs={periods.map((key) => ({ key, label: PERIOD_TAB[key] }))}
          selected={period}
          onSelect={setPeriod}
        />
      ) : null}
      <SwitchPanel idBase={periodIds} selected={period} enabled={periods.length > 1}>
        <div className="flex flex-col gap-2">
          {gameGrid && period === FULL_GAME ? <OnPeriods onPeriods={gameGrid.onPeriods} /> : null}
          {chances && gameGrid ? (
            <GridOutlook probability={chances} betCount={held} tiesImpossible={gameGrid.tiesImpossible} />
          ) : modes ? (
            <PendingGridOutlook />
          ) : null}
          {gameGrid ? (
            <GridTickets
              tickets={gameGrid.tickets}
              rest={gameGrid.rest}
              wanted={rest}
              onRest={chances ? setRest : null}
              review={extremes?.needsReview ?? false}
            />
          ) : null}
          <p className="text-xs text-slate-400">
            {period === FULL_GAME ? '' : `${periodNote(period)} `}
            {MODE_HELP[shown]} With the grid focused, the arrow keys move from cell to cell.
          </p>
          {gameGrid && extremes ? (
            <GridSummary betCount={held} best={extremes.best} worst={extremes.worst} period={period} />
          ) : query.isPending ? (
            <p className="text-sm text-slate-300">Loading the grid...</p>
          ) : null}
          {query.isError && !gameGrid ? (
            <p className="text-sm text-red-300">
              Grid unavailable: {failureText(query.error, query.error.message)}
            </p>
          ) : null}
          {modes ? (
            <Tabs
              label="Show on the grid"
              look="pills"
              idBase={idBase}
              tabs={MODES}
              selected={shown}
              onSelect={setMode}
            />
          ) : null}
          <SwitchPanel idBase={idBase} selected={shown} enabled={modes}>
            <div className="flex flex-col gap-1">
              <p className="pl-12 text-xs font-bold tracking-wide text-slate-300">
                {axisLabel(game.awayTeam)} <span className="font-normal text-slate-400">(away) →</span>
              </p>
              <div className="flex min-w-0 gap-1">
                <p className="shrink-0 text-xs font-bold tracking-wide text-slate-300 [writing-mode:vertical-rl]">
                  {axisLabel(game.homeTeam)} <span className="font-normal text-slate-400">(home) →</span>
                </p>
                {gameGrid && extremes && gameGrid.outcomes.length > 0 ? (
                  <Suspense fallback={<PlaceholderGrid />}>
                    <GridTable gameGrid={gameGrid} extremes={extremes} mode={shown} />
                  </Suspense>
                ) : (
                  <PlaceholderGrid />
                )}
              </div>
            </div>
          </SwitchPanel>
        </div>
      </SwitchPanel>
    </section>
  )
}

/** Whether the first answer should bring chances: a game still to finish in a sport with a score model. */
function expectsChances(game: Game): boolean {
  const sport = leagueInfo(game.league)?.sport
  return hasScoreToCome(game.status) && sport !== undefined && hasScoreModel(sport)
}

/** The period switch's short names: 'Full game', '1H', 'Q1', 'F5' (the wire's, which books print too). */
const PERIOD_TAB: Record<BetPeriod, string> = {
  ...(Object.fromEntries(BET_PERIODS.map((period) => [period, period])) as Record<BetPeriod, string>),
  FT: 'Full game',
}

/** Decision 073: the full game's grid says what rides on periods, which it does not count. */
function OnPeriods({ onPeriods }: { onPeriods: GameGrid['onPeriods'] }) {
  if (onPeriods.length === 0) return null
  const parts = onPeriods.map(
    (p) =>
      `${formatMoney(dollarsToCents(p.stake))} on the ${BET_PERIOD_LABELS[p.period].toLowerCase()} (${plural(p.betCount, 'bet')})`,
  )
  return (
    <p className="text-sm text-slate-300">
      Also riding on periods, not counted here: {parts.join(', ')}. Choose the period above to see its grid.
    </p>
  )
}

const MODES = [
  { key: 'pnl', label: 'P&L' },
  { key: 'probability', label: 'Probability' },
  { key: 'ev', label: 'Expected value' },
] as const satisfies readonly { key: CellMode; label: string }[]

const MODE_HELP: Record<CellMode, string> = {
  pnl: "Each cell is your profit or loss and ROI if the game ends at that score: green is profit, red is loss, '--' is no change, N/A is a tie that cannot be a final score. The dashed frames mark the likeliest final scores, which together hold half the chance.",
  probability:
    "Each cell is the chance the game ends at that score, brighter where likelier, with your profit or loss there; '--' is a score with no chance from here. The dashed frames mark the likeliest final scores, which together hold half the chance.",
  ev: "Each cell is that score's share of your expected profit (its chance times your profit there), with its chance; the cells add up to the expected profit above.",
}

/**
 * A tab switch's panel when the switch is shown: the mode tabs' (a game with a distribution), the period
 * switch's (a league with periods). Without the switch the content stands alone.
 */
function SwitchPanel({
  idBase,
  selected,
  enabled,
  children,
}: {
  idBase: string
  selected: string
  enabled: boolean
  children: ReactNode
}) {
  if (!enabled) return <>{children}</>
  return (
    <TabPanel idBase={idBase} selected={selected}>
      {children}
    </TabPanel>
  )
}

/** A period's grid says whose score its axes are: the cells' help speaks of the game's end. */
const periodNote = (period: BetPeriod) =>
  `Here the scores are the ${BET_PERIOD_LABELS[period].toLowerCase()}'s alone, and only your bets on it count.`

/** The best and worst final scores in words, so the grid's story does not rest on colour or scrolling. */
function GridSummary({
  betCount,
  best,
  worst,
  period,
}: {
  betCount: number
  best: Extreme | null
  worst: Extreme | null
  period: BetPeriod
}) {
  const part = period === FULL_GAME ? 'game' : BET_PERIOD_LABELS[period].toLowerCase()
  if (betCount === 0 || !best || !worst) {
    return (
      <p className="text-sm text-slate-300">
        No bets on this {part} yet: add one to see its profit scenarios.
      </p>
    )
  }
  const say = (e: Extreme) =>
    `Home ${e.homeScore}, Away ${e.awayScore} (${formatSignedMoney(dollarsToCents(e.profit), 0)})`
  return (
    <p className="text-sm text-slate-300">
      Best {period === FULL_GAME ? 'final' : part} score: {say(best)} · Worst: {say(worst)}
    </p>
  )
}
