import type { BetStatus } from './bet'
import { BET_FORM_MESSAGES, readPeriod } from './bet-form'
import type { CalendarDay } from './calendar'
import { type CandidateGame, sideOf, type TeamsQuery } from './game-matching'
import { isSoccer } from './leagues'
import type { Cents } from './money'
import { splitPeriod, withPeriod } from './periods'
import { composeSelection, DRAW } from './selection'
import {
  type Boost,
  type Leg,
  type LegResult,
  type Market,
  TICKET_KINDS,
  type TicketKind,
  type TicketResult,
  type TicketShape,
} from './ticket'

/**
 * A ticket read from elsewhere (an imported file, a sportsbook sync) that still needs its legs' games
 * (decision 062). The server applies its game lookup to each leg that names two teams; a leg whose game is
 * not found, or that names none (a prop, a future, part of a game), stays off the feed. The source's result
 * and payout stand for the ticket: after an import the history's P&L is the file's to the cent.
 */
export interface TicketDraft {
  shape: TicketShape
  legs: LegDraft[]
  /** The ticket's American odds as the source gives them. */
  odds: number
  amount: Cents
  /** The slip's To Win (decision 057: boost included). */
  potentialWin: Cents
  boost: Boost | null
  /** The source's word on the ticket; null while pending. */
  result: TicketResult | null
  /** What the book paid, as the source says (or decision 002's from the result); null while pending. */
  payout: Cents | null
  betStatus: BetStatus
  sportsbook: string
}

/** One leg as the source writes it. */
export interface LegDraft {
  /**
   * The day the source dates the leg: the server's game lookup reads games of this day. Null when the leg
   * has a start time instead (the start's day in the bettor's zone), or when the source gives neither (a
   * partner slip: the placement day).
   */
  day: CalendarDay | null
  startTime: Date | null
  /** The league as the source writes it ('' when none); the lookup reads its code. */
  leagueText: string
  /** The two teams, for the game lookup; null when the leg stays off the feed whatever the feed holds. */
  teams: TeamsQuery | null
  /** The event as written: an off-feed leg's name ('Celtics @ Lakers', 'NBA Championship 2027'). */
  eventText: string
  /** The market's parts as written (the source's team spelling); null for a market Grid does not model. */
  market: Market | null
  /**
   * The market was read from a bare name ('Lakers' as a moneyline), as a prop's text would be: only a game
   * with that team proves it, so off the feed the leg keeps its text and no market.
   */
  guessed: boolean
  /** The leg's text as the source shows it. */
  selection: string
  odds: number | null
  /** The leg's exact price, from Grid's own Legs cell (decision 072); other sources give American odds. */
  exactPrice?: string | null
  result: LegResult | null
}

/** How many tickets of each kind, for an import's or a sync's summary ('2 parlays, 1 teaser'). */
export function countByKind(
  drafts: readonly { shape: Pick<TicketShape, 'kind'> }[],
): Record<TicketKind, number> {
  const counts = Object.fromEntries(TICKET_KINDS.map((kind) => [kind, 0])) as Record<TicketKind, number>
  for (const draft of drafts) counts[draft.shape.kind]++
  return counts
}

const KIND_NOUNS: Record<Exclude<TicketKind, 'single'>, [string, string]> = {
  parlay: ['parlay', 'parlays'],
  same_game_parlay: ['same-game parlay', 'same-game parlays'],
  teaser: ['teaser', 'teasers'],
  round_robin: ['round robin', 'round robins'],
}

/** The tickets of several legs among counts, as a bettor reads them ('2 parlays, 1 teaser'); '' for none. */
export function ticketCountsText(counts: Readonly<Record<TicketKind, number>>): string {
  return (Object.keys(KIND_NOUNS) as (keyof typeof KIND_NOUNS)[])
    .filter((kind) => counts[kind] > 0)
    .map((kind) => `${counts[kind]} ${KIND_NOUNS[kind][counts[kind] === 1 ? 0 : 1]}`)
    .join(', ')
}

/** Two counts by kind added up (an import's batches). */
export function addCounts(
  a: Readonly<Record<TicketKind, number>>,
  b: Readonly<Record<TicketKind, number>>,
): Record<TicketKind, number> {
  return Object.fromEntries(TICKET_KINDS.map((kind) => [kind, a[kind] + b[kind]])) as Record<
    TicketKind,
    number
  >
}

/**
 * The leg on a feed game the lookup found: its market with the team as the game spells it (decision 004:
 * sides by name), the selection composed as the bet form composes it. A reason when the leg's market is not
 * one Grid models, its team is neither side, or it is a draw outside soccer: the server keeps it off the feed.
 */
export function legOnGame(
  leg: LegDraft,
  game: CandidateGame & { league: string },
): { ok: true; leg: Leg } | { ok: false; reason: string } {
  const market = leg.market
  if (market === null) return { ok: false, reason: `'${leg.selection}' is not a market Grid settles` }
  const onGame = marketOnGame(market, game)
  if ('reason' in onGame) return { ok: false, reason: onGame.reason }
  // The period a source names before the market ('1H Over 1.5', decision 073), as the league offers it.
  const period = readPeriod(splitPeriod(leg.selection).period, game)
  if ('message' in period) return { ok: false, reason: period.message }
  return {
    ok: true,
    leg: {
      event: { kind: 'game', gameId: game.id },
      market: onGame.market,
      selection: withPeriod(period.period, composeSelection(onGame.market)),
      odds: leg.odds,
      exactPrice: leg.exactPrice ?? null,
      period: period.period,
      result: leg.result,
      handResult: null,
    },
  }
}

/** A market on the game: its teams as the game spells them, soccer's markets on soccer alone; else why not. */
export function marketOnGame(
  market: Market,
  game: CandidateGame & { league: string },
): { market: Market } | { reason: string } {
  switch (market.betType) {
    case 'total':
      return { market }
    case 'moneyline':
      if (market.team === DRAW)
        return isSoccer(game.league) ? { market } : { reason: BET_FORM_MESSAGES.drawOnlySoccer }
      return teamOnGame(market.team, game, (team) => ({ ...market, team }))
    case 'spread':
    case 'team_total':
      return teamOnGame(market.team, game, (team) => ({ ...market, team }))
    case 'draw_no_bet':
    case 'three_way_handicap':
      return isSoccer(game.league)
        ? teamOnGame(market.team, game, (team) => ({ ...market, team }))
        : { reason: BET_FORM_MESSAGES.threeWayOnlySoccer }
    case 'double_chance':
      return isSoccer(game.league) ? { market } : { reason: BET_FORM_MESSAGES.threeWayOnlySoccer }
    case 'winning_margin':
      if (!isSoccer(game.league)) return { reason: BET_FORM_MESSAGES.threeWayOnlySoccer }
      return market.team === DRAW
        ? { market }
        : teamOnGame(market.team, game, (team) => ({ ...market, team }))
    case 'both_teams_to_score':
    case 'correct_score':
      return isSoccer(game.league) ? { market } : { reason: BET_FORM_MESSAGES.goalMarketsOnlySoccer }
  }
}

function teamOnGame(
  written: string,
  game: CandidateGame,
  withTeam: (team: string) => Market,
): { market: Market } | { reason: string } {
  const which = sideOf(written, game)
  if (which === null) return { reason: `'${written}' is neither ${game.awayTeam} nor ${game.homeTeam}` }
  return { market: withTeam(which === 'home' ? game.homeTeam : game.awayTeam) }
}

/**
 * The leg kept off the feed (decision 053): the event as the source names it, the market as written (null
 * for a prop), settled by hand or by the source's word on the ticket (decision 059).
 */
export function legOffFeed(leg: LegDraft): Leg {
  return {
    event: {
      kind: 'off_feed',
      name: leg.eventText,
      league: leg.leagueText === '' ? null : leg.leagueText,
      startTime: leg.startTime,
    },
    market: leg.guessed ? null : leg.market,
    selection: leg.selection,
    odds: leg.odds,
    exactPrice: leg.exactPrice ?? null,
    period: splitPeriod(leg.selection).period,
    result: leg.result,
    handResult: null,
  }
}
