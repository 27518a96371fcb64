import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BILLING_MESSAGES } from '../../src/domain/billing'
import type { BillingPlan } from '../../src/web/types'
import { FakeStripe } from '../api/support/fake-stripe'
import { type Account, newBettor, signInByApi } from './support/accounts'
import { seriousViolations } from './support/axe'
import { connectBrowser, newPage, screenshot, startE2eApp } from './support/e2e-app'

/**
 * In a real Chromium: /pricing with the trial slots left (decision 016), the Monthly Unlimited button
 * without Stripe keys (why, and who can help) and with them (Stripe Checkout, here a loopback stand-in
 * that sends the browser straight back as Stripe does after paying), and the Settings Subscription card
 * after an admin records a payment: the next payment and the referral discount (decision 017).
 */
type E2eApp = Awaited<ReturnType<typeof startE2eApp>>

let browser: Browser
let bare: E2eApp
let billed: E2eApp
/**
 * The stand-in's Checkout page is the success address itself, on the app's loopback address (APP_URL is
 * the tests' http://grid.test, which the browser cannot reach).
 */
const fake = new FakeStripe((_id, params) => {
  const success = new URL(params.get('success_url') ?? '/')
  return new URL(success.pathname + success.search, billed.url).href
})
let adminAccount: Account

async function signedInPage(server: E2eApp, who?: Account): Promise<Page> {
  const [, page] = await newPage(browser, server.url)
  await signInByApi(page, who)
  return page
}

async function planOf(page: Page): Promise<BillingPlan> {
  const answer = await page.request.get('/api/billing/plan')
  expect(answer.status(), await answer.text()).toBe(200)
  return (await answer.json()) as BillingPlan
}

/** The admin, signed in on a page of its own (each test's pages close with it). */
async function adminPage(): Promise<Page> {
  const [, page] = await newPage(browser, bare.url)
  const login = await page.request.post('/api/auth/login', {
    data: { username: adminAccount.username, password: adminAccount.password },
  })
  expect(login.ok(), await login.text()).toBe(true)
  return page
}

async function markPaid(userId: number, months = 1) {
  const admin = await adminPage()
  const paid = await admin.request.post(`/api/admin/users/${userId}/mark-paid`, {
    data: { reason: 'paid by bank transfer', months },
  })
  expect(paid.status(), await paid.text()).toBe(200)
}

async function userId(page: Page): Promise<number> {
  const answer = await page.request.get('/api/auth/user')
  return ((await answer.json()) as { id: number }).id
}

beforeAll(async () => {
  browser = await connectBrowser()
  bare = await startE2eApp()
  const port = await fake.start()
  billed = await startE2eApp(
    undefined,
    {
      billing: {
        stripe: {
          secretKey: 'sk_test_e2e',
          priceId: 'price_monthly_unlimited',
          webhookSecret: 'whsec_e2e',
        },
      },
    },
    { stripeApiBase: `http://127.0.0.1:${port}` },
  )
  // Decision 013: the first account on each database is its admin.
  const [, first] = await newPage(browser, bare.url)
  adminAccount = await signInByApi(first)
  const [, billedFirst] = await newPage(browser, billed.url)
  await signInByApi(billedFirst)
})

afterAll(async () => {
  await browser?.close()
  await bare?.close()
  await billed?.close()
  await fake.stop()
})

describe('/pricing', () => {
  it('shows the trial slots left and, without Stripe keys, how to get Monthly Unlimited', async () => {
    const page = await signedInPage(bare)
    const { trialSlotsLeft } = await planOf(page)
    expect(trialSlotsLeft).toBeGreaterThan(0)
    await page.goto('/pricing')
    await page.getByRole('heading', { name: 'Monthly Unlimited' }).waitFor()
    const trial = page.getByRole('region', { name: 'Free Trial' })
    await trial.getByText(`${trialSlotsLeft} spots left`).waitFor()
    const monthly = page.getByRole('region', { name: 'Monthly Unlimited' })
    await monthly.getByText(BILLING_MESSAGES.notConfigured).waitFor()
    const support = monthly.getByRole('link', { name: 'Contact support' })
    expect(await support.getAttribute('href')).toBe('/support')
    expect(await monthly.getByRole('button', { name: 'Get Monthly Unlimited' }).count()).toBe(0)
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'pricing-not-configured')

    await support.click()
    await page.getByRole('heading', { name: 'Support', level: 1 }).waitFor()
  })

  it('shows an admin only Admin Access', async () => {
    const admin = await adminPage()
    await admin.goto('/pricing')
    await admin.getByRole('heading', { name: 'Admin Access' }).waitFor()
    expect(await admin.getByRole('heading', { name: 'Monthly Unlimited' }).count()).toBe(0)
    await screenshot(admin, 'pricing-admin')
  })

  it('opens Stripe Checkout when billing is configured, and comes back to a toast in Settings', async () => {
    const page = await signedInPage(billed, newBettor())
    await page.goto('/pricing')
    const monthly = page.getByRole('region', { name: 'Monthly Unlimited' })
    const button = monthly.getByRole('button', { name: 'Get Monthly Unlimited' })
    await button.waitFor()
    expect(await monthly.getByText(BILLING_MESSAGES.notConfigured).count()).toBe(0)
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'pricing-configured')

    await button.click()
    // The stand-in's Checkout sends the browser to the success address, as Stripe does after paying.
    await page.waitForURL(/\/settings$/)
    await page.getByText(BILLING_MESSAGES.success).waitFor()
    const session = fake.of('POST', '/v1/checkout/sessions').at(-1)?.params
    expect(session?.get('client_reference_id')).toBe(String(await userId(page)))
    expect(session?.get('line_items[0][price]')).toBe('price_monthly_unlimited')
    await screenshot(page, 'settings-subscription-checkout-success')

    await page.goto('/settings?billing=cancel')
    await page.getByText(BILLING_MESSAGES.cancel).waitFor()
    await page.waitForURL(/\/settings$/)
  })
})

describe('the Settings Subscription card', () => {
  it('shows the plan, the next payment and the referral discount after an admin records payments', async () => {
    const referrer = await signedInPage(bare)
    const code = `PRICE${Date.now().toString(36).toUpperCase()}`
    const created = await referrer.request.post('/api/referral/create', { data: { referralCode: code } })
    expect(created.status(), await created.text()).toBe(201)

    await referrer.goto('/settings')
    const card = referrer.getByRole('region', { name: 'Subscription' })
    await card.getByText('Trial', { exact: true }).waitFor()
    await card.getByText('Trial ends').waitFor()
    await card.getByText('None yet.').waitFor()
    await screenshot(referrer, 'settings-subscription-trial')

    // A friend signs up with the code and pays: 10% off for the referrer (decision 017). Then the referrer pays.
    const friend = await signedInPage(bare, { ...newBettor(), referralCode: code } as Account)
    await markPaid(await userId(friend))
    await markPaid(await userId(referrer))
    const plan = await planOf(referrer)
    expect(plan).toMatchObject({ tier: 'monthly_paid', discountPercent: 10, priceAfterDiscount: 89.1 })
    // 20:30 UTC on 23 November plus one month, in the user's zone (America/Chicago).
    expect(plan.nextPaymentDate).toBe('2026-12-23T20:30:00.000Z')

    await referrer.reload()
    await card.getByText('Pro Member').waitFor()
    await card.getByText('Next payment').waitFor()
    await card.getByText('Dec 23, 2026').waitFor()
    await card.getByText('10% referral discount: $89.10/month instead of $99.00').waitFor()
    expect(await card.getByText('Trial ends').count()).toBe(0)
    expect(await seriousViolations(referrer)).toEqual([])
    await screenshot(referrer, 'settings-subscription-paid')

    // /pricing says how long the plan runs and what it costs the referrer.
    await referrer.goto('/pricing')
    const monthly = referrer.getByRole('region', { name: 'Monthly Unlimited' })
    await monthly.getByText('Paid through').waitFor()
    await monthly.getByText('With your 10% referral discount you pay $89.10 per month.').waitFor()
    await monthly.getByText('Your current plan').waitFor()
    expect(await seriousViolations(referrer)).toEqual([])
    await screenshot(referrer, 'pricing-paid-with-discount')
  })
})

describe('canceling the subscription', () => {
  it('cancels on /pricing after a confirmation, and shows when it ends there and in Settings', async () => {
    const page = await signedInPage(billed, newBettor())
    const id = await userId(page)
    // A Monthly Unlimited subscriber, as Checkout and the first invoice leave one.
    const customer = `cus_e2e_${id}`
    const paidThrough = new Date('2026-12-23T20:30:00Z')
    const subscription = fake.subscribe(customer, paidThrough.toISOString())
    await billed.app.repos.users.update(id, {
      stripeCustomerId: customer,
      subscriptionTier: 'monthly_paid',
      paidThrough,
    })
    await billed.app.sessionCache.catchUp()

    await page.goto('/pricing')
    const monthly = page.getByRole('region', { name: 'Monthly Unlimited' })
    await monthly.getByRole('button', { name: 'Cancel subscription' }).click()
    const dialog = page.getByRole('dialog', { name: 'Cancel your subscription' })
    await dialog.getByText(/You keep it until Dec 23, 2026/).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'pricing-cancel-confirm')

    await dialog.getByRole('button', { name: 'Cancel subscription' }).click()
    await monthly.getByText(/Monthly Unlimited ends on Dec 23, 2026/).waitFor()
    expect(await monthly.getByRole('button', { name: 'Cancel subscription' }).count()).toBe(0)
    expect(fake.subscriptions.get(subscription.id)).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
    })
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'pricing-subscription-canceled')

    await page.goto('/settings')
    const card = page.getByRole('region', { name: 'Subscription' })
    await card.getByText(/Monthly Unlimited ends on Dec 23, 2026/).waitFor()
    expect(await card.getByText('Next payment').count()).toBe(0)
    await screenshot(page, 'settings-subscription-canceled')
  })
})
