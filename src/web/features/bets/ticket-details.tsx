import { dollarsToCents } from '../../../domain/money'
import { formatOdds } from '../../../domain/odds'
import { wirePriceText } from '../../../domain/price'
import type { Bet } from '../../types'
import { BADGE } from '../../ui/badge'
import { Day, Figure, formatSignedMoney, Money, netTone } from '../../ui/format'
import { chanceText } from '../grid/cell-view'
import type { TrackedTicket } from './ticket-tracker'
import {
  betKindLabel,
  boostText,
  isTicket,
  type LegChip,
  legChip,
  legEventText,
  orderedLegs,
} from './ticket-view'

const CHIP_STYLE: Record<LegChip, string> = {
  won: 'bg-emerald-800 text-emerald-50',
  lost: 'bg-red-800 text-red-50',
  push: 'bg-slate-600 text-white',
  void: 'bg-slate-700 text-slate-200',
  pending: 'bg-slate-800 text-slate-300',
  half_won: 'bg-emerald-900 text-emerald-100',
  half_lost: 'bg-red-900 text-red-100',
}

/** A leg's result as a small chip: won, lost, push, void, half won, half lost or pending. */
export function ResultChip({ result }: { result: LegChip }) {
  return <span className={`${BADGE} ${CHIP_STYLE[result]}`}>{result.replace('_', ' ')}</span>
}

/**
 * What of a ticket's own figures a screen adds: all of them (kind, odds, stake, To Win), only the kind (a row
 * that already shows the money), or only To Win (a table whose columns show the kind, odds and stake).
 */
export type TicketFigures = 'all' | 'kind' | 'to-win'

/**
 * A bet's extra lines (decisions 053, 059, 060, 063): a ticket's figures and its legs; for any bet, 'Needs
 * review' with the reason and 'set by hand' with the day. Nothing for a plain single.
 */
export function BetDetails({
  bet,
  figures = 'all',
  tracked,
}: {
  bet: Bet
  figures?: TicketFigures
  /** The live ticket tracker's chances (decision 067), on My Bets. */
  tracked?: TrackedTicket
}) {
  if (!isTicket(bet) && !bet.needsReview && !bet.handResult) return null
  return (
    <div className="flex flex-col gap-1.5">
      {isTicket(bet) ? <TicketSummary bet={bet} figures={figures} /> : null}
      {isTicket(bet) && tracked ? <TicketNow tracked={tracked} /> : null}
      {isTicket(bet) ? <TicketLegs bet={bet} tracked={tracked} /> : null}
      <BetNotes bet={bet} />
    </div>
  )
}

/** The ticket's chances now: to win, its expected profit and fair odds; or why Grid cannot price it. */
function TicketNow({ tracked }: { tracked: TrackedTicket }) {
  if (tracked.winProbability === null) {
    return <p className="text-xs text-slate-400">{tracked.unpriced}</p>
  }
  return (
    <p className="flex flex-wrap gap-x-3 text-sm text-slate-200">
      <span>
        Now <Figure className="font-semibold">{chanceText(tracked.winProbability)}</Figure> to win
      </span>
      {tracked.expectedProfit === null ? null : (
        <span>
          worth{' '}
          <Figure className={netTone(dollarsToCents(tracked.expectedProfit))}>
            {formatSignedMoney(dollarsToCents(tracked.expectedProfit), 2)}
          </Figure>
        </span>
      )}
      {tracked.fairOdds === null ? null : (
        <span className="text-slate-400">fair {formatOdds(tracked.fairOdds)}</span>
      )}
    </p>
  )
}

/** 'Parlay +595 Stake $10.00 To Win $59.50', and its boost when it has one. */
function TicketSummary({ bet, figures }: { bet: Bet; figures: TicketFigures }) {
  const boost = boostText(bet)
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-300">
      {figures === 'to-win' ? null : (
        <span className={`${BADGE} bg-violet-500/15 text-violet-200`}>{betKindLabel(bet)}</span>
      )}
      {figures === 'all' ? (
        <>
          <Figure>{wirePriceText(bet)}</Figure>
          <span>
            Stake <Money amount={bet.amount} />
          </span>
        </>
      ) : null}
      {figures === 'kind' ? null : (
        <span>
          To Win <Money amount={bet.potentialWin} />
        </span>
      )}
      {figures === 'kind' || boost === null ? null : <span className="text-amber-200">{boost}</span>}
    </p>
  )
}

/** The legs in slip order: selection, what it is on, its odds when known, a hand result's day, and its result chip. */
export function TicketLegs({ bet, tracked }: { bet: Bet; tracked?: TrackedTicket }) {
  const now = new Map(tracked?.legs.map((leg) => [leg.legId, leg]))
  return (
    <ol
      aria-label={`Legs of ${bet.selection}`}
      className="flex flex-col gap-1 border-l-2 border-slate-700 pl-3"
    >
      {orderedLegs(bet).map((leg) => (
        <li key={leg.id} className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm">
          <span className="font-medium text-slate-100">{leg.selection}</span>
          <span className="text-slate-400">{legEventText(leg)}</span>
          {leg.odds === null ? null : (
            <Figure className="text-slate-300">{wirePriceText({ ...leg, odds: leg.odds })}</Figure>
          )}
          {leg.result === null && leg.game.status === 'in_progress' ? (
            <span className="text-xs text-red-300">
              Live {leg.game.awayScore ?? 0}-{leg.game.homeScore ?? 0}
            </span>
          ) : null}
          {now.get(leg.id)?.winProbability == null ? null : (
            <span className="text-xs text-slate-300">
              {chanceText(now.get(leg.id)?.winProbability ?? 0)} to win
            </span>
          )}
          {leg.handResult ? (
            <span className="text-xs text-slate-400">
              set by hand on <Day iso={leg.handResult.at} />
            </span>
          ) : null}
          <span className="ml-auto">
            <ResultChip result={legChip({ result: now.get(leg.id)?.result ?? leg.result })} />
          </span>
        </li>
      ))}
    </ol>
  )
}

/** 'Needs review' with why, and who set the result: 'Result set by hand on Nov 27, 2026'. */
export function BetNotes({ bet }: { bet: Pick<Bet, 'needsReview' | 'reviewReason' | 'handResult'> }) {
  if (!bet.needsReview && !bet.handResult) return null
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs">
      {bet.needsReview ? (
        <>
          <span className={`${BADGE} bg-amber-500/20 text-amber-200`}>Needs review</span>
          {bet.reviewReason ? <span className="text-amber-100">{bet.reviewReason}</span> : null}
        </>
      ) : null}
      {bet.handResult ? (
        <span className="text-slate-400">
          Result set by hand on <Day iso={bet.handResult.at} />
        </span>
      ) : null}
    </div>
  )
}
