import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { internalId } from '../../src/server/connections/sharpsports'
import { storeGame } from '../api/support/bets'
import { FakeSharpSports, PRIVATE_KEY, PUBLIC_KEY, UNKNOWN_GAME_LEG } from '../api/support/fake-sharpsports'
import { signInByApi } from './support/accounts'
import { seriousViolations } from './support/axe'
import { connectBrowser, newPage, screenshot, startE2eApp } from './support/e2e-app'

/**
 * In a real Chromium: /connections without partner keys (the spec's warning and the way to
 * Import), and with SharpSports answered by a loopback stand-in: Connect, the book linked at the partner,
 * Sync Now with each of the spec's sync toasts, a connection failure, and Disconnect (decision 020).
 */
type E2eApp = Awaited<ReturnType<typeof startE2eApp>>

let browser: Browser
let bare: E2eApp
let partnered: E2eApp
const fake = new FakeSharpSports()

beforeAll(async () => {
  browser = await connectBrowser()
  bare = await startE2eApp()
  const baseUrl = await fake.start()
  partnered = await startE2eApp(undefined, {
    connections: {
      sharpSports: {
        apiKey: PRIVATE_KEY,
        publicKey: PUBLIC_KEY,
        baseUrl,
        linkUrl: 'https://ui.sharpsports.test/link',
        timeoutMs: 2000,
      },
    },
  })
  // The game the partner's slips are on (Bills at Chiefs), stored by the feed this app uses: synced bets
  // find their games among the current feed's, like imported rows.
  await storeGame(partnered.app, { provider: 'simulated', providerId: 'e2e-connections-1' })
})

afterAll(async () => {
  await browser?.close()
  await bare?.close()
  await partnered?.close()
  await fake.stop()
})

async function signedInPage(server: E2eApp): Promise<Page> {
  const [, page] = await newPage(browser, server.url)
  await signInByApi(page)
  return page
}

async function userId(page: Page): Promise<number> {
  const answer = await page.request.get('/api/auth/user')
  return ((await answer.json()) as { id: number }).id
}

/** The toast with this title, which the test then dismisses so the next one is unambiguous. */
async function toast(page: Page, title: string, description?: string) {
  const notice = page
    .getByRole('region', { name: 'Notifications' })
    .locator('[role=status], [role=alert]')
    .filter({ hasText: title })
    .first()
  await notice.getByText(title, { exact: true }).waitFor()
  if (description !== undefined) await notice.getByText(description, { exact: true }).waitFor()
  await notice.getByRole('button').click()
}

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true })

describe('/connections', () => {
  it('without partner keys, says partner access is required and points to Import', async () => {
    const page = await signedInPage(bare)
    await page.goto('/connections')
    await page.getByRole('heading', { name: 'Sportsbook Connections', level: 1 }).waitFor()
    const warning = page.getByRole('region', { name: 'Partnership or API access required' })
    await warning.waitFor()
    const importLink = warning.getByRole('link', { name: 'Import your bets from a file' })
    expect(await importLink.getAttribute('href')).toBe('/import')
    const status = card(page, 'Integration Status')
    await status.getByText('Unavailable').waitFor()
    await status.getByText('30 seconds').waitFor()
    await status.getByText('DraftKings and FanDuel').waitFor()
    expect(await page.getByRole('button', { name: 'Sync Now' }).isDisabled()).toBe(true)
    for (const name of ['DraftKings', 'FanDuel']) {
      await card(page, name).getByText('Available', { exact: true }).waitFor()
      expect(await card(page, name).getByRole('button', { name: 'Connect' }).isDisabled()).toBe(true)
    }
    await card(page, 'How It Works').getByRole('listitem').nth(2).waitFor()
    expect(await card(page, 'How It Works').getByRole('listitem').count()).toBe(3)
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'connections-partner-required')

    await importLink.click()
    await page.getByRole('heading', { name: 'Import Bets', level: 1 }).waitFor()
  })

  it('with SharpSports, connects, syncs with each toast, and disconnects', async () => {
    const page = await signedInPage(partnered)
    const partnerId = internalId({ id: await userId(page) })
    await page.goto('/connections')
    const status = card(page, 'Integration Status')
    await status.getByText('Available', { exact: true }).waitFor()
    await status.getByText('SharpSports').waitFor()
    expect(await page.getByRole('region', { name: 'Partnership or API access required' }).count()).toBe(0)

    const draftKings = card(page, 'DraftKings')
    fake.delayMs = 600
    await draftKings.getByRole('button', { name: 'Connect' }).click()
    await draftKings.getByRole('button', { name: 'Connecting...' }).waitFor()
    await toast(page, 'Connection initiated')
    fake.delayMs = 0
    const link = draftKings.getByRole('link', { name: /Sign in to DraftKings at SharpSports/ })
    expect(await link.getAttribute('href')).toMatch(/^https:\/\/ui\.sharpsports\.test\/link\/CTX_\d+$/)
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'connections-connecting')

    // The bettor signs in to DraftKings on the partner's page, then comes back to Grid.
    fake.link(partnerId, 'dk')
    await page.reload()
    await draftKings.getByText('Connected', { exact: true }).waitFor()
    await draftKings.getByRole('button', { name: 'Disconnect' }).waitFor()

    const syncNow = page.getByRole('button', { name: 'Sync Now' })
    fake.addSlip(partnerId, 'dk')
    fake.delayMs = 300
    await syncNow.click()
    await page.getByRole('button', { name: 'Syncing...' }).waitFor()
    await toast(page, 'Grid Sync Complete', '1 new bet, 0 updated bets')
    fake.delayMs = 0
    await syncNow.click()
    await toast(page, 'All bets are up to date - no new activity detected')

    fake.addSlip(partnerId, 'dk', {}, UNKNOWN_GAME_LEG)
    await syncNow.click()
    await toast(page, 'Grid Sync Issues', '0 new bets, 0 updated bets, 1 connection error')
    await page
      .getByRole('region', { name: 'Not synced' })
      .getByText('DraftKings: No game in Grid matches Atlanta Hawks @ Memphis Grizzlies (NBA) yet')
      .waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'connections-synced')

    fake.down = true
    try {
      await syncNow.click()
      await toast(page, 'Sync failed', 'Could not sync bets from sportsbooks')
      await card(page, 'FanDuel').getByRole('button', { name: 'Connect' }).click()
      await toast(page, 'Connection failed', 'Could not connect to FanDuel')
    } finally {
      fake.down = false
    }

    await draftKings.getByRole('button', { name: 'Disconnect' }).click()
    await toast(page, 'Sportsbook disconnected')
    await draftKings.getByText('Available', { exact: true }).waitFor()
    expect(fake.accountOf(partnerId, 'dk')?.access).toBe(false)
    // The synced bet stays in the history.
    const history = await page.request.get('/api/bets/history')
    expect(((await history.json()) as { bets: unknown[] }).bets).toHaveLength(1)
    await screenshot(page, 'connections-disconnected')
  })
})
