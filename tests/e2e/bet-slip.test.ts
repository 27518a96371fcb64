import { describe, expect, it } from 'vitest'
import { formatDollars } from '../../src/domain/money'
import { ticketPotentialWin } from '../../src/domain/ticket-settlement'
import { signInByApi } from './support/accounts'
import { seriousViolations } from './support/axe'
import { e2eSuite, screenshot } from './support/e2e-app'
import { twoScheduledGames } from './support/games'
import { openBetForm } from './support/pages/bet-form'
import { openGamePage } from './support/pages/game-page'

/**
 * In a real Chromium: the bet slip. Legs are added from two games' bet forms (a page load between them:
 * the slip survives it) and one off the feed; the slip offers the kinds the legs allow, shows checkTicket's
 * refusal beside its field, the live To Win, and places the ticket, which My Bets then lists and which is
 * then edited on the slip while tentative.
 */
const suite = e2eSuite()

const PROP = 'LeBron James over 25.5 points'

describe('the bet slip', () => {
  it('builds a parlay across two games and a bet off the feed, places it, and My Bets lists it', async () => {
    const [, page] = await suite.page()
    await signInByApi(page)
    const [first, second] = await twoScheduledGames(page)
    const slip = page.getByRole('complementary', { name: 'Bet slip' })

    const spread = await openBetForm(page, first)
    await spread.spread(first.homeTeam, '-3.5', '')
    await spread.dialog.getByRole('button', { name: 'Add to slip' }).click()
    await spread.dialog.waitFor({ state: 'hidden' })
    await slip.getByText('1 leg').waitFor()
    await slip.getByText('Add at least one more leg to make a ticket').waitFor()

    // A new page load: the slip is read back from sessionStorage.
    const total = await openBetForm(page, second)
    await slip.getByText('1 leg').waitFor()
    await total.total('over', '44.5', '')
    await total.dialog.getByLabel('Odds').selectOption('120')
    await total.dialog.getByRole('button', { name: 'Add to slip' }).click()
    await slip.getByText('2 legs').waitFor()
    // Two legs on the feed and a stake: the slip prices the ticket before it is placed (decision 066).
    await slip.getByLabel('Stake ($)').fill('10')
    const chances = slip.getByLabel("The ticket's chances")
    await chances.getByText(/^\d+\.\d%$/).waitFor()
    expect(await chances.textContent()).toMatch(/Fair odds\s*[+-]\d+/)
    await screenshot(page, 'bet-slip-price')
    await slip.getByLabel('Stake ($)').fill('')

    await slip.getByRole('button', { name: 'Add a bet off the feed' }).click()
    const offFeed = page.getByRole('dialog', { name: 'Bet off the feed' })
    await offFeed.getByLabel('Event').fill('Lakers at Celtics player props')
    await offFeed.getByLabel('League (optional)').fill('NBA')
    await offFeed.getByLabel('Selection').fill(PROP)
    await offFeed.getByLabel('Odds (optional on a slip leg)').fill('+150')
    await offFeed.getByRole('button', { name: 'Add to slip' }).click()
    await offFeed.waitFor({ state: 'hidden' })
    await slip.getByText('3 legs').waitFor()

    const legs = slip.getByRole('list', { name: 'Legs' }).getByRole('listitem')
    expect(await legs.allInnerTexts()).toEqual([
      expect.stringContaining(`${first.homeTeam} -3.5`),
      expect.stringContaining('Over 44.5'),
      expect.stringContaining(PROP),
    ])
    // The slip folds to its header bar and opens again from the keyboard.
    const header = slip.getByRole('button', { name: /^Bet slip/ })
    await header.focus()
    await page.keyboard.press('Enter')
    expect(await header.getAttribute('aria-expanded')).toBe('false')
    await slip.getByLabel('Ticket type').waitFor({ state: 'detached' })
    await page.keyboard.press('Enter')
    expect(await header.getAttribute('aria-expanded')).toBe('true')

    const kinds = await slip.getByLabel('Ticket type').locator('option').allInnerTexts()
    expect(kinds).toEqual(['Parlay', 'Round Robin'])

    // No stake yet: the domain's refusal shows beside the stake, which takes the keyboard.
    await slip.getByRole('button', { name: 'Place ticket' }).click()
    const stake = slip.getByLabel('Stake ($)')
    await expect.poll(() => stake.getAttribute('aria-invalid')).toBe('true')
    await slip.getByText('Amount is required', { exact: true }).waitFor()
    expect(await stake.evaluate((element) => element === document.activeElement)).toBe(true)

    await stake.fill('10')
    const toWin = ticketPotentialWin(
      { kind: 'parlay' },
      [{ odds: -110 }, { odds: 120 }, { odds: 150 }],
      1000,
      null,
    )
    await slip.getByText(`To Win: $${formatDollars(toWin ?? 0)}`).waitFor()
    await slip.getByText('A leg off the feed has no chances in Grid', { exact: false }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'bet-slip-three-legs')

    await slip.getByRole('button', { name: 'Place ticket' }).click()
    await page.getByText('Ticket saved as tentative').first().waitFor()
    await slip.waitFor({ state: 'detached' })

    const mine = (await (await page.request.get('/api/bets')).json()) as {
      betType: string
      betStatus: string
      selection: string
      potentialWin: string
      legs: { selection: string; odds: number | null }[]
    }[]
    expect(mine).toEqual([
      expect.objectContaining({
        betType: 'parlay',
        betStatus: 'tentative',
        potentialWin: formatDollars(toWin ?? 0).replace(/,/g, ''),
        legs: [
          expect.objectContaining({ selection: `${first.homeTeam} -3.5`, odds: -110 }),
          expect.objectContaining({ selection: 'Over 44.5', odds: 120 }),
          expect.objectContaining({ selection: PROP, odds: 150 }),
        ],
      }),
    ])

    await page.goto('/?tab=with-bets')
    await page.getByText(PROP, { exact: false }).first().waitFor()

    // Still tentative, it is edited on the slip (decision 065): its legs and terms come back, the stake changes.
    await openGamePage(page, first.id)
    await page.getByRole('button', { name: /^Edit .*LeBron James/ }).click()
    const editing = page.getByRole('complementary', { name: 'Bet slip' })
    await editing.getByText('Editing ticket').waitFor()
    expect(await editing.getByRole('list', { name: 'Legs' }).getByRole('listitem').count()).toBe(3)
    await editing.getByLabel('Stake ($)').fill('20')
    await editing.getByRole('button', { name: 'Save ticket' }).click()
    await page.getByText('Ticket updated').first().waitFor()
    await editing.waitFor({ state: 'detached' })
    const [edited] = (await (await page.request.get('/api/bets')).json()) as {
      amount: string
      legs: unknown[]
    }[]
    expect(edited).toMatchObject({ amount: '20.00', legs: [{}, {}, {}] })
  })
})

describe('a bet off the feed', () => {
  it('is placed alone from Add Bet, its odds required, and the server’s refusal shows beside its field', async () => {
    const [, page] = await suite.page()
    await signInByApi(page)
    await page.goto('/?tab=with-bets')
    await page.getByRole('button', { name: 'Add Bet', exact: true }).click()
    await page
      .getByRole('dialog', { name: 'New Bet Entry' })
      .getByRole('button', { name: 'Add a bet off the feed' })
      .click()
    const form = page.getByRole('dialog', { name: 'Bet off the feed' })
    await form.getByLabel('Event').fill('NBA MVP 2027')
    await form.getByLabel('Selection').fill('Nikola Jokic')
    await form.getByLabel('Amount ($)').fill('20')
    await form.getByRole('button', { name: 'Place Bet' }).click()
    const odds = form.getByLabel('Odds (optional on a slip leg)')
    await expect.poll(() => odds.getAttribute('aria-invalid')).toBe('true')

    // A refusal only the server makes shows where it points, as the domain's do.
    await page.route('**/api/bets', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({ field: 'event.league', message: 'That league is not one Grid knows' }),
          })
        : route.continue(),
    )
    await odds.fill('+400')
    await form.getByRole('button', { name: 'Place Bet' }).click()
    const league = form.getByLabel('League (optional)')
    await expect.poll(() => league.getAttribute('aria-invalid')).toBe('true')
    const described = await league.getAttribute('aria-describedby')
    expect(await form.locator(`[id="${described}"]`).textContent()).toBe('That league is not one Grid knows')
    await page.unroute('**/api/bets')

    await form.getByRole('button', { name: 'Place Bet' }).click()
    await form.waitFor({ state: 'hidden' })
    const mine = (await (await page.request.get('/api/bets')).json()) as Record<string, unknown>[]
    expect(mine).toEqual([
      expect.objectContaining({
        betType: 'other',
        selection: 'Nikola Jokic',
        odds: 400,
        potentialWin: '80.00',
      }),
    ])
    await page.getByText('Nikola Jokic').first().waitFor()

    // Still tentative, it is edited in its own form, filled in, and confirmed from its card: an event off
    // the feed has no game page (decision 065).
    await page.getByRole('button', { name: 'Edit Nikola Jokic' }).click()
    const edit = page.getByRole('dialog', { name: 'Edit bet off the feed' })
    expect(await edit.getByLabel('Event').inputValue()).toBe('NBA MVP 2027')
    await edit.getByLabel('Odds (optional on a slip leg)').fill('+350')
    await edit.getByRole('button', { name: 'Save Bet' }).click()
    await page.getByText('Bet updated').first().waitFor()
    const [edited] = (await (await page.request.get('/api/bets')).json()) as Record<string, unknown>[]
    expect(edited).toMatchObject({ selection: 'Nikola Jokic', odds: 350, potentialWin: '70.00' })
    await page.getByRole('button', { name: 'Confirm Nikola Jokic' }).click()
    await page.getByText('Bet confirmed').first().waitFor()
    expect(await seriousViolations(page)).toEqual([])
  })
})
