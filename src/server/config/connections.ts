import { z } from 'zod'
import { int, url, withoutTrailingSlash } from './fields'

export interface SharpSportsConfig {
  /** The private key: reads of a bettor's accounts and bet slips (server side only). */
  apiKey: string
  /** The public key: contexts (the link flow), refreshes and removing access. */
  publicKey: string
  /** The API's address, without /v1 (tests point it at a loopback server). */
  baseUrl: string
  /** Where a context id opens the hosted linking page: `${linkUrl}/${cid}`. */
  linkUrl: string
  timeoutMs: number
}

/** Sportsbook connections through SharpSports' BetSlip API. */
export const connections = z
  .object({
    SHARPSPORTS_API_KEY: z
      .string()
      .min(1)
      .optional()
      .describe(
        "with `SHARPSPORTS_PUBLIC_KEY`, turns on sportsbook connections through SharpSports' BetSlip API ([docs/connections.md](docs/connections.md)): this private key reads a bettor's accounts and bet slips. Setting only one of the two is refused at start. Unset, /connections says partner access is required and points to Import",
      ),
    SHARPSPORTS_PUBLIC_KEY: z
      .string()
      .min(1)
      .optional()
      .describe('the public key: opens the linking page, refreshes and removes access'),
    SHARPSPORTS_BASE_URL: url('SHARPSPORTS_BASE_URL', ['http:', 'https:'])
      .default('https://api.sharpsports.io')
      .describe("the partner's API address (tests: a loopback server)"),
    SHARPSPORTS_LINK_URL: url('SHARPSPORTS_LINK_URL', ['http:', 'https:'])
      .default('https://ui.sharpsports.io/link')
      .describe('its hosted linking page (a context id is appended)'),
    SHARPSPORTS_TIMEOUT_MS: int('SHARPSPORTS_TIMEOUT_MS', 100, 60_000)
      .default(10_000)
      .describe('how long one call to the partner may take'),
  })
  .superRefine((e, context) => {
    if (Boolean(e.SHARPSPORTS_API_KEY) !== Boolean(e.SHARPSPORTS_PUBLIC_KEY)) {
      context.addIssue({
        code: 'custom',
        path: ['SHARPSPORTS_API_KEY and SHARPSPORTS_PUBLIC_KEY'],
        message: 'set both to connect sportsbooks through SharpSports, or neither to offer Import only',
      })
    }
  })
  .transform((e) => ({
    /**
     * Sportsbook connections through SharpSports' BetSlip API when both its keys are set; null:
     * the Connections screen says partner access is required and points to Import.
     */
    sharpSports: (e.SHARPSPORTS_API_KEY && e.SHARPSPORTS_PUBLIC_KEY
      ? {
          apiKey: e.SHARPSPORTS_API_KEY,
          publicKey: e.SHARPSPORTS_PUBLIC_KEY,
          baseUrl: withoutTrailingSlash(e.SHARPSPORTS_BASE_URL),
          linkUrl: withoutTrailingSlash(e.SHARPSPORTS_LINK_URL),
          timeoutMs: e.SHARPSPORTS_TIMEOUT_MS,
        }
      : null) as SharpSportsConfig | null,
  }))
