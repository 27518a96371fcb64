import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectBrowser, newPage, screenshot, startE2eApp } from './support/e2e-app'

/**
 * The generated API reference at /api/docs renders in a real browser under the app's own
 * Content-Security-Policy (scripts from this origin only), and reads the document the server generates.
 * A blocked script or style shows as a console error, which this test collects (page errors fail every
 * e2e test through tests/e2e/setup.ts).
 */
let server: Awaited<ReturnType<typeof startE2eApp>>
let browser: Browser
let context: BrowserContext
let page: Page
const consoleErrors: string[] = []

beforeAll(async () => {
  server = await startE2eApp()
  browser = await connectBrowser()
  ;[context, page] = await newPage(browser, server.url)
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text())
  })
})

afterAll(async () => {
  await context?.close()
  await browser?.close()
  await server?.close()
})

describe('the API reference page', () => {
  it('lists the routes by section from the generated document, with nothing blocked', async () => {
    await page.goto('/api/docs')
    await expect.poll(() => page.locator('.opblock-tag-section').count()).toBeGreaterThan(4)
    const sections = (await page.locator('.opblock-tag a.nostyle').allTextContents()).map((text) =>
      text.trim(),
    )
    expect(sections).toEqual(['Account', 'Games', 'Bets', 'Admin', 'Support and system'])
    const betsRoute = page.locator('.opblock-summary', { hasText: '/api/bets/{id}/status' })
    await expect.poll(() => betsRoute.textContent()).toContain('Confirm a tentative bet')
    await screenshot(page, 'api-reference')
    expect(consoleErrors).toEqual([])
  })
})
