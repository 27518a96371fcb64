import { z } from 'zod'
import { LEG_RESULTS, TICKET_KINDS } from '../domain/ticket'
import { instant, pathId } from './common'
import { baseballSituation, footballSituation, marketLines } from './games'

/**
 * GET /api/live-probability/{gameId} (docs/spec/product-spec.md §3, extended by decision 044): the game's final-score
 * distribution from its lines and live state, priced by the user's bets through the domain grid.
 * Probabilities are fractions 0-1 (decision 023); profit is in dollars and roi in percent, as on the grid.
 */
export const probabilityParams = z.object({ gameId: pathId('gameId') })

const fraction = z.number().min(0).max(1)

export const probabilitySituation = z.object({
  homeScore: z.number().int(),
  awayScore: z.number().int(),
  /** Quarter, half, period or inning; null before the start. */
  period: z.number().int().nullable(),
  /** The feed's clock text ('8:41 - 4th', "58'", 'Top 9th'); null before the start. */
  clock: z.string().nullable(),
  baseball: baseballSituation.optional(),
  football: footballSituation.optional(),
})

export const probabilityOutcome = z.object({
  homeScore: z.number().int(),
  awayScore: z.number().int(),
  probability: fraction,
  roi: z.number(),
  profit: z.number(),
})

/** Decision 023: the model and its inputs are named in every answer. */
export const probabilityModel = z.object({
  name: z.string(),
  /** How the prices were de-vigged ('moneyline shin', '1X2 shin'); null when no prices were used. */
  devig: z.string().nullable(),
  linesUsed: z.array(z.string()),
  lines: marketLines.nullable(),
  /** The share of regulation still to play: 1 before the start, 0 in overtime. */
  timeLeft: fraction,
  /** Lines were missing and the league's averages from the history stood in. */
  fromLeagueAverages: z.boolean(),
})

export const probabilitySummary = z.object({
  homeWin: fraction,
  draw: fraction,
  awayWin: fraction,
  /** The grid's expected profit in dollars over every final score (0 without bets). */
  expectedProfit: z.number(),
  profitProbability: fraction,
  pushProbability: fraction,
  lossProbability: fraction,
})

/**
 * Decision 067: an open ticket of several legs whose worth depends on this game's score, with its chances
 * now over every leg still to play (decision 066). The chances are null where the ticket cannot be priced
 * (`unpriced` says why: a leg off the feed, a league without a model, no plan); `onGrid` false when the
 * answer's figures leave it out for that reason.
 */
export const gameTicket = z.object({
  id: z.number().int(),
  kind: z.enum(TICKET_KINDS),
  /** Its legs: how many, and how many are decided. */
  legs: z.number().int(),
  legsDecided: z.number().int(),
  /** Its legs still to play on other games: what `rest` decides how to count. */
  legsElsewhere: z.number().int(),
  amount: z.number(),
  potentialWin: z.number(),
  winProbability: fraction.nullable(),
  pushProbability: fraction.nullable(),
  /** Expected profit in dollars at the ticket's price; null while a payout only the book knows is possible. */
  expectedProfit: z.number().nullable(),
  fairOdds: z.number().int().nullable(),
  bookMargin: z.number().nullable(),
  onGrid: z.boolean(),
  unpriced: z.string().nullable(),
})

export const liveProbability = z
  .object({
    gameId: z.number().int(),
    sport: z.string(),
    status: z.string(),
    situation: probabilitySituation,
    /** Every final score with probability at least 0.0001, most likely first. */
    outcomes: z.array(probabilityOutcome),
    metadata: z.object({
      significantOutcomes: z.number().int(),
      maxHomeScore: z.number().int(),
      maxAwayScore: z.number().int(),
      /** The mass of the final scores too unlikely to list; with the listed ones it makes 1. */
      unlistedProbability: fraction,
      betCount: z.number().int(),
      model: probabilityModel,
    }),
    summary: probabilitySummary,
    /** Decision 067: the user's open tickets that depend on this game; the outcomes and summary count them as expected. */
    tickets: z.array(gameTicket),
    /** When this distribution was computed from the game's current state. */
    lastUpdated: instant,
  })
  .meta({ id: 'LiveProbability' })

/** What the grid carries of the same computation: the model, the summary and the likely region. */
export const gridProbability = z.object({
  model: probabilityModel,
  summary: probabilitySummary,
  /** Cells at or above this probability make the most likely half of the distribution. */
  likelyThreshold: fraction,
})

/**
 * Decision 066: a bet's or ticket's chances now and its price against them (POST /api/bets/price). The
 * chances sum to 1 with `reviewProbability`, the chance that the legs end where only the book knows the
 * payout; `expectedValue` (dollars) and `bookMargin` are null while that chance is not 0.
 */
export const ticketPrice = z
  .object({
    winProbability: fraction,
    pushProbability: fraction,
    lossProbability: fraction,
    reviewProbability: fraction,
    /** The American odds at which the ticket breaks even, pushes set aside; null for a sure or hopeless one. */
    fairOdds: z.number().int().nullable(),
    /** The share of the stake the book expects to keep: 0.31 is 31%; negative where the bettor has the edge. */
    bookMargin: z.number().nullable(),
    expectedValue: z.number().nullable(),
  })
  .meta({ id: 'TicketPrice' })

/**
 * Decision 067's tracker (GET /api/bets/ticket-chances): each open ticket of several legs with its chances
 * now (decision 066) and each leg's chance to win where it is still to play on a game Grid models; null for a
 * decided leg (its result says it) and one Grid cannot price.
 */
export const ticketTracker = z
  .array(
    z.object({
      betId: z.number().int(),
      winProbability: fraction.nullable(),
      pushProbability: fraction.nullable(),
      expectedProfit: z.number().nullable(),
      fairOdds: z.number().int().nullable(),
      bookMargin: z.number().nullable(),
      unpriced: z.string().nullable(),
      legs: z.array(
        z.object({
          legId: z.number().int(),
          /** Its result now: settled, by hand, or read off its final game's score (a tentative ticket's too). */
          result: z.enum(LEG_RESULTS).nullable(),
          winProbability: fraction.nullable(),
        }),
      ),
    }),
  )
  .meta({ id: 'TicketTracker' })
