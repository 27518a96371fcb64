import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { signInByApi } from './support/accounts'
import { seriousViolations } from './support/axe'
import { e2eSuite, screenshot } from './support/e2e-app'
import { type ApiGame, listedGames } from './support/games'
import { HistoryPage } from './support/pages/history-page'

/**
 * In a real Chromium, on the simulator (decisions 053 to 063): a three-leg parlay over two games and an
 * event off the feed is confirmed, its feed legs settle as the simulated games end, its leg off the feed is
 * settled by hand, and the ticket shows with its legs in My Bets, the history and Game Analysis.
 */
const suite = e2eSuite()

type Leg = { selection: string; result: string | null }
type Ticket = { id: number; selection: string; result: string | null; payout: string | null; legs: Leg[] }

async function ticketOf(page: Page, id: number): Promise<Ticket> {
  const answer = await page.request.get('/api/bets')
  const found = ((await answer.json()) as Ticket[]).find((bet) => bet.id === id)
  if (!found) throw new Error(`ticket ${id} is not listed`)
  return found
}

/** Two games the simulator has yet to start, so the parlay is entered before either is decided. */
async function twoScheduledGames(page: Page): Promise<[ApiGame, ApiGame]> {
  const scheduled = (await listedGames(page)).filter((game) => game.status === 'scheduled')
  const [first, second] = scheduled
  if (!first || !second) throw new Error('the simulator always has games to come')
  return [first, second]
}

/** Runs the simulated clock on, as the background sync would, until the ticket's feed legs are decided. */
async function untilFeedLegsSettle(page: Page, id: number): Promise<Ticket> {
  for (let step = 0; step < 48; step++) {
    const ticket = await ticketOf(page, id)
    if (ticket.legs.slice(0, 2).every((leg) => leg.result !== null)) return ticket
    await suite.server.advance(30 * 60_000)
  }
  throw new Error('the simulated games did not end in a day')
}

describe('a parlay with a leg off the feed', () => {
  it('is confirmed, settled by the simulator and by hand, and seen in My Bets, the history and Game Analysis', async () => {
    const [, page] = await suite.page()
    await signInByApi(page)
    const [first, second] = await twoScheduledGames(page)
    // Half-point totals: a feed leg wins or loses, never pushes.
    const placed = await page.request.post('/api/bets', {
      data: {
        betType: 'parlay',
        amount: 10,
        sportsbook: 'DraftKings',
        legs: [
          { gameId: first.id, betType: 'total', overUnder: 'over', totalPoints: 0.5, odds: -110 },
          { gameId: second.id, betType: 'total', overUnder: 'under', totalPoints: 499.5, odds: -110 },
          {
            event: { name: 'NBA MVP 2027', league: 'NBA' },
            betType: 'other',
            selection: 'Nikola Jokic',
            odds: 450,
          },
        ],
      },
    })
    expect(placed.status(), await placed.text()).toBe(201)
    const ticket = (await placed.json()) as Ticket

    // Confirmed in the history's list of tentative bets.
    const history = new HistoryPage(page)
    await history.open()
    await page.getByRole('button', { name: `Confirm ${ticket.selection}` }).click()
    await expect.poll(async () => (await ticketOf(page, ticket.id)).result, { timeout: 10_000 }).toBeNull()

    const decided = await untilFeedLegsSettle(page, ticket.id)
    // Over 0.5 and under 499.5 both win whatever the score; the prop waits for the bettor.
    expect(decided.legs.map((leg) => leg.result)).toEqual(['won', 'won', null])
    expect(decided.result).toBeNull()

    // My Bets: the ticket with its three legs, and 'Settle by hand' on the prop.
    await page.goto('/?tab=with-bets')
    const legs = page.getByRole('list', { name: `Legs of ${ticket.selection}` }).first()
    await legs.getByText('Nikola Jokic').waitFor()
    expect(await legs.getByRole('listitem').count()).toBe(3)
    await screenshot(page, 'ticket-my-bets-pending')
    await page.getByRole('button', { name: 'Settle by hand' }).first().click()
    const form = page.getByRole('form', { name: `Settle ${ticket.selection} by hand` })
    await form.getByLabel('Settle').selectOption({ label: 'Leg 3: Nikola Jokic (NBA MVP 2027)' })
    await form.getByLabel('Result').selectOption('won')
    await form.getByRole('button', { name: 'Save result' }).click()
    await page.getByText('Result saved').first().waitFor()

    // 10 x (210/110)^2 x 5.5 = 200.45... -> 200.45, rounded once.
    const settled = await ticketOf(page, ticket.id)
    expect(settled).toMatchObject({ result: 'won', payout: '200.45' })
    expect(settled.legs.map((leg) => leg.result)).toEqual(['won', 'won', 'won'])

    // The history counts it once and lists it under each of its games; Game Analysis shows its legs.
    await history.open()
    await expect.poll(() => history.figure('Total Bets')).toContain('1')
    await expect.poll(() => history.figure('Net Profit/Loss')).toContain('190.45')
    await page
      .getByRole('button', { name: /^View Details:/ })
      .first()
      .click()
    const analysis = page.getByRole('dialog', { name: 'Game Analysis' })
    await analysis.getByText('Nikola Jokic').first().waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'ticket-game-analysis')
  })
})
