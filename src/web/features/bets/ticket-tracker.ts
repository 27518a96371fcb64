import { useQuery } from '@tanstack/react-query'
import { hasPlanFeatures } from '../../../domain/subscription'
import { routeQuery } from '../../api'
import { useCurrentUser } from '../../queries'
import type { Bet, TicketTracker } from '../../types'

export type TrackedTicket = TicketTracker[number]

/**
 * Decision 067's live ticket tracker: each open ticket's chances now and its legs', by ticket id. Live events
 * refresh it (a position or a bet change, live-events.ts), so it does not poll; an account without a plan
 * (decision 016) asks for nothing and sees the legs alone.
 */
export function useTicketTracker(): ReadonlyMap<number, TrackedTicket> {
  const user = useCurrentUser().data
  const query = useQuery({
    ...routeQuery('GET /api/bets/ticket-chances'),
    enabled: user !== undefined && user !== null && hasPlanFeatures(user.subscriptionTier),
    select: (tickets) => new Map(tickets.map((ticket) => [ticket.betId, ticket])),
  })
  return query.data ?? EMPTY
}

const EMPTY: ReadonlyMap<number, TrackedTicket> = new Map()

/** The leg whose grid the ticket's card opens: the first live leg, else the first still to come. */
export function legToWatch(bet: Pick<Bet, 'legs'>): Bet['legs'][number] | null {
  const open = [...bet.legs]
    .sort((a, b) => a.position - b.position)
    .filter((leg) => leg.result === null && leg.game.provider !== 'unlinked' && leg.game.status !== 'final')
  return open.find((leg) => leg.game.status === 'in_progress') ?? open[0] ?? null
}

/** A lost leg decides the ticket: its card greys (the tracker knows a tentative ticket's legs from the scores). */
export function hasLostLeg(bet: Pick<Bet, 'legs'>, tracked?: TrackedTicket): boolean {
  const lost = (leg: { result: string | null }) => leg.result === 'lost'
  return bet.legs.some(lost) || (tracked?.legs.some(lost) ?? false)
}
