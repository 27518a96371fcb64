import { Fragment, type ReactNode } from 'react'
import { WIRE_BET_TYPE_LABELS } from '../../../domain/bet'
import { wirePriceText } from '../../../domain/price'
import { betNet } from '../../../domain/statistics'
import { Modal } from '../../ui/dialog'
import { formatMoney, Money, netTone } from '../../ui/format'
import { ColumnHeads, figures } from '../../ui/table'
import { toRecordedBet } from '../bets/bet-money'
import { BetDetails } from '../bets/ticket-details'
import { isTicket } from '../bets/ticket-view'
import {
  gameDateText,
  type HistoryGame,
  isFinalGame,
  matchup,
  netText,
  roiText,
  unsettledLabel,
} from './history-data'

/**
 * docs/spec/product-spec.md §2, details modal 'Game Analysis': final score, total bets, the game's P&L and every bet
 * (type, selection, odds, amount, result or 'pending'; a what-if on a final game). P&L is the
 * settled bets' net (decision 002).
 */
export function GameAnalysisModal({
  entry,
  timeZone,
  onClose,
}: {
  entry: HistoryGame | null
  timeZone: string
  onClose: () => void
}) {
  return (
    <Modal open={entry !== null} onClose={onClose} title="Game Analysis">
      {entry ? <Analysis entry={entry} timeZone={timeZone} /> : null}
    </Modal>
  )
}

function Analysis({ entry, timeZone }: { entry: HistoryGame; timeZone: string }) {
  const { game, summary } = entry
  const settled = summary.settledBets > 0
  const final = isFinalGame(game)
  return (
    <div className="flex flex-col gap-4">
      <div>
        <p className="text-sm text-slate-400">{gameDateText(game, timeZone)}</p>
        <p className="text-lg font-semibold">{matchup(game)}</p>
      </div>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <Figure label="Final Score">
          {isFinalGame(game) ? `${game.awayScore ?? 0} - ${game.homeScore ?? 0}` : 'Not final'}
        </Figure>
        <Figure label="Total Bets">{summary.totalBets}</Figure>
        <Figure label="Game P&L" className={settled ? netTone(summary.net) : ''}>
          {netText(summary, final)}
        </Figure>
      </dl>
      {settled ? (
        <p className="text-sm text-slate-400">
          ROI {roiText(summary)} on {formatMoney(summary.wagered)} settled
        </p>
      ) : null}
      {/* No scrolling box around it: the cells wrap, so the table fits a 375 px screen. */}
      <table className="w-full text-left text-xs sm:text-sm">
        <caption className="sr-only">Bets on {matchup(game)}</caption>
        <ColumnHeads
          className="text-xs text-slate-400"
          cell="py-1 pr-2 font-medium last:pr-0"
          columns={['Type', 'Selection', figures('Odds'), figures('Amount'), 'Result']}
        />
        <tbody className="divide-y divide-slate-800">
          {entry.bets.map((bet) => {
            const recorded = toRecordedBet(bet)
            const net = betNet(recorded)
            // A ticket's legs, and a review or hand-result note, on a row of their own under the bet's.
            const details = isTicket(bet) || bet.needsReview || bet.handResult !== null
            return (
              <Fragment key={bet.id}>
                <tr className={details ? 'border-b-0' : undefined}>
                  <td className="py-2 pr-2">{WIRE_BET_TYPE_LABELS[bet.betType]}</td>
                  <td className="py-2 pr-2">
                    {bet.selection}
                    {bet.betStatus === 'tentative' ? (
                      <span className="text-xs text-amber-300"> (tentative)</span>
                    ) : null}
                  </td>
                  <td className="py-2 pr-2 text-right tabular-nums">{wirePriceText(bet)}</td>
                  <td className="py-2 pr-2 text-right">
                    <Money amount={recorded.amount} />
                  </td>
                  <td className="py-2">
                    <span className="capitalize">
                      {recorded.result ?? unsettledLabel(bet.betStatus, final)}
                    </span>
                    {net !== null ? <Money amount={net} signed tone className="block text-xs" /> : null}
                  </td>
                </tr>
                {details ? (
                  <tr>
                    <td colSpan={5} className="pb-2">
                      <BetDetails bet={bet} figures="to-win" />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}

function Figure({
  label,
  className = '',
  children,
}: {
  label: string
  className?: string
  children: ReactNode
}) {
  return (
    <div className="rounded-lg bg-slate-800/60 p-2">
      <dt className="text-xs text-slate-400">{label}</dt>
      <dd className={`font-semibold tabular-nums ${className}`}>{children}</dd>
    </div>
  )
}
