import { z } from 'zod'
import { BET_TYPES } from '../../domain/bet'
import { BET_FORM_MESSAGES } from '../../domain/bet-form'

/**
 * The shape of POST /api/bets (spec section 7). Only types are checked here; the bet form's rules and
 * messages (spec section 5, D9) are the domain's `validateBetForm`, which the web form runs too.
 */
const points = (label: string) => z.number(`${label} must be a number`).nullish()

export const createBetBody = z
  .object({
    gameId: z.number('Choose a game').int('Choose a game').positive('Choose a game'),
    betType: z.enum(BET_TYPES, 'Bet type must be spread, total or moneyline'),
    selection: z.string('Selection must be text').max(200, 'Selection is too long').nullish(),
    odds: z.number(BET_FORM_MESSAGES.odds),
    amount: z.union([z.number(), z.string()], BET_FORM_MESSAGES.amountFormat).nullish(),
    // The form's preview; the server computes To Win itself (D1) and ignores this value.
    potentialWin: z.union([z.number(), z.string()]).nullish(),
    sportsbook: z.string('Sportsbook must be text').trim().max(100, 'Sportsbook is too long').nullish(),
    // The spec's payload carries it; the bet always belongs to the signed-in user.
    userId: z.union([z.number(), z.string()]).nullish(),
    spreadTeam: z.string('Team must be text').max(100, 'Team is too long').nullish(),
    spreadPoints: points('Spread points'),
    totalPoints: points('Total points'),
    overUnder: z.enum(['over', 'under'], 'Choose over or under').nullish(),
  })
  .strict()

export const betStatusBody = z
  .object({ betStatus: z.literal('committed', "Only a confirm (betStatus 'committed') is possible") })
  .strict()

export const historyQuery = z
  .object({
    dateFilter: z.string().optional(),
    startDate: z.string().optional(),
    endDate: z.string().optional(),
    // Cache-busting parameter some clients add.
    t: z.string().optional(),
  })
  .strict()
