import { index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import type { BaseballSituation, FootballSituation, GameProvider, MarketLines } from '../../domain/game'
import type { PeriodScore } from '../../domain/periods'
import { instant } from './schema'

/**
 * Games from the feeds, upserted by (provider, providerId); `version` bumps on any score or status change.
 * Provider 'unlinked' holds the events of imported bets that matched no feed game (docs/import.md): never
 * listed, synced or settled.
 */
export const games = pgTable(
  'games',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').$type<GameProvider>().notNull(),
    providerId: text('provider_id').notNull(),
    league: text('league').notNull(),
    leagueAlias: text('league_alias').notNull(),
    status: text('status').notNull(),
    statusDetail: text('status_detail'),
    gameTime: text('game_time'),
    period: integer('period'),
    startTime: instant('start_time').notNull(),
    homeTeam: text('home_team').notNull(),
    awayTeam: text('away_team').notNull(),
    homeAbbreviation: text('home_abbreviation'),
    awayAbbreviation: text('away_abbreviation'),
    homeScore: integer('home_score'),
    awayScore: integer('away_score'),
    /** The score by period (decision 070), as the feed last sent it. */
    periods: jsonb('periods').$type<PeriodScore[]>().notNull().default([]),
    baseball: jsonb('baseball').$type<BaseballSituation>(),
    football: jsonb('football').$type<FootballSituation>(),
    lines: jsonb('lines').$type<MarketLines>(),
    /** The last sync whose feed reported these lines: how old the price is (decision 024). */
    linesSeenAt: instant('lines_seen_at'),
    version: integer('version').notNull().default(1),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('games_provider_id').on(t.provider, t.providerId),
    index('games_start').on(t.startTime),
    index('games_status').on(t.status),
  ],
)

/**
 * Each version of a game as the feed showed it: the score history the trend and momentum rules
 * read, and the state a bet was placed in. Pruned some days after the game ends (sync.service.ts).
 */
export const gameStates = pgTable(
  'game_states',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    seenAt: instant('seen_at').notNull(),
    status: text('status').notNull(),
    gameTime: text('game_time'),
    period: integer('period'),
    homeScore: integer('home_score'),
    awayScore: integer('away_score'),
    baseball: jsonb('baseball').$type<BaseballSituation>(),
    lines: jsonb('lines').$type<MarketLines>(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.version] })],
)

export type GameRow = typeof games.$inferSelect
export type GameStateRow = typeof gameStates.$inferSelect
