import type { Locator, Page } from 'playwright-core'

/** The game detail's Probability Analysis tab, and the grid's overlay switch. */
export class ProbabilityPanel {
  readonly panel: Locator

  constructor(private readonly page: Page) {
    this.panel = page.getByRole('region', { name: 'Probability Analysis' })
  }

  async open(): Promise<void> {
    await this.page.getByRole('tab', { name: 'Probability Analysis' }).click()
    await this.panel.waitFor()
  }

  /** The headline: the situation in the sport's own words. */
  async headline(): Promise<string> {
    return (await this.panel.locator('p').first().textContent()) ?? ''
  }

  /** The rows of a list ('Most likely final scores', 'Highest-value outcomes'), as shown. */
  async list(name: string): Promise<string[]> {
    return this.panel.getByRole('region', { name }).getByRole('listitem').allTextContents()
  }

  async position(): Promise<string> {
    return (await this.page.getByRole('region', { name: 'Your position' }).first().textContent()) ?? ''
  }

  async showOnGrid(mode: 'P&L' | 'Probability' | 'Expected value'): Promise<void> {
    await this.page.getByRole('tab', { name: 'Live Grid' }).click()
    await this.page
      .getByRole('tablist', { name: 'Show on the grid' })
      .getByRole('tab', { name: mode })
      .click()
  }
}
