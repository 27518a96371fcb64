import type { IncomingMessage } from 'node:http'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { signInByApi } from './support/accounts'
import { seriousViolations } from './support/axe'
import { e2eSuite, screenshot } from './support/e2e-app'
import { listedGames } from './support/games'
import { GameDetail } from './support/pages/game-detail'
import { OutcomeGrid } from './support/pages/outcome-grid'
import { reportProblem } from './support/problems'

/**
 * In a real Chromium: two tabs of one bettor. A bet placed in one reaches the other's grid over
 * the event stream (no reload, no poll); with that tab's stream cut, its header says SYNC and its grid
 * polls again, and the stream's return brings LIVE back.
 */

const suite = e2eSuite()

/** Marks the watching tab's stream requests (added by the test's route, read by its server listener). */
const TAB_HEADER = 'x-grid-test-tab'

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
    // The watching tab's streams carry a mark, so the server side of the test can find and cut them; once
    // cut, every reconnect of that tab is refused at the network while the placing tab's stream stays.
    let cut = false
    await watching.route('**/api/events**', (route) =>
      cut
        ? route.abort()
        : route.continue({ headers: { ...route.request().headers(), [TAB_HEADER]: 'watching' } }),
    )
    const watchingStreams: IncomingMessage[] = []
    const onRequest = (request: IncomingMessage) => {
      if (request.headers[TAB_HEADER] === 'watching') watchingStreams.push(request)
    }
    suite.server.app.server.on('request', onRequest)
    const gridReads: string[] = []
    watching.on('request', (request) => {
      if (request.url().includes(`/api/outcome-matrix/${game.id}`)) gridReads.push(request.url())
    })
    await watching.goto(`/game/${game.id}`)
    const grid = new OutcomeGrid(watching)
    await grid.grid.waitFor()
    await staked(watching, '0 bets · $0.00 staked').waitFor()
    await indicator(watching, 'LIVE').waitFor()

    // While the stream is open the grid does not poll: two of its 3 s periods pass without a read.
    const readsWhileLive = gridReads.length
    await watching.waitForTimeout(7_000)
    expect(gridReads.length).toBe(readsWhileLive)

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
    expect(await seriousViolations(watching)).toEqual([])

    // Cut the watching tab's stream (its connection dropped, as a lost network would) and refuse its
    // reconnects; the placing tab keeps its own.
    cut = true
    expect(watchingStreams.length).toBeGreaterThan(0)
    for (const stream of watchingStreams) stream.socket.destroy()
    await indicator(watching, 'SYNC').waitFor()
    expect(await indicator(placing, 'LIVE').count()).toBe(1)
    expect(
      await watching
        .getByRole('banner')
        .getByTitle(/^Syncing/)
        .count(),
    ).toBe(1)

    // Polling takes over: the next bet reaches the watching tab through the grid's 3 s poll.
    const readsBeforeSecondBet = gridReads.length
    await detail.addBet()
    await form.total('over', '44.5', '50')
    await form.place()
    await detail.waitForActiveBets(2)
    await staked(watching, '2 bets · $160.00 staked').waitFor()
    expect(gridReads.length).toBeGreaterThan(readsBeforeSecondBet)
    expect(await indicator(watching, 'SYNC').count()).toBe(1)

    // The stream comes back by itself (the browser reconnects), and with it LIVE.
    await watching.unroute('**/api/events**')
    await indicator(watching, 'LIVE').waitFor({ timeout: 20_000 })
    suite.server.app.server.off('request', onRequest)
  })
})
