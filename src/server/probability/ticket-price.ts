import type { z } from 'zod'
import type { ticketPrice } from '../../contract/probability'
import type { BetTerms } from '../../domain/bet'
import { potentialWin } from '../../domain/odds'
import { betMarket, finalLegResult } from '../../domain/settlement'
import type { LegResult, Market } from '../../domain/ticket'
import {
  type GameOutcomes,
  gameOutcomes,
  type TicketChances,
  ticketChances,
} from '../../domain/ticket-chances'
import type { TicketEntry } from '../../domain/ticket-entry'
import type { TicketTerms } from '../../domain/ticket-settlement'
import type { GameRow } from '../db/games-schema'
import { type GameDistributions, noDistribution } from './game-distributions'
import { wireProbability } from './probability-view'

/** A leg to price: on a feed game (its market) or off the feed (gameId null). */
export interface LegToPrice {
  gameId: number | null
  market: Market | null
  odds: number | null
}

export type TicketPrice = { ok: true; chances: TicketChances } | { ok: false; reason: string }

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
  const results: (LegResult | null)[] = []
  const pending = new Map<number, { game: GameRow; legs: { index: number; market: Market }[] }>()
  for (const [index, leg] of ticket.legs.entries()) {
    const game = leg.gameId === null ? undefined : games.get(leg.gameId)
    if (!game || !leg.market || game.provider === 'unlinked')
      return { ok: false, reason: 'A leg off the feed has no chances in Grid: only its book prices it' }
    const decided = finalLegResult(leg.market, game)
    results.push(decided)
    if (decided !== null) continue
    const group = pending.get(game.id) ?? { game, legs: [] }
    group.legs.push({ index, market: leg.market })
    pending.set(game.id, group)
  }
  const outcomes: GameOutcomes[] = []
  for (const { game, legs } of pending.values()) {
    const shared = distributions.forGame(game)
    if (!shared) return { ok: false, reason: noDistribution(game) }
    outcomes.push(gameOutcomes({ dist: shared.result.distribution, matchup: game, legs }))
  }
  const terms = {
    ...ticket,
    legs: ticket.legs.map((leg, i) => ({ odds: leg.odds, result: results[i] ?? null })),
  }
  const chances = ticketChances(terms, outcomes)
  return chances
    ? { ok: true, chances }
    : { ok: false, reason: 'Too many legs still to play to price every way they can end' }
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
