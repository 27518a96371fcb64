import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Game } from '../../src/web/types'
import { formatWhen } from '../../src/web/ui/format'
import { signInByApi } from './support/accounts'
import { seriousViolations } from './support/axe'
import { connectBrowser, type E2eApp, newPage, screenshot, startE2eApp } from './support/e2e-app'
import { GameDetail } from './support/pages/game-detail'
import { trackContext } from './support/problems'

/**
 * In a real Chromium: the footer reaches every page no screen linked to, Terms and
 * Privacy read signed out, a toast after a bet placed from the game modal shows above the modal, and a
 * Pacific account in a New York browser reads the same start on the game card as in the game detail.
 */
const NOW = new Date('2026-11-23T20:30:00Z')
let browser: Browser
let server: E2eApp

beforeAll(async () => {
  server = await startE2eApp(NOW)
  browser = await connectBrowser()
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
})

const FOOTER_PAGES = [
  ['College Football', 'College Football'],
  ['Import Bets', 'Import Bets'],
  ['Pricing', 'Pricing'],
  ['Tutorial', 'Tutorial'],
  ['Grid Demo', 'Grid Demo'],
  ['Bet Organizer Demo', 'Bet Organizer Demo'],
  ['Help', 'Help'],
  ['Support', 'Support'],
  ['Terms of Service', 'Terms of Service'],
  ['Privacy Policy', 'Privacy Policy'],
] as const

const footer = (page: Page) => page.getByRole('navigation', { name: 'Footer' })

describe('the footer and the menu', () => {
  it('reach every page, signed in', async () => {
    const [, page] = await newPage(browser, server.url)
    await signInByApi(page)
    await page.goto('/')
    await page.getByRole('tab', { name: "Today's Games" }).waitFor()
    await screenshot(page, 'footer-home-1280')
    for (const [link, heading] of FOOTER_PAGES) {
      await footer(page).getByRole('link', { name: link, exact: true }).click()
      await page.getByRole('heading', { level: 1, name: heading }).waitFor()
      await screenshot(page, `footer-${link.toLowerCase().replaceAll(' ', '-')}`)
    }
    await page.getByRole('button', { name: /bettor/ }).click()
    const menu = page.getByRole('navigation', { name: 'Main menu' })
    for (const name of ['College Football', 'Import Bets', 'Pricing', 'Help', 'Support'])
      await menu.getByRole('link', { name }).waitFor()
  })

  it('has Terms and Privacy readable signed out, and sign-up asks for the 18+ and terms acknowledgement', async () => {
    const [, page] = await newPage(browser, server.url)
    await page.goto('/')
    await page.getByText('Welcome to').waitFor()
    await footer(page).getByRole('link', { name: 'Terms of Service' }).click()
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor()
    await page.getByText('You must be at least 18 years old').waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'terms-signed-out')
    await footer(page).getByRole('link', { name: 'Privacy Policy' }).click()
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor()
    await page.getByRole('link', { name: 'Back to Sign In' }).click()
    await page.getByRole('tab', { name: 'Sign Up' }).click()
    const acknowledgement = page.getByRole('checkbox', {
      name: 'I am 18 or older and accept the Terms of Service and the Privacy Policy',
    })
    expect(await acknowledgement.isChecked()).toBe(false)
    expect(await acknowledgement.evaluate((box: HTMLInputElement) => box.required)).toBe(true)
    await screenshot(page, 'sign-up-acknowledgement')
  })
})

describe('a bet placed from the game modal', () => {
  it('shows its toast above the modal, where it can be read and dismissed', async () => {
    const [, page] = await newPage(browser, server.url)
    await signInByApi(page)
    const games = (await (await page.request.get('/api/games/live')).json()) as Game[]
    const game = games.find((g) => g.status === 'in_progress' && g.sport === 'NFL')
    if (!game) throw new Error('no live NFL game')
    const detail = await openGame(page, game)
    const form = await detail.addBet()
    await form.spread(game.homeTeam, '-3.5', '110')
    await form.place()
    const toast = page.getByRole('status').filter({ hasText: 'Bet placed successfully' })
    await toast.waitFor()
    // What the pointer would hit at the toast's centre is the toast itself, not the modal over it.
    const onTop = await toast.evaluate((element) => {
      const box = element.getBoundingClientRect()
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
      return hit !== null && element.contains(hit)
    })
    expect(onTop).toBe(true)
    await screenshot(page, 'toast-over-modal')
    await toast.getByRole('button', { name: 'Dismiss notification' }).click()
    await toast.waitFor({ state: 'detached' })
  })
})

describe("the account's time zone", () => {
  it('gives a game the same start on its card as in its detail, whatever the browser zone', async () => {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1280, height: 900 },
      timezoneId: 'America/New_York',
    })
    trackContext(context)
    const page = await context.newPage()
    await page.clock.setFixedTime(NOW)
    await signInByApi(page)
    const zone = await page.request.patch('/api/user/timezone', { data: { timezone: 'America/Los_Angeles' } })
    expect(zone.status(), await zone.text()).toBe(200)
    const games = (await (await page.request.get('/api/games/live')).json()) as Game[]
    const game = games.find(
      (g) =>
        g.status === 'scheduled' &&
        ['NFL', 'MLB', 'EPL'].includes(g.sport) &&
        Date.parse(g.startTime) > NOW.getTime(),
    )
    if (!game) throw new Error('no game ahead')
    const pacific = formatWhen(new Date(game.startTime), 'America/Los_Angeles', NOW)
    const newYork = formatWhen(new Date(game.startTime), 'America/New_York', NOW)
    expect(pacific).not.toBe(newYork)

    await page.goto('/')
    const card = page.getByRole('button', { name: new RegExp(`${game.awayTeam}.*${game.homeTeam}`) }).first()
    await card.waitFor()
    const shown = (await card.textContent()) ?? ''
    expect(shown).toContain(pacific)
    expect(shown).not.toContain(newYork)
    await card.click()
    const detail = new GameDetail(page, game)
    await detail.dialog.getByText(pacific, { exact: true }).waitFor()
    await screenshot(page, 'game-detail-pacific-in-new-york')
  })
})

describe("a live game's score card", () => {
  it('shows the score by period under the score, adding up to it (decision 070)', async () => {
    const [, page] = await newPage(browser, server.url)
    await signInByApi(page)
    const games = (await (await page.request.get('/api/games/live')).json()) as Game[]
    const game = games.find((g) => g.status === 'in_progress' && g.sport === 'MLB' && g.periods.length > 2)
    if (!game) throw new Error('no live MLB game past the second inning')
    const detail = await openGame(page, game)
    const table = detail.dialog.getByRole('table', { name: 'Score by period' })
    await table.waitFor()
    const headers = await table.getByRole('columnheader').allTextContents()
    expect(headers.slice(0, 4)).toEqual(['Team', 'I1', 'I2', 'I3'])
    const away = table.getByRole('row').nth(1)
    expect(await away.getByRole('rowheader').textContent()).toBe(game.awayAbbreviation ?? game.awayTeam)
    const runs = (await away.getByRole('cell').allTextContents()).map((text) => Number(text) || 0)
    expect(runs.reduce((sum, value) => sum + value, 0)).toBe(game.awayScore)
    await screenshot(page, 'line-score-live-mlb')
  })
})

/** The game's detail, opened from its card on the games home. */
async function openGame(page: Page, game: Game): Promise<GameDetail> {
  await page.goto('/')
  await page
    .getByRole('button', { name: new RegExp(`${game.awayTeam}.*${game.homeTeam}`) })
    .first()
    .click()
  return new GameDetail(page, game)
}
