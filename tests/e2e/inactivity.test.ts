import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { type Account, signInByApi } from './support/accounts'
import { e2eSuite, screenshot } from './support/e2e-app'

/**
 * Decision 021: a bettor back after a long absence must sign in (sessions last 7 days), and the sign-in
 * is activity; the home page still says how long the account was idle, on every visit until 'I'm Here!'
 * or Dismiss. The app's clock is this file's own, moved past the absence.
 */
const suite = e2eSuite()
const DAY = 86_400_000
const NOTICE = 'Account Inactivity Notice'

/** Signs in again, as a bettor back after `days` must: the session of that day is long gone. */
async function backAfter(page: Page, who: Account, days: number) {
  suite.server.setNow(new Date(suite.server.app.clock().getTime() + days * DAY))
  const login = await page.request.post('/api/auth/login', {
    data: { username: who.username, password: who.password },
  })
  expect(login.ok(), await login.text()).toBe(true)
}

/** Opens the home page and waits for its inactivity status, so a missing banner is really missing. */
async function openHome(page: Page) {
  const status = page.waitForResponse((response) => response.url().endsWith('/api/user/inactivity-status'))
  await page.goto('/')
  await status
}

const banner = (page: Page) => page.getByRole('region', { name: NOTICE })

/** Presses one of the banner's buttons and waits for the server to have heard it. */
async function press(page: Page, button: string, path: string) {
  const sent = page.waitForResponse((response) => response.url().endsWith(path))
  await banner(page).getByRole('button', { name: button }).click()
  expect((await sent).ok()).toBe(true)
}

describe('the inactivity banner after a long absence', () => {
  it('shows the idle days on each visit until dismissed', async () => {
    const [, page] = await suite.page()
    const who = await signInByApi(page)
    await backAfter(page, who, 45)
    await openHome(page)
    await expect.poll(() => banner(page).textContent()).toContain('inactive for 45 days')
    await screenshot(page, 'inactivity-banner')
    await openHome(page)
    await banner(page).waitFor()

    await press(page, 'Dismiss inactivity notice', '/api/user/dismiss-inactivity')
    expect(await banner(page).count()).toBe(0)
    await openHome(page)
    expect(await banner(page).count()).toBe(0)
  })

  it('goes for good with I’m Here!', async () => {
    const [, page] = await suite.page()
    const who = await signInByApi(page)
    await backAfter(page, who, 400)
    await openHome(page)
    await expect.poll(() => banner(page).textContent()).toContain('inactive for 400 days')
    await press(page, "I'm Here!", '/api/user/stay-active')
    expect(await banner(page).count()).toBe(0)
    await openHome(page)
    expect(await banner(page).count()).toBe(0)
  })
})
