import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { dollarsToCents, formatSignedDollars } from '../../src/domain/money'
import { chanceText } from '../../src/web/features/grid/cell-view'
import type { LiveProbability } from '../../src/web/types'
import { marketLines, storeGame } from '../api/support/bets'
import { signInByApi } from './support/accounts'
import { seriousViolations } from './support/axe'
import { e2eSuite, screenshot } from './support/e2e-app'
import { OutcomeGrid } from './support/pages/outcome-grid'
import { ProbabilityPanel } from './support/pages/probability-panel'

/**
 * In a real Chromium: a live NFL game's Probability Analysis panel under the possessions model
 * (domain/probability/drives.ts), which puts real chance on exact final scores, so the panel lists them
 * rather than saying the chance is spread too thin. The game is stored as the feed would send it, with a
 * realistic score, clock, down and distance and lines, so that what the panel says can be checked exactly.
 */

const suite = e2eSuite()

/** The e2e app's clock is 2026-11-23T20:30Z: this game kicked off two hours before, and is in the 3rd. */
const NFL_LINES = marketLines({
  provider: 'DraftKings',
  homeSpread: 3.5,
  total: 44.5,
  homeMoneyline: 150,
  awayMoneyline: -175,
})

function liveNflGame() {
  return storeGame(suite.server.app, {
    providerId: `e2e-nfl-live-${Date.now()}`,
    status: 'in_progress',
    statusDetail: '7:20 - 3rd Quarter',
    gameTime: '7:20 - 3rd',
    period: 3,
    startTime: new Date('2026-11-23T18:25:00Z'),
    homeTeam: 'New England Patriots',
    awayTeam: 'Dallas Cowboys',
    homeAbbreviation: 'NE',
    awayAbbreviation: 'DAL',
    homeScore: 10,
    awayScore: 30,
    football: {
      down: 3,
      distance: 7,
      // Yards from the offense's own goal line: New England has the ball on Dallas's 34.
      yardLine: 66,
      possession: 'NE',
      redZone: false,
      timeouts: { home: 2, away: 3 },
      downDistanceText: '3rd & 7 at DAL 34',
    },
    lines: NFL_LINES,
  })
}

async function liveProbability(page: Page, gameId: number): Promise<LiveProbability> {
  const answer = await page.request.get(`/api/live-probability/${gameId}`)
  expect(answer.status(), await answer.text()).toBe(200)
  return (await answer.json()) as LiveProbability
}

describe('the Probability Analysis panel of an NFL game', () => {
  it('a live game lists its most likely final scores, the outlook and the down and distance', async () => {
    const [, page] = await suite.page()
    await signInByApi(page)
    const game = await liveNflGame()
    const placed = await page.request.post('/api/bets', {
      data: {
        gameId: game.id,
        betType: 'spread',
        selection: 'New England Patriots +17.5',
        spreadTeam: 'New England Patriots',
        spreadPoints: 17.5,
        odds: -110,
        amount: 100,
      },
    })
    expect(placed.status(), await placed.text()).toBe(201)

    await page.goto(`/game/${game.id}`)
    const panel = new ProbabilityPanel(page)
    await panel.open()
    await panel.panel.getByText('Most likely final scores').waitFor()
    const answer = await liveProbability(page, game.id)

    // The situation: the down and distance and the quarter's clock, then the score and the drive.
    expect(await panel.headline()).toBe('3rd & 7 at DAL 34 · 3rd quarter, 7:20 left')
    await panel.panel.getByText('Current score: Dallas Cowboys 30, New England Patriots 10').waitFor()
    const drive = panel.panel.getByRole('region', { name: 'Football situation' })
    expect(await drive.textContent()).toBe(
      '3rd & 7 at DAL 34PossessionNEYard lineDAL 34Timeouts (away)3Timeouts (home)2',
    )

    // docs/spec/product-spec.md §9: the six likeliest final scores above 1%, most likely first, each with its chance.
    const likely = answer.outcomes.filter((o) => o.probability > 0.01).slice(0, 6)
    expect(likely).toHaveLength(6)
    const shown = await panel.list('Most likely final scores')
    expect(shown).toHaveLength(6)
    shown.forEach((row, i) => {
      const o = likely[i]
      if (!o) throw new Error('as many rows as likely scores')
      expect(row).toContain(`Home ${o.homeScore}, Away ${o.awayScore}`)
      expect(row).toContain(chanceText(o.probability))
      expect(row).toContain(formatSignedDollars(dollarsToCents(o.profit), 0))
    })
    expect(await panel.panel.getByText(/No single final score is above/).count()).toBe(0)
    expect((await panel.list('Highest-value outcomes')).length).toBe(4)

    // The outlook: the position's expected profit and the win chances, from the same answer.
    expect(await panel.position()).toContain(
      formatSignedDollars(dollarsToCents(answer.summary.expectedProfit)),
    )
    const { homeWin, draw, awayWin } = answer.summary
    await panel.panel
      .getByText(
        `Home win ${chanceText(homeWin)} · Draw ${chanceText(draw)} · Away win ${chanceText(awayWin)}`,
      )
      .waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'probability-panel-nfl-live')

    // The model's metadata: each side's range of final scores from the live score up, the lines by name.
    const about = panel.panel.getByRole('region', { name: 'About these probabilities' })
    const homes = answer.outcomes.map((o) => o.homeScore)
    const aways = answer.outcomes.map((o) => o.awayScore)
    expect(Math.min(...homes)).toBe(10)
    expect(Math.min(...aways)).toBe(30)
    const text = await about.textContent()
    expect(text).toContain(
      `Score rangeHome 10 to ${Math.max(...homes)}, away 30 to ${answer.metadata.maxAwayScore}`,
    )
    expect(text).toContain('Lines usedhome moneyline, away moneyline, total, home spread (DraftKings)')
    expect(text).toContain('Time left37% of regulation')

    // The grid by chance: the likeliest cells are framed, and the current score among the grid's cells.
    await panel.showOnGrid('Probability')
    const grid = new OutcomeGrid(page)
    const top = likely[0]
    if (!top) throw new Error('a likeliest score')
    await expect
      .poll(async () => grid.cell(top.homeScore, top.awayScore).first().getAttribute('aria-label'))
      .toContain(chanceText(top.probability))
    // No scoring play gets New England from 10 to 11: that row has no chance, and the legend says what '--' is.
    expect(await grid.cell(11, 30).first().getAttribute('aria-label')).toBe('Home 11, Away 30: no chance')
    expect(await grid.cellText(11, 30)).toBe('--')
    await page.getByText("'--' is a score with no chance from here").waitFor()
    await screenshot(page, 'grid-probability-nfl-live')
  })

  it('a pregame game shows the market distribution and its likeliest scores', async () => {
    const [, page] = await suite.page()
    await signInByApi(page)
    const game = await storeGame(suite.server.app, {
      providerId: `e2e-nfl-pregame-${Date.now()}`,
      startTime: new Date('2026-11-24T01:15:00Z'),
      lines: marketLines({
        provider: 'DraftKings',
        homeSpread: -3,
        total: 47.5,
        homeMoneyline: -150,
        awayMoneyline: 130,
      }),
    })
    await page.goto(`/game/${game.id}`)
    const panel = new ProbabilityPanel(page)
    await panel.open()
    expect(await panel.headline()).toBe('Not started: the pregame distribution from the market')
    await panel.panel.getByText('No bets on this game yet').waitFor()
    // No score yet before the kickoff, and no outcome worth more than another without a bet.
    expect(await panel.panel.getByText(/^Current score/).count()).toBe(0)
    expect(await panel.list('Highest-value outcomes')).toEqual([])
    await panel.panel.getByText(/once you add a bet, the scores where it pays best are listed here/).waitFor()
    const answer = await liveProbability(page, game.id)
    const likely = answer.outcomes.filter((o) => o.probability > 0.01).slice(0, 6)
    const shown = await panel.list('Most likely final scores')
    expect(shown).toHaveLength(likely.length)
    if (likely.length === 0)
      await panel.panel.getByText(/^No single final score is above 1%; the likeliest is/).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'probability-panel-nfl-pregame')
  })
})
