import type { Locator, Page } from 'playwright-core'

/**
 * A suggestions list, on /suggestions or in a game's Suggestions tab: cards are articles named
 * by their title, each with its amount field, its To Win and 'Use This Suggestion'.
 */
export class SuggestionList {
  constructor(private readonly scope: Locator | Page) {}

  /** The game detail's Suggestions tab, opened. */
  static async inGame(page: Page): Promise<SuggestionList> {
    await page.getByRole('tab', { name: 'Suggestions' }).click()
    const panel = page.getByRole('region', { name: 'Suggestions' })
    await panel.waitFor()
    return new SuggestionList(panel)
  }

  card(title: string): Locator {
    return this.scope.getByRole('article', { name: title })
  }

  amount(title: string): Locator {
    return this.card(title).getByLabel('Amount ($)')
  }

  async toWin(title: string): Promise<string> {
    return (await this.card(title).locator('output').textContent()) ?? ''
  }

  async use(title: string): Promise<void> {
    await this.card(title).getByRole('button', { name: 'Use This Suggestion' }).click()
  }

  async waitForApplied(title: string): Promise<void> {
    await this.card(title).getByRole('status').filter({ hasText: 'Suggestion Applied' }).waitFor()
  }

  /** The mini grid's cell labels, 'Before' or 'After', as a screen reader hears them. */
  miniGridLabels(title: string, caption: 'Before' | 'After'): Promise<string[]> {
    return this.card(title)
      .getByRole('table', { name: new RegExp(`^${caption}`) })
      .locator('td[aria-label]')
      .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('aria-label') ?? ''))
  }
}
