import type { Page, Route } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_TIMEZONE } from '../../src/domain/calendar'
import { formatDollars } from '../../src/domain/money'
import { monthlyDiscountCents, REFERRAL_DISCOUNT_PERCENT } from '../../src/domain/referrals'
import { REFERRAL_POLL_MS } from '../../src/web/features/referrals/referral-texts'
import type { ReferralStats, User } from '../../src/web/types'
import { formatDay } from '../../src/web/ui/format'
import { type Account, newBettor, signInByApi, signUpByApi } from './support/accounts'
import { seriousViolations } from './support/axe'
import { e2eSuite, screenshot } from './support/e2e-app'
import { LoginScreen } from './support/pages/login-screen'
import { ReferralsPage } from './support/pages/referrals'

/**
 * Decision 017 in a real Chromium: a bettor creates a referral code on /referrals and copies its link,
 * a friend signs up through that link (`/?ref=CODE` prefills the form), an admin records the friend's
 * first payment, and the referrer's page then shows 10% off ($9.90 a month) for 12 months.
 */

const suite = e2eSuite()
let admin: Account

beforeAll(async () => {
  // Decision 013: the first account of a fresh install is the admin, so it signs up before any test's accounts.
  const [context, page] = await suite.page()
  admin = await signUpByApi(page)
  await context.close()
})

let codes = 0
/** A code no other test uses, typed in lower case (the form and the link uppercase it). */
const freshCode = () => `friend${Date.now().toString(36)}${++codes}`

async function getJson<T>(page: Page, path: string): Promise<T> {
  const answer = await page.request.get(path)
  expect(answer.status(), await answer.text()).toBe(200)
  return (await answer.json()) as T
}

/** The admin records a month paid for the user (POST /api/admin/users/:id/mark-paid). */
async function markPaidByAdmin(userId: number): Promise<void> {
  const [, page] = await suite.page()
  const login = await page.request.post('/api/auth/login', {
    data: { username: admin.username, password: admin.password },
  })
  expect(login.ok(), await login.text()).toBe(true)
  const paid = await page.request.post(`/api/admin/users/${userId}/mark-paid`, {
    data: { reason: 'Paid by bank transfer' },
  })
  expect(paid.status(), await paid.text()).toBe(200)
}

describe('/referrals', () => {
  it('creates a code from the keyboard, refuses blank, malformed and taken ones, and copies the link', async () => {
    const [context, page] = await suite.page()
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.server.url })
    await signInByApi(page)
    const referrals = new ReferralsPage(page)
    await referrals.open()
    expect(await referrals.stat('Current Discount')).toEqual(['0%', 'Saving $0.00/month'])
    expect(await referrals.stat('Active Referrals')).toEqual(['0/5', '5 slots remaining'])
    expect(await referrals.stat('Total Referred')).toEqual(['0', 'Friends who signed up with your codes'])
    await page.getByText('You have no referral codes yet. Create one to get your link.').waitFor()
    await referrals
      .region('Active Discounts')
      .getByText(/^No active discounts yet\./)
      .waitFor()
    await page.getByText('No referrals yet. Share your link to invite friends.').waitFor()
    await page.getByRole('heading', { name: 'How It Works' }).waitFor()
    await page.getByText('Up to 5 referrals count at once: 50% off the $99/month plan.').waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'referrals-empty')

    // docs/spec/product-spec.md §5: blank is refused before any request, under the field and in a toast.
    await referrals.submitCode()
    await referrals.fieldMessage('Please enter a referral code').waitFor()
    await referrals.toast('Please enter a referral code').waitFor()
    expect(await referrals.codeInput.getAttribute('aria-invalid')).toBe('true')
    expect(await referrals.codeInput.evaluate((input) => input === document.activeElement)).toBe(true)
    expect(await page.getByText('3-20 characters, letters and numbers only').count()).toBe(1)
    expect(await referrals.codeInput.getAttribute('maxlength')).toBe('20')

    // Decision 017: the server refuses what is not 3-20 letters and digits, and its message is shown.
    await page.keyboard.type('ab')
    expect(await referrals.codeInput.inputValue()).toBe('AB')
    await page.keyboard.press('Enter')
    await referrals.fieldMessage('Referral code must be 3-20 letters and numbers').waitFor()
    await screenshot(page, 'referrals-refused')

    const code = freshCode()
    await referrals.codeInput.fill('')
    await page.keyboard.type(code)
    expect(await referrals.codeInput.inputValue()).toBe(code.toUpperCase())
    await page.keyboard.press('Enter')
    await referrals.toast('Referral code created successfully!').waitFor()
    const link = `${suite.server.app.config.http.appUrl}/?ref=${code.toUpperCase()}`
    const codes = referrals.region('Your Referral Codes')
    await codes.getByText(link, { exact: true }).waitFor()
    await codes.getByText('0 friends signed up').waitFor()
    expect(await referrals.codeInput.inputValue()).toBe('')
    // Beyond 20 characters the field stops (docs/spec/product-spec.md §9).
    await referrals.codeInput.fill('A'.repeat(25))
    expect(await referrals.codeInput.inputValue()).toBe('A'.repeat(20))

    // The same code again is taken.
    await referrals.codeInput.fill(code)
    await referrals.submitCode()
    await referrals.fieldMessage('That referral code is already taken').waitFor()

    // Copy link, from the keyboard: the site root with ?ref=CODE lands on the clipboard.
    await referrals.copyButton(code.toUpperCase()).focus()
    await page.keyboard.press('Enter')
    await referrals.toast('Copied!').waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'referrals-code')
  })

  it('a friend signs up through /?ref=CODE, pays, and the referrer gets 10% ($9.90) for 12 months', async () => {
    const [, referrerPage] = await suite.page()
    await signInByApi(referrerPage)
    const code = freshCode().toUpperCase()
    const created = await referrerPage.request.post('/api/referral/create', { data: { referralCode: code } })
    expect(created.status(), await created.text()).toBe(201)

    // Signed out, the shared link opens the Sign Up tab with the code filled in (uppercased).
    const [, friendPage] = await suite.page()
    await friendPage.goto(`/?ref=${code.toLowerCase()}`)
    await friendPage.getByRole('tab', { name: 'Sign Up', selected: true }).waitFor()
    expect(await friendPage.getByLabel('Referral code (optional)').inputValue()).toBe(code)
    await friendPage.getByText('Get 10% off for 12 months when your friend subscribes!').waitFor()
    expect(
      await friendPage.getByRole('link', { name: 'Sign up on the registration page' }).getAttribute('href'),
    ).toBe(`/register?ref=${code}`)
    expect(await seriousViolations(friendPage)).toEqual([])
    await screenshot(friendPage, 'referrals-friend-signup')
    const friend = newBettor()
    await friendPage.getByLabel('Username').fill(friend.username)
    await friendPage.getByLabel('Email').fill(friend.email)
    await friendPage.getByLabel('Password', { exact: true }).fill(friend.password)
    await friendPage.getByRole('checkbox', { name: /I am 18 or older/ }).check()
    await friendPage.getByRole('button', { name: 'Create account' }).click()
    const login = new LoginScreen(friendPage)
    await friendPage.getByRole('tab', { name: 'Login', selected: true }).waitFor()
    await login.logIn(friend)
    const friendUser = await getJson<User>(friendPage, '/api/auth/user')

    // Signed up, not paid: pending, and no discount yet. The page's timers are the test's (the poll).
    await referrerPage.clock.install()
    const referrals = new ReferralsPage(referrerPage)
    await referrals.open()
    expect(await referrals.stat('Total Referred')).toEqual(['1', 'Friends who signed up with your codes'])
    expect(await referrals.stat('Current Discount')).toEqual(['0%', 'Saving $0.00/month'])
    const history = referrals.region('Referral History')
    const row = history.getByRole('listitem').filter({ hasText: friend.username })
    await row.getByText('Pending', { exact: true }).waitFor()
    await row.getByText(`${friend.email[0]}***@example.com`, { exact: true }).waitFor()
    await row.getByText(code, { exact: true }).waitFor()
    await referrals.region('Your Referral Codes').getByText('1 friend signed up').waitFor()

    // The friend's first payment, recorded by an admin, starts the referrer's discount (decision 017); the open
    // page shows it at its next poll, 30 s on (docs/spec/product-spec.md §9), without a reload.
    await markPaidByAdmin(friendUser.id)
    await referrerPage.clock.fastForward(REFERRAL_POLL_MS)
    await referrals.card('Current Discount').getByText('10%', { exact: true }).waitFor()
    const saving = `$${formatDollars(monthlyDiscountCents(REFERRAL_DISCOUNT_PERCENT), 2)}`
    expect(saving).toBe('$9.90') // $99 x 10%, by hand
    expect(await referrals.stat('Current Discount')).toEqual(['10%', 'Saving $9.90/month'])
    expect(await referrals.stat('Active Referrals')).toEqual(['1/5', '4 slots remaining'])
    await row.getByText('Active', { exact: true }).waitFor()
    const stats = await getJson<ReferralStats>(referrerPage, '/api/referral/stats')
    const [discount] = stats.activeDiscounts
    if (!discount) throw new Error('no active discount after the friend paid')
    const discounts = referrals.region('Active Discounts')
    await discounts.getByText('10% off', { exact: true }).waitFor()
    await discounts.getByText(`Ends ${formatDay(new Date(discount.endDate), DEFAULT_TIMEZONE)}`).waitFor()
    expect(await seriousViolations(referrerPage)).toEqual([])
    await screenshot(referrerPage, 'referrals-active')

    // On a phone the page stacks and never scrolls sideways.
    await referrerPage.setViewportSize({ width: 375, height: 800 })
    expect(await referrerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await screenshot(referrerPage, 'referrals-375')
  })

  it('shows placeholders while loading, and says so when the figures cannot be loaded', async () => {
    const [, page] = await suite.page()
    await signInByApi(page)
    // The stats request is held until the test answers it, with a failure.
    let arrived: (route: Route) => void = () => {}
    const held = new Promise<Route>((resolve) => {
      arrived = resolve
    })
    await page.route('**/api/referral/stats', (route) => arrived(route))
    await page.goto('/referrals')
    const stats = await held
    await page.getByRole('status').filter({ hasText: 'Loading your codes...' }).waitFor()
    await page.getByRole('status').filter({ hasText: 'Loading your referrals...' }).waitFor()
    // The form and how it works do not wait for the figures.
    await page.getByRole('button', { name: 'Create Code' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'referrals-loading')
    await stats.fulfill({ status: 503, body: '' })
    const alert = page.getByRole('alert').filter({ hasText: 'Referrals unavailable' })
    await alert.getByText('Failed to load your referrals').waitFor()
    expect(await page.getByText('Loading your codes...').count()).toBe(0)
  })
})
