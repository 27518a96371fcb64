import { LEDGER_RESULTS, type LedgerResult, WIRE_BET_TYPE_LABELS } from '../../../domain/bet'
import { parseCents } from '../../../domain/money'
import { formatOdds } from '../../../domain/odds'
import type { Bet } from '../../types'

/**
 * How the web reads a ticket (decision 053) and a bet off the feed (decision 063): pure helpers the bet
 * rows, cards and the 'Settle by hand' form share. Rules stay the server's; these only name and shape.
 */
export type Leg = Bet['legs'][number]

/** A ticket has legs; a single (on the feed or off it) has none. */
export function isTicket(bet: Pick<Bet, 'legs'>): boolean {
  return bet.legs.length > 0
}

/** 'Parlay', 'Same-Game Parlay'...: the kind of a ticket, or a single's market. */
export function betKindLabel(bet: Pick<Bet, 'betType'>): string {
  return WIRE_BET_TYPE_LABELS[bet.betType]
}

/**
 * A ticket's boost as the slip said it (decision 053): 'Profit boost 25%', or 'Boosted from +500' beside
 * the boosted odds; null without one.
 */
export function boostText(bet: Pick<Bet, 'profitBoostPercent' | 'unboostedOdds'>): string | null {
  if (bet.profitBoostPercent !== null) return `Profit boost ${bet.profitBoostPercent}%`
  if (bet.unboostedOdds !== null) return `Boosted from ${formatOdds(bet.unboostedOdds)}`
  return null
}

/** What a leg is on: the event's name off the feed, else the game as 'Away @ Home'. */
export function legEventText(leg: Pick<Leg, 'event' | 'game'>): string {
  return leg.event ? leg.event.name : `${leg.game.awayTeam} @ ${leg.game.homeTeam}`
}

export type LegChip = LedgerResult | 'pending'

/** A leg's result chip: its result, or 'pending' while it has none. */
export function legChip(leg: Pick<Leg, 'result'>): LegChip {
  return leg.result ?? 'pending'
}

/** The legs in the slip's order (the API sends them so; sorting again costs nothing and guards a reorder). */
export function orderedLegs(bet: Pick<Bet, 'legs'>): Leg[] {
  return [...bet.legs].sort((a, b) => a.position - b.position)
}

/** Off the feed: the bet's own game is a placeholder ('unlinked'), or one of its legs is. */
export function isOffFeed(bet: Pick<Bet, 'legs'>, game?: { provider: string } | null): boolean {
  return game?.provider === 'unlinked' || bet.legs.some((leg) => leg.game.provider === 'unlinked')
}

/**
 * Decision 059: a placed ticket, a placed bet off the feed, or a single the feed settled can be settled or
 * corrected by hand (the server answers 409 for a tentative one).
 */
export function canSettleByHand(
  bet: Pick<Bet, 'legs' | 'betStatus' | 'result'>,
  game?: { provider: string } | null,
): boolean {
  // A single the feed settled may be corrected too (decision 059); one still to play waits for its game.
  return bet.betStatus === 'committed' && (isTicket(bet) || isOffFeed(bet, game) || bet.result !== null)
}

/** What the form settles: the whole bet, or one leg of a ticket by its id. */
export type SettleTarget = 'ticket' | number

/** A result to set, or CLEAR_RESULT: the hand result goes and the feed settles again (decision 059). */
export const CLEAR_RESULT = 'clear'
export type HandChoice = LedgerResult | typeof CLEAR_RESULT

export interface SettleFormState {
  target: SettleTarget
  result: HandChoice
  /** What the book paid, as typed; only sent with a result on the whole bet. */
  payout: string
}

export type HandResultBody = { result: LedgerResult | null; legId?: number; payout?: string }

/** Where the form shows a refusal: beside the payout field, or under the form. */
export interface SettleProblem {
  field: 'payout' | null
  message: string
}

export const PAYOUT_NEEDED = 'Enter what the book paid: this ticket’s payout is the book’s to say'
const PAYOUT_FORMAT = 'payout must be an amount with at most 2 decimals'

/**
 * The body of PATCH /api/bets/:id/result for the form, or the problem the server would name: a ticket that
 * needs review needs its payout (decision 060), and a payout is an amount. A leg's result carries no payout.
 */
export function handResultRequest(
  bet: Pick<Bet, 'needsReview'>,
  form: SettleFormState,
): { body: HandResultBody } | { problem: SettleProblem } {
  const result = form.result === CLEAR_RESULT ? null : form.result
  if (form.target !== 'ticket') return { body: { result, legId: form.target } }
  if (result === null) return { body: { result } }
  const payout = form.payout.trim().replace(/^\$/, '').replace(/,/g, '')
  if (payout === '') {
    if (bet.needsReview) return { problem: { field: 'payout', message: PAYOUT_NEEDED } }
    return { body: { result } }
  }
  const cents = parseCents(payout)
  if (cents === null || cents < 0) return { problem: { field: 'payout', message: PAYOUT_FORMAT } }
  return { body: { result, payout } }
}

/** A refusal of the API (`{ message, field? }`) as the form shows it; a field other than payout goes under the form. */
export function settleProblemOf(message: string, field: string | null): SettleProblem {
  return { field: field === 'payout' ? 'payout' : null, message }
}

/** The results a bet or a leg can be given by hand, as the API names them. */
export const HAND_RESULTS: readonly LedgerResult[] = LEDGER_RESULTS

/**
 * Each bet once, by id, in the order first seen: the history and the games list show a ticket under every
 * game it has a leg on, and anything that adds bets up across games must count it once.
 */
export function uniqueBets<T extends { id: number }>(bets: readonly T[]): T[] {
  const seen = new Set<number>()
  const unique: T[] = []
  for (const bet of bets) {
    if (seen.has(bet.id)) continue
    seen.add(bet.id)
    unique.push(bet)
  }
  return unique
}

/**
 * The bets a history card lists on their own lines, with their legs and the hand-result form: tickets, bets
 * off the feed and anything that needs review. A single on the feed is summed on the card and the score settles it.
 */
export function handLineBets<T extends Pick<Bet, 'legs' | 'needsReview'> & { game: { provider: string } }>(
  bets: readonly T[],
): T[] {
  return bets.filter((bet) => isTicket(bet) || isOffFeed(bet, bet.game) || bet.needsReview)
}
