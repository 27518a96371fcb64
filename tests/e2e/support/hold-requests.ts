import type { Page } from 'playwright-core'

/**
 * Holds back every request to `url` (a Playwright glob) until the returned release is called, so that a
 * test can look at a screen while that answer is still on its way; later requests then pass at once.
 */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(url, async (route) => {
    await held
    await route.continue()
  })
  return release
}
