import type { Page } from 'playwright-core'

/** The Profit/Loss History screen: its date range, game cards and summary figures. */
export class HistoryPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/history')
    await this.page.getByRole('heading', { name: 'Profit/Loss History' }).waitFor()
  }

  async dateRange(range: 'today' | 'last7days' | 'alltime' | 'custom'): Promise<void> {
    await this.page.getByLabel('Date range').selectOption(range)
  }

  /** The games shown, as their cards are named, once loading is over. */
  async gamesShown(): Promise<string[]> {
    await this.page.getByRole('status', { name: 'Loading history' }).waitFor({ state: 'detached' })
    return this.page
      .locator('article[aria-label]')
      .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label') ?? ''))
  }

  /** Opens a date picker and walks its months to the day (it opens on the current bound's month). */
  async pickDay(button: RegExp, dialog: string, day: string): Promise<void> {
    await this.page.getByRole('button', { name: button }).click()
    const calendar = this.page.getByRole('dialog', { name: dialog })
    for (
      let months = 0;
      months < 3 && (await calendar.getByRole('button', { name: day }).count()) === 0;
      months++
    ) {
      await calendar.getByRole('button', { name: 'Next month' }).click()
    }
    await calendar.getByRole('button', { name: day }).click()
  }

  /** A summary figure's card text, found by its term ("Net Profit/Loss"). */
  async figure(label: string): Promise<string> {
    const term = this.page.locator('dt', { hasText: label }).first()
    return (await term.locator('xpath=..').textContent()) ?? ''
  }

  /** Scrolls to the end of the games list, as a reader would (the next page loads there). */
  async scrollToEnd(): Promise<void> {
    await this.page.mouse.wheel(0, 100_000)
  }

  /** The line under the list once every page is loaded. */
  async allGamesShown(): Promise<void> {
    await this.page.getByText('All games shown.').waitFor()
  }

  async gameCardText(name: string): Promise<string> {
    return (await this.page.getByRole('article', { name }).textContent()) ?? ''
  }
}
