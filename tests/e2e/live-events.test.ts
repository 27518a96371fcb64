import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { signInByApi } from './support/accounts'
import { e2eSuite, screenshot } from './support/e2e-app'
import { listedGames } from './support/games'
import { GameDetail } from './support/pages/game-detail'
import { OutcomeGrid } from './support/pages/outcome-grid'
import { reportProblem } from './support/problems'

/**
 * Issue 17 in a real Chromium: two tabs of one bettor. A bet placed in one reaches the other's grid over
 * the event stream (no reload, no poll); with that tab's stream cut, its header says SYNC and its grid
 * polls again, and the stream's return brings LIVE back.
 */

const suite = e2eSuite()

/** The header's LIVE/SYNC indicator (the grid has a LIVE badge of its own, for the game). */
function indicator(page: Page, text: 'LIVE' | 'SYNC') {
  return page.getByRole('banner').getByText(text, { exact: true })
}

/** The grid's own count of the bets it was computed from, e.g. "1 bet · $110.00 staked". */
function staked(page: Page, text: string) {
  return page.getByText(text, { exact: true })
}

describe('two tabs of one bettor', () => {
  it('see each other’s bets as they are placed, and fall back to polling without the stream', async () => {
    const [context, placing] = await suite.page()
    await signInByApi(placing)
    const games = await listedGames(placing)
    const game = games.find((g) => g.status === 'in_progress' && g.sport === 'NFL' && g.homeScore !== null)
    if (!game) throw new Error(`no live NFL game: ${games.map((g) => g.sport + g.status).join()}`)

    const watching = await context.newPage()
    watching.on('pageerror', (error) => reportProblem(`pageerror on ${watching.url()}: ${error.message}`))
    watching.setDefaultTimeout(10_000)
    const matrixReads: string[] = []
    watching.on('request', (request) => {
      if (request.url().includes(`/api/outcome-matrix/${game.id}`)) matrixReads.push(request.url())
    })
    await watching.goto(`/game/${game.id}`)
    const grid = new OutcomeGrid(watching)
    await grid.grid.waitFor()
    await staked(watching, '0 bets · $0.00 staked').waitFor()
    await indicator(watching, 'LIVE').waitFor()

    // While the stream is open the grid does not poll: two of its 3 s periods pass without a read.
    const readsWhileLive = matrixReads.length
    await watching.waitForTimeout(7_000)
    expect(matrixReads.length).toBe(readsWhileLive)

    await placing.goto('/')
    await placing
      .getByRole('button', { name: new RegExp(`${game.awayTeam}.*${game.homeTeam}`) })
      .first()
      .click()
    const detail = new GameDetail(placing, game)
    await detail.waitForGrid()
    await indicator(placing, 'LIVE').waitFor()
    const form = await detail.addBet()
    await form.spread(game.homeTeam, '-3.5', '110')
    await form.place()
    await detail.waitForActiveBets(1)

    // The other tab's grid follows without a reload: the home side covering -3.5 wins $100.
    await staked(watching, '1 bet · $110.00 staked').waitFor()
    const home = (game.homeScore ?? 0) + 4
    const away = game.awayScore ?? 0
    await expect.poll(() => grid.cellText(home, away)).toContain('+$100')
    await screenshot(watching, 'live-events-second-tab')

    // Cut the watching tab's stream: offline drops the open one, and every reconnect is refused.
    await watching.route('**/api/events**', (route) => route.abort())
    const network = await context.newCDPSession(watching)
    await network.send('Network.enable')
    await network.send('Network.emulateNetworkConditions', {
      offline: true,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    })
    await indicator(watching, 'SYNC').waitFor()
    await network.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    })
    await indicator(placing, 'LIVE').waitFor()

    // Polling takes over: the next bet reaches the watching tab through the grid's 3 s poll.
    const readsBeforeSecondBet = matrixReads.length
    await detail.addBet()
    await form.total('over', '44.5', '50')
    await form.place()
    await detail.waitForActiveBets(2)
    await staked(watching, '2 bets · $160.00 staked').waitFor()
    expect(matrixReads.length).toBeGreaterThan(readsBeforeSecondBet)
    expect(await indicator(watching, 'SYNC').count()).toBe(1)

    // The stream comes back by itself (the browser reconnects), and with it LIVE.
    await watching.unroute('**/api/events**')
    await indicator(watching, 'LIVE').waitFor({ timeout: 20_000 })
  })
})
