import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { BetStatus, BetType, OverUnder, Result, WireBetType } from '../../domain/bet'
import type { BetPeriod } from '../../domain/periods'
import type { LegResult, MarketKind, TicketKind, TicketResult, TieRule, VoidRule } from '../../domain/ticket'
import { games } from './games-schema'
import { instant, users } from './schema'

/**
 * Bets: money in integer cents (bigint: a $1,000,000 stake at +100000 wins $1,000,000,000). Points are
 * halves, exact in double precision. Result and payout are set by settlement only (decisions 002, 003, 004 and 008).
 *
 * Decision 061: a row here is a ticket (the wire's "bet", ids unchanged), its legs are in bet_legs. The
 * term columns (game_id not null, bet_type, selection, spread/total columns) stay while the readers still
 * read them: every writer keeps a single's one leg equal to them (bets/bet-writer.ts) until the readers move
 * onto the legs, and they go then.
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
    /** The wire's betType: a single's market ('other' off the feed, decision 063), or the ticket's kind. */
    betType: text('bet_type').$type<WireBetType>().notNull(),
    selection: text('selection').notNull(),
    odds: integer('odds').notNull(),
    /** A decimal ('1.91') or fractional ('6/4') slip's exact price; null for American odds (decision 072). */
    exactPrice: text('exact_price'),
    /** The part of the game a single is on: 'FT', '1H', 'Q1', 'P2', 'F5'... (decision 073). */
    period: text('period').$type<BetPeriod>().notNull().default('FT'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    potentialWinCents: bigint('potential_win_cents', { mode: 'number' }).notNull(),
    spreadTeam: text('spread_team'),
    spreadPoints: doublePrecision('spread_points'),
    totalPoints: doublePrecision('total_points'),
    overUnder: text('over_under').$type<OverUnder>(),
    sportsbook: text('sportsbook').notNull().default('Manual Entry'),
    betStatus: text('bet_status').$type<BetStatus>().notNull().default('tentative'),
    /** Decision 003: stored as won, lost or push; a ticket whose every leg was void is 'void' (decision 053). */
    result: text('result').$type<TicketResult>(),
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
    /** The ticket's shape (decision 053, TicketShape); what it needs beyond its legs is in the columns below. */
    ticketKind: text('ticket_kind').$type<TicketKind>().notNull().default('single'),
    /** A same-game parlay's rule for a pushed or void leg (decision 055). */
    voidRule: text('void_rule').$type<VoidRule>(),
    /** A teaser's rule for a leg on the teased line, and its points (decision 056). */
    tieRule: text('tie_rule').$type<TieRule>(),
    teaserPoints: doublePrecision('teaser_points'),
    /** The book's price for the teaser reduced to fewer legs, by leg count (decision 056): `{ "2": -110 }`. */
    teaserReducedOdds: jsonb('teaser_reduced_odds').$type<Record<string, number>>(),
    /**
     * A round robin's parlay sizes (decision 058). An integer array rather than jsonb: the type holds a list of small whole
     * numbers, which the column's own type then guarantees, with nothing to parse on the way out.
     */
    roundRobinSizes: integer('round_robin_sizes').array(),
    /** A book's boost (decision 057): a percent added to the profit, or the price before it. */
    boostPercent: doublePrecision('boost_percent'),
    unboostedOdds: integer('unboosted_odds'),
    /**
     * The games of a ticket's legs other than its first leg's (`game_id`), in id order; null when it has none
     * (a single, a same-game parlay). Written with the legs by the one writer (decision 063), so the history
     * and the games list find a ticket under each of its games from this row alone, as fast as a single.
     */
    otherGameIds: integer('other_game_ids').array(),
    /** The legs are decided but the payout is the book's to say (decision 060). */
    needsReview: boolean('needs_review').notNull().default(false),
    /** The ticket's result entered by hand (decision 059): by whom (null once that account is gone) and when. */
    handResultBy: integer('hand_result_by').references(() => users.id, { onDelete: 'set null' }),
    handResultAt: instant('hand_result_at'),
  },
  (t) => [
    uniqueIndex('bets_user_import_key').on(t.userId, t.importKey),
    index('bets_user_game').on(t.userId, t.gameId),
    index('bets_game_status').on(t.gameId, t.betStatus),
    // History and the CSV export walk one user's bets in id order, a batch at a time.
    index('bets_user_id').on(t.userId, t.id),
    // A score change finds the tickets with a leg on the game beyond their first (decision 067's events).
    index('bets_other_game_ids').using('gin', t.otherGameIds),
  ],
)

export type BetRow = typeof bets.$inferSelect

/**
 * A ticket's legs, in the slip's order (decision 061). Every leg is on a row of games: a feed game, or an event
 * off the feed the bettor names, kept as a placeholder game of provider 'unlinked' (decision 063), which no
 * feed lists or settles. `market` null is a market Grid does not model (a prop, a future), settled by hand;
 * the term columns are as on bets.
 */
export const betLegs = pgTable(
  'bet_legs',
  {
    id: serial('id').primaryKey(),
    betId: integer('bet_id')
      .notNull()
      .references(() => bets.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    market: text('market').$type<MarketKind>(),
    selection: text('selection').notNull(),
    spreadTeam: text('spread_team'),
    spreadPoints: doublePrecision('spread_points'),
    totalPoints: doublePrecision('total_points'),
    overUnder: text('over_under').$type<OverUnder>(),
    odds: integer('odds'),
    /** The leg's exact decimal or fractional price when the slip gives one (decision 072). */
    exactPrice: text('exact_price'),
    /** The part of its game the leg is on (decision 073). */
    period: text('period').$type<BetPeriod>().notNull().default('FT'),
    result: text('result').$type<LegResult>(),
    handResultBy: integer('hand_result_by').references(() => users.id, { onDelete: 'set null' }),
    handResultAt: instant('hand_result_at'),
  },
  (t) => [
    uniqueIndex('bet_legs_bet_position').on(t.betId, t.position),
    // Settlement finds a final game's legs.
    index('bet_legs_game').on(t.gameId),
  ],
)

export type BetLegRow = typeof betLegs.$inferSelect

/** A single on a market Grid settles and draws: what the grid, its probabilities and suggestions read. */
export type MarketBetRow = BetRow & { betType: BetType }
