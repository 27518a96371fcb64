import { ledgerResult } from '../../../domain/bet'
import type { BetWithGame } from '../../types'
import { FOCUS } from '../../ui/focus'
import { SettleByHand } from '../bets/settle-by-hand'
import { BetDetails } from '../bets/ticket-details'
import { handLineBets, isTicket } from '../bets/ticket-view'
import { unsettledLabel } from './history-data'

/**
 * A history card's tickets and bets off the feed (decisions 053 and 063): each with its result, its legs and
 * their results, review and hand-result notes, and 'Settle by hand' when it is placed.
 */
export function TicketBets({
  bets,
  final,
  onShare,
}: {
  bets: readonly BetWithGame[]
  final: boolean
  /** A won ticket's 'Share Win' (decision 067); absent where nothing is shared. */
  onShare?: (bet: BetWithGame) => void
}) {
  const shown = handLineBets(bets)
  if (shown.length === 0) return null
  return (
    <section aria-label="Tickets and bets off the feed" className="rounded-lg border border-slate-700 px-3">
      <ul className="flex flex-col divide-y divide-slate-800">
        {shown.map((bet) => (
          <li key={bet.id} className="flex flex-col gap-2 py-2 text-sm">
            <p className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-medium">{bet.selection}</span>
              <span className="text-slate-300 capitalize">
                {ledgerResult(bet.result) ?? unsettledLabel(bet.betStatus, final)}
              </span>
            </p>
            <BetDetails bet={bet} />
            {onShare && isTicket(bet) && ledgerResult(bet.result) === 'won' ? (
              <button
                type="button"
                onClick={() => onShare(bet)}
                aria-label={`Share Win: ${bet.selection}`}
                className={`self-start rounded-lg bg-emerald-500 px-3 py-1 text-xs font-semibold text-slate-950 hover:bg-emerald-400 ${FOCUS}`}
              >
                Share Win
              </button>
            ) : null}
            <SettleByHand bet={bet} game={bet.game} />
          </li>
        ))}
      </ul>
    </section>
  )
}
