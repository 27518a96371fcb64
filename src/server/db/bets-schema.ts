import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { BetStatus, BetType, OverUnder, Result } from '../../domain/bet'
import { games } from './games-schema'
import { instant, users } from './schema'

/**
 * Bets: money in integer cents (bigint: a $1,000,000 stake at +100000 wins $1,000,000,000). Points are
 * halves, exact in double precision. Result and payout are set by settlement only (decisions 002, 003, 004 and 008).
 */
export const bets = pgTable(
  'bets',
  {
    id: serial('id').primaryKey(),
    /**
     * Decision 025: null once the account is deleted. The bet stays, de-identified, as a financial record for 7
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
    /** Decision 003: stored as won, lost or push. */
    result: text('result').$type<Result>(),
    payoutCents: bigint('payout_cents', { mode: 'number' }),
    settledAt: instant('settled_at'),
    placedAt: instant('placed_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
    /**
     * An imported row's stable key (a hash of the user and the normalised row), so importing
     * the same file again adds nothing. Null on bets entered in Grid.
     */
    importKey: text('import_key'),
    /** The result came from the imported file and settlement leaves it as it is. */
    resultFromFile: boolean('result_from_file').notNull().default(false),
    /**
     * Decision 027: the final score's result when it disagrees with the file's or the sync's (`result`,
     * the book's word, which P&L counts meanwhile): an open conflict until the bettor chooses. Null when
     * they agree, when there is no score yet, or once chosen.
     */
    scoreResult: text('score_result').$type<Result>(),
    /** The bettor kept the book's result over the score's; settlement no longer compares them. */
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

export type BetRow = typeof bets.$inferSelect
