import type { FastifyInstance } from 'fastify'
import type { Page } from 'playwright-core'
import type { BetTerms } from '../../../src/domain/bet'
import { storeBet } from '../../api/support/bets'

/** A game as GET /api/games/live lists it, the parts the browser tests read. */
export interface ApiGame {
  id: number
  sport: string
  status: string
  homeTeam: string
  awayTeam: string
  homeScore: number | null
  awayScore: number | null
}

/** The games list, from the API the page itself uses (same cookies). */
export async function listedGames(page: Page): Promise<ApiGame[]> {
  return (await (await page.request.get('/api/games/live')).json()) as ApiGame[]
}

/**
 * A tentative bet entered at `instant`, before its game ended. The API would now record a bet on the final
 * game as placed and settle it at once, so it is written as it was stored then.
 */
export async function enteredBeforeTheEnd(
  app: FastifyInstance,
  page: Page,
  instant: string,
  gameId: number,
  terms: BetTerms,
): Promise<void> {
  const me = (await (await page.request.get('/api/auth/user')).json()) as { id: number }
  await storeBet(app, me.id, gameId, terms, 'tentative', new Date(instant))
}

/** Two games the feed lists that have not started, so a ticket on them is entered before either is decided. */
export async function twoScheduledGames(page: Page): Promise<[ApiGame, ApiGame]> {
  const scheduled = (await listedGames(page)).filter((game) => game.status === 'scheduled')
  const [first, second] = scheduled
  if (!first || !second) throw new Error(`fewer than two games to come: ${scheduled.length}`)
  return [first, second]
}
