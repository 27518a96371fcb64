import { z } from 'zod'
import { pathId } from './common'
import { gridProbability } from './probability'

/**
 * GET /api/outcome-matrix/{gameId}: the spec's `outcomes` (rows by homeScore, cells by awayScore with
 * profit in dollars and roi in percent, roiPercent's 1 decimal), with what the grid screen needs around it.
 */
export const gridParams = z.object({ gameId: pathId('gameId') })

const scoreRange = z.object({ min: z.number().int(), max: z.number().int() })

export const outcomeCell = z.object({
  awayScore: z.number().int(),
  profit: z.number(),
  roi: z.number(),
  /** Decision 006: a tie that cannot be a final score; the grid shows 'N/A'. */
  impossible: z.literal(true).optional(),
  /** The chance of this final score (0-1, decision 023); absent where it rounds to 0 or the game has no model. */
  probability: z.number().min(0).max(1).optional(),
})

export const gameGrid = z
  .object({
    gameId: z.number().int(),
    sport: z.string(),
    status: z.string(),
    homeTeam: z.string(),
    awayTeam: z.string(),
    homeScore: z.number().int().nullable(),
    awayScore: z.number().int().nullable(),
    gameVersion: z.number().int(),
    betCount: z.number().int(),
    totalStake: z.number(),
    tiesImpossible: z.boolean(),
    homeRange: scoreRange,
    awayRange: scoreRange,
    /** Null for a final or canceled game and a league without a score model. */
    probability: gridProbability.nullable(),
    outcomes: z.array(z.object({ homeScore: z.number().int(), outcomes: z.array(outcomeCell) })),
  })
  .meta({ id: 'OutcomeMatrix' })
