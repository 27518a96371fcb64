import { type BetType, LEDGER_RESULTS, type LedgerResult, type OverUnder } from './bet'
import type { Cents } from './money'
import { type BetPeriod, FULL_GAME, withoutPeriod } from './periods'
import { backsTheDraw, parseSelection, type SelectionParts } from './selection'

/**
 * The ticket model (decision 053). A ticket is what the bettor holds from the book: one stake, one price,
 * one result and payout, over one or more legs. Each leg is a market on an event: a game the feed lists, or
 * an event off the feed the bettor names. A single bet is a ticket of one leg; on the wire it keeps the
 * spec's flat shape (`POST /api/bets` with `betType`, `selection`, ...).
 */

/**
 * A leg's market on a feed game, with its parts: nothing on the grid's or settlement's path parses the
 * selection text. The variants are the selection's parts (selection.ts composes and parses the text).
 */
export type Market = SelectionParts
export type MarketKind = Market['betType']

/**
 * What a leg is on. A feed game settles its legs from the final score; an event off the feed (a prop, a
 * future, a league or a past game the feed does not carry) is settled by hand.
 */
export type LegEvent =
  | { kind: 'game'; gameId: number }
  | { kind: 'off_feed'; name: string; league: string | null; startTime: Date | null }

/**
 * A leg's result: a void leg (a postponed game, a scratched player) is removed from its ticket; a quarter
 * line's leg may win or lose half (decision 071).
 */
export const LEG_RESULTS = LEDGER_RESULTS
export type LegResult = (typeof LEG_RESULTS)[number]

/** A ticket's result: 'void' gives the stake back, as a push does, and is shown as the book says it. */
export type TicketResult = LedgerResult

/** Who set a result by hand, and when: every hand result is shown as such in the ticket's detail. */
export interface HandResult {
  byUserId: number | null
  at: Date
}

export interface Leg {
  event: LegEvent
  /**
   * The market's parts; null on a leg off the feed whose market Grid does not model (a prop, a future):
   * its selection is the bettor's text and it is settled by hand.
   */
  market: Market | null
  /** What the bettor reads on the slip: 'Lakers +3.5', 'Over 8.5', 'LeBron James over 25.5 points'. */
  selection: string
  /** The leg's own American odds when the slip shows them; a parlay with a pushed leg needs them. */
  odds: number | null
  /** The leg's decimal or fractional price exactly, when the slip gives one (decision 072). */
  exactPrice: string | null
  /** The part of its game the leg is on (decision 073): its market settles on that period's score. */
  period: BetPeriod
  result: LegResult | null
  /** Set when the result was entered by hand rather than settled from the feed. */
  handResult: HandResult | null
}

/** Same-game parlays: what the book does with a pushed or void leg (decision 055). */
export const VOID_RULES = ['void', 'reduce', 'reprice'] as const
export type VoidRule = (typeof VOID_RULES)[number]

/** Teasers: what the book does with a leg that lands on the teased line (decision 056). */
export const TIE_RULES = ['lose', 'push', 'reduce'] as const
export type TieRule = (typeof TIE_RULES)[number]

/**
 * A book's boost, kept beside the unboosted price so later figures can be read with and without it
 * (decision 057): a percent added to the profit, or a boosted price whose unboosted odds are kept.
 */
export type Boost = { kind: 'profit'; percent: number } | { kind: 'price'; unboostedOdds: number }

/** The kinds of ticket, each with what its settlement needs beyond the legs. */
export type TicketShape =
  | { kind: 'single' }
  | { kind: 'parlay' }
  | { kind: 'same_game_parlay'; voidRule: VoidRule }
  | {
      kind: 'teaser'
      teaserPoints: number
      ties: TieRule
      /** The book's price for the teaser with fewer legs, by leg count, when the bettor knows it. */
      reducedOdds: Readonly<Record<number, number>> | null
    }
  /** Every parlay of each size in `sizes` from the legs, each staked `amount / count`. */
  | { kind: 'round_robin'; sizes: readonly number[] }

export type TicketKind = TicketShape['kind']

export const TICKET_KINDS = [
  'single',
  'parlay',
  'same_game_parlay',
  'teaser',
  'round_robin',
] as const satisfies readonly TicketKind[]

export const TICKET_KIND_LABELS: Record<TicketKind, string> = {
  single: 'Single',
  parlay: 'Parlay',
  same_game_parlay: 'Same-Game Parlay',
  teaser: 'Teaser',
  round_robin: 'Round Robin',
}

/** A parlay holds 2 to 15 legs; a round robin's sizes are between 2 and one less than its legs. */
export const MIN_PARLAY_LEGS = 2
export const MAX_PARLAY_LEGS = 15

/** A leg's price as a parlay multiplies it: its American odds, or its exact price when it has one. */
export type LegPrice = Pick<Leg, 'odds'> & Partial<Pick<Leg, 'exactPrice'>>

export interface Ticket {
  shape: TicketShape
  legs: readonly Leg[]
  /** The ticket's American odds as the slip says (boost included); a round robin's is its parlays' average. */
  odds: number
  /** The ticket's decimal or fractional price exactly, when the slip gives one (decision 072). */
  exactPrice: string | null
  /** The whole stake (a round robin's: every parlay's stake together). */
  amount: Cents
  /** The profit when every leg wins, as the slip says (boost included). */
  potentialWin: Cents
  boost: Boost | null
}

/**
 * Where a ticket stands. `needs_review`: the legs are decided but the payout depends on the book (a pushed
 * leg without its odds, a same-game parlay the book reduces or reprices, a reduced teaser): the bettor
 * enters what the book paid.
 */
export type TicketStanding =
  | { status: 'pending' }
  | { status: 'needs_review'; reason: string }
  | { status: 'settled'; result: TicketResult; payout: Cents }

/**
 * An event off the feed's name as its placeholder game holds it (decision 063): 'Away @ Home' for two
 * teams, else the bettor's text in the home team's place.
 */
export function eventName(game: { homeTeam: string; awayTeam: string }): string {
  return game.awayTeam ? `${game.awayTeam} @ ${game.homeTeam}` : game.homeTeam
}

/** A ticket's terms as its row and the wire keep them, beside its kind. */
export interface ShapeTerms {
  kind: TicketKind
  voidRule: VoidRule | null
  ties: TieRule | null
  teaserPoints: number | null
  reducedOdds: Readonly<Record<string, number>> | null
  sizes: readonly number[] | null
}

/** The ticket's shape from its terms; a kind's missing term reads as the rule that never invents a price. */
export function ticketShape(terms: ShapeTerms): TicketShape {
  switch (terms.kind) {
    case 'single':
      return { kind: 'single' }
    case 'parlay':
      return { kind: 'parlay' }
    case 'same_game_parlay':
      return { kind: 'same_game_parlay', voidRule: terms.voidRule ?? 'reduce' }
    case 'teaser':
      return {
        kind: 'teaser',
        teaserPoints: terms.teaserPoints ?? 0,
        ties: terms.ties ?? 'reduce',
        reducedOdds: terms.reducedOdds,
      }
    case 'round_robin':
      return { kind: 'round_robin', sizes: terms.sizes ?? [] }
  }
}

/** The boost from its two terms (decision 057): a profit boost, a boosted price, or none. */
export function ticketBoost(terms: {
  profitBoostPercent: number | null
  unboostedOdds: number | null
}): Boost | null {
  if (terms.profitBoostPercent !== null) return { kind: 'profit', percent: terms.profitBoostPercent }
  if (terms.unboostedOdds !== null) return { kind: 'price', unboostedOdds: terms.unboostedOdds }
  return null
}

/** A market's parts in a bet's or a leg's columns (legMarketOf's inverse): null where the market has none. */
export interface MarketColumns {
  spreadTeam: string | null
  spreadPoints: number | null
  totalPoints: number | null
  overUnder: OverUnder | null
}

export function marketColumns(market: Market): MarketColumns {
  const none: MarketColumns = { spreadTeam: null, spreadPoints: null, totalPoints: null, overUnder: null }
  switch (market.betType) {
    case 'spread':
      return { ...none, spreadTeam: market.team, spreadPoints: market.points }
    case 'total':
      return { ...none, totalPoints: market.points, overUnder: market.overUnder }
    case 'team_total':
      return { ...none, spreadTeam: market.team, totalPoints: market.points, overUnder: market.overUnder }
    case 'draw_no_bet':
      return { ...none, spreadTeam: market.team }
    case 'three_way_handicap':
      return { ...none, spreadTeam: market.team, spreadPoints: market.points }
    // Their parts are written in the selection alone (selection.ts).
    case 'moneyline':
    case 'double_chance':
    case 'winning_margin':
    case 'both_teams_to_score':
    case 'correct_score':
      return none
  }
}

/** A leg's market from its parts; null for a market Grid does not model (a prop, a future) or parts missing. */
export function legMarketOf(leg: {
  market: BetType | null
  selection: string
  spreadTeam: string | null
  spreadPoints: number | null
  totalPoints: number | null
  overUnder: OverUnder | null
  /** The leg's period, whose name its selection carries first (decision 073); the full game when absent. */
  period?: BetPeriod
}): Market | null {
  const selection = withoutPeriod(leg.selection, leg.period ?? FULL_GAME)
  switch (leg.market) {
    case 'spread':
      return leg.spreadTeam !== null && leg.spreadPoints !== null
        ? { betType: 'spread', team: leg.spreadTeam, points: leg.spreadPoints }
        : null
    case 'total':
      return leg.overUnder !== null && leg.totalPoints !== null
        ? { betType: 'total', overUnder: leg.overUnder, points: leg.totalPoints }
        : null
    case 'three_way_handicap':
      // Its team and handicap in the columns; the side in the selection (an off-feed leg keeps the slip's).
      return leg.spreadTeam !== null && leg.spreadPoints !== null
        ? {
            betType: 'three_way_handicap',
            team: leg.spreadTeam,
            points: leg.spreadPoints,
            draw: backsTheDraw(selection),
          }
        : null
    case 'moneyline':
    case 'double_chance':
    case 'winning_margin':
    case 'both_teams_to_score':
    case 'correct_score': {
      // Their parts are written in the selection alone (selection.ts).
      const parsed = parseSelection(selection, leg.market)
      return parsed?.betType === leg.market ? parsed : null
    }
    case 'team_total':
      return leg.spreadTeam !== null && leg.overUnder !== null && leg.totalPoints !== null
        ? { betType: 'team_total', team: leg.spreadTeam, overUnder: leg.overUnder, points: leg.totalPoints }
        : null
    case 'draw_no_bet':
      return leg.spreadTeam !== null ? { betType: 'draw_no_bet', team: leg.spreadTeam } : null
    case null:
      return null
  }
}
