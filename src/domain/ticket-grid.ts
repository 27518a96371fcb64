import type { Cents } from './money'
import type { LegResult, Market } from './ticket'
import { type GameOutcomes, MAX_TICKET_OUTCOMES, outcomeCount, ticketChances } from './ticket-chances'
import { type TicketTerms, ticketStanding } from './ticket-settlement'

/**
 * A ticket of several legs on one game's grid (decision 067): for each final score of this game, what the
 * ticket is worth. Its legs here take their results from the cell; its legs already decided keep theirs;
 * its legs on other games still to play count at their chances now ('expected') or as won ('if_rest_win',
 * the best case the grid's toggle shows). Every figure comes from the ticket's own settlement
 * (ticketStanding) and its chances (ticketChances), so the grid prices a ticket as it will settle.
 */

/** How the legs still to play on other games count on the grid. */
export const REST_VIEWS = ['expected', 'if_rest_win'] as const
export type RestView = (typeof REST_VIEWS)[number]

/** How a ticket's worth at a cell is known: exact (nothing left elsewhere), or per the view. */
export type WorthBasis = 'exact' | RestView

export interface TicketWorth {
  /** Profit in cents: exact, expected over the rest, or with the rest won. */
  profit: Cents
  basis: WorthBasis
  /**
   * Part of the worth is a payout only the book knows (decision 060: a pushed leg without odds, a same-game
   * parlay the book reprices): counted as the stake back, and the cell says so.
   */
  review: boolean
}

/** A ticket as one game's grid sees it. */
export interface TicketOnGame {
  /** The ticket's terms; a decided leg holds its result, a leg still to play null. */
  terms: TicketTerms
  /** Its legs still to play on this game: their indexes among the legs and their markets. */
  here: readonly { index: number; market: Market }[]
  /** The joint results of its legs still to play on each other game; null when one of them has no chances. */
  elsewhere: readonly GameOutcomes[] | null
}

/** What the grid builder needs of a ticket: its markets here, its stake, and its worth per joint result. */
export interface GridTicket {
  view: RestView
  markets: readonly Market[]
  amount: Cents
  worth: (results: readonly LegResult[]) => TicketWorth
}

/**
 * The ticket for the grid in this view, or null when the view cannot price it: in 'expected', a leg still to
 * play off the feed or without a model, or more joint results than ticketChances enumerates.
 */
export function gridTicket(ticket: TicketOnGame, view: RestView): GridTicket | null {
  const { terms, here, elsewhere } = ticket
  const priced = elsewhere !== null && outcomeCount(elsewhere) <= MAX_TICKET_OUTCOMES
  if (view === 'expected' && !priced) return null
  const worth = (results: readonly LegResult[]): TicketWorth => {
    const legs = terms.legs.map((leg) => ({ ...leg }))
    here.forEach(({ index }, i) => {
      const leg = legs[index]
      if (leg) leg.result = results[i] ?? null
    })
    const withHere = { ...terms, legs }
    const now = ticketStanding(withHere)
    if (now.status !== 'pending') return worthOf(now, terms.amount, 'exact')
    switch (view) {
      case 'if_rest_win':
        return worthOf(
          ticketStanding({ ...withHere, legs: legs.map((leg) => ({ ...leg, result: leg.result ?? 'won' })) }),
          terms.amount,
          view,
        )
      case 'expected': {
        const chances = elsewhere === null ? null : ticketChances(withHere, elsewhere)
        if (chances === null) throw new Error('A ticket priced for the grid has its chances')
        return {
          profit: chances.settledReturn + chances.reviewProbability * terms.amount - terms.amount,
          basis: view,
          review: chances.reviewProbability > 0,
        }
      }
    }
  }
  return { view, markets: here.map(({ market }) => market), amount: terms.amount, worth }
}

function worthOf(standing: ReturnType<typeof ticketStanding>, amount: Cents, basis: WorthBasis): TicketWorth {
  switch (standing.status) {
    case 'settled':
      return { profit: standing.payout - amount, basis, review: false }
    case 'needs_review':
      return { profit: 0, basis, review: true }
    case 'pending':
      throw new Error('A ticket with every leg decided is not pending')
  }
}
