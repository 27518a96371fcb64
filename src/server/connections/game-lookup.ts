import { and, eq, gte, lte } from 'drizzle-orm'
import { leagueCode } from '../../domain/leagues'
import type { Db } from '../db/client'
import { type GameRow, games } from '../db/games-schema'
import type { SyncedBet } from './connector'

/** Which stored game a synced bet is on, or why none: no game, or more than one that fits. */
export type GameLookup = GameRow | 'none' | 'ambiguous'
export type FindGame = (db: Db, bet: SyncedBet) => Promise<GameLookup>

/** A game starts within this much of the time the source gives for its event. */
const START_TOLERANCE_MS = 12 * 3_600_000

/**
 * INTERIM MATCHER (issue 16), to be replaced at merge by the import's "match a bet to its game" (league,
 * day and teams, aliases and abbreviations folded, the league's own team list): ingestSyncedBets takes the
 * matcher as its `findGame` option, and connections.service.ts passes this one. Until then a synced bet
 * matches only an already stored game whose home and away names are exactly the source's, in the same
 * league (codes folded by domain/leagues.ts), starting within 12 hours of the source's start time (of the
 * placement time when the source gives none).
 */
export const findStoredGameByExactNames: FindGame = async (db, bet) => {
  const around = (bet.event.startsAt ?? bet.placedAt).getTime()
  const rows = await db
    .select()
    .from(games)
    .where(
      and(
        eq(games.homeTeam, bet.event.homeTeam),
        eq(games.awayTeam, bet.event.awayTeam),
        gte(games.startTime, new Date(around - START_TOLERANCE_MS)),
        lte(games.startTime, new Date(around + START_TOLERANCE_MS)),
      ),
    )
  const league = leagueCode(bet.league) ?? bet.league.trim().toUpperCase()
  const fits = rows.filter((game) => (leagueCode(game.league) ?? game.league.toUpperCase()) === league)
  if (fits.length === 0) return 'none'
  return fits.length === 1 && fits[0] ? fits[0] : 'ambiguous'
}
