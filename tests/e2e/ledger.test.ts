import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { storeGame } from '../api/support/bets'
import { spread } from '../support/bets'
import { signInByApi } from './support/accounts'
import { seriousViolations } from './support/axe'
import { e2eSuite, screenshot } from './support/e2e-app'
import { enteredBeforeTheEnd } from './support/games'
import { holdRequests } from './support/hold-requests'
import { BetForm } from './support/pages/bet-form'
import { openGamePage } from './support/pages/game-page'
import { HistoryPage } from './support/pages/history-page'

/**
 * In a real Chromium: a final game shows its result (no scenarios, no 'Best final
 * score'), a bet added to it says so and is settled at once, a tentative bet there reads as a what-if
 * with Confirm; a tentative bet is edited in the entry form; the bets under a game's grid stay put when
 * the grid's table arrives; Avg Odds is a price; a history card says what is at stake. Each test signs up
 * an account of its own.
 */
const suite = e2eSuite()
const MATCHUP = { awayTeam: 'Buffalo Bills', homeTeam: 'Kansas City Chiefs' }
let games: { final: number; later: number }

beforeAll(async () => {
  const { app } = suite.server
  const final = await storeGame(app, { status: 'final', homeScore: 24, awayScore: 20, gameTime: 'Final' })
  const later = await storeGame(app, { status: 'scheduled' })
  games = { final: final.id, later: later.id }
})

async function bettor(): Promise<Page> {
  const [, page] = await suite.page()
  await signInByApi(page)
  return page
}

async function post(page: Page, body: Record<string, unknown>) {
  const placed = await page.request.post('/api/bets', { data: body })
  expect(placed.status(), await placed.text()).toBe(201)
  return (await placed.json()) as { id: number; betStatus: string }
}

const chiefs = (gameId: number, points: number, amount: number, odds = -110) => ({
  gameId,
  betType: 'spread',
  spreadTeam: 'Chiefs',
  spreadPoints: points,
  odds,
  amount,
})

describe('a final game (item 6)', () => {
  it('shows its result, settles a bet added to it at once, and offers Confirm on a what-if', async () => {
    const page = await bettor()
    // Entered while the game was on; never confirmed.
    await enteredBeforeTheEnd(
      suite.server.app,
      page,
      '2026-11-23T19:00:00Z',
      games.final,
      spread('Kansas City Chiefs', -3.5),
    )
    await page.goto(`/game/${games.final}`)
    const result = page.getByRole('region', { name: 'Result' })
    await result.getByText('not placed (what-if): would have won').waitFor()
    await result.getByText('None placed').waitFor()
    expect(await page.getByText('Best final score').count()).toBe(0)
    expect(await page.getByRole('grid').count()).toBe(0)
    await page.getByText('not placed (what-if)', { exact: true }).waitFor()

    await page.getByRole('button', { name: 'Add Bet' }).click()
    const form = new BetForm(page, MATCHUP)
    await form.dialog
      .getByText(
        'This game is final (Buffalo Bills 20, Kansas City Chiefs 24). The bet is recorded as placed and settled at once on this score.',
      )
      .waitFor()
    await form.total('over', '40.5', '50')
    await screenshot(page, 'final-game-bet-form')
    await form.place()
    await page.getByText('Bet recorded and settled').first().waitFor()
    await result.getByText('+$45.45 on $50.00').waitFor()
    expect(await result.getByText('would have made +$100.00').count()).toBe(1)
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'final-game-result')

    await page.getByRole('button', { name: 'Confirm Kansas City Chiefs -3.5' }).click()
    await result.getByText('+$145.45 on $160.00').waitFor()
    expect(await result.getByText(/what-if/).count()).toBe(0)
  })
})

describe('a tentative bet (item 8)', () => {
  it('is edited in the entry form, on its own terms, and the list shows the new ones', async () => {
    const page = await bettor()
    await post(page, chiefs(games.later, -3, 110))
    await openGamePage(page, games.later)
    await page.getByRole('button', { name: 'Edit Kansas City Chiefs -3' }).click()
    const form = new BetForm(page, MATCHUP, 'Edit bet on')
    expect(await form.values()).toMatchObject({ 'Bet Type': 'spread', Points: '-3', 'Amount ($)': '110.00' })
    await form.spread('Kansas City Chiefs', '-6.5', '55')
    await form.waitForToWin('$50.00')
    await screenshot(page, 'edit-tentative-bet')
    await form.save()
    await page.getByText('Bet updated').first().waitFor()
    await page.getByText('Kansas City Chiefs -6.5').first().waitFor()
    await page.getByText('$55.00 at -110 · To Win $50.00').waitFor()
    expect(await page.getByText('Kansas City Chiefs -3', { exact: true }).count()).toBe(0)
  })
})

describe("a game's bets under its grid", () => {
  it("stay where they are when the grid table's code arrives", async () => {
    const page = await bettor()
    await post(page, chiefs(games.later, -3, 110))
    // The table's code is held back until the grid's answer is in: the order in which the bets below moved.
    const release = await holdRequests(page, '**/assets/grid-table-*.js')
    await page.goto(`/game/${games.later}`)
    await page.getByText(/^Best final score/).waitFor()
    expect(await page.getByRole('table', { name: 'Outcome grid' }).getAttribute('aria-busy')).toBe('true')
    const edit = page.getByRole('button', { name: 'Edit Kansas City Chiefs -3' })
    const before = await edit.boundingBox()
    release()
    await page.getByRole('grid', { name: 'Outcome grid' }).waitFor()
    expect(await edit.boundingBox()).toEqual(before)
  })

  it("stay where they are when the grid's answer arrives", async () => {
    const page = await bettor()
    await post(page, chiefs(games.later, -3, 110))
    // The grid's answer is held back until the bets have shown: the lines it brings were added above them.
    const release = await holdRequests(page, '**/api/outcome-matrix/**')
    await page.goto(`/game/${games.later}`)
    await page.getByText('Loading the grid...').waitFor()
    const edit = page.getByRole('button', { name: 'Edit Kansas City Chiefs -3' })
    await edit.waitFor()
    const before = await edit.boundingBox()
    release()
    await page.getByText(/^Best final score/).waitFor()
    await page.getByRole('grid', { name: 'Outcome grid' }).waitFor()
    expect(await page.getByText('Loading the grid...').count()).toBe(0)
    expect(await edit.boundingBox()).toEqual(before)
  })
})

describe('money words (item 7)', () => {
  it('averages -110 and +150 to a price, and a history card says what is at stake', async () => {
    const page = await bettor()
    const placed = await post(page, chiefs(games.later, -3, 425))
    await post(page, chiefs(games.later, 3, 100, 150))
    await page.goto('/')
    await page.getByRole('tab', { name: 'My Bets' }).click()
    const average = page.locator('dl > div').filter({ hasText: 'Avg Odds' })
    await expect.poll(() => average.textContent()).toBe('Avg Odds+116')
    await screenshot(page, 'my-bets-avg-odds')

    const confirmed = await page.request.patch(`/api/bets/${placed.id}/status`, {
      data: { betStatus: 'committed' },
    })
    expect(confirmed.ok()).toBe(true)
    const history = new HistoryPage(page)
    await history.open()
    const card = page.getByRole('article', { name: 'Buffalo Bills @ Kansas City Chiefs' })
    const stake = card.locator('dl > div').first()
    await expect.poll(() => stake.textContent()).toBe('At stake$425.00')
    expect(await card.getByText(/\+\$425/).count()).toBe(0)
    await screenshot(page, 'history-at-stake')
  })
})
