import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { BetStatus, BetType, OverUnder, Result } from '../../domain/bet'
import type { BaseballSituation, FootballSituation, GameProvider, MarketLines } from '../../domain/game'
import { instant, users } from './schema'

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
    baseball: jsonb('baseball').$type<BaseballSituation>(),
    football: jsonb('football').$type<FootballSituation>(),
    lines: jsonb('lines').$type<MarketLines>(),
    /** The last sync whose feed reported these lines: how old the price is (D24). */
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
 * Bets: money in integer cents (bigint: a $1,000,000 stake at +100000 wins $1,000,000,000). Points are
 * halves, exact in double precision. Result and payout are set by settlement only (D2-D4, D8).
 */
export const bets = pgTable(
  'bets',
  {
    id: serial('id').primaryKey(),
    /**
     * D25: null once the account is deleted. The bet stays, de-identified, as a financial record for 7
     * years (server/accounts/account-deletion.ts), then is purged.
     */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    betType: text('bet_type').$type<BetType>().notNull(),
    selection: text('selection').notNull(),
    odds: integer('odds').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    potentialWinCents: bigint('potential_win_cents', { mode: 'number' }).notNull(),
    spreadTeam: text('spread_team'),
    spreadPoints: doublePrecision('spread_points'),
    totalPoints: doublePrecision('total_points'),
    overUnder: text('over_under').$type<OverUnder>(),
    sportsbook: text('sportsbook').notNull().default('Manual Entry'),
    betStatus: text('bet_status').$type<BetStatus>().notNull().default('tentative'),
    /** D3: stored as won, lost or push. */
    result: text('result').$type<Result>(),
    payoutCents: bigint('payout_cents', { mode: 'number' }),
    settledAt: instant('settled_at'),
    placedAt: instant('placed_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
    /**
     * Issue 16: an imported row's stable key (a hash of the user and the normalised row), so importing
     * the same file again adds nothing. Null on bets entered in Grid.
     */
    importKey: text('import_key'),
    /** Issue 16: the result came from the imported file and settlement leaves it as it is. */
    resultFromFile: boolean('result_from_file').notNull().default(false),
    /**
     * Issue 24 (D27): the final score's result when it disagrees with the file's or the sync's (`result`,
     * the book's word, which P&L counts meanwhile): an open conflict until the bettor chooses. Null when
     * they agree, when there is no score yet, or once chosen.
     */
    scoreResult: text('score_result').$type<Result>(),
    /** Issue 24: the bettor kept the book's result over the score's; settlement no longer compares them. */
    fileResultKept: boolean('file_result_kept').notNull().default(false),
  },
  (t) => [
    uniqueIndex('bets_user_import_key').on(t.userId, t.importKey),
    index('bets_user_game').on(t.userId, t.gameId),
    index('bets_game_status').on(t.gameId, t.betStatus),
    // History and the CSV export walk one user's bets in id order, a batch at a time.
    index('bets_user_id').on(t.userId, t.id),
  ],
)

/**
 * Each version of a game as the feed showed it (issue 14): the score history the trend and momentum rules
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
export type BetRow = typeof bets.$inferSelect
