import { normalizeResult } from './bet'
import { type Cents, MAX_AMOUNT_CENTS } from './money'
import { isValidOdds, potentialWin } from './odds'
import { formatPoints, formatSignedPoints, isHalfPointStep } from './selection'
import { BetTermsError, payoutFor } from './settlement'
import { type LegResult, MAX_PARLAY_LEGS, type Market, type TicketResult, type TicketShape } from './ticket'
import type { LegDraft, TicketDraft } from './ticket-draft'
import { readTicketKind, ticketShapeOf } from './ticket-import'
import {
  parlayOdds,
  roundRobinCount,
  roundRobinStake,
  ticketPotentialWin,
  ticketStanding,
} from './ticket-settlement'

/**
 * A bet-sync partner's slip of several legs as a ticket draft (decision 062), pure so the connector only
 * reads the partner's JSON. The fields are SharpSports' BetSlip (decision 052): amounts in cents, odds
 * American; `toWin`, `payout` and a leg's own `outcome` are read when the slip has them.
 */
export interface PartnerSlip {
  id: string
  timePlaced: string
  /** The slip's kind as the partner words it ('parlay', 'teaser', 'round_robin'...). */
  type?: string | null
  oddsAmerican?: number | null
  atRisk: number
  toWin?: unknown
  payout?: unknown
  status?: string | null
  outcome?: string | null
  bets: readonly PartnerLeg[]
}

export interface PartnerLeg {
  event?: {
    name?: string | null
    league?: string | null
    startTime?: string | null
    contestantHome?: { fullName: string } | null
    contestantAway?: { fullName: string } | null
  } | null
  proposition?: string | null
  segment?: unknown
  segmentId?: string | null
  position?: string | null
  line?: number | null
  oddsAmerican?: number | null
  outcome?: string | null
}

export type SlipTicket =
  | { ok: true; externalId: string; placedAt: Date; draft: TicketDraft }
  | { ok: false; reason: string; skipped?: true }

/** SharpSports' segment of a whole game (SEGM_M): halves, quarters and periods are other markets. */
const FULL_GAME = 'SEGM_M'

/**
 * The ticket of a slip of several legs. Full-game spread, total and moneyline legs naming two teams are
 * looked up by the server; props and parts of a game stay off the feed with the partner's words. The
 * slip's outcome is the ticket's result (the book's word, decision 027); its payout is the slip's when
 * given, else the legs' settlement when it agrees, else decision 002's from the outcome and To Win.
 */
export function slipTicket(slip: PartnerSlip, sportsbook: string): SlipTicket {
  const placedAt = new Date(slip.timePlaced)
  if (Number.isNaN(placedAt.getTime())) return { ok: false, reason: 'The bet has no time it was placed' }
  if (slip.bets.length < 2) return { ok: false, reason: 'A ticket has several legs' }
  if (slip.bets.length > MAX_PARLAY_LEGS)
    return { ok: false, reason: `A ticket has at most ${MAX_PARLAY_LEGS} legs`, skipped: true }
  const amount = slip.atRisk
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > MAX_AMOUNT_CENTS)
    return { ok: false, reason: 'The slip has no stake Grid can read' }
  const legs = slip.bets.map(slipLeg)
  const shape = slipShape(slip, legs)
  if (typeof shape === 'string') return { ok: false, reason: shape, skipped: true }
  const odds = validOdds(slip.oddsAmerican) ?? parlayOdds(legs)
  if (odds === null) return { ok: false, reason: 'The bet has no odds' }
  let toWin: Cents
  try {
    toWin =
      wholeCents(slip.toWin) ??
      ticketPotentialWin(shape, legs, amount, null, { odds }) ??
      potentialWin(amount, odds)
    if (shape.kind === 'round_robin') roundRobinStake(amount, roundRobinCount(legs.length, shape.sizes))
  } catch (error) {
    if (error instanceof BetTermsError) return { ok: false, reason: error.message }
    throw error
  }
  const result = slipResult(slip.outcome)
  if (result === undefined) return { ok: false, reason: 'A cashed out slip is not tracked', skipped: true }
  const draft: TicketDraft = {
    shape,
    legs,
    odds,
    amount,
    potentialWin: toWin,
    boost: null,
    result,
    payout: result === null ? null : slipPayout(slip, { shape, legs, amount, toWin, result }),
    betStatus: 'committed',
    sportsbook,
  }
  return { ok: true, externalId: slip.id, placedAt, draft }
}

/**
 * The partner's words for the slip's kind, read as a file's market cell is; without a kind, legs all on one
 * game are a same-game parlay. What the slip does not say takes ticketShapeOf's defaults (a round robin by 2s).
 */
function slipShape(slip: PartnerSlip, legs: readonly LegDraft[]): TicketShape | string {
  const named = readTicketKind(slip.type ?? '')
  const oneGame = new Set(legs.map((leg) => leg.eventText)).size === 1 && legs.every((leg) => leg.teams)
  const kind = named ?? (oneGame ? { kind: 'same_game_parlay' as const } : { kind: 'parlay' as const })
  return ticketShapeOf(kind, legs.length)
}

const MARKETS = ['moneyline', 'spread', 'total'] as const

function slipLeg(bet: PartnerLeg): LegDraft {
  const event = bet.event
  const home = event?.contestantHome?.fullName
  const away = event?.contestantAway?.fullName
  const startTime = event?.startTime ? new Date(event.startTime) : null
  const fullGame = bet.segmentId ? bet.segmentId === FULL_GAME : !bet.segment
  const market = fullGame && home && away ? legMarket(bet) : null
  const eventText = event?.name ?? (home && away ? `${away} @ ${home}` : 'Unknown event')
  return {
    day: null,
    startTime: startTime && !Number.isNaN(startTime.getTime()) ? startTime : null,
    leagueText: event?.league ?? '',
    teams: market && home && away ? { teams: [away, home], ordered: true } : null,
    eventText,
    market,
    guessed: false,
    selection: legText(bet),
    odds: validOdds(bet.oddsAmerican),
    result: legResult(bet.outcome),
  }
}

/** A full-game leg's market, as readSlip reads a single's side; null for a prop or what it cannot read. */
function legMarket(bet: PartnerLeg): Market | null {
  const proposition = MARKETS.find((market) => market === bet.proposition)
  const position = (bet.position ?? '').trim()
  const line = bet.line ?? null
  if (!proposition || position === '') return null
  if (proposition === 'moneyline') return { betType: 'moneyline', team: position }
  if (line === null || !isHalfPointStep(line)) return null
  if (proposition === 'spread') return { betType: 'spread', team: position, points: line }
  const overUnder = /^(over|under)\b/i.exec(position)?.[1]?.toLowerCase()
  if (overUnder !== 'over' && overUnder !== 'under') return null
  return { betType: 'total', overUnder, points: line }
}

/** What the bettor reads of a leg: the position with its line ('Miami Dolphins +4.5', 'LeBron James over 25.5'). */
function legText(bet: PartnerLeg): string {
  const position = (bet.position ?? bet.proposition ?? 'Leg').trim()
  const line = bet.line
  if (line === null || line === undefined || position.includes(formatPoints(Math.abs(line)))) return position
  return `${position} ${bet.proposition === 'spread' ? formatSignedPoints(line) : formatPoints(line)}`
}

function legResult(outcome: string | null | undefined): LegResult | null {
  if (outcome === 'void' || outcome === 'cancelled' || outcome === 'canceled') return 'void'
  return normalizeResult(outcome)
}

/** The slip's outcome as a ticket's result; undefined for a cash-out, whose figure Grid does not model. */
function slipResult(outcome: string | null | undefined): TicketResult | null | undefined {
  if (outcome === 'cashout' || outcome === 'cashed_out') return undefined
  return legResult(outcome)
}

function slipPayout(
  slip: PartnerSlip,
  ticket: { shape: TicketShape; legs: LegDraft[]; amount: Cents; toWin: Cents; result: TicketResult },
): Cents {
  const given = wholeCents(slip.payout)
  if (given !== null) return given
  const standing = ticketStanding({
    shape: ticket.shape,
    legs: ticket.legs,
    amount: ticket.amount,
    potentialWin: ticket.toWin,
    boost: null,
  })
  if (standing.status === 'settled' && standing.result === ticket.result) return standing.payout
  return payoutFor(ticket.result, ticket.amount, ticket.toWin)
}

const validOdds = (odds: number | null | undefined): number | null =>
  typeof odds === 'number' && Number.isInteger(odds) && isValidOdds(odds) ? odds : null

const wholeCents = (value: unknown): Cents | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null
