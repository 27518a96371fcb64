import { readLeague } from '../../domain/bet-import'
import { type CalendarDay, calendarDay, instantAt } from '../../domain/calendar'
import { outsideFeedDays } from '../../domain/feed-days'
import type { Leg } from '../../domain/ticket'
import { type LegDraft, legOffFeed, legOnGame, type TicketDraft } from '../../domain/ticket-draft'
import type { NewBet, NewTicket } from '../bets/bet-writer'
import { legColumns, ticketColumns } from '../bets/ticket-rows'
import type { Db } from '../db/client'
import type { GameRow } from '../db/games-schema'
import { namedEvent, offFeedGames, placeholderId } from '../games/off-feed-events'
import { FEED_DAY_ZONE } from '../games/sync.service'
import type { DayCache, FetchBudget, GameLookup } from './game-lookup'

/**
 * Tickets read from a file or a partner's slip (decision 062) on their games: each leg naming two teams is
 * looked up as an imported single is (the same game lookup), its market put on the game's spelling
 * (legOnGame); a leg not found, or naming no teams (a prop, part of a game), stays off the feed
 * (legOffFeed) on a placeholder game (decision 063). The lookup runs before the writing transaction, since
 * reading a day from the feed writes games in transactions of its own.
 */
export interface LegOnGames {
  leg: Leg
  /** The feed game the leg is on; null off the feed (its placeholder is made when written). */
  game: GameRow | null
}

export interface LookupContext {
  lookup: GameLookup
  timeZone: string
  now: Date
  cache: DayCache
  budget?: FetchBudget
}

/**
 * The ticket's legs on games. `day`: the ticket's own day (a file's date cell, a slip's placement day)
 * for a leg the source dates no other way. A reason when the feed could not be read for a leg's day (the
 * budget said no): the ticket is sent again rather than kept off the feed for good.
 */
export async function legsOnGames(
  draft: TicketDraft,
  day: CalendarDay,
  context: LookupContext,
): Promise<LegOnGames[] | { unread: string }> {
  const legs: LegOnGames[] = []
  for (const leg of draft.legs) {
    const found = await legGame(leg, legDay(leg, day, context.timeZone), context)
    if (typeof found === 'string') return { unread: found }
    const onGame = found ? legOnGame(leg, found) : null
    legs.push(onGame?.ok ? { leg: onGame.leg, game: found } : { leg: offFeed(leg, day, context), game: null })
  }
  return legs
}

const legDay = (leg: LegDraft, day: CalendarDay, timeZone: string): CalendarDay =>
  leg.day ?? (leg.startTime ? calendarDay(leg.startTime, timeZone) : day)

/** The one feed game of the leg's teams that day; null when none or several; a reason when unread. */
async function legGame(
  leg: LegDraft,
  day: CalendarDay,
  context: LookupContext,
): Promise<GameRow | null | string> {
  if (!leg.teams || !leg.market) return null
  if (outsideFeedDays(day, calendarDay(context.now, FEED_DAY_ZONE))) return null
  const { match, unread } = await context.lookup.matchBetToGame(
    {
      league: leg.leagueText === '' ? null : readLeague(leg.leagueText),
      day,
      timeZone: context.timeZone,
      teams: leg.teams,
    },
    context.cache,
    context.budget,
  )
  if (match.kind === 'matched') return match.game
  return unread
}

/** Off the feed, a leg dated by a day only starts at noon of it in the bettor's zone, as an unlinked single. */
function offFeed(leg: LegDraft, day: CalendarDay, context: LookupContext): Leg {
  const kept = legOffFeed(leg)
  if (kept.event.kind !== 'off_feed' || kept.event.startTime) return kept
  const startTime = instantAt(legDay(leg, day, context.timeZone), '12:00', context.timeZone)
  return { ...kept, event: { ...kept.event, startTime } }
}

/**
 * The ticket's row and legs for the one writer: events off the feed get their placeholder games (made
 * where missing, in the caller's transaction). The source's result and payout stand for the ticket
 * (decision 062): `resultFromFile` keeps settlement from replacing them.
 */
export async function ticketsToWrite(
  tx: Db,
  userId: number,
  tickets: readonly {
    draft: TicketDraft
    legs: readonly LegOnGames[]
    row: Pick<NewBet, 'placedAt' | 'updatedAt' | 'importKey'>
  }[],
  now: Date,
): Promise<NewTicket[]> {
  const events = tickets.flatMap((ticket) => ticket.legs.flatMap(({ leg }) => eventOf(leg, now) ?? []))
  const placeholders = await offFeedGames(tx, userId, events, now)
  return tickets.map(({ draft, legs, row }) => {
    const gameIds = legs.map(({ leg, game }) => {
      if (game) return game.id
      const event = eventOf(leg, now)
      const placeholder = event && placeholders.get(placeholderId(userId, event.keyParts))
      if (!placeholder) throw new Error('A leg off the feed lost its placeholder game')
      return placeholder.id
    })
    const entry = { ...draft, exactPrice: null, legs: legs.map(({ leg }) => leg) }
    const { result, payout } = draft
    return {
      row: {
        ...ticketColumns(entry, gameIds[0] ?? 0),
        sportsbook: draft.sportsbook,
        betStatus: draft.betStatus,
        result,
        payoutCents: result === null ? null : payout,
        settledAt: result === null ? null : now,
        resultFromFile: result !== null,
        ...row,
      },
      legs: entry.legs.map((leg, index) => legColumns(leg, gameIds[index] ?? 0)),
    }
  })
}

const eventOf = (leg: Leg, now: Date) => (leg.event.kind === 'off_feed' ? namedEvent(leg.event, now) : null)
