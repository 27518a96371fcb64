import { z } from 'zod'
import { TICKET_KINDS } from '../domain/ticket'
import { noBody } from './common'

/** docs/spec/product-spec.md §3 and §7 (Sportsbook connections), decision 020. */

/** GET /api/sportsbooks/connections. */
export const connectionsAnswer = z
  .object({
    availableSportsbooks: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        description: z.string(),
        status: z.enum(['connected', 'available']),
      }),
    ),
  })
  .meta({ id: 'SportsbookConnections' })

/** GET /api/sportsbooks/status: whether a bet-sync partner is configured, and the sync interval. */
export const connectionStatus = z
  .object({
    /** The spec's name for the partner's availability. */
    opticOddsAvailable: z.boolean(),
    status: z.enum(['ready', 'partner_required']),
    syncInterval: z.string(),
    /** The partner's name ('SharpSports'); null without one. */
    partner: z.string().nullable(),
  })
  .meta({ id: 'SportsbookStatus' })

export const connectBody = z
  .object({ sportsbook: z.string('sportsbook is required').min(1, 'sportsbook is required').max(50) })
  .strict()

/** Where the browser goes to link the book at the partner (its hosted page; credentials never reach Grid). */
export const connectAnswer = z.object({ message: z.string(), linkUrl: z.string() })

export const syncBody = noBody

const syncError = z.object({
  sportsbook: z.string().nullable(),
  externalId: z.string().nullable(),
  reason: z.string(),
})

/** POST /api/sportsbooks/sync: what the sync stored, and what it could not (each with the reason). */
export const syncAnswer = z
  .object({
    result: z.object({
      newBets: z.number().int(),
      updatedBets: z.number().int(),
      errors: z.array(syncError),
      /** Slips Grid does not track (a single prop or part of a game, a cash-out, voided), left out. */
      skipped: z.number().int(),
      /** The new bets by kind (decision 062): singles, parlays, same-game parlays, teasers, round robins. */
      tickets: z.record(z.enum(TICKET_KINDS), z.number().int()),
    }),
  })
  .meta({ id: 'SportsbookSync' })

export const sportsbookParams = z.object({
  id: z.string().min(1).max(50),
})
