import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { registeredUser } from '../api/support/test-app'
import { type Account, newBettor, signInByApi, signUpByApi } from './support/accounts'
import { seriousViolations } from './support/axe'
import { e2eSuite, screenshot } from './support/e2e-app'
import { holdRequests } from './support/hold-requests'

/**
 * In a real Chromium: /master (search, suspend with a reason, restore, hard delete with the typed
 * confirmation, the audit tab) and /admin (cards, the forecast chart, the activity list, the two buttons
 * and their toasts); a non-admin sees 'Unauthorized' (decision 013). The file's app is fresh, so its first account
 * is the admin.
 */

const suite = e2eSuite()

let admin: Promise<Account> | undefined

/** The admin: the first account on the file's database (decision 013), signed up once. */
function adminAccount(): Promise<Account> {
  admin ??= suite.page().then(([, page]) => signUpByApi(page, newBettor()))
  return admin
}

async function adminPage(): Promise<Page> {
  const who = await adminAccount()
  const [, page] = await suite.page()
  const login = await page.request.post('/api/auth/login', {
    data: { username: who.username, password: who.password },
  })
  expect(login.ok(), await login.text()).toBe(true)
  return page
}

/** A bettor signed up from a context of its own. */
async function bettor(): Promise<Account> {
  await adminAccount()
  const [, page] = await suite.page()
  return signUpByApi(page, newBettor())
}

const toast = (page: Page, title: string) =>
  page.getByRole('region', { name: 'Notifications' }).getByText(title, { exact: true }).first()

describe('/master', () => {
  it('shows 10 skeleton rows while the users load, then the stat cards and the table', async () => {
    const page = await adminPage()
    const release = await holdRequests(page, '**/api/admin/users?*')
    await page.goto('/master')
    await page.getByRole('heading', { name: 'Master Dashboard' }).waitFor()
    await expect.poll(() => page.getByTestId('skeleton-row').count()).toBe(10)
    release()
    await page.getByTestId('skeleton-row').first().waitFor({ state: 'detached' })
    for (const card of ['Total Users', 'Total Wagered', 'Platform P&L', 'Subscriptions'])
      await page.getByText(card, { exact: true }).first().waitFor()
    // The admin sees both admin entries in the menu.
    await page.locator('button[aria-controls="main-menu"]').click()
    const menu = page.getByRole('navigation', { name: 'Main menu' })
    await menu.getByRole('link', { name: 'Master Dashboard' }).waitFor()
    await menu.getByRole('link', { name: 'Admin Dashboard' }).waitFor()
  })

  it('searches, suspends with a reason, restores, hard-deletes with the typed text, and audits each', async () => {
    const target = await bettor()
    await bettor() // someone the search leaves out
    const page = await adminPage()
    await page.goto('/master')
    const table = page.getByRole('region', { name: 'Users' })
    await table.getByRole('button', { name: `Suspend ${target.username}` }).waitFor()
    await page.getByLabel('Search users').fill(target.username.toUpperCase())
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1)
    expect(await table.locator('tbody tr').textContent()).toContain(target.email)
    await page.getByLabel('Sort by').selectOption('created')
    await page.getByLabel('Tier').selectOption('performance_trial')
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1)
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'master-users')

    // Suspend: the confirm button waits for a reason.
    await table.getByRole('button', { name: `Suspend ${target.username}` }).click()
    const suspend = page.getByRole('dialog', { name: `Suspend ${target.username}` })
    const confirmSuspend = suspend.getByRole('button', { name: 'Suspend', exact: true })
    expect(await confirmSuspend.isDisabled()).toBe(true)
    await suspend.getByLabel('Reason (required)').fill('Spam links in chat')
    await suspend.getByLabel('Suspend until (optional)').fill('2027-01-15T12:00')
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'master-suspend-dialog')
    await confirmSuspend.click()
    await toast(page, 'Success').waitFor()
    await page.getByText(`${target.username} is suspended`).first().waitFor()
    await table.getByText(/^Suspended until/).waitFor()
    // A suspended user is offered restore and hard delete only.
    expect(await table.getByRole('button', { name: `Suspend ${target.username}` }).count()).toBe(0)
    expect(await table.getByRole('button', { name: `Soft Delete ${target.username}` }).count()).toBe(0)

    await table.getByRole('button', { name: `Restore ${target.username}` }).click()
    const restore = page.getByRole('dialog', { name: `Restore ${target.username}` })
    await restore.getByLabel('Reason (required)').fill('Appeal accepted')
    await restore.getByRole('button', { name: 'Restore', exact: true }).click()
    await page.getByText(`${target.username} is restored`).first().waitFor()
    await table.getByRole('button', { name: `Suspend ${target.username}` }).waitFor()

    // Hard delete: a reason and the exact text HARD_DELETE_CONFIRM.
    await table.getByRole('button', { name: `Hard Delete ${target.username}` }).click()
    const hard = page.getByRole('dialog', { name: `Hard Delete ${target.username}` })
    const confirmHard = hard.getByRole('button', { name: 'Hard Delete', exact: true })
    await hard.getByLabel('Reason (required)').fill('Asked to be forgotten')
    expect(await confirmHard.isDisabled()).toBe(true)
    await hard.getByLabel('Type HARD_DELETE_CONFIRM to confirm').fill('hard_delete_confirm')
    expect(await confirmHard.isDisabled()).toBe(true)
    await hard.getByLabel('Type HARD_DELETE_CONFIRM to confirm').fill('HARD_DELETE_CONFIRM')
    await confirmHard.click()
    await page.getByText(`${target.username} is permanently deleted`).first().waitFor()
    await table.getByText('No users match these filters.').waitFor()

    await page.getByRole('tab', { name: 'Audit' }).click()
    const trail = page.getByRole('list', { name: 'Audit trail' })
    await trail.getByText('Reason: Asked to be forgotten').waitFor()
    const entries = await trail.getByRole('listitem').allTextContents()
    expect(entries.slice(0, 3).map((text) => /^(hard delete|restore|suspend)/.exec(text)?.[0])).toEqual([
      'hard delete',
      'restore',
      'suspend',
    ])
    expect(entries[0]).toContain('(deleted)')
    expect(entries[1]).toContain('Reason: Appeal accepted')
    expect(entries[2]).toContain('Reason: Spam links in chat')
    expect(entries[2]).toContain('Until')
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'master-audit')
  })

  it('says Error with the server’s message when an action is refused', async () => {
    const target = await bettor()
    const page = await adminPage()
    await page.route('**/api/admin/users/*/soft', (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"User not found"}' }),
    )
    await page.goto('/master')
    await page.getByRole('button', { name: `Soft Delete ${target.username}` }).click()
    const dialog = page.getByRole('dialog', { name: `Soft Delete ${target.username}` })
    await dialog.getByLabel('Reason (required)').fill('Duplicate account')
    await dialog.getByRole('button', { name: 'Soft Delete', exact: true }).click()
    await toast(page, 'Error').waitFor()
    await page.getByText('User not found').first().waitFor()
  })
})

describe('admins acting on admins', () => {
  it('offers another admin demotion only; once demoted, the account is offered suspension', async () => {
    const other = await bettor()
    const row = await registeredUser(suite.server.app, other.username)
    await suite.server.app.repos.users.setAdmin(row.id, true)
    const page = await adminPage()
    await page.goto('/master')
    const table = page.getByRole('region', { name: 'Users' })
    await page.getByLabel('Search users').fill(other.username)
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1)
    await table.getByRole('button', { name: `Demote ${other.username}` }).click()
    expect(await table.getByRole('button', { name: `Suspend ${other.username}` }).count()).toBe(0)
    const dialog = page.getByRole('dialog', { name: `Demote ${other.username}` })
    await dialog.getByLabel('Reason (required)').fill('Left the team')
    await dialog.getByRole('button', { name: 'Demote', exact: true }).click()
    await page.getByText(`${other.username} is no longer an admin`).first().waitFor()
    await table.getByRole('button', { name: `Suspend ${other.username}` }).waitFor()
    expect(await table.getByRole('button', { name: `Demote ${other.username}` }).count()).toBe(0)
  })
})

describe('/admin', () => {
  it('shows the cards, the forecast chart and the activity list; the buttons answer with toasts', async () => {
    const someone = await bettor()
    const page = await adminPage()
    await page.goto('/admin')
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor()
    for (const card of ['Total Users', 'New Sign-ups', 'Subscriptions', 'Revenue (30 days)'])
      await page.getByText(card, { exact: true }).first().waitFor()
    await page.getByTestId('forecast-chart').locator('canvas').waitFor()
    const figures = page.getByRole('definition').filter({ hasText: '$' })
    expect(await figures.count()).toBeGreaterThan(0)
    const list = page.getByRole('region', { name: 'User activity list' })
    await list.getByText(someone.username, { exact: true }).waitFor()
    expect(await list.evaluate((element) => element.getBoundingClientRect().height)).toBe(600)

    await page.getByRole('button', { name: 'Clean Expired Discounts' }).click()
    await toast(page, 'Expired old discounts successfully').waitFor()
    await page.getByRole('button', { name: 'Refresh' }).click()
    await toast(page, 'Dashboard Updated').waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'admin-dashboard')

    await page.route('**/api/admin/expire-discounts', (route) => route.fulfill({ status: 500, body: 'boom' }))
    await page.getByRole('button', { name: 'Clean Expired Discounts' }).click()
    await toast(page, 'Failed to expire discounts').waitFor()
    await page.route('**/api/admin/growth', (route) => route.fulfill({ status: 500, body: 'boom' }))
    await page.getByRole('button', { name: 'Refresh' }).click()
    await toast(page, 'Refresh Failed').waitFor()
  })
})

describe('a non-admin', () => {
  it('sees no admin entries in the menu, and Unauthorized on /master and /admin', async () => {
    await adminAccount()
    const [, page] = await suite.page()
    await signInByApi(page)
    await page.goto('/')
    await page.locator('button[aria-controls="main-menu"]').click()
    const menu = page.getByRole('navigation', { name: 'Main menu' })
    await menu.getByRole('link', { name: 'Bet History' }).waitFor()
    expect(await menu.getByRole('link', { name: 'Master Dashboard' }).count()).toBe(0)
    expect(await menu.getByRole('link', { name: 'Admin Dashboard' }).count()).toBe(0)
    for (const path of ['/master', '/admin']) {
      await page.goto(path)
      await page.getByRole('heading', { name: 'Unauthorized' }).waitFor()
    }
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'admin-unauthorized')
  })
})
