import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { signInByApi } from './support/accounts'
import { seriousViolations } from './support/axe'
import { ARTIFACTS, e2eSuite, screenshot } from './support/e2e-app'
import { twoScheduledGames } from './support/games'
import { openBetForm } from './support/pages/bet-form'
import { openGamePage } from './support/pages/game-page'
import { HistoryPage } from './support/pages/history-page'

/**
 * In a real Chromium, on the simulator (decisions 053 to 064): a three-leg parlay built in the bet slip over
 * two games and an event off the feed is confirmed, its feed legs settle as the simulated games end, its leg off the feed is
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
    // Built in the bet slip across the two games' bet forms and a bet off the feed. Half-point totals no
    // score can miss: the feed legs win whatever the simulator plays, and the prop waits for the bettor.
    const slip = page.getByRole('complementary', { name: 'Bet slip' })
    const over = await openBetForm(page, first)
    await over.total('over', '0.5', '')
    await over.dialog.getByRole('button', { name: 'Add to slip' }).click()
    await slip.getByText('1 leg').waitFor()
    const under = await openBetForm(page, second)
    await under.total('under', '499.5', '')
    await under.dialog.getByRole('button', { name: 'Add to slip' }).click()
    await slip.getByText('2 legs').waitFor()
    await slip.getByRole('button', { name: 'Add a bet off the feed' }).click()
    const offFeed = page.getByRole('dialog', { name: 'Bet off the feed' })
    await offFeed.getByLabel('Event').fill('NBA MVP 2027')
    await offFeed.getByLabel('League (optional)').fill('NBA')
    await offFeed.getByLabel('Selection').fill('Nikola Jokic')
    await offFeed.getByLabel('Odds (optional on a slip leg)').fill('+450')
    await offFeed.getByRole('button', { name: 'Add to slip' }).click()
    await slip.getByText('3 legs').waitFor()
    await slip.getByLabel('Stake ($)').fill('10')
    await slip.getByRole('button', { name: 'Place ticket' }).click()
    await page.getByText('Ticket saved as tentative').first().waitFor()
    const [ticket] = (await (await page.request.get('/api/bets')).json()) as Ticket[]
    if (!ticket) throw new Error('the ticket was not saved')
    expect(ticket.legs.map((leg) => leg.selection)).toEqual(['Over 0.5', 'Under 499.5', 'Nikola Jokic'])

    // Confirmed on the page of one of its games, which lists the ticket with the game's own bets.
    await openGamePage(page, second.id)
    await page.getByRole('button', { name: `Confirm ${ticket.selection}` }).click()
    await expect
      .poll(
        async () => (await page.request.get('/api/bets/active')).json() as Promise<{ betStatus: string }[]>,
      )
      .toMatchObject([{ betStatus: 'committed' }])

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
    const history = new HistoryPage(page)
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
    await page.keyboard.press('Escape')

    // The won ticket's own share card (decision 067), from its row under either of its games.
    await page
      .getByRole('button', { name: `Share Win: ${ticket.selection}` })
      .first()
      .click()
    const share = page.getByRole('dialog', { name: 'Share Your Win' })
    await share.getByText('+$190 on 3-Leg Parlay.').waitFor()
    await share.getByRole('button', { name: 'Generate Share Card' }).click()
    const image = share.getByTestId('share-card-image')
    expect(await image.getAttribute('alt')).toBe('Share card: +$190 on 3-Leg Parlay, ROI +1904.5%')
    const png = Buffer.from(
      ((await image.getAttribute('src')) ?? '').replace(/^data:image\/png;base64,/, ''),
      'base64',
    )
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1080, 1080])
    writeFileSync(resolve(ARTIFACTS, 'ticket-share-card.png'), png)
  })
})
