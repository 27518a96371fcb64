import type { z } from 'zod'
import type { ticketPrice } from '../../contract/probability'
import type { BetTerms } from '../../domain/bet'
import { potentialWin } from '../../domain/odds'
import type { ScoreDistribution } from '../../domain/probability/distribution'
import { betMarket, finalLegResult } from '../../domain/settlement'
import { type LegResult, legMarketOf, type Market } from '../../domain/ticket'
import {
  type GameOutcomes,
  gameOutcomes,
  type TicketChances,
  ticketChances,
} from '../../domain/ticket-chances'
import type { TicketEntry } from '../../domain/ticket-entry'
import type { TicketOnGame } from '../../domain/ticket-grid'
import { type TicketTerms, ticketStanding } from '../../domain/ticket-settlement'
import type { LegWithGame } from '../bets/bet-view'
import { ticketTerms } from '../bets/ticket-rows'
import type { BetRow } from '../db/bets-schema'
import type { GameRow } from '../db/games-schema'
import { type GameDistributions, noDistribution } from './game-distributions'
import { wireProbability } from './probability-view'

/** A leg to price: on a feed game (its market) or off the feed (gameId null), with its result if already set. */
export interface LegToPrice {
  gameId: number | null
  market: Market | null
  odds: number | null
  /** A stored leg's result (settled, or the bettor's hand result); a new leg's is read from its game. */
  result?: LegResult | null
}

export type TicketPrice = { ok: true; chances: TicketChances } | { ok: false; reason: string }

/** A game's legs of a ticket still to play, by index, with the game. */
interface PendingLegs {
  game: GameRow
  legs: { index: number; market: Market }[]
}

/**
 * Where a ticket's legs stand now: a leg with a result, or on a final game, is decided; the others are
 * grouped by their game. `unpriced` says why a leg still to play has no chances (off the feed, a market
 * Grid does not model).
 */
interface LegsNow {
  results: (LegResult | null)[]
  pending: Map<number, PendingLegs>
  unpriced: string | null
}

/** A leg's result now: its own (settled or by hand), else its final game's score's; null while to play. */
export function legResultNow(leg: LegToPrice, games: ReadonlyMap<number, GameRow>): LegResult | null {
  if (leg.result != null) return leg.result
  const game = leg.gameId === null ? undefined : games.get(leg.gameId)
  if (!game || !leg.market || game.provider === 'unlinked') return null
  return finalLegResult(leg.market, game)
}

const OFF_FEED = 'A leg off the feed has no chances in Grid: only its book prices it'

function legsNow(ticket: TicketToPrice, games: ReadonlyMap<number, GameRow>): LegsNow {
  const now: LegsNow = { results: [], pending: new Map(), unpriced: null }
  for (const [index, leg] of ticket.legs.entries()) {
    const game = leg.gameId === null ? undefined : games.get(leg.gameId)
    const decided = legResultNow(leg, games)
    now.results.push(decided)
    if (decided !== null) continue
    if (!game || !leg.market || game.provider === 'unlinked') {
      now.unpriced = OFF_FEED
      continue
    }
    const group = now.pending.get(game.id) ?? { game, legs: [] }
    group.legs.push({ index, market: leg.market })
    now.pending.set(game.id, group)
  }
  return now
}

/**
 * The joint results of legs on a game, by the shared distribution they were read from (a game state's, kept by
 * GameDistributions): every ticket and every answer on that state shares them, and they go with it.
 */
const OUTCOMES = new WeakMap<ScoreDistribution, Map<string, GameOutcomes['outcomes']>>()

/** One game's joint results of a ticket's legs, from its shared distribution; the reason when it has none. */
function outcomesOn({ game, legs }: PendingLegs, distributions: GameDistributions): GameOutcomes | string {
  const shared = distributions.forGame(game)
  if (!shared) return noDistribution(game)
  const dist = shared.result.distribution
  const key = JSON.stringify(legs.map(({ market }) => market))
  const held = OUTCOMES.get(dist) ?? new Map<string, GameOutcomes['outcomes']>()
  OUTCOMES.set(dist, held)
  let outcomes = held.get(key)
  if (!outcomes) {
    outcomes = gameOutcomes({ dist, matchup: game, legs }).outcomes
    held.set(key, outcomes)
  }
  return { indexes: legs.map(({ index }) => index), outcomes }
}

/**
 * A leg's chance to win now, on its game's distribution (the tracker's per-leg figure); null for a leg already
 * decided, off the feed, or on a game without a distribution.
 */
export function legChance(
  leg: LegToPrice,
  games: ReadonlyMap<number, GameRow>,
  distributions: GameDistributions,
): number | null {
  const game = leg.gameId === null ? undefined : games.get(leg.gameId)
  if (legResultNow(leg, games) !== null || !game || !leg.market || game.provider === 'unlinked') return null
  const outcomes = outcomesOn({ game, legs: [{ index: 0, market: leg.market }] }, distributions)
  if (typeof outcomes === 'string') return null
  return outcomes.outcomes.reduce((sum, o) => (o.results[0] === 'won' ? sum + o.probability : sum), 0)
}

function termsWith(ticket: TicketToPrice, results: readonly (LegResult | null)[]): TicketTerms {
  return { ...ticket, legs: ticket.legs.map((leg, i) => ({ odds: leg.odds, result: results[i] ?? null })) }
}

/**
 * A ticket's chances now (decision 066): a leg on a final game has its result, a leg on a game still to
 * finish its chances from the game's shared distribution, legs on one game read together. A leg off the
 * feed, on a canceled game or on a league without a score model leaves the ticket unpriced, with the reason.
 */
export function priceTicket(
  ticket: TicketToPrice,
  games: ReadonlyMap<number, GameRow>,
  distributions: GameDistributions,
): TicketPrice {
  const now = legsNow(ticket, games)
  if (now.unpriced) return { ok: false, reason: now.unpriced }
  const outcomes: GameOutcomes[] = []
  for (const group of now.pending.values()) {
    const game = outcomesOn(group, distributions)
    if (typeof game === 'string') return { ok: false, reason: game }
    outcomes.push(game)
  }
  const chances = ticketChances(termsWith(ticket, now.results), outcomes)
  return chances
    ? { ok: true, chances }
    : { ok: false, reason: 'Too many legs still to play to price every way they can end' }
}

/**
 * The ticket as one game's grid sees it (decision 067): its legs still to play there, its decided legs, and
 * the joint results of its legs on the other games (null when one has no chances: the expected view leaves
 * it out). Null when no leg here is still to play, or the ticket is already decided: it no longer depends
 * on this game's score.
 */
export function ticketOnGame(
  ticket: TicketToPrice,
  gameId: number,
  games: ReadonlyMap<number, GameRow>,
  /** Null: nothing is priced (no plan), so only the views that need no chances can count the ticket. */
  distributions: GameDistributions | null,
): TicketOnGame | null {
  const now = legsNow(ticket, games)
  const here = now.pending.get(gameId)
  const terms = termsWith(ticket, now.results)
  if (!here || ticketStanding(terms).status !== 'pending') return null
  let elsewhere: GameOutcomes[] | null = now.unpriced ? null : []
  for (const [id, group] of now.pending) {
    if (id === gameId || elsewhere === null) continue
    const game = distributions ? outcomesOn(group, distributions) : null
    elsewhere = game === null || typeof game === 'string' ? null : [...elsewhere, game]
  }
  return { terms, here: here.legs, elsewhere }
}

/** The wire's figures: chances as every probability answer rounds them, money in dollars. */
export function ticketPriceView(chances: TicketChances): z.infer<typeof ticketPrice> {
  // Float sums may stray a hair outside 0-1, which the schema refuses.
  const chance = (p: number) => Math.min(1, Math.max(0, wireProbability(p)))
  return {
    winProbability: chance(chances.winProbability),
    pushProbability: chance(chances.pushProbability),
    lossProbability: chance(chances.lossProbability),
    reviewProbability: chance(chances.reviewProbability),
    fairOdds: chances.fairOdds,
    bookMargin: chances.bookMargin === null ? null : Math.round(chances.bookMargin * 1e4) / 1e4,
    expectedValue: chances.expectedValue === null ? null : Math.round(chances.expectedValue) / 100,
  }
}

export type TicketToPrice = Omit<TicketTerms, 'legs'> & { legs: readonly LegToPrice[] }

/** The spec's single on a feed game: a ticket of one leg at its odds. */
export function singleToPrice(gameId: number, terms: BetTerms): TicketToPrice {
  return {
    shape: { kind: 'single' },
    legs: [{ gameId, market: betMarket(terms), odds: terms.odds }],
    amount: terms.amount,
    potentialWin: potentialWin(terms.amount, terms.odds),
    boost: null,
  }
}

/** A checked ticket (or a single off the feed) as POST /api/bets would store it. */
export function ticketToPrice(entry: TicketEntry): TicketToPrice {
  return {
    ...entry,
    legs: entry.legs.map((leg) => ({
      gameId: leg.event.kind === 'game' ? leg.event.gameId : null,
      market: leg.market,
      odds: leg.odds,
    })),
  }
}

/** A stored ticket with its legs: a leg keeps the result settlement or the bettor gave it. */
export function storedTicketToPrice(bet: BetRow, legs: readonly LegWithGame[]): TicketToPrice {
  return {
    ...ticketTerms(bet, []),
    legs: legs.map(({ leg, game }) => ({
      gameId: game.provider === 'unlinked' ? null : leg.gameId,
      market: legMarketOf(leg),
      odds: leg.odds,
      result: leg.result,
    })),
  }
}
