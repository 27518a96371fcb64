import { calendarDay } from '../../domain/calendar'
import { leagueCode } from '../../domain/leagues'
import type { Db } from '../db/client'
import type { GameRow } from '../db/games-schema'
import type { DayCache, GameLookup } from '../imports/game-lookup'
import type { SyncedBet } from './connector'

/** Which game a synced bet is on, or why none: no game, or more than one that fits. */
export type FoundGame = GameRow | 'none' | 'ambiguous'
export type FindGame = (db: Db, bet: SyncedBet) => Promise<FoundGame>

/**
 * Synced bets find their games the way imported rows do: the import's matcher, by league, the
 * event's day in the bettor's zone and the teams (aliases and abbreviations folded), fetching that day
 * from the feed when it is not stored. Done for the whole sync before any bet is written, since fetching
 * a day writes games and settles them in transactions of its own; each day is read once.
 */
export async function matchSyncedBets(
  lookup: GameLookup,
  records: readonly SyncedBet[],
  timeZone: string,
): Promise<Map<string, FoundGame>> {
  const cache: DayCache = new Map()
  const found = new Map<string, FoundGame>()
  for (const record of records) {
    const { match } = await lookup.matchBetToGame(
      {
        league: leagueCode(record.league),
        day: calendarDay(record.event.startsAt ?? record.placedAt, timeZone),
        timeZone,
        teams: { teams: [record.event.awayTeam, record.event.homeTeam], ordered: true },
      },
      cache,
    )
    found.set(record.externalId, match.kind === 'matched' ? match.game : match.kind)
  }
  return found
}

/** The ingest's lookup over what `matchSyncedBets` found. */
export function foundIn(found: ReadonlyMap<string, FoundGame>): FindGame {
  return async (_db, bet) => found.get(bet.externalId) ?? 'none'
}
