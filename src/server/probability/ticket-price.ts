import type { z } from 'zod'
import type { ticketPrice } from '../../contract/probability'
import type { BetTerms } from '../../domain/bet'
import { type BetPeriod, FULL_GAME } from '../../domain/periods'
import { toWinAt } from '../../domain/price'
import type { ScoreDistribution } from '../../domain/probability/distribution'
import { betMarket, finalLegResult, legRule } from '../../domain/settlement'
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
import { type GameDistributions, noPeriodDistribution } from './game-distributions'
import { wireProbability } from './probability-view'

/** A leg to price: on a feed game (its market) or off the feed (gameId null), with its result if already set. */
export interface LegToPrice {
  gameId: number | null
  market: Market | null
  odds: number | null
  exactPrice: string | null
  period: BetPeriod
  /** A stored leg's result (settled, or the bettor's hand result); a new leg's is read from its game. */
  result?: LegResult | null
}

export type TicketPrice = { ok: true; chances: TicketChances } | { ok: false; reason: string }

/** A game's legs of a ticket still to play, by index, with the game and their joint results there. */
interface PendingLegs {
  game: GameRow
  /** The part of the game they are on (decision 073): legs on one game are read on one period's score. */
  period: BetPeriod
  legs: { index: number; market: Market }[]
  /** Their joint results on the game's shared distribution; the reason when it has none (or no plan). */
  outcomes: GameOutcomes | string
}

/**
 * Where a ticket's legs stand now, worked out once for every figure read from it: its terms with the decided
 * legs' results (their own, else a final score's), its legs still to play grouped by game with their joint
 * results, and `unpriced`, why a leg still to play has no chances (off the feed, a market Grid does not
 * model, a team that is not the game's).
 */
export interface TicketNow {
  terms: TicketTerms
  pending: Map<number, PendingLegs>
  unpriced: string | null
}

const OFF_FEED = 'A leg off the feed has no chances in Grid: only its book prices it'
const NO_PLAN = 'Chances need a trial or a plan'
const TWO_PERIODS =
  'Legs on two parts of one game (a half and the full game) have no chances in Grid: no model reads them together'

/** A leg Grid reads off a feed game: its game and market, when the market fits the game (legRule). */
function feedLeg(
  leg: LegToPrice,
  games: ReadonlyMap<number, GameRow>,
): { game: GameRow; market: Market } | null {
  const game = leg.gameId === null ? undefined : games.get(leg.gameId)
  if (!game || !leg.market || game.provider === 'unlinked' || !legRule(leg.market, game)) return null
  return { game, market: leg.market }
}

/** A leg's result now: its own (settled or by hand), else its final game's score's; null while to play. */
function legResultNow(leg: LegToPrice, games: ReadonlyMap<number, GameRow>): LegResult | null {
  if (leg.result != null) return leg.result
  const onFeed = feedLeg(leg, games)
  return onFeed && finalLegResult(onFeed.market, leg.period, onFeed.game)
}

/**
 * The ticket now. Without `distributions` (no plan, decision 016) no game's joint results are read: only
 * the views that need no chances can use it.
 */
export function ticketNow(
  ticket: TicketToPrice,
  games: ReadonlyMap<number, GameRow>,
  distributions: GameDistributions | null,
): TicketNow {
  const results: (LegResult | null)[] = []
  const groups = new Map<number, Omit<PendingLegs, 'outcomes'>>()
  let unpriced: string | null = null
  for (const [index, leg] of ticket.legs.entries()) {
    const decided = legResultNow(leg, games)
    results.push(decided)
    if (decided !== null) continue
    const onFeed = feedLeg(leg, games)
    if (!onFeed) {
      unpriced = OFF_FEED
      continue
    }
    const group = groups.get(onFeed.game.id) ?? { game: onFeed.game, period: leg.period, legs: [] }
    // Decision 073: legs on two parts of one game would need their joint chances, which no model gives.
    if (group.period !== leg.period) {
      unpriced = TWO_PERIODS
      continue
    }
    group.legs.push({ index, market: onFeed.market })
    groups.set(onFeed.game.id, group)
  }
  const pending = new Map<number, PendingLegs>()
  for (const [id, group] of groups) {
    pending.set(id, { ...group, outcomes: distributions ? outcomesOn(group, distributions) : NO_PLAN })
  }
  const terms = {
    ...ticket,
    legs: ticket.legs.map((leg, i) => ({
      odds: leg.odds,
      exactPrice: leg.exactPrice,
      result: results[i] ?? null,
    })),
  }
  return { terms, pending, unpriced }
}

/**
 * The joint results of legs on a game, by the shared distribution they were read from (a game state's, kept by
 * GameDistributions): every ticket and every answer on that state shares them, and they go with it.
 */
const OUTCOMES = new WeakMap<ScoreDistribution, Map<string, GameOutcomes['outcomes']>>()

/** One game's joint results of a ticket's legs, from its shared distribution; the reason when it has none. */
function outcomesOn(
  { game, period, legs }: Omit<PendingLegs, 'outcomes'>,
  distributions: GameDistributions,
): GameOutcomes | string {
  const shared = distributions.forPeriod(game, period)
  if (!shared) return noPeriodDistribution(game, period, distributions)
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
 * Each leg's chance to win now, by its index among the legs (the tracker's per-leg figure): its share of its
 * game's joint results. Absent for a leg already decided, one Grid does not read off a feed game, or one on
 * a game without a distribution.
 */
export function legChances(now: TicketNow): Map<number, number> {
  const chances = new Map<number, number>()
  for (const { legs, outcomes } of now.pending.values()) {
    if (typeof outcomes === 'string') continue
    legs.forEach(({ index }, k) => {
      const won = outcomes.outcomes.reduce(
        (sum, o) => (o.results[k] === 'won' ? sum + o.probability : sum),
        0,
      )
      chances.set(index, won)
    })
  }
  return chances
}

/**
 * A ticket's chances now (decision 066): a leg on a final game has its result, a leg on a game still to
 * finish its chances from the game's shared distribution, legs on one game read together. A leg off the
 * feed, on a canceled game or on a league without a score model leaves the ticket unpriced, with the reason.
 */
export function chancesNow(now: TicketNow): TicketPrice {
  if (now.unpriced) return { ok: false, reason: now.unpriced }
  const outcomes: GameOutcomes[] = []
  for (const { outcomes: game } of now.pending.values()) {
    if (typeof game === 'string') return { ok: false, reason: game }
    outcomes.push(game)
  }
  const chances = ticketChances(now.terms, outcomes)
  return chances
    ? { ok: true, chances }
    : { ok: false, reason: 'Too many legs still to play to price every way they can end' }
}

/** chancesNow of a ticket not yet worked out (POST /api/bets/price, the tracker). */
export function priceTicket(
  ticket: TicketToPrice,
  games: ReadonlyMap<number, GameRow>,
  distributions: GameDistributions,
): TicketPrice {
  return chancesNow(ticketNow(ticket, games, distributions))
}

/**
 * The ticket as one game's grid sees it (decision 067): its legs still to play there, its decided legs, and
 * the joint results of its legs on the other games (null when one has no chances: the expected view leaves
 * it out). Null when no leg here is still to play, or the ticket is already decided: it no longer depends
 * on this game's score.
 */
export function ticketOnGame(now: TicketNow, gameId: number): TicketOnGame | null {
  const here = now.pending.get(gameId)
  // Legs on a period of this game depend on the period's score, which the full game's grid does not show.
  if (!here || here.period !== FULL_GAME || ticketStanding(now.terms).status !== 'pending') return null
  let elsewhere: GameOutcomes[] | null = now.unpriced ? null : []
  for (const [id, { outcomes }] of now.pending) {
    if (id === gameId || elsewhere === null) continue
    elsewhere = typeof outcomes === 'string' ? null : [...elsewhere, outcomes]
  }
  return { terms: now.terms, here: here.legs, elsewhere }
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
    legs: [
      {
        gameId,
        market: betMarket(terms),
        odds: terms.odds,
        exactPrice: terms.exactPrice ?? null,
        period: terms.period ?? FULL_GAME,
      },
    ],
    amount: terms.amount,
    potentialWin: toWinAt(terms.amount, terms),
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
      exactPrice: leg.exactPrice,
      period: leg.period,
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
      exactPrice: leg.exactPrice,
      period: leg.period,
      result: leg.result,
    })),
  }
}
