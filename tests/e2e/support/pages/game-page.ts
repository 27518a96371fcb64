import type { Page } from 'playwright-core'

/**
 * Opens /game/{id} once its Grid has come. The lines the grid's answer brings (the outlook, the best and worst
 * scores) push the game's bets below it down, and a click aimed at one of them before then can land on what
 * took its place: the button never hears it.
 */
export async function openGamePage(page: Page, gameId: number): Promise<void> {
  await page.goto(`/game/${gameId}`)
  await page.getByRole('grid', { name: 'Outcome grid' }).waitFor()
}
