import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { LEAGUES, type LeagueCode, type SportKind } from '../../src/domain/leagues'
import { dollarsToCents, formatSignedDollars } from '../../src/domain/money'
import { signInByApi } from './support/accounts'
import { seriousViolations } from './support/axe'
import { e2eSuite, screenshot } from './support/e2e-app'
import { type ApiGame, listedGames } from './support/games'
import { OutcomeGrid } from './support/pages/outcome-grid'
import { ProbabilityPanel } from './support/pages/probability-panel'

/**
 * In a real Chromium: the Probability Analysis panel and the grid's overlay on a live game of
 * each sport family of the simulator, checked against the API the page reads, with screenshots in
 * test-artifacts/. Each test signs up an account of its own.
 */
interface Answer {
  outcomes: { homeScore: number; awayScore: number; probability: number; roi: number; profit: number }[]
  summary: { expectedProfit: number; profitProbability: number }
}

const suite = e2eSuite()

const leaguesOf = (sport: SportKind) =>
  (Object.keys(LEAGUES) as LeagueCode[]).filter((code) => LEAGUES[code].sport === sport)

/** A live game of the family, running the simulated clock on (as the background sync would) until one is. */
async function liveGame(page: Page, sport: SportKind): Promise<ApiGame> {
  const leagues: string[] = leaguesOf(sport)
  for (let step = 0; step < 96; step++) {
    const games = await listedGames(page)
    const live = games.find(
      (g) => g.status === 'in_progress' && leagues.includes(g.sport) && g.homeScore !== null,
    )
    if (live) return live
    await suite.server.advance(15 * 60_000)
  }
  throw new Error(`no live ${sport} game within a day`)
}

/** What the panel's headline says for each family, in the sport's own words. */
const FAMILIES: { sport: SportKind; headline: RegExp }[] = [
  {
    sport: 'baseball',
    headline:
      /^(Top|Bottom) \d+, \d outs?$|^Bases loaded$|^Runners in scoring position$|^Late-inning pressure$/,
  },
  { sport: 'football', headline: /(\d(st|nd|rd|th) quarter, \d+:\d\d left|Overtime|Halftime|End of)/ },
  {
    sport: 'basketball',
    headline: /^(\d(st|nd|rd|th) (quarter|half), \d+:\d\d left|Overtime|Halftime|End of)/,
  },
  { sport: 'hockey', headline: /^(\d(st|nd|rd|th) period, \d+:\d\d left|Overtime|End of|SO)/ },
  { sport: 'soccer', headline: /^(\d+(st|nd|rd|th) minute( \+\d+)?, (1st|2nd) half|Half time)$/ },
]

describe('the Probability Analysis panel and the grid overlay', () => {
  it.each(FAMILIES)(
    '$sport: the situation, the likeliest scores, the position, and the grid by chance and EV',
    async ({ sport, headline }) => {
      const [, page] = await suite.page()
      await signInByApi(page)
      const game = await liveGame(page, sport)
      const placed = await page.request.post('/api/bets', {
        data: {
          gameId: game.id,
          betType: 'moneyline',
          selection: `${game.homeTeam} ML`,
          odds: -110,
          amount: 50,
        },
      })
      expect(placed.status(), await placed.text()).toBe(201)

      await page.goto(`/game/${game.id}`)
      const panel = new ProbabilityPanel(page)
      await panel.open()
      await panel.panel.getByText('Most likely final scores').waitFor()
      const answer = (await (await page.request.get(`/api/live-probability/${game.id}`)).json()) as Answer
      expect(await panel.headline()).toMatch(headline)

      // docs/spec/product-spec.md §9: up to 6 final scores above 1%, most likely first, as the API ranks them. Points
      // sports spread their chance over many scores, so their list may be empty and say which is likeliest.
      const likely = answer.outcomes.filter((o) => o.probability > 0.01).slice(0, 6)
      const shown = await panel.list('Most likely final scores')
      expect(shown).toHaveLength(likely.length)
      const top = answer.outcomes[0]
      if (!top) throw new Error('a live game has final scores to list')
      const where = `Home ${top.homeScore}, Away ${top.awayScore}`
      if (likely.length > 0) {
        expect(shown[0]).toContain(where)
        expect(shown[0]).toContain(`${(top.probability * 100).toFixed(1)}%`)
      } else {
        await panel.panel.getByText(`No single final score is above 1%; the likeliest is ${where}`).waitFor()
      }
      expect((await panel.list('Highest-value outcomes')).length).toBeLessThanOrEqual(4)
      expect(await panel.position()).toContain(
        formatSignedDollars(dollarsToCents(answer.summary.expectedProfit)),
      )
      if (sport === 'baseball') {
        await page.getByRole('region', { name: 'Baseball situation' }).waitFor()
        await page.getByRole('img', { name: /^(Bases empty|Runners on)/ }).waitFor()
      }
      expect(await seriousViolations(page)).toEqual([])
      await screenshot(page, `probability-panel-${sport}`)

      const grid = new OutcomeGrid(page)
      const labels = () =>
        grid.grid.locator('td[aria-label]').evaluateAll((cells) => cells.map((c) => c.ariaLabel))
      await panel.showOnGrid('Probability')
      await expect
        .poll(labels)
        .toContainEqual(
          expect.stringMatching(
            /^Home \d+, Away \d+: (\d+\.\d+%|<0\.01%) ([+-]\$[\d,]+, the chance and your profit|, the chance)/,
          ),
        )
      await screenshot(page, `grid-probability-${sport}`)
      await panel.showOnGrid('Expected value')
      await expect
        .poll(labels)
        .toContainEqual(
          expect.stringMatching(
            /^Home \d+, Away \d+: [+-]\$[\d,]+\.\d\d (\d+\.\d+%|<0\.01%), the share of expected profit/,
          ),
        )
      await page.getByText('Chance of profit').first().waitFor()
      expect(await seriousViolations(page)).toEqual([])
      await screenshot(page, `grid-ev-${sport}`)
    },
  )

  it('shows the pregame distribution of a scheduled game', async () => {
    const [, page] = await suite.page()
    await signInByApi(page)
    const games = await listedGames(page)
    const scheduled = games.find(
      (g) => g.status === 'scheduled' && LEAGUES[g.sport as LeagueCode]?.sport !== 'tennis',
    )
    if (!scheduled) throw new Error('the simulator always has games to come')
    await page.goto(`/game/${scheduled.id}`)
    const panel = new ProbabilityPanel(page)
    await panel.open()
    expect(await panel.headline()).toBe('Not started: the pregame distribution from the market')
    await panel.panel.getByText('No bets on this game yet').waitFor()
    await panel.panel.getByText(/^Home win \d+\.\d%/).waitFor()
    // A listed score, or, where the chance is spread thin (points sports), the likeliest named.
    const listed = (await panel.list('Most likely final scores')).length
    if (listed === 0)
      await panel.panel.getByText(/^No single final score is above 1%; the likeliest is/).waitFor()
  })

  it("says the analysis is unavailable, with the server's message, when the call fails", async () => {
    const [, page] = await suite.page()
    await signInByApi(page)
    const game = await liveGame(page, 'basketball')
    await page.route('**/api/live-probability/**', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Model warming up"}' }),
    )
    await page.goto(`/game/${game.id}`)
    await page.getByRole('tab', { name: 'Probability Analysis' }).click()
    const alert = page.getByRole('alert').filter({ hasText: 'Live probability analysis unavailable' })
    await alert.waitFor()
    expect(await alert.textContent()).toContain('Model warming up')
  })
})
