import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { dollarsToCents, formatCents } from '../../src/domain/money'
import { formatOdds, potentialWin } from '../../src/domain/odds'
import { parseSelection } from '../../src/domain/selection'
import { isWorthShowing } from '../../src/web/features/suggestions/suggestion-view'
import type { GameGrid, GameSuggestions, Suggestion, UserSuggestions } from '../../src/web/types'
import { signInByApi } from './support/accounts'
import { seriousViolations } from './support/axe'
import { e2eSuite, screenshot } from './support/e2e-app'
import { type ApiGame, listedGames } from './support/games'
import { BetForm } from './support/pages/bet-form'
import { SuggestionList } from './support/pages/suggestions'

/**
 * In a real Chromium: a bettor with a bet on a live game follows a suggestion from the game's
 * Suggestions tab to a placed tentative bet, and the game's grid then is the suggestion's preview.after.
 * Each test signs up an account of its own.
 */

const suite = e2eSuite()

async function getJson<T>(page: Page, path: string): Promise<T> {
  const answer = await page.request.get(path)
  expect(answer.status(), await answer.text()).toBe(200)
  return (await answer.json()) as T
}

/**
 * A live game on which the user's bet draws a suggestion that can be bet: the bettor takes the home side's
 * moneyline at +150 on each live game in turn until one does.
 */
async function gameWithSuggestion(page: Page): Promise<{ game: ApiGame; suggestion: Suggestion }> {
  const games = (await listedGames(page)).filter((g) => g.status === 'in_progress' && g.homeScore !== null)
  for (const game of games) {
    const placed = await page.request.post('/api/bets', {
      data: {
        gameId: game.id,
        betType: 'moneyline',
        selection: `${game.homeTeam} ML`,
        odds: 150,
        amount: 100,
      },
    })
    expect(placed.status(), await placed.text()).toBe(201)
    const answer = await getJson<GameSuggestions>(page, `/api/suggestions/game/${game.id}`)
    const suggestion = answer.suggestions.find((s) => s.selection !== null && s.suggestedOdds !== null)
    if (suggestion) return { game, suggestion }
  }
  throw new Error(`no live game drew a suggestion to bet: ${games.map((g) => g.sport).join()}`)
}

/** The grid's profit in cents at each score of the preview's window: before, after, or the game's now. */
function profitsOn(window: Suggestion['preview'], rows: GameGrid['outcomes']): Map<string, number> {
  const profits = new Map<string, number>()
  for (const row of rows) {
    if (row.homeScore < window.homeRange.min || row.homeScore > window.homeRange.max) continue
    for (const cell of row.outcomes) {
      if (cell.awayScore < window.awayRange.min || cell.awayScore > window.awayRange.max) continue
      profits.set(`${row.homeScore}-${cell.awayScore}`, dollarsToCents(cell.profit))
    }
  }
  return profits
}

describe('smart suggestions', () => {
  it('follow a suggestion from the game to a placed bet, and the grid changes as previewed', async () => {
    const [, page] = await suite.page()
    await signInByApi(page)
    const { game, suggestion } = await gameWithSuggestion(page)
    await page.goto(`/game/${game.id}`)
    const list = await SuggestionList.inGame(page)
    const card = list.card(suggestion.title)
    await card.waitFor()
    await page.getByText('Total Exposure').waitFor()

    // The amount starts at the suggested one, and its To Win is the domain's decision 001 figure.
    const amountCents = dollarsToCents(suggestion.suggestedAmount)
    const odds = suggestion.suggestedOdds ?? 0
    expect(await list.amount(suggestion.title).inputValue()).toBe(formatCents(amountCents))
    expect(await list.toWin(suggestion.title)).toBe(
      `To Win: $${formatCents(potentialWin(amountCents, odds))}`,
    )
    await card.getByRole('img', { name: `Confidence ${suggestion.confidence} of 5` }).waitFor()
    // Above the sensible amount (decision 024) the card refuses, and says so.
    await list.amount(suggestion.title).fill(formatCents(dollarsToCents(suggestion.sensibleAmount) + 1))
    await card.getByText(/^At most \$[\d,]+\.\d\d: more is beyond/).waitFor()
    expect(await card.getByRole('button', { name: 'Use This Suggestion' }).isDisabled()).toBe(true)
    await list.amount(suggestion.title).fill(formatCents(amountCents))
    // The mini grid's 'after' is the preview the API sent, cell for cell, with each cell's label.
    const afterLabels = await list.miniGridLabels(suggestion.title, 'After')
    expect(afterLabels).toHaveLength(suggestion.preview.after.flatMap((row) => row.outcomes).length)
    const first = suggestion.preview.after[0]?.outcomes[0]
    expect(afterLabels[0]).toMatch(
      new RegExp(`^Home ${suggestion.preview.after[0]?.homeScore}, Away ${first?.awayScore}:`),
    )
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'suggestions-game')

    await list.use(suggestion.title)
    const form = new BetForm(page, game)
    await form.dialog.waitFor()
    const parts = parseSelection(suggestion.selection ?? '')
    if (!parts) throw new Error(`the suggestion's selection does not parse: ${suggestion.selection}`)
    const shown = await form.values()
    expect(shown['Bet Type']).toBe(parts.betType)
    expect(shown['Amount ($)']).toBe(formatCents(amountCents))
    expect(shown.Odds === String(odds) || shown['Custom Odds'] === String(odds)).toBe(true)
    if (parts.betType === 'total') {
      expect(shown['Over/Under']).toBe(parts.overUnder)
      expect(Number(shown['Total Points'])).toBe(parts.points)
    } else {
      expect([game.homeTeam, game.awayTeam, 'Draw']).toContain(shown.Team)
      if (parts.betType === 'spread') expect(Number(shown.Points)).toBe(parts.points)
    }
    await screenshot(page, 'suggestions-bet-form')
    await form.place()
    await list.waitForApplied(suggestion.title)
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'suggestions-applied')

    // The tentative bet is on the grid: on the preview's window it is now the suggestion's 'after'.
    const gameGrid = await getJson<GameGrid>(page, `/api/outcome-matrix/${game.id}`)
    const after = profitsOn(suggestion.preview, suggestion.preview.after)
    expect(after.size).toBeGreaterThan(0)
    expect(profitsOn(suggestion.preview, gameGrid.outcomes)).toEqual(after)
    expect(after).not.toEqual(profitsOn(suggestion.preview, suggestion.preview.before))
  })

  it("shows a live game's suggestions at the model's price, never at the pregame line the game keeps (decision 029)", async () => {
    const [, page] = await suite.page()
    await signInByApi(page)
    const { game } = await gameWithSuggestion(page)
    const answer = await getJson<GameSuggestions>(page, `/api/suggestions/game/${game.id}`)
    // The cards a bettor sees: an insight without an LLM repeats its rule and is not shown.
    const bets = answer.suggestions.filter(
      (s) => s.selection !== null && s.suggestedOdds !== null && isWorthShowing(s),
    )
    expect(bets.length).toBeGreaterThan(0)
    // The simulator, like ESPN, sends no in-play price: every price on a live game is the model's.
    for (const s of answer.suggestions) expect(s.priceSource).toBe('model')
    await page.goto(`/game/${game.id}`)
    const list = await SuggestionList.inGame(page)
    for (const s of bets) {
      const card = list.card(s.title)
      await card.waitFor()
      const fair = s.fairOdds === null ? '' : ` (the model's fair price ${formatOdds(s.fairOdds)})`
      const price = `at its break-even price, ${formatOdds(s.suggestedOdds ?? 0)} or better${fair}`
      await card.getByText(price, { exact: true }).waitFor()
      await card.getByText('Model price (check your book)').waitFor()
      // The selection stands alone: no odds beside it that could be read as a price on offer.
      expect(await card.getByText(`${s.selection} (`).count()).toBe(0)
      expect(s.expectedValue).toBeGreaterThanOrEqual(0)
    }
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'suggestions-live-model-price')

    // 'Use This Suggestion' fills in the break-even price for the bettor to correct to their book's.
    const first = bets[0]
    if (!first) throw new Error('a suggestion to bet')
    await list.card(first.title).getByText("Change it to your book's").waitFor()
    await list.use(first.title)
    const form = new BetForm(page, game)
    await form.dialog.waitFor()
    const shown = await form.values()
    const odds = String(first.suggestedOdds)
    expect(shown.Odds === odds || shown['Custom Odds'] === odds).toBe(true)
    await screenshot(page, 'suggestions-live-model-price-form')
  })

  it('/suggestions: the heading, Back, the intro, the list across games, and the empty state', async () => {
    const [, page] = await suite.page()
    await signInByApi(page)
    await page.goto('/suggestions')
    await page.getByRole('heading', { name: 'Smart Bet Suggestions', level: 1 }).waitFor()
    await page.getByText('Place some bets to get smart suggestions').waitFor()

    const { game, suggestion } = await gameWithSuggestion(page)
    const answer = await getJson<UserSuggestions>(page, '/api/suggestions/user')
    expect(answer.suggestions.map((s) => s.id)).toContain(suggestion.id)
    await page.reload()
    const list = new SuggestionList(page)
    // Across games, each card names its game and leads to its page (titles may repeat across games).
    const matchup = page.getByRole('link', { name: `${game.awayTeam} @ ${game.homeTeam}` })
    const card = list.card(suggestion.title).filter({ has: matchup })
    await card.waitFor()
    expect(await card.getByRole('link').getAttribute('href')).toBe(`/game/${game.id}`)
    // Without an LLM the insight only repeats its rule text, so the answer's insight has no card.
    expect(answer.suggestions.some((s) => s.type === 'insight')).toBe(true)
    const rules = answer.suggestions.filter((s) => s.type !== 'insight')
    expect(await page.getByRole('article').count()).toBe(rules.length)
    expect(await page.getByText('AI Insight').count()).toBe(0)
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'suggestions-page')
    // On a phone the mini grids scroll inside their cards; the page itself never scrolls sideways.
    await page.setViewportSize({ width: 375, height: 800 })
    await screenshot(page, 'suggestions-page-375')
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    expect(await seriousViolations(page)).toEqual([])

    await page.getByRole('link', { name: 'Back' }).click()
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
  })
})
