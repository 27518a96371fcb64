import { dollarsToCents } from '../../../domain/money'
import { formatOdds } from '../../../domain/odds'
import { TICKET_KIND_LABELS } from '../../../domain/ticket'
import type { RestView } from '../../../domain/ticket-grid'
import type { GameGrid } from '../../types'
import { formatMoney, formatPercent, formatSignedMoney } from '../../ui/format'
import { chanceText, TICKET_MARKS } from './cell-view'

type GridTicket = GameGrid['tickets'][number]

/**
 * Decision 067: the tickets of several legs riding on this game, above its grid: each with its legs decided,
 * its stake and To Win, and its chances now; the toggle between counting their legs on other games at
 * their chances and as won; and what the cells' marks mean.
 */
export function GridTickets({
  tickets,
  rest,
  wanted,
  onRest,
  review,
}: {
  tickets: readonly GridTicket[]
  /** The view the cells on screen are in. */
  rest: RestView
  /** The view asked for: the toggle's state, ahead of the cells while the other view loads. */
  wanted: RestView
  /** Some cell holds a payout only the book knows. */
  review: boolean
  /** Null when only one view is possible (no plan: nothing is priced). */
  onRest: ((rest: RestView) => void) | null
}) {
  if (tickets.length === 0) return null
  const elsewhere = tickets.some((ticket) => ticket.legsElsewhere > 0)
  return (
    <section
      aria-label="Tickets on this game"
      className="flex flex-col gap-2 rounded-lg border border-slate-800 bg-slate-900/60 p-3 text-sm"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h4 className="font-semibold text-slate-100">Tickets riding on this game</h4>
        {elsewhere && onRest ? (
          <label className="ml-auto flex items-center gap-2 text-slate-300">
            <input
              type="checkbox"
              className="h-4 w-4 accent-sky-500"
              checked={wanted === 'if_rest_win'}
              onChange={(event) => onRest(event.target.checked ? 'if_rest_win' : 'expected')}
            />
            If the rest win
          </label>
        ) : null}
      </div>
      <ul className="flex flex-col gap-1">
        {tickets.map((ticket) => (
          <li key={ticket.id} className="flex flex-wrap gap-x-3 gap-y-0.5 text-slate-300">
            <span className="font-semibold text-slate-100">{TICKET_KIND_LABELS[ticket.kind]}</span>
            <span>
              {ticket.legsDecided} of {ticket.legs} legs decided
              {ticket.legsElsewhere > 0 ? `, ${ticket.legsElsewhere} to play on other games` : ''}
            </span>
            <span>
              {formatMoney(dollarsToCents(ticket.amount))} to win{' '}
              {formatMoney(dollarsToCents(ticket.potentialWin))}
            </span>
            <TicketChances ticket={ticket} />
          </li>
        ))}
      </ul>
      {elsewhere || review ? (
        <p className="text-xs text-slate-400">
          {[
            elsewhere ? LEGENDS[rest] : '',
            review ? LEGENDS.needsReview : '',
            elsewhere && !onRest ? 'Chances of the other games need a trial or a plan.' : '',
          ]
            .filter(Boolean)
            .join(' ')}
        </p>
      ) : null}
    </section>
  )
}

function TicketChances({ ticket }: { ticket: GridTicket }) {
  if (ticket.winProbability === null) {
    return <span className="text-slate-400">{ticket.unpriced ?? 'Not priced'}</span>
  }
  return (
    <>
      <span>{chanceText(ticket.winProbability)} to win</span>
      {ticket.expectedProfit === null ? null : (
        <span>expected {formatSignedMoney(dollarsToCents(ticket.expectedProfit), 2)}</span>
      )}
      {ticket.fairOdds === null ? null : <span>fair {formatOdds(ticket.fairOdds)}</span>}
      {ticket.bookMargin === null ? null : (
        <span>
          {ticket.bookMargin < 0 ? 'your edge' : 'the book keeps'}{' '}
          {formatPercent(Math.abs(ticket.bookMargin) * 100)}
        </span>
      )}
    </>
  )
}

const LEGENDS = {
  expected: `${TICKET_MARKS.expected.mark} marks a cell whose profit counts your tickets' legs on other games at their chances now: the expected profit if the game ends there.`,
  if_rest_win: `${TICKET_MARKS.if_rest_win.mark} marks a cell whose profit counts your tickets' legs on other games as won: the best case.`,
  needsReview: `${TICKET_MARKS.needsReview.mark} marks a cell where a ticket's payout is the book's to say: it counts as the stake back.`,
} as const
