import type { ReactNode } from 'react'
import { displayStatus, ledgerResult, normalizeResult } from '../../../domain/bet'
import { isFinalStatus } from '../../../domain/game-status'
import { leagueInfo, leagueLabel } from '../../../domain/leagues'
import { wirePriceText } from '../../../domain/price'
import { Link } from '../../router'
import type { Bet, Game } from '../../types'
import { CARD } from '../../ui/card'
import { FOCUS } from '../../ui/focus'
import { Figure, Money } from '../../ui/format'
import { SportIcon, TrashIcon } from '../../ui/icons'
import { plural } from '../../ui/text'
import { StatusBadge } from '../games/status-badge'
import { useBetActions, useBetEdit } from './bet-actions'
import { activeBetsSummary } from './bet-money'
import { SettleByHand } from './settle-by-hand'
import { BetDetails } from './ticket-details'
import { hasLostLeg, legToWatch, type TrackedTicket } from './ticket-tracker'
import { isTicket } from './ticket-view'

/** Decision 008: only a tentative bet without a result can be deleted; the server refuses the rest (409). */
export function isDeletable(bet: Bet): boolean {
  return bet.betStatus === 'tentative' && normalizeResult(bet.result) === null
}

/**
 * docs/spec/product-spec.md §2, Active bets panel: one game's card. The upper part links to the game page; the bet
 * list sits outside the link so its delete buttons are not nested inside it.
 */
export function ActiveBetGameCard({
  game,
  bets,
  tracker = NOTHING_TRACKED,
  onDelete,
}: {
  game: Game
  bets: readonly Bet[]
  /** The live ticket tracker's figures by ticket (decision 067). */
  tracker?: ReadonlyMap<number, TrackedTicket>
  onDelete: (bet: Bet) => void
}) {
  const summary = activeBetsSummary(bets)
  // An event off the feed (decision 063) has no game page: its tentative bets are confirmed and edited here.
  const offFeed = game.provider === 'unlinked'
  const Header = offFeed ? OffFeedHeader : GameLink
  return (
    <article className={`${CARD} flex flex-col`}>
      <Header game={game}>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <SportIcon sport={leagueInfo(game.sport)?.sport} />
          <span className="font-medium">{leagueLabel(game.sport)}</span>
          <span className="text-slate-400">{plural(bets.length, 'bet')}</span>
          <span className="ml-auto">
            <StatusBadge status={game.status} />
          </span>
        </div>
        <div className="flex flex-col gap-1">
          <ScoreRow team={game.awayTeam} score={game.awayScore} />
          <ScoreRow team={game.homeTeam} score={game.homeScore} />
        </div>
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <div>
            <dt className="text-slate-400">Wagered</dt>
            <dd className="font-semibold">
              <Money amount={summary.totalWagered} decimals={0} />
            </dd>
          </div>
          <div>
            <dt className="text-slate-400">To Win</dt>
            <dd className="font-semibold text-emerald-400">
              <Money amount={summary.potentialWin} decimals={0} />
            </dd>
          </div>
        </dl>
      </Header>
      <ul className="flex flex-col divide-y divide-slate-800 border-t border-slate-800 px-4">
        {bets.map((bet) => (
          <li
            key={bet.id}
            className={`flex flex-wrap items-center gap-2 py-2 text-sm ${hasLostLeg(bet, tracker.get(bet.id)) ? 'opacity-60' : ''}`}
          >
            <span className="min-w-0 flex-1 truncate">{bet.selection}</span>
            <Figure className="text-slate-300">{wirePriceText(bet)}</Figure>
            <Money amount={bet.amount} className="text-slate-400" />
            <span className="text-xs text-slate-400 capitalize">
              {displayStatus(betState(bet), isFinalStatus(game.status))}
            </span>
            {offFeed && isDeletable(bet) ? <OffFeedActions bet={bet} game={game} /> : null}
            {isDeletable(bet) ? (
              <button
                type="button"
                onClick={() => onDelete(bet)}
                aria-label={`Delete bet ${bet.selection}`}
                className={`rounded px-2 py-1 text-red-300 hover:bg-red-950 ${FOCUS}`}
              >
                <TrashIcon />
              </button>
            ) : null}
            <div className="flex basis-full flex-col gap-2 empty:hidden">
              <BetDetails bet={bet} tracked={tracker.get(bet.id)} />
              <WatchLeg bet={bet} game={game} />
              <SettleByHand bet={bet} game={game} />
            </div>
          </li>
        ))}
      </ul>
    </article>
  )
}

const HEADER = 'flex flex-col gap-3 rounded-t-xl p-4'

const NOTHING_TRACKED: ReadonlyMap<number, TrackedTicket> = new Map()

/** Decision 067: a ticket's card opens the grid of its live leg (else its next), when that is another game. */
function WatchLeg({ bet, game }: { bet: Bet; game: Game }) {
  const leg = isTicket(bet) ? legToWatch(bet) : null
  if (!leg || leg.gameId === game.id) return null
  return (
    <Link href={`/game/${leg.gameId}`} className={`self-start text-sm text-sky-300 underline ${FOCUS}`}>
      Open the grid of {leg.game.status === 'in_progress' ? 'its live leg' : 'its next leg'}:{' '}
      {leg.game.awayTeam} @ {leg.game.homeTeam}
    </Link>
  )
}

function GameLink({ game, children }: { game: Game; children: ReactNode }) {
  return (
    <Link href={`/game/${game.id}`} className={`${HEADER} hover:bg-slate-800/60 ${FOCUS}`}>
      {children}
    </Link>
  )
}

function OffFeedHeader({ children }: { game: Game; children: ReactNode }) {
  return <div className={HEADER}>{children}</div>
}

/** Confirm and Edit of a tentative bet off the feed (decisions 008 and 065), which no game page lists. */
function OffFeedActions({ bet, game }: { bet: Bet; game: Game }) {
  const { confirm } = useBetActions()
  const editor = useBetEdit(game)
  return (
    <>
      {editor.canEdit(bet) ? (
        <button
          type="button"
          onClick={() => editor.edit(bet)}
          aria-label={`Edit ${bet.selection}`}
          className={`rounded px-2 py-1 text-slate-200 hover:bg-slate-800 ${FOCUS}`}
        >
          Edit
        </button>
      ) : null}
      <button
        type="button"
        disabled={confirm.isPending}
        onClick={() => confirm.mutate(bet.id)}
        aria-label={`Confirm ${bet.selection}`}
        className={`rounded px-2 py-1 text-emerald-300 hover:bg-emerald-950 disabled:opacity-50 ${FOCUS}`}
      >
        Confirm
      </button>
      {editor.dialogs}
    </>
  )
}

function ScoreRow({ team, score }: { team: string; score: number | null }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <span className="truncate">{team}</span>
      <Figure className="font-bold">{score ?? 0}</Figure>
    </div>
  )
}

function betState(bet: Bet) {
  return { result: ledgerResult(bet.result), betStatus: bet.betStatus }
}
