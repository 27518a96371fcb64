import type { Locator, Page } from 'playwright-core'

interface Matchup {
  awayTeam: string
  homeTeam: string
}

/** The Add Bet form, a dialog named for the game ('Edit bet on ...' when it edits a tentative bet). */
export class BetForm {
  readonly dialog: Locator

  constructor(page: Page, game: Matchup, title: 'Bet on' | 'Edit bet on' = 'Bet on') {
    this.dialog = page.getByRole('dialog', { name: `${title} ${game.awayTeam} @ ${game.homeTeam}` })
  }

  async spread(team: string, points: string, amount: string): Promise<void> {
    await this.dialog.getByLabel('Bet Type').selectOption('spread')
    await this.dialog.getByLabel('Team').selectOption(team)
    await this.dialog.getByLabel('Points').fill(points)
    await this.dialog.getByLabel('Amount ($)').fill(amount)
  }

  async total(overUnder: 'over' | 'under', points: string, amount: string): Promise<void> {
    await this.dialog.getByLabel('Bet Type').selectOption('total')
    await this.dialog.getByLabel('Over/Under').selectOption(overUnder)
    await this.dialog.getByLabel('Total Points').fill(points)
    await this.dialog.getByLabel('Amount ($)').fill(amount)
  }

  /** Waits for the form's own figure of what the bet would win, e.g. "$100.00". */
  async waitForToWin(dollars: string): Promise<void> {
    await this.dialog.getByText(`To Win: ${dollars}`).waitFor()
  }

  /** What the form holds now, field by field as the bettor sees it (a prefilled form is read back here). */
  async values(): Promise<Record<string, string>> {
    // The form's code loads on first use: wait for it before reading which fields it shows.
    await this.dialog.getByLabel('Bet Type').waitFor()
    const shown: Record<string, string> = {}
    for (const label of [
      'Bet Type',
      'Team',
      'Points',
      'Over/Under',
      'Total Points',
      'Odds',
      'Custom Odds',
      'Amount ($)',
    ]) {
      const field = this.dialog.getByLabel(label, { exact: true })
      if ((await field.count()) > 0) shown[label] = await field.inputValue()
    }
    return shown
  }

  async place(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Place Bet' }).click()
  }

  async save(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Save Changes' }).click()
  }
}

/** Opens a game's page and its bet form. */
export async function openBetForm(page: Page, game: Matchup & { id: number }): Promise<BetForm> {
  await page.goto(`/game/${game.id}`)
  await page.getByRole('button', { name: 'Add Bet', exact: true }).click()
  const form = new BetForm(page, game)
  await form.dialog.getByLabel('Bet Type').waitFor()
  return form
}
