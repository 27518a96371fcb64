import type { LegView } from '../../contract/bets'
import { BET_TYPES, type BetType, OTHER_MARKET } from '../../domain/bet'
import { FULL_GAME } from '../../domain/periods'
import { wirePrice } from '../../domain/price'
import {
  type Boost,
  eventName,
  type LegResult,
  marketColumns,
  type TicketShape,
  ticketBoost,
  ticketShape,
} from '../../domain/ticket'
import type { EntryLeg, TicketEntry } from '../../domain/ticket-entry'
import type { TicketTerms } from '../../domain/ticket-settlement'
import type { BetLegRow, BetRow } from '../db/bets-schema'
import { type GameRow, games } from '../db/games-schema'
import type { NewBet, NewLeg } from './bet-writer'

/**
 * A ticket between its rows and the domain (decision 061): the shape from the row's columns, the legs'
 * markets from their term columns, and a checked entry as the columns the writer stores.
 */

/** The ticket's shape from its row's columns (ticketShape). */
export function shapeOf(
  row: Pick<
    BetRow,
    'ticketKind' | 'voidRule' | 'tieRule' | 'teaserPoints' | 'teaserReducedOdds' | 'roundRobinSizes'
  >,
): TicketShape {
  return ticketShape({
    kind: row.ticketKind,
    voidRule: row.voidRule,
    ties: row.tieRule,
    teaserPoints: row.teaserPoints,
    reducedOdds: row.teaserReducedOdds,
    sizes: row.roundRobinSizes,
  })
}

export function boostOf(row: Pick<BetRow, 'boostPercent' | 'unboostedOdds'>): Boost | null {
  return ticketBoost({ profitBoostPercent: row.boostPercent, unboostedOdds: row.unboostedOdds })
}

/** What settlement reads of a stored ticket. */
export function ticketTerms(
  row: BetRow,
  legs: readonly Pick<BetLegRow, 'result' | 'odds' | 'exactPrice'>[],
): TicketTerms {
  return {
    shape: shapeOf(row),
    legs,
    amount: row.amountCents,
    potentialWin: row.potentialWinCents,
    boost: boostOf(row),
  }
}

/** The columns of a checked ticket's row; the legs are written beside it (legColumns). */
export function ticketColumns(entry: TicketEntry, gameId: number): Omit<NewBet, 'betStatus' | 'sportsbook'> {
  const [first] = entry.legs
  const single = entry.shape.kind === 'single' && first
  const shape = entry.shape
  return {
    gameId,
    betType: single
      ? (first.market?.betType ?? OTHER_MARKET)
      : (shape.kind as Exclude<typeof shape.kind, 'single'>),
    selection: entry.legs.map((leg) => leg.selection).join(' | '),
    odds: entry.odds,
    exactPrice: entry.exactPrice,
    // A single's period is its one leg's (decision 073); a ticket's legs each keep their own.
    period: single ? first.period : FULL_GAME,
    amountCents: entry.amount,
    potentialWinCents: entry.potentialWin,
    ...(single && first.market ? marketColumns(first.market) : {}),
    ticketKind: shape.kind,
    voidRule: shape.kind === 'same_game_parlay' ? shape.voidRule : null,
    tieRule: shape.kind === 'teaser' ? shape.ties : null,
    teaserPoints: shape.kind === 'teaser' ? shape.teaserPoints : null,
    teaserReducedOdds: shape.kind === 'teaser' && shape.reducedOdds ? { ...shape.reducedOdds } : null,
    roundRobinSizes: shape.kind === 'round_robin' ? [...shape.sizes] : null,
    boostPercent: entry.boost?.kind === 'profit' ? entry.boost.percent : null,
    unboostedOdds: entry.boost?.kind === 'price' ? entry.boost.unboostedOdds : null,
  }
}

/**
 * A leg's row on its game (a feed game, or an event's placeholder); the writer adds its ticket and position.
 * A leg read from a file or a slip carries its result (decision 062); one typed in has none yet.
 */
export function legColumns(leg: EntryLeg & { result?: LegResult | null }, gameId: number): NewLeg {
  return {
    gameId,
    market: leg.market?.betType ?? null,
    selection: leg.selection,
    ...(leg.market ? marketColumns(leg.market) : {}),
    odds: leg.odds,
    exactPrice: leg.exactPrice,
    period: leg.period,
    result: leg.result ?? null,
  }
}

/** What a leg's view reads of its game (legView): not the whole row, whose JSON columns are slow to decode. */
export const LEG_GAME_FIELDS = {
  id: games.id,
  league: games.league,
  provider: games.provider,
  status: games.status,
  startTime: games.startTime,
  homeTeam: games.homeTeam,
  awayTeam: games.awayTeam,
  homeScore: games.homeScore,
  awayScore: games.awayScore,
}

export type LegGame = Pick<GameRow, keyof typeof LEG_GAME_FIELDS>

/** A leg on the wire, with its game; an event off the feed named as the bettor wrote it. */
export function legView(leg: BetLegRow, game: LegGame): LegView {
  const offFeed = game.provider === 'unlinked'
  return {
    id: leg.id,
    position: leg.position,
    gameId: leg.gameId,
    game: {
      id: game.id,
      league: game.league,
      provider: game.provider,
      status: game.status,
      startTime: game.startTime.toISOString(),
      homeTeam: game.homeTeam,
      awayTeam: game.awayTeam,
      homeScore: game.homeScore,
      awayScore: game.awayScore,
    },
    event: offFeed
      ? { name: eventName(game), league: game.league, startTime: game.startTime.toISOString() }
      : null,
    betType: marketKind(leg.market),
    selection: leg.selection,
    spreadTeam: leg.spreadTeam,
    spreadPoints: leg.spreadPoints,
    totalPoints: leg.totalPoints,
    overUnder: leg.overUnder,
    odds: leg.odds,
    ...wirePrice(leg.exactPrice),
    period: leg.period,
    result: leg.result,
    handResult: handResultView(leg),
  }
}

/** Decision 059: who set a ticket's or a leg's result by hand, and when; null for the feed's. */
export function handResultView(row: Pick<BetLegRow, 'handResultBy' | 'handResultAt'>): LegView['handResult'] {
  return row.handResultAt ? { byUserId: row.handResultBy, at: row.handResultAt.toISOString() } : null
}

function marketKind(market: BetLegRow['market']): BetType | typeof OTHER_MARKET {
  return BET_TYPES.find((type) => type === market) ?? OTHER_MARKET
}
