import { useId, useState } from 'react'
import { displayStatus, WHAT_IF_STATUS } from '../../../domain/bet'
import { isFinalStatus } from '../../../domain/game-status'
import { wirePriceText } from '../../../domain/price'
import type { Bet, ListedGame } from '../../types'
import { centsOf, formatMoney } from '../../ui/format'
import { TabPanel, Tabs } from '../../ui/tabs'
import { useBetActions, useBetEdit } from './bet-actions'
import type { SortableBet } from './bet-sort'
import { BET_COLUMNS, type BetColumn, BetTable } from './bet-table'
import { SettleByHand } from './settle-by-hand'
import { BetDetails } from './ticket-details'

type BetsView = 'list' | 'organize'
const VIEWS = [
  { key: 'list', label: 'List' },
  { key: 'organize', label: 'Organize' },
] as const

const DELETE_PROMPT = 'Are you sure you want to delete this bet? This action cannot be undone.'

const FOCUS = 'focus-visible:outline-2 focus-visible:outline-sky-400'

/**
 * The game's 'Active Bets (n)' (docs/spec/product-spec.md §2): a List with Confirm and Delete on tentative bets (decision 008: only
 * they can change), and an Organize table sortable by any column. The bets are the games list's own; every
 * change refetches that list.
 */
export function GameBets({ game }: { game: ListedGame }) {
  const [view, setView] = useState<BetsView>('list')
  const idBase = useId().replace(/:/g, '')
  const bets = game.bets
  const final = isFinalStatus(game.status)
  return (
    <section aria-labelledby={`${idBase}-title`} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${idBase}-title`} className="text-lg font-semibold">
          Active Bets ({bets.length})
        </h3>
        {bets.length > 0 ? (
          <Tabs
            label="Bet views"
            look="pills"
            idBase={idBase}
            tabs={VIEWS}
            selected={view}
            onSelect={setView}
          />
        ) : null}
      </div>
      {bets.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-700 p-4 text-center">
          <p className="font-medium">No bets placed on this game yet.</p>
          <p className="text-sm text-slate-400">
            Add a bet and the Grid shows your profit or loss for every possible final score.
          </p>
        </div>
      ) : (
        <TabPanel idBase={idBase} selected={view}>
          {view === 'list' ? (
            <BetList bets={bets} game={game} />
          ) : (
            <OrganizeTable bets={bets} final={final} />
          )}
        </TabPanel>
      )}
    </section>
  )
}

/**
 * Tentative bets can be confirmed, edited (useBetEdit, decisions 008 and 065) and deleted. On a final
 * game they read as what-ifs, and Confirm is for the bettor who did place one.
 */
function BetList({ bets, game }: { bets: readonly Bet[]; game: ListedGame }) {
  const { remove, confirm } = useBetActions()
  const editor = useBetEdit(game)
  const final = isFinalStatus(game.status)
  const busy = (id: number) =>
    (remove.isPending && remove.variables === id) || (confirm.isPending && confirm.variables === id)
  return (
    <>
      <ul className="flex flex-col gap-2">
        {bets.map((bet) => {
          const tentative = bet.betStatus === 'tentative' && bet.result === null
          return (
            <li
              key={bet.id}
              className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-slate-700 bg-slate-900 p-3"
            >
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{bet.selection}</p>
                <p className="text-sm text-slate-300">
                  {formatMoney(bet.amount)} at {wirePriceText(bet)} · To Win {formatMoney(bet.potentialWin)}
                </p>
              </div>
              <StatusBadge status={displayStatus(bet, final)} />
              {tentative ? (
                <div className="flex gap-2">
                  {editor.canEdit(bet) ? (
                    <button
                      type="button"
                      disabled={busy(bet.id)}
                      onClick={() => editor.edit(bet)}
                      aria-label={`Edit ${bet.selection}`}
                      className={`rounded-md border border-slate-500 px-3 py-1.5 text-sm font-semibold text-slate-100 hover:bg-slate-800 disabled:opacity-50 ${FOCUS}`}
                    >
                      Edit
                    </button>
                  ) : null}
                  <button
                    type="button"
                    disabled={busy(bet.id)}
                    onClick={() => confirm.mutate(bet.id)}
                    aria-label={`Confirm ${bet.selection}`}
                    className={`rounded-md bg-emerald-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-emerald-600 disabled:opacity-50 ${FOCUS}`}
                  >
                    Confirm
                  </button>
                  <button
                    type="button"
                    disabled={busy(bet.id)}
                    onClick={() => {
                      if (window.confirm(DELETE_PROMPT)) remove.mutate(bet.id)
                    }}
                    aria-label={`Delete ${bet.selection}`}
                    className={`rounded-md border border-red-500/60 px-3 py-1.5 text-sm font-semibold text-red-300 hover:bg-red-950 disabled:opacity-50 ${FOCUS}`}
                  >
                    Delete
                  </button>
                </div>
              ) : null}
              <div className="flex basis-full flex-col gap-2 empty:hidden">
                <BetDetails bet={bet} figures="kind" />
                <SettleByHand bet={bet} game={game} />
              </div>
            </li>
          )
        })}
      </ul>
      {editor.dialogs}
    </>
  )
}

const STATUS_STYLE: Record<string, string> = {
  won: 'bg-emerald-800 text-emerald-50',
  lost: 'bg-red-800 text-red-50',
  push: 'bg-slate-600 text-white',
  'half won': 'bg-emerald-900 text-emerald-100',
  'half lost': 'bg-red-900 text-red-100',
  committed: 'bg-sky-800 text-sky-50',
  tentative: 'bg-amber-800 text-amber-50',
  [WHAT_IF_STATUS]: 'bg-slate-700 text-amber-100',
}

function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[status] ?? 'bg-slate-700'}`}>
      {status}
    </span>
  )
}

/** A game's bet as a row of the Organize table, its status as the row shows it. */
type GameBetRow = SortableBet & { bet: Bet }

function rowOf(bet: Bet, final: boolean): GameBetRow {
  return {
    id: bet.id,
    betType: bet.betType,
    selection: bet.selection,
    points: linePoints(bet),
    odds: bet.odds,
    decimalOdds: bet.decimalOdds,
    fractionalOdds: bet.fractionalOdds,
    amount: centsOf(bet.amount),
    toWin: centsOf(bet.potentialWin),
    status: displayStatus(bet, final),
    bet,
  }
}

/**
 * The Points column's line: a spread's points or a three-way handicap's goals, a total's or a team total's;
 * the other bets have none (a winning margin's goals are in its selection, 'Arsenal by 2').
 */
function linePoints(bet: Bet): number | null {
  switch (bet.betType) {
    case 'spread':
    case 'three_way_handicap':
      return bet.spreadPoints
    case 'total':
    case 'team_total':
      return bet.totalPoints
    case 'moneyline':
    case 'draw_no_bet':
    case 'double_chance':
    case 'winning_margin':
    case 'both_teams_to_score':
    case 'correct_score':
    case 'other':
    case 'parlay':
    case 'same_game_parlay':
    case 'teaser':
    case 'round_robin':
      return null
  }
}

const ORGANIZE_COLUMNS: readonly BetColumn<GameBetRow>[] = [
  BET_COLUMNS.type,
  BET_COLUMNS.selection,
  BET_COLUMNS.points,
  BET_COLUMNS.odds,
  BET_COLUMNS.amount,
  BET_COLUMNS.toWin,
  { label: 'Status', sortKey: 'status', cell: (row) => <StatusBadge status={row.status} /> },
]

function OrganizeTable({ bets, final }: { bets: readonly Bet[]; final: boolean }) {
  return (
    <BetTable
      bets={bets.map((bet) => rowOf(bet, final))}
      columns={ORGANIZE_COLUMNS}
      label="Bets on this game"
      caption="Bets on this game, sortable by column"
    />
  )
}
