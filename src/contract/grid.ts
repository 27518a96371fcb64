import { z } from 'zod'
import { BET_PERIODS } from '../domain/periods'
import { REST_VIEWS } from '../domain/ticket-grid'
import { pathId } from './common'
import { gameTicket, gridProbability } from './probability'

/**
 * GET /api/outcome-matrix/{gameId}: the spec's `outcomes` (rows by homeScore, cells by awayScore with
 * profit in dollars and roi in percent, roiPercent's 1 decimal), with what the grid screen needs around it.
 */
export const gridParams = z.object({ gameId: pathId('gameId') })

/**
 * Decision 067: how a ticket's legs still to play on other games count in the cells: at their chances now
 * (`expected`, the default) or as won (`if_rest_win`, the best case).
 */
export const gridQuery = z.object({
  rest: z.enum(REST_VIEWS).default('expected'),
  period: z
    .enum(BET_PERIODS, `Period must be one of ${BET_PERIODS.join(', ')}`)
    .default('FT')
    .describe(
      "Decision 073: the part of the game whose score the axes are, with the bets on it; 'FT' the full game.",
    ),
})

const scoreRange = z.object({ min: z.number().int(), max: z.number().int() })

export const outcomeCell = z.object({
  awayScore: z.number().int(),
  profit: z.number(),
  roi: z.number(),
  /** Decision 006: a tie that cannot be a final score; the grid shows 'N/A'. */
  impossible: z.literal(true).optional(),
  /** The chance of this final score (0-1, decision 023); absent where it rounds to 0 or the game has no model. */
  probability: z.number().min(0).max(1).optional(),
  /** Decision 067: the profit counts a ticket's legs on other games at their chances, or as won. */
  estimate: z.enum(REST_VIEWS).optional(),
  /** Decision 067: a ticket's payout at this score is the book's to say; the cell counts its stake back. */
  needsReview: z.literal(true).optional(),
})

export const gameGrid = z
  .object({
    gameId: z.number().int(),
    sport: z.string(),
    status: z.string(),
    homeTeam: z.string(),
    awayTeam: z.string(),
    /** The score so far of the grid's period (the game's score on the full game's grid); null before the start. */
    homeScore: z.number().int().nullable(),
    awayScore: z.number().int().nullable(),
    period: z.enum(BET_PERIODS),
    /** The periods the game's league takes bets on, the full game first: the grid's period switch. */
    periodsOffered: z.array(z.enum(BET_PERIODS)),
    /** What rides on each period of the game (decision 073): the singles on it, in the league's order. */
    onPeriods: z.array(
      z.object({ period: z.enum(BET_PERIODS), betCount: z.number().int(), stake: z.number() }),
    ),
    gameVersion: z.number().int(),
    betCount: z.number().int(),
    totalStake: z.number(),
    tiesImpossible: z.boolean(),
    homeRange: scoreRange,
    awayRange: scoreRange,
    /** Null for a final or canceled game and a league without a score model. */
    probability: gridProbability.nullable(),
    /** Decision 067: how the cells count tickets' legs on other games; `if_rest_win` without a plan. */
    rest: z.enum(REST_VIEWS),
    /** The open tickets whose worth depends on this game's score, counted in the cells (`onGrid`). */
    tickets: z.array(gameTicket),
    outcomes: z.array(z.object({ homeScore: z.number().int(), outcomes: z.array(outcomeCell) })),
  })
  .meta({ id: 'OutcomeMatrix' })
