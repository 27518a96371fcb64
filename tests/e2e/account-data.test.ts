import { eq } from 'drizzle-orm'
import { strFromU8, unzipSync } from 'fflate'
import { beforeAll, describe, expect, it } from 'vitest'
import { PLAN_REQUIRED } from '../../src/domain/subscription'
import { users } from '../../src/server/db/schema'
import { newBettor, signInByApi, signUpByApi } from './support/accounts'
import { seriousViolations } from './support/axe'
import { downloaded, e2eSuite, screenshot } from './support/e2e-app'

/**
 * In a real Chromium: an account whose trial has ended sees why suggestions are off and the way
 * to /pricing (decision 016); Settings > Your Data downloads everything as a ZIP and deletes the account with the
 * password, landing on the login screen with the news (decision 025).
 */

const suite = e2eSuite()

beforeAll(async () => {
  // Decision 013: the first account is the admin; the tests' bettors come after it.
  const [context, page] = await suite.page()
  await signUpByApi(page)
  await context.close()
})

describe('a trial that has ended (decision 016)', () => {
  it('shows why suggestions need a plan, with the way to /pricing, and polls nothing', async () => {
    const [, page] = await suite.page()
    const who = await signInByApi(page)
    await suite.server.app.db
      .update(users)
      .set({ subscriptionTier: 'trial_ended', trialEndDate: new Date('2026-11-20T00:00:00Z') })
      .where(eq(users.username, who.username))
    const refused: string[] = []
    page.on('response', (r) => {
      if (r.status() === 403) refused.push(r.url())
    })
    await page.goto('/suggestions')
    const gate = page.getByRole('status').filter({ hasText: 'Suggestions needs a plan' })
    await gate.waitFor()
    expect(await gate.textContent()).toContain(PLAN_REQUIRED)
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'plan-required-suggestions')
    expect(refused).toEqual([])
    await gate.getByRole('link', { name: 'See plans' }).click()
    await page.waitForURL('**/pricing')
    await page.getByRole('heading', { name: 'Monthly Unlimited' }).waitFor()
  })
})

describe('Settings > Your Data (decision 025)', () => {
  it('downloads a ZIP of the account and its bets', async () => {
    const [, page] = await suite.page()
    const who = await signInByApi(page)
    await page.goto('/settings')
    const card = page.getByRole('region', { name: 'Your Data' })
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('link', { name: 'Download my data' }).click(),
    ])
    expect(download.suggestedFilename()).toBe('grid-data-2026-11-23.zip')
    const files = unzipSync(new Uint8Array(await downloaded(download)))
    expect(Object.keys(files).sort()).toEqual([
      'README.txt',
      'account.json',
      'bets.csv',
      'payments.csv',
      'referrals.json',
    ])
    expect(JSON.parse(strFromU8(files['account.json'] ?? new Uint8Array())).username).toBe(who.username)
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'settings-your-data')
  })

  it('deletes the account after the password, then the login screen says so', async () => {
    const [, page] = await suite.page()
    const who = await signInByApi(page, newBettor())
    await page.goto('/settings')
    await page
      .getByRole('region', { name: 'Your Data' })
      .getByRole('button', { name: 'Delete my account' })
      .click()
    const dialog = page.getByRole('dialog', { name: 'Delete your account' })
    await dialog.getByText('kept for 7 years without your name').waitFor()
    const confirm = dialog.getByRole('button', { name: 'Delete my account' })
    expect(await confirm.isDisabled()).toBe(true)
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'settings-delete-account')

    await dialog.getByLabel('Current password').fill('not-the-password')
    await confirm.click()
    await page.getByText('The password is not correct').waitFor()
    expect(await suite.server.app.repos.users.byUsername(who.username)).not.toBeNull()

    await dialog.getByLabel('Current password').fill(who.password)
    await confirm.click()
    await page.getByText('Your account has been deleted.').waitFor()
    expect(new URL(page.url()).pathname).toBe('/')
    expect(await suite.server.app.repos.users.byUsername(who.username)).toBeNull()
    expect((await page.request.get('/api/auth/user')).status()).toBe(401)
  })
})
