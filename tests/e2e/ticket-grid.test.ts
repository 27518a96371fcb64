import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { GameGrid, Suggestion } from '../../src/web/types'
import { signInByApi } from './support/accounts'
import { seriousViolations } from './support/axe'
import { e2eSuite, screenshot } from './support/e2e-app'
import { type ApiGame, listedGames } from './support/games'
import { SuggestionList } from './support/pages/suggestions'

/**
 * In a real Chromium, on the simulator (decision 067): a parlay over two games whose first leg has won is
 * on its second game's grid, exact in every cell, and that game's suggestions offer the last-leg hedge.
 */
const suite = e2eSuite()

type Listed = ApiGame & { startTime: string }

/** Soccer can end 0-0, which an over 0.5 loses; every other league's game scores. */
const SCORELESS_LEAGUES = new Set(['EPL', 'MLS', 'LALIGA', 'SERIEA', 'BUNDESLIGA', 'LIGUE1', 'UCL'])

/** A game to come that always scores, and one that starts at least four hours after it. */
async function firstAndLater(page: Page): Promise<[Listed, Listed]> {
  const scheduled = ((await listedGames(page)) as Listed[])
    .filter((game) => game.status === 'scheduled')
    .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime))
  for (const first of scheduled) {
    if (SCORELESS_LEAGUES.has(first.sport)) continue
    const later = scheduled.find(
      (game) => Date.parse(game.startTime) - Date.parse(first.startTime) >= 4 * 3_600_000,
    )
    if (later) return [first, later]
  }
  throw new Error('no two games to come four hours apart')
}

async function gridOf(page: Page, gameId: number): Promise<GameGrid> {
  const answer = await page.request.get(`/api/outcome-matrix/${gameId}`)
  expect(answer.status(), await answer.text()).toBe(200)
  return (await answer.json()) as GameGrid
}

describe('a two-game parlay whose first leg has won', () => {
  it("is exact on the second game's grid, which offers the last-leg hedge", async () => {
    const [, page] = await suite.page()
    await signInByApi(page)
    const [first, second] = await firstAndLater(page)
    // Over 0.5 at -110 and the home side at +100: $100 to win 100 x 2.1/1.1 x 2 - 100 = $281.82.
    const placed = await page.request.post('/api/bets', {
      data: {
        betType: 'parlay',
        legs: [
          { gameId: first.id, betType: 'total', overUnder: 'over', totalPoints: 0.5, odds: -110 },
          { gameId: second.id, betType: 'moneyline', selection: second.homeTeam, odds: 100 },
        ],
        amount: 100,
      },
    })
    expect(placed.status(), await placed.text()).toBe(201)

    // Before the first game, the second game's cells count the first leg at its chance.
    const before = await gridOf(page, second.id)
    expect(before.tickets).toMatchObject([{ legsDecided: 0, legsElsewhere: 1, onGrid: true }])
    expect(before.outcomes.some((row) => row.outcomes.some((cell) => cell.estimate === 'expected'))).toBe(
      true,
    )

    await page.goto(`/game/${second.id}`)
    const tickets = page.getByRole('region', { name: 'Tickets on this game' })
    await tickets.getByText('0 of 2 legs decided, 1 to play on other games').waitFor()
    const grid = page.getByRole('grid', { name: 'Outcome grid' })
    await expect
      .poll(() => grid.getByRole('gridcell', { name: /at their chances now/ }).count(), { timeout: 5_000 })
      .toBeGreaterThan(0)
    await screenshot(page, 'ticket-grid-expected')
    // The toggle shows the best case: every cell where the home side wins holds the whole To Win.
    await tickets.getByLabel('If the rest win').check()
    await expect
      .poll(() => grid.getByRole('gridcell', { name: /: \+\$282 .*all win/ }).count(), { timeout: 5_000 })
      .toBeGreaterThan(0)
    expect(await grid.getByRole('gridcell', { name: /at their chances now/ }).count()).toBe(0)
    await tickets.getByText(/marks a cell whose profit counts .* as won: the best case/).waitFor()

    // The simulated clock runs on until the first game is over.
    for (let step = 0; step < 16; step++) {
      const [now] = (await listedGames(page)).filter((game) => game.id === first.id)
      if (now?.status === 'final') break
      await suite.server.advance(30 * 60_000)
    }
    await expect
      .poll(async () => (await gridOf(page, second.id)).tickets[0]?.legsDecided, { timeout: 10_000 })
      .toBe(1)
    const exact = await gridOf(page, second.id)
    expect(exact.tickets).toMatchObject([{ legsElsewhere: 0, potentialWin: 281.82 }])
    const cells = exact.outcomes.flatMap((row) =>
      row.outcomes.filter((cell) => !cell.impossible).map((cell) => ({ ...cell, home: row.homeScore })),
    )
    expect(cells.some((cell) => cell.estimate !== undefined)).toBe(false)
    for (const cell of cells) {
      if (cell.home > cell.awayScore) expect(cell.profit).toBe(281.82)
      if (cell.home < cell.awayScore) expect(cell.profit).toBe(-100)
    }

    await page.goto(`/game/${second.id}`)
    await tickets.getByText('1 of 2 legs decided').waitFor()
    // Nothing is left to play elsewhere: no toggle, and the cells carry no mark.
    expect(await tickets.getByLabel('If the rest win').count()).toBe(0)
    await expect
      .poll(() => grid.getByRole('gridcell', { name: /: \+\$282 / }).count(), { timeout: 5_000 })
      .toBeGreaterThan(0)
    expect(await grid.getByRole('gridcell', { name: /at their chances now/ }).count()).toBe(0)
    await screenshot(page, 'ticket-grid-last-leg')
    expect(await seriousViolations(page)).toEqual([])

    const answer = await page.request.get(`/api/suggestions/game/${second.id}`)
    const { suggestions } = (await answer.json()) as { suggestions: Suggestion[] }
    const hedge = suggestions.find((s) => s.type === 'hedge')
    expect(hedge?.title).toMatch(/^Hedge your parlay’s last leg to lock \+\$/)
    // The equalising stake itself (decision 067), never more (decision 024).
    expect(hedge?.suggestedAmount).toBe(hedge?.sensibleAmount)
    const list = await SuggestionList.inGame(page)
    await list.card(hedge?.title ?? '').waitFor()
    expect(await list.amount(hedge?.title ?? '').inputValue()).toBe(String(hedge?.suggestedAmount))
    await screenshot(page, 'ticket-grid-last-leg-hedge')

    // My Bets tracks the ticket: the first leg won, the second to come with its chance, the ticket's now.
    const tracked = (await (await page.request.get('/api/bets/ticket-chances')).json()) as {
      winProbability: number
      legs: { winProbability: number | null }[]
    }[]
    expect(tracked).toHaveLength(1)
    await page.goto('/?tab=with-bets')
    const card = page.getByRole('article').filter({ hasText: 'Parlay' }).first()
    const legs = card.getByRole('list', { name: /^Legs of / })
    await legs.getByText('won').waitFor()
    const now = card.getByText(/^Now .+ to win/).first()
    await now.waitFor()
    expect(await now.textContent()).toContain(`${(100 * (tracked[0]?.winProbability ?? 0)).toFixed(1)}%`)
    await screenshot(page, 'ticket-tracker-my-bets')
    // The card opens the grid of the leg still to come.
    await card.getByRole('link', { name: /^Open the grid of its next leg/ }).click()
    await page.waitForURL(`**/game/${second.id}`)
  })
})
