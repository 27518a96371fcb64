import type { Locator, Page } from 'playwright-core'

/** /referrals (decision 017): the stat cards, the create-code form and the three lists. */
export class ReferralsPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/referrals')
    await this.page.getByRole('heading', { name: 'Referrals', level: 1 }).waitFor()
    await this.page.getByText('Current Discount').waitFor()
  }

  /** A stat card, by its label ('Current Discount', 'Active Referrals', 'Total Referred'). */
  card(label: string): Locator {
    return this.page.locator('dl > div').filter({ has: this.page.getByText(label, { exact: true }) })
  }

  /** A stat card's value and note, e.g. ['10%', 'Saving $9.90/month']. */
  stat(label: string): Promise<string[]> {
    return this.card(label).locator('dd').allInnerTexts()
  }

  get codeInput(): Locator {
    return this.page.getByRole('textbox', { name: 'Referral code', exact: true })
  }

  async submitCode(): Promise<void> {
    await this.page.getByRole('button', { name: 'Create Code' }).click()
  }

  /** The form's message under the field (the toast says it too). */
  fieldMessage(text: string): Locator {
    return this.page.getByRole('region', { name: 'Your Referral Codes' }).getByText(text, { exact: true })
  }

  toast(text: string): Locator {
    return this.page.getByRole('region', { name: 'Notifications' }).getByText(text, { exact: true })
  }

  region(name: 'Your Referral Codes' | 'Active Discounts' | 'Referral History'): Locator {
    return this.page.getByRole('region', { name })
  }

  copyButton(code: string): Locator {
    return this.page.getByRole('button', { name: `Copy link for ${code}` })
  }
}
