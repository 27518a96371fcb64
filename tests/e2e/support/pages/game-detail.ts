import type { Locator, Page } from 'playwright-core'
import { BetForm } from './bet-form'

interface Matchup {
  awayTeam: string
  homeTeam: string
}

/** A game's detail dialog: its grid tab and the bets on it. Prompts it shows (delete a bet?) are accepted. */
export class GameDetail {
  readonly dialog: Locator

  constructor(
    private readonly page: Page,
    private readonly game: Matchup,
  ) {
    this.dialog = page.getByRole('dialog', { name: `${game.awayTeam} @ ${game.homeTeam}` })
    page.on('dialog', (prompt) => prompt.accept())
  }

  async waitForGrid(): Promise<void> {
    await this.dialog.getByRole('tab', { name: 'Live Grid' }).waitFor()
  }

  async addBet(): Promise<BetForm> {
    await this.dialog.getByRole('button', { name: 'Add Bet' }).click()
    return new BetForm(this.page, this.game)
  }

  async waitForActiveBets(count: number): Promise<void> {
    await this.dialog.getByText(`Active Bets (${count})`).waitFor()
  }

  /** Confirms the tentative bet whose button is named `name`; the button goes once it is confirmed. */
  async confirm(name: RegExp): Promise<void> {
    const button = this.dialog.getByRole('button', { name })
    await button.click()
    await button.waitFor({ state: 'detached' })
  }

  async delete(name: string): Promise<void> {
    await this.dialog.getByRole('button', { name }).click()
  }
}
