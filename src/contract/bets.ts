import { z } from 'zod'
import { BET_LIST_LIMIT, BET_TYPES, NEXT_CURSOR_HEADER, RESULTS } from '../domain/bet'
import { BET_FORM_MESSAGES } from '../domain/bet-form'
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

export const createBetBody = z
  .object({
    gameId: idSchema('Choose a game'),
    betType: z.enum(BET_TYPES, 'Bet type must be spread, total or moneyline'),
    selection: z.string('Selection must be text').max(200, 'Selection is too long').nullish(),
    odds: z.number(BET_FORM_MESSAGES.odds),
    amount: numberOrText(BET_FORM_MESSAGES.amountFormat).nullish(),
    // The form's preview; the server computes To Win itself (decision 001) and ignores this value.
    potentialWin: numberOrText('potentialWin must be a number').nullish(),
    sportsbook: z.string('Sportsbook must be text').trim().max(100, 'Sportsbook is too long').nullish(),
    // The spec's payload carries it; the bet always belongs to the signed-in user.
    userId: numberOrText('userId must be a number').nullish(),
    spreadTeam: z.string('Team must be text').max(100, 'Team is too long').nullish(),
    spreadPoints: points('Spread points'),
    totalPoints: points('Total points'),
    overUnder: z.enum(['over', 'under'], 'Choose over or under').nullish(),
  })
  .strict()

/** Decision 008: an edit of a tentative bet sends the entry's body without the game: a bet stays on its game. */
export const editBetBody = createBetBody.omit({ gameId: true })

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

/** The spec's Bet entity over HTTP: money as decimal strings (active-bet lists), results as decision 003 stores them. */
export const betView = z
  .object({
    id: z.number().int(),
    /** Null only on a deleted account's de-identified bets (decision 025), which no user is ever shown. */
    userId: z.number().int().nullable(),
    gameId: z.number().int(),
    betType: z.enum(BET_TYPES),
    selection: z.string(),
    odds: z.number().int(),
    amount: decimalMoney,
    potentialWin: decimalMoney,
    payout: decimalMoney.nullable(),
    sportsbook: z.string(),
    spreadTeam: z.string().nullable(),
    spreadPoints: z.number().nullable(),
    totalPoints: z.number().nullable(),
    overUnder: z.enum(['over', 'under']).nullable(),
    betStatus: z.enum(['tentative', 'committed']),
    result: z.enum(RESULTS).nullable(),
    placedAt: instant,
    settledAt: instant.nullable(),
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
