import { leagueInfo, leagueLabel } from '../../../domain/leagues'
import type { BetWithGame } from '../../types'
import { buttonClass } from '../../ui/button'
import { CARD } from '../../ui/card'
import { FOCUS } from '../../ui/focus'
import { Figure, netTone } from '../../ui/format'
import { SportIcon } from '../../ui/icons'
import { StatusBadge } from '../games/status-badge'
import { ConflictBets } from './conflict-bets'
import {
  gameDateText,
  type HistoryGame,
  isFinalGame,
  matchup,
  netText,
  roiText,
  stakeCell,
  summaryLine,
} from './history-data'
import { TentativeBets } from './tentative-bets'
import { TicketBets } from './ticket-bets'

/**
 * One game of 'Games Bet On' (docs/spec/product-spec.md §2): date, matchup, final score when final, wagered, net and
 * ROI of its settled bets, the summary line, View Details, Share Win (only above zero net, and never while
 * a bet's file and score disagree: decision 027), its tickets and bets off the feed with their legs (decision
 * 053), the conflicts to choose, and the tentative bets of a final game to confirm or remove.
 */
export function HistoryGameCard({
  entry,
  timeZone,
  onDetails,
  onShare,
  onShareTicket,
}: {
  entry: HistoryGame
  timeZone: string
  onDetails: () => void
  onShare: () => void
  /** A won ticket's own card (decision 067). */
  onShareTicket: (bet: BetWithGame) => void
}) {
  const { game, summary } = entry
  const final = isFinalGame(game)
  const settled = summary.settledBets > 0
  const title = matchup(game)
  const stake = stakeCell(entry)
  return (
    <article aria-label={title} className={`${CARD} flex h-full flex-col gap-3 p-4`}>
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-400">
        <SportIcon sport={leagueInfo(game.sport)?.sport} />
        <span className="font-medium text-slate-300">{leagueLabel(game.sport)}</span>
        <span aria-hidden="true">•</span>
        <time dateTime={game.startTime}>{gameDateText(game, timeZone)}</time>
        <span className="ml-auto">
          <StatusBadge status={game.status} />
        </span>
      </div>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="text-lg font-semibold break-words">{title}</h3>
        {final ? (
          <p className="text-sm text-slate-300">
            Final:{' '}
            <Figure className="font-bold text-slate-100">
              {game.awayScore ?? 0} - {game.homeScore ?? 0}
            </Figure>
          </p>
        ) : null}
      </div>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-slate-400">{stake.label}</dt>
          <dd className="font-semibold tabular-nums">{stake.value}</dd>
          {stake.note ? <dd className="text-xs text-slate-400 tabular-nums">{stake.note}</dd> : null}
        </div>
        <div>
          <dt className="text-slate-400">Net</dt>
          <dd className={`font-semibold tabular-nums ${settled ? netTone(summary.net) : 'text-slate-300'}`}>
            {netText(summary, final)}
          </dd>
        </div>
        {settled ? (
          <div>
            <dt className="text-slate-400">ROI</dt>
            <dd className={`font-semibold tabular-nums ${netTone(summary.net)}`}>{roiText(summary)}</dd>
          </div>
        ) : null}
      </dl>
      <p className="text-sm text-slate-400">{summaryLine(summary, final)}</p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={onDetails}
          aria-label={`View Details: ${title}`}
          className={`${buttonClass('secondary')} py-1.5 text-sm`}
        >
          View Details
        </button>
        {summary.net > 0 && entry.conflicts.length === 0 ? (
          <button
            type="button"
            onClick={onShare}
            aria-label={`Share Win: ${title}`}
            className={`rounded-lg bg-emerald-500 px-4 py-1.5 text-sm font-semibold text-slate-950 hover:bg-emerald-400 ${FOCUS}`}
          >
            <span aria-hidden="true">🏆 </span>Share Win
          </button>
        ) : null}
      </div>
      <TicketBets bets={entry.bets} final={final} onShare={onShareTicket} />
      {entry.conflicts.length > 0 ? <ConflictBets bets={entry.conflicts} /> : null}
      {final && entry.tentative.length > 0 ? <TentativeBets bets={entry.tentative} /> : null}
    </article>
  )
}
