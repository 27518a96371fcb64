import { z } from 'zod'
import {
  BET_LIST_LIMIT,
  BET_TYPES,
  LEDGER_RESULTS,
  NEXT_CURSOR_HEADER,
  OTHER_MARKET,
  RESULTS,
  WIRE_BET_TYPES,
} from '../domain/bet'
import { BET_FORM_MESSAGES } from '../domain/bet-form'
import { BET_PERIODS } from '../domain/periods'
import { PRICE_MESSAGES } from '../domain/price'
import { LEG_RESULTS, TIE_RULES, VOID_RULES } from '../domain/ticket'
import { betSummary } from './bet-summary'
import { decimalMoney, idCursor, idSchema, instant, pathId } from './common'
import { gameFields } from './games'

/**
 * The bets API (docs/spec/product-spec.md §7). Only types are checked here; the bet form's rules and messages (spec
 * section 5, decision 009) are the domain's `validateBetForm`, which the web form runs too.
 */
const points = (label: string) => z.number(`${label} must be a number`).nullish()
/** Numbers may come as text; no amount or id needs more than 32 characters. */
const numberOrText = (message?: string) => z.union([z.number(), z.string().max(32)], message)

/**
 * A market's terms, as a single bet and each leg of a ticket carry them (decision 068 for the markets
 * beyond the spec's three).
 */
const marketTerms = {
  selection: z
    .string('Selection must be text')
    .max(200, 'Selection is too long')
    .nullish()
    .describe(
      "A moneyline's team or 'Draw'; a double chance's '1X', 'X2' or '12'; a winning margin's 'Arsenal by 2', 'Arsenal by 3+' or 'Draw'; 'Draw' to back the draw of a three-way handicap. Composed by the server for the other markets.",
    ),
  spreadTeam: z
    .string('Team must be text')
    .max(100, 'Team is too long')
    .nullish()
    .describe(
      'The team of a spread, a team total (`team_total`), a draw no bet (`draw_no_bet`) or a three-way handicap (`three_way_handicap`, its whole-goal handicap in `spreadPoints`).',
    ),
  spreadPoints: points('Spread points'),
  totalPoints: points('Total points').describe("A total's or a team total's line."),
  overUnder: z
    .enum(['over', 'under'], 'Choose over or under')
    .nullish()
    .describe("A total's or a team total's side."),
  period: z
    .enum(BET_PERIODS, `Period must be one of ${BET_PERIODS.join(', ')}`)
    .nullish()
    .describe(
      "The part of the game (decision 073): 'FT' (the default), '1H', '2H', 'Q1'-'Q4', 'P1'-'P3' or 'F5', as the game's league offers them.",
    ),
}

/**
 * Decision 072: a price exactly as the slip says it. Either one wins over `odds`, which the server sets to
 * its American rounding; payouts come from it exactly.
 */
const exactPriceTerms = {
  decimalOdds: z
    .union([z.number(), z.string().max(12)], PRICE_MESSAGES.decimal)
    .nullish()
    .describe('A decimal price as the slip shows it, up to 3 decimals: 1.91, 2.5.'),
  fractionalOdds: z
    .string(PRICE_MESSAGES.fractional)
    .max(20, PRICE_MESSAGES.fractional)
    .nullish()
    .describe("A fractional price as the slip shows it: '6/4', '11/10'."),
}

/** Decision 072: the exact price on the wire, beside the American `odds`; null for an American slip. */
const exactPriceView = {
  decimalOdds: z.number().nullable(),
  fractionalOdds: z.string().nullable(),
}

/** Decision 063: an event off the feed, as the bettor names it (a prop, a future, a game the feed lacks). */
export const offFeedEvent = z
  .object({
    name: z.string('The event’s name must be text').max(200, 'The event’s name is too long'),
    league: z.string('League must be text').max(50, 'League is too long').nullish(),
    startTime: instant.nullish(),
  })
  .strict()
  .meta({ id: 'OffFeedEvent' })

const singleMarkets = [...BET_TYPES, OTHER_MARKET] as const

/** A ticket's leg: a single's terms on a feed game (`gameId`) or off the feed (`event`), with its own odds when known. */
export const legBody = z
  .object({
    gameId: idSchema('Choose a game').nullish(),
    event: offFeedEvent.nullish(),
    betType: z.enum(singleMarkets, `A leg’s bet type must be one of ${singleMarkets.join(', ')}`),
    ...marketTerms,
    odds: z.number(BET_FORM_MESSAGES.odds).nullish(),
    ...exactPriceTerms,
  })
  .strict()

/**
 * A single bet as the spec says, on a feed game (`gameId`) or off the feed (`event`, decision 063); or a
 * ticket of `legs` (decision 053): parlay, same-game parlay, teaser or round robin, with its kind's terms.
 */
export const createBetBody = z
  .object({
    gameId: idSchema('Choose a game').nullish(),
    event: offFeedEvent.nullish(),
    betType: z.enum(WIRE_BET_TYPES, `Bet type must be one of ${WIRE_BET_TYPES.join(', ')}`),
    ...marketTerms,
    /**
     * A single's odds (required, unless its exact price is given); a ticket's as the slip says, or left out
     * when its legs' odds give it.
     */
    odds: z.number(BET_FORM_MESSAGES.odds).nullish(),
    ...exactPriceTerms,
    amount: numberOrText(BET_FORM_MESSAGES.amountFormat).nullish(),
    // A single's To Win is the server's (decision 001) and this preview is ignored; a ticket's is the slip's.
    potentialWin: numberOrText('potentialWin must be a number').nullish(),
    sportsbook: z.string('Sportsbook must be text').trim().max(100, 'Sportsbook is too long').nullish(),
    // The spec's payload carries it; the bet always belongs to the signed-in user.
    userId: numberOrText('userId must be a number').nullish(),
    legs: z.array(legBody, 'legs must be a list of legs').max(15, 'A ticket has at most 15 legs').nullish(),
    teaserPoints: z.number('teaserPoints must be a number').nullish(),
    /** A teaser's price with fewer legs, by leg count (`{ "2": -110 }`), when the bettor knows it. */
    reducedOdds: z
      .record(
        z.string().regex(/^\d{1,2}$/, 'reducedOdds is keyed by a number of legs'),
        z.number('Each reduced price must be a number'),
      )
      .nullish(),
    ties: z.enum(TIE_RULES, `ties must be ${TIE_RULES.join(', ')}`).nullish(),
    voidRule: z.enum(VOID_RULES, `voidRule must be ${VOID_RULES.join(', ')}`).nullish(),
    sizes: z.array(z.number('sizes must be numbers').int('sizes must be whole numbers')).max(14).nullish(),
    profitBoostPercent: z.number('profitBoostPercent must be a number').nullish(),
    unboostedOdds: z.number('unboostedOdds must be a number').nullish(),
  })
  .strict()
export type CreateBetBody = z.infer<typeof createBetBody>

/** Decision 008: an edit of a tentative single sends the spec's entry without the game: a bet stays on its game. */
export const editBetBody = z
  .object({
    betType: z.enum(BET_TYPES, `Bet type must be one of ${BET_TYPES.join(', ')}`),
    ...marketTerms,
    odds: z.number(BET_FORM_MESSAGES.odds).nullish(),
    ...exactPriceTerms,
    amount: numberOrText(BET_FORM_MESSAGES.amountFormat).nullish(),
    potentialWin: numberOrText('potentialWin must be a number').nullish(),
    sportsbook: z.string('Sportsbook must be text').trim().max(100, 'Sportsbook is too long').nullish(),
    userId: numberOrText('userId must be a number').nullish(),
  })
  .strict()

/**
 * Decision 059: a hand result on a ticket, or on one of its legs (`legId`). `payout` is what the book paid,
 * given where the payout is the book's to say (a ticket that needs review, a hand result on the ticket).
 * `result: null` clears the hand result: the leg or the ticket goes back to the feed's settlement.
 */
export const handResultBody = z
  .object({
    result: z
      .enum(LEDGER_RESULTS, "result must be 'won', 'lost', 'push', 'void', 'half_won', 'half_lost' or null")
      .nullable(),
    legId: idSchema('legId must be one of the ticket’s legs').nullish(),
    payout: numberOrText('payout must be a number with at most 2 decimals').nullish(),
  })
  .strict()

export const betStatusBody = z
  .object({ betStatus: z.literal('committed', "Only a confirm (betStatus 'committed') is possible") })
  .strict()

export const betParams = z.object({ id: pathId('id') })

/** Which result of a conflicted bet stands, the file's (or sync's) or the final score's. */
export const resolveConflictBody = z
  .object({ result: z.enum(['file', 'score'], "result must be 'file' or 'score'") })
  .strict()

/** One value each ('?startDate=a&startDate=b' is refused); the longest ISO timestamp is 35 characters. */
const queryText = (field: string) =>
  z.string(`${field} must be given once`).max(64, `${field} is too long`).optional()

export const historyQuery = z
  .object({
    dateFilter: queryText('dateFilter'),
    startDate: queryText('startDate'),
    endDate: queryText('endDate'),
    // Cache-busting parameter some clients add.
    t: queryText('t'),
  })
  .strict()

/**
 * Decision 043: GET /api/bets and /api/bets/active answer the spec's bare list, newest bet first, at most
 * `limit` bets (BET_LIST_LIMIT when absent, which is also the most). A list with more bets than that
 * says where the next page starts in the NEXT_CURSOR_HEADER header: pass it as `cursor`.
 */
const betListLimitMessage = `limit must be a whole number from 1 to ${BET_LIST_LIMIT}`

export const betListQuery = z
  .object({
    cursor: idCursor(`cursor must be the ${NEXT_CURSOR_HEADER} header of a previous page`).optional(),
    limit: z
      .string('limit must be given once')
      .regex(/^\d{1,4}$/, betListLimitMessage)
      .refine((text) => Number(text) >= 1 && Number(text) <= BET_LIST_LIMIT, betListLimitMessage)
      .optional(),
    // Cache-busting parameter some clients add.
    t: queryText('t'),
  })
  .strict()
export type BetListQuery = z.infer<typeof betListQuery>

/** Decision 059: who entered a result by hand (null once that account is gone) and when. */
const handResult = z.object({ byUserId: z.number().int().nullable(), at: instant }).nullable()

/** A leg's game as a ticket shows it: enough to name it and read its score. */
export const legGame = z
  .object({
    id: z.number().int(),
    league: z.string(),
    /** 'unlinked': an event off the feed (decision 063), settled by hand. */
    provider: z.enum(['espn', 'simulated', 'unlinked']),
    status: z.string(),
    startTime: instant,
    homeTeam: z.string(),
    awayTeam: z.string(),
    homeScore: z.number().int().nullable(),
    awayScore: z.number().int().nullable(),
  })
  .meta({ id: 'LegGame' })

/** One leg of a ticket, in the slip's order. */
export const legView = z
  .object({
    id: z.number().int(),
    position: z.number().int(),
    gameId: z.number().int(),
    game: legGame,
    /** An event off the feed (decision 063); null on a feed game. */
    event: z.object({ name: z.string(), league: z.string().nullable(), startTime: instant }).nullable(),
    betType: z.enum(singleMarkets),
    selection: z.string(),
    spreadTeam: z.string().nullable(),
    spreadPoints: z.number().nullable(),
    totalPoints: z.number().nullable(),
    overUnder: z.enum(['over', 'under']).nullable(),
    odds: z.number().int().nullable(),
    ...exactPriceView,
    period: z.enum(BET_PERIODS),
    result: z.enum(LEG_RESULTS).nullable(),
    handResult,
  })
  .meta({ id: 'Leg' })
export type LegView = z.infer<typeof legView>

/** The spec's Bet entity over HTTP: money as decimal strings (active-bet lists), results as decision 003 stores them. */
export const betView = z
  .object({
    id: z.number().int(),
    /** Null only on a deleted account's de-identified bets (decision 025), which no user is ever shown. */
    userId: z.number().int().nullable(),
    /** A ticket's first leg's game (a single's own game; an event off the feed's placeholder, decision 063). */
    gameId: z.number().int(),
    /** A single's market ('other' off the feed) or a ticket's kind (decision 053). */
    betType: z.enum(WIRE_BET_TYPES),
    selection: z.string(),
    odds: z.number().int(),
    ...exactPriceView,
    period: z.enum(BET_PERIODS),
    amount: decimalMoney,
    potentialWin: decimalMoney,
    payout: decimalMoney.nullable(),
    sportsbook: z.string(),
    spreadTeam: z.string().nullable(),
    spreadPoints: z.number().nullable(),
    totalPoints: z.number().nullable(),
    overUnder: z.enum(['over', 'under']).nullable(),
    betStatus: z.enum(['tentative', 'committed']),
    /** 'void' only on a ticket whose every leg was void (decision 053): the stake came back. */
    result: z.enum(LEDGER_RESULTS).nullable(),
    placedAt: instant,
    settledAt: instant.nullable(),
    /** A ticket's legs (decision 053); a single's one leg is the bet's own terms, and this is empty. */
    legs: z.array(legView),
    /** The legs are decided and the bettor must enter what the book paid (decision 060). */
    needsReview: z.boolean(),
    /** Why it needs review, as the bettor reads it; null otherwise. */
    reviewReason: z.string().nullable(),
    /** A ticket's own terms (decisions 055 to 058); null where the kind has none. */
    voidRule: z.enum(VOID_RULES).nullable(),
    ties: z.enum(TIE_RULES).nullable(),
    teaserPoints: z.number().nullable(),
    reducedOdds: z.record(z.string(), z.number().int()).nullable(),
    sizes: z.array(z.number().int()).nullable(),
    profitBoostPercent: z.number().nullable(),
    unboostedOdds: z.number().int().nullable(),
    handResult,
    /**
     * Decision 027: the file's or the sync's result (which `result` and P&L hold meanwhile) and the final
     * score's, while they disagree and the bettor has not chosen; null otherwise.
     */
    conflict: z.object({ fileResult: z.enum(RESULTS), scoreResult: z.enum(RESULTS) }).nullable(),
  })
  .meta({ id: 'Bet' })
export type BetView = z.infer<typeof betView>

/** A bet with its game embedded (active, history and all-bets lists). */
export const betWithGame = betView.extend({ game: gameFields }).meta({ id: 'BetWithGame' })
/** A page of GET /api/bets or /api/bets/active. */
export const betsWithGames = z.array(betWithGame)
export type BetWithGameView = z.infer<typeof betWithGame>

/** A game of the games list, with the user's own bets on it. */
export const listedGame = gameFields.extend({ bets: z.array(betView) }).meta({ id: 'ListedGame' })
export const listedGames = z.array(listedGame)

/** GET /api/bets/live-status: how each unsettled bet on a live game stands at the current score. */
export const liveStanding = z.object({
  betId: z.number().int(),
  gameId: z.number().int(),
  selection: z.string(),
  betStatus: z.enum(['tentative', 'committed']),
  homeScore: z.number().int(),
  awayScore: z.number().int(),
  standing: z.enum(['winning', 'losing', 'push']),
  netIfFinal: decimalMoney,
})
export const liveStandings = z.array(liveStanding)

export const deletedAnswer = z.object({ message: z.string(), id: z.number().int() })

/**
 * Decision 043: GET /api/bets/history pages the games. `cursor` is the previous page's `nextCursor`; `limit`
 * the most games a page holds (20 when absent; a page also ends early once it holds 500 bets).
 */
export const historyPageQuery = historyQuery.extend({
  cursor: idCursor("cursor must be a previous page's nextCursor").optional(),
  limit: z
    .string('limit must be given once')
    .regex(/^\d{1,3}$/, 'limit must be a whole number from 1 to 100')
    .refine((text) => Number(text) >= 1 && Number(text) <= 100, 'limit must be a whole number from 1 to 100')
    .optional(),
})

/**
 * Decision 043: one page of the history. `bets` keeps the spec's shape (each bet with its game) for the page's
 * games only, every bet of a game in the range on the same page; `summary` covers the whole range (every
 * page carries it); `nextCursor` is null on the last page.
 */
export const historyPage = z
  .object({
    /** `openConflicts` counts the range's bets whose file and score results still disagree. */
    summary: betSummary.extend({ openConflicts: z.number().int() }),
    bets: z.array(betWithGame),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'HistoryPage' })
export type HistoryPageView = z.infer<typeof historyPage>
