import type { Page } from 'playwright-core'

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
