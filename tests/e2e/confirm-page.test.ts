import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { signUpByApi } from './support/accounts'
import { e2eSuite, screenshot } from './support/e2e-app'

/**
 * The page a Reset-tab link opens (decision 011, server-rendered HTML without a script) looks like the
 * app's own signed-out screens: the same background, card, type, field and button as the login card,
 * read from both pages in the same Chromium under the app's CSP.
 */
const suite = e2eSuite()

const LOOK = [
  'background-color',
  'color',
  'font-family',
  'border-top-color',
  'border-top-left-radius',
  'font-weight',
] as const

async function look(locator: Locator): Promise<Record<string, string>> {
  return locator.evaluate(
    (element, names) => {
      const style = getComputedStyle(element)
      return Object.fromEntries(names.map((name) => [name, style.getPropertyValue(name)]))
    },
    [...LOOK],
  )
}

/** The same parts of a signed-out screen: the page, its card, its heading, the password field, the button. */
async function parts(page: Page, card: Locator, button: string) {
  return {
    page: await look(page.locator('main')),
    card: await look(card),
    heading: await look(page.getByRole('heading', { level: 1 })),
    field: await look(page.getByLabel(/password/i).first()),
    button: await look(page.getByRole('button', { name: button })),
  }
}

/** The e-mailed link of a Reset-tab request, from the development outbox. */
async function resetLink(page: Page): Promise<string> {
  const who = await signUpByApi(page)
  const asked = await page.request.post('/api/auth/reset-password', {
    data: { username: who.username, newPassword: 'brand-new-pass' },
  })
  expect(asked.ok()).toBe(true)
  const outbox = await (await page.request.get('/api/dev/outbox')).json()
  const mail = (outbox.messages as { to: string; subject: string; text: string }[]).find(
    (m) => m.to === who.email && m.subject === 'Confirm your new Grid password',
  )
  const link = new URL(/https?:\/\/\S+/.exec(mail?.text ?? '')?.[0] ?? 'missing:')
  return link.pathname + link.search
}

describe('the confirmation page of a Reset-tab link', () => {
  it('looks like the login card, with the error in the app’s alert style', async () => {
    const [, page] = await suite.page()
    const link = await resetLink(page)
    await page.goto('/login')
    await page.getByRole('button', { name: 'Sign in' }).waitFor()
    const app = await parts(page, page.locator('main > div').first(), 'Sign in')

    await page.goto(link)
    const confirm = await parts(page, page.locator('main > div').first(), 'Confirm new password')
    await screenshot(page, 'confirm-password-change')
    expect(confirm).toEqual(app)

    await page.getByLabel('New password').fill('not-what-was-asked')
    await page.getByRole('button', { name: 'Confirm new password' }).click()
    const alert = page.getByRole('alert')
    await expect.poll(() => alert.textContent()).toContain('That is not the new password that was requested')
    expect(await look(alert)).toMatchObject({
      'border-top-left-radius': '8px',
      'font-family': app.page['font-family'],
    })
    await screenshot(page, 'confirm-password-change-refused')
  })
})
