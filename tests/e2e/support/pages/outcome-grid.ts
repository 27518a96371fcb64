import type { Locator, Page } from 'playwright-core'

/**
 * The outcome grid as a screen reader meets it: a grid named "Outcome grid" whose cells are labelled
 * "Home h, Away a: …", the current score's label ending in "current score".
 */
export class OutcomeGrid {
  readonly grid: Locator

  constructor(private readonly page: Page) {
    this.grid = page.getByRole('grid', { name: 'Outcome grid' })
  }

  /** A drawn cell; the grid draws only the cells in view. */
  cell(home: number | string, away: number | string): Locator {
    return this.grid.locator(`td[aria-label^="Home ${home}, Away ${away}:"]`)
  }

  async cellText(home: number, away: number): Promise<string> {
    return (await this.cell(home, away).first().textContent()) ?? ''
  }

  async currentScoreLabel(): Promise<string | null> {
    return this.grid.locator('td[aria-label$="current score"]').getAttribute('aria-label')
  }

  /** The label of the cell the grid names active (aria-activedescendant), as a screen reader hears it. */
  activeLabel(): Promise<string | null> {
    return this.page.evaluate(() => {
      const grid = document.querySelector('[role="grid"][aria-label="Outcome grid"]')
      const id = grid?.getAttribute('aria-activedescendant')
      return id ? (document.getElementById(id)?.getAttribute('aria-label') ?? null) : null
    })
  }

  /** The away scores heading the columns, first and last (the last may lie beyond the drawn window). */
  async awayColumns(): Promise<{ first: string; last: string }> {
    const headers = this.grid.locator('thead th')
    return {
      first: (await headers.nth(1).textContent()) ?? '',
      last: (await headers.last().textContent()) ?? '',
    }
  }

  async press(key: string): Promise<void> {
    await this.grid.focus()
    await this.page.keyboard.press(key)
  }
}
