import type { Page } from 'playwright-core'

/**
 * Opens /game/{id} once its Grid has come. The Grid holds the place of the lines its answer always brings,
 * but not of those only some answers bring (the open tickets, what rides on periods), which push the game's
 * bets below it down; a click aimed at one of them before then can land on what took its place.
 */
export async function openGamePage(page: Page, gameId: number): Promise<void> {
  await page.goto(`/game/${gameId}`)
  await page.getByRole('grid', { name: 'Outcome grid' }).waitFor()
}
