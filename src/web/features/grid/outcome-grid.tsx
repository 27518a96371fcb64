import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useVirtualizer } from '@tanstack/react-virtual'
import {
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { isLiveStatus } from '../../../domain/game-status'
import { dollarsToCents } from '../../../domain/money'
import { BET_PERIOD_LABELS, BET_PERIODS, type BetPeriod, FULL_GAME, periodsOn } from '../../../domain/periods'
import type { RestView } from '../../../domain/ticket-grid'
import { failureText, routeQuery } from '../../api'
import { useLiveStatus } from '../../live-provider'
import { KEYS } from '../../queries'
import type { Game, GameGrid } from '../../types'
import { formatMoney, formatSignedMoney } from '../../ui/format'
import { TabPanel, Tabs } from '../../ui/tabs'
import { plural } from '../../ui/text'
import { GridOutlook } from '../probability/grid-outlook'
import {
  axisLabel,
  type CellMode,
  type Extreme,
  type GridExtremes,
  gridExtremes,
  type Overlay,
} from './cell-view'
import { type GridCell, moveInGrid } from './grid-keys'
import { CELL_PX, cellAt, cellId, GridRow, HEADER_ROW_PX, ROW_HEADER_PX } from './grid-row'
import { GridTickets } from './grid-tickets'
import { HeaderRow, PlaceholderGrid } from './placeholder-grid'

/**
 * docs/spec/product-spec.md §9: the grid polls every 3 s for live games, else every 8 s, also in the background; only
 * while the event stream is down, which otherwise says when the grid changed.
 */
const LIVE_POLL_MS = 3000
const IDLE_POLL_MS = 8000

const SCROLLER =
  'relative block max-h-[65vh] max-w-full overflow-auto rounded-lg border border-slate-700 bg-slate-950 focus-visible:outline-2 focus-visible:outline-sky-400'

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
  const [mode, setMode] = useState<CellMode>('pnl')
  const idBase = useId().replace(/:/g, '')
  const gameGrid = query.data
  const extremes = useMemo(() => (gameGrid ? gridExtremes(gameGrid.outcomes) : null), [gameGrid])
  const live = game.isLive || isLiveStatus(gameGrid?.status ?? game.status)
  const chances = gameGrid?.probability ?? null
  // What the user holds here: bets and tickets alike say the grid has a position.
  const held = (gameGrid?.betCount ?? 0) + (gameGrid?.tickets.length ?? 0)
  const shown: CellMode = chances ? mode : 'pnl'
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
          ) : null}
          {query.isError && !gameGrid ? (
            <p className="text-sm text-red-300">
              Grid unavailable: {failureText(query.error, query.error.message)}
            </p>
          ) : null}
          {chances ? (
            <Tabs
              label="Show on the grid"
              look="pills"
              idBase={idBase}
              tabs={MODES}
              selected={shown}
              onSelect={setMode}
            />
          ) : null}
          <SwitchPanel idBase={idBase} selected={shown} enabled={chances !== null}>
            <div className="flex flex-col gap-1">
              <p className="pl-12 text-xs font-bold tracking-wide text-slate-300">
                {axisLabel(game.awayTeam)} <span className="font-normal text-slate-400">(away) →</span>
              </p>
              <div className="flex min-w-0 gap-1">
                <p className="shrink-0 text-xs font-bold tracking-wide text-slate-300 [writing-mode:vertical-rl]">
                  {axisLabel(game.homeTeam)} <span className="font-normal text-slate-400">(home) →</span>
                </p>
                {gameGrid && extremes && gameGrid.outcomes.length > 0 ? (
                  <GridTable gameGrid={gameGrid} extremes={extremes} mode={shown} />
                ) : (
                  <PlaceholderGrid className={SCROLLER} />
                )}
              </div>
            </div>
          </SwitchPanel>
        </div>
      </SwitchPanel>
    </section>
  )
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

/** Rows and columns drawn beyond the visible ones, so a quick scroll does not show blanks. */
const OVERSCAN = 3

/** The drawn [start, end) of one axis: @tanstack/react-virtual's range over the fixed 60 px cells. */
function useAxisWindow(
  element: () => HTMLTableElement | null,
  count: number,
  header: number,
  horizontal: boolean,
): { start: number; end: number } {
  const axis = useVirtualizer({
    count,
    getScrollElement: element,
    estimateSize: () => CELL_PX,
    overscan: OVERSCAN,
    horizontal,
    // React 19 batches the scroll's re-render itself; a flushSync from a layout effect would warn.
    useFlushSync: false,
    // The sticky header row (or column) sits before the first cell.
    paddingStart: header,
    scrollPaddingStart: header,
    // Before the first measurement (and in a test without layout), a screenful of an ordinary grid.
    initialRect: { width: ROW_HEADER_PX + 26 * CELL_PX, height: HEADER_ROW_PX + 16 * CELL_PX },
  })
  const items = axis.getVirtualItems()
  const first = items[0]?.index ?? 0
  const last = items.at(-1)?.index ?? -1
  return { start: first, end: last + 1 }
}

/**
 * The grid itself. Only the rows and columns in view are in the DOM (the tbody's height and each row's
 * left padding stand for the rest; two @tanstack/react-virtual axes follow the scroll and the size), so a poll that changes every one of the 12,321 cells of an NBA grid
 * (a new bet, or a score that moves the range) re-renders a few hundred cells, and rows whose numbers did
 * not change are skipped (GridRow's memo).
 */
function GridTable({
  gameGrid,
  extremes,
  mode,
}: {
  gameGrid: GameGrid
  extremes: GridExtremes
  mode: CellMode
}) {
  const grid = useRef<HTMLTableElement>(null)
  const likely = gameGrid.probability?.likelyThreshold ?? null
  const { maxAbs, maxProbability, maxAbsEv } = extremes
  // One object per mode and scale, so rows whose cells did not change still skip their render (GridRow).
  const overlay = useMemo<Overlay>(
    () => ({ mode, maxProbability, maxAbsEv, likely }),
    [mode, maxProbability, maxAbsEv, likely],
  )
  const rows = gameGrid.outcomes
  const awayScores = useMemo(() => {
    const { min, max } = gameGrid.awayRange
    return Array.from({ length: Math.max(0, max - min + 1) }, (_, i) => min + i)
  }, [gameGrid.awayRange])
  const scroller = () => grid.current
  const rowWindow = useAxisWindow(scroller, rows.length, HEADER_ROW_PX, false)
  const colWindow = useAxisWindow(scroller, awayScores.length, ROW_HEADER_PX, true)

  const hasScore = gameGrid.homeScore !== null && gameGrid.awayScore !== null
  const currentRow = hasScore ? rows.findIndex((r) => r.homeScore === gameGrid.homeScore) : -1
  const currentCol = hasScore ? awayScores.indexOf(gameGrid.awayScore ?? -1) : -1
  const idBase = useId()
  // The keyboard's cell is the current score until the user picks another; when the current cell moves,
  // the grid scrolls to it (below) and the pick lapses with it. Clamped: a new range may be smaller.
  const currentKey = `${currentRow},${currentCol}`
  const [picked, setPicked] = useState<{ cell: GridCell; current: string } | null>(null)
  const active =
    picked?.current === currentKey
      ? picked.cell
      : { row: Math.max(0, currentRow), col: Math.max(0, currentCol) }
  const activeRow = Math.max(0, Math.min(active.row, rows.length - 1))
  const activeCol = Math.max(0, Math.min(active.col, awayScores.length - 1))
  const pick = (cell: GridCell) => setPicked({ cell, current: currentKey })

  // On first data and whenever the score (or the range around it) moves, bring the current cell into view.
  // The maths stands on the fixed geometry; scrollIntoView would also scroll the page or the dialog.
  useLayoutEffect(() => {
    const element = grid.current
    if (!element || currentRow < 0 || currentCol < 0) return
    element.scrollTop = Math.max(
      0,
      HEADER_ROW_PX + currentRow * CELL_PX - (element.clientHeight - CELL_PX) / 2,
    )
    element.scrollLeft = Math.max(
      0,
      ROW_HEADER_PX + currentCol * CELL_PX - (element.clientWidth - CELL_PX) / 2,
    )
  }, [currentRow, currentCol])

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const at = { row: activeRow, col: activeCol }
    const next = moveInGrid(event.key, event.ctrlKey || event.metaKey, at, rows.length, awayScores.length)
    if (!next || !grid.current) return
    event.preventDefault()
    pick(next)
    reveal(grid.current, next)
  }

  // A click on a cell makes it the keyboard's cell, so the arrows go on from where the user looked.
  const onClick = (event: MouseEvent<HTMLTableElement>) => {
    const cell = cellAt(event.target as Element)
    if (cell) pick(cell)
  }

  const { start: rowStart, end: rowEnd } = rowWindow
  const { start: colStart, end: colEnd } = colWindow
  const drawn = rows.slice(rowStart, rowEnd)
  const activeHome = rows[activeRow]?.homeScore
  const activeAway = awayScores[activeCol]
  // Only a cell in the DOM can be named; the keyboard always scrolls its cell into the drawn window.
  const activeDrawn =
    activeHome !== undefined &&
    activeAway !== undefined &&
    activeRow >= rowStart &&
    activeRow < rowEnd &&
    activeCol >= colStart &&
    activeCol < colEnd
  return (
    <table
      ref={grid}
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA data grid pattern is a table with role grid; the keys are handled below
      role="grid"
      aria-label="Outcome grid"
      aria-readonly="true"
      aria-rowcount={rows.length + 1}
      aria-colcount={awayScores.length + 1}
      aria-activedescendant={activeDrawn ? cellId(idBase, activeHome, activeAway) : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onClick={onClick}
      style={{ '--grid-w': `${ROW_HEADER_PX + awayScores.length * CELL_PX}px` } as CSSProperties}
      className={`group ${SCROLLER}`}
    >
      <HeaderRow scores={awayScores} />
      <tbody className="block" style={{ height: rows.length * CELL_PX, paddingTop: rowStart * CELL_PX }}>
        {drawn.map((row, i) => (
          <GridRow
            key={row.homeScore}
            rowIndex={rowStart + i}
            homeScore={row.homeScore}
            cells={row.outcomes}
            maxAbs={maxAbs}
            overlay={overlay}
            currentAway={rowStart + i === currentRow ? (gameGrid.awayScore ?? null) : null}
            activeAway={rowStart + i === activeRow ? (activeAway ?? null) : null}
            idBase={idBase}
            colStart={colStart}
            colEnd={colEnd}
          />
        ))}
      </tbody>
    </table>
  )
}

/** Scrolls the least that shows the whole cell below the sticky header row and right of the sticky column. */
function reveal(element: HTMLElement, { row, col }: GridCell) {
  const top = row * CELL_PX
  const left = col * CELL_PX
  const height = element.clientHeight - HEADER_ROW_PX
  const width = element.clientWidth - ROW_HEADER_PX
  if (top < element.scrollTop) element.scrollTop = top
  else if (top + CELL_PX > element.scrollTop + height) element.scrollTop = top + CELL_PX - height
  if (left < element.scrollLeft) element.scrollLeft = left
  else if (left + CELL_PX > element.scrollLeft + width) element.scrollLeft = left + CELL_PX - width
}
