import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { storeGame } from '../api/support/bets'
import { moneyline } from '../support/bets'
import { signInByApi } from './support/accounts'
import { seriousViolations } from './support/axe'
import { e2eSuite, screenshot } from './support/e2e-app'
import { enteredBeforeTheEnd } from './support/games'
import { HistoryPage } from './support/pages/history-page'

/**
 * In a real Chromium: above the history's game list, the cumulative profit line (uPlot, loaded
 * lazily) with its text alternative, and the breakdown tables by league, bet type, sportsbook and odds
 * range, over the range the page's dropdown picks. Each test signs up an account of its own.
 */
const suite = e2eSuite()
const TODAY = new Date('2026-11-23T20:30:00Z') // 14:30 in Chicago, the user's zone
let games: { nfl: number; nba: number; nhl: number }

beforeAll(async () => {
  const { app } = suite.server
  const nfl = await storeGame(app, { status: 'final', homeScore: 27, awayScore: 20 })
  const nba = await storeGame(app, {
    league: 'NBA',
    leagueAlias: 'nba',
    homeTeam: 'Los Angeles Lakers',
    awayTeam: 'Boston Celtics',
    status: 'final',
    homeScore: 100,
    awayScore: 110,
  })
  const nhl = await storeGame(app, {
    league: 'NHL',
    leagueAlias: 'nhl',
    homeTeam: 'Chicago Blackhawks',
    awayTeam: 'Detroit Red Wings',
    status: 'final',
    homeScore: 3,
    awayScore: 2,
  })
  games = { nfl: nfl.id, nba: nba.id, nhl: nhl.id }
})

/** Places a bet at an instant; the game being final, it is placed and settled at once. */
async function placeAt(page: Page, instant: string, body: Record<string, unknown>) {
  suite.server.setNow(new Date(instant))
  const placed = await page.request.post('/api/bets', { data: body })
  expect(placed.status(), await placed.text()).toBe(201)
  // On a final game the bet is placed and settled at once.
  expect(await placed.json()).toMatchObject({ betStatus: 'committed', result: expect.any(String) })
}

/**
 * Figures by hand (net = payout - stake, decision 002; settled committed bets only, decision 007):
 *   Nov 9  NFL spread Chiefs -3.5 -110 $110 DraftKings  won   +$100
 *   Nov 9  NFL moneyline Bills +150  $50 FanDuel        lost   -$50
 *   Nov 18 NBA over 200.5     -110  $55 DraftKings      won    +$50
 *   Nov 18 NBA moneyline Lakers +120 $20, tentative: not counted (Manual Entry, no row shown)
 *   Nov 23 NHL moneyline Red Wings -150 $30 FanDuel     lost   -$30
 * Net +$70 on $245 wagered; the line: +$50 (Nov 9), +$100 (Nov 18), +$70 (Nov 23).
 */
async function bettorWithHistory(width?: number): Promise<Page> {
  const [, page] = await suite.page(width)
  await signInByApi(page)
  await placeAt(page, '2026-11-09T23:00:00Z', {
    gameId: games.nfl,
    betType: 'spread',
    spreadTeam: 'Chiefs',
    spreadPoints: -3.5,
    odds: -110,
    amount: 110,
    sportsbook: 'DraftKings',
  })
  await placeAt(page, '2026-11-09T23:05:00Z', {
    gameId: games.nfl,
    betType: 'moneyline',
    selection: 'Bills',
    odds: 150,
    amount: 50,
    sportsbook: 'FanDuel',
  })
  await placeAt(page, '2026-11-18T23:00:00Z', {
    gameId: games.nba,
    betType: 'total',
    overUnder: 'over',
    totalPoints: 200.5,
    odds: -110,
    amount: 55,
    sportsbook: 'DraftKings',
  })
  await enteredBeforeTheEnd(
    suite.server.app,
    page,
    '2026-11-18T23:10:00Z',
    games.nba,
    moneyline('Los Angeles Lakers', 2_000, 120),
  )
  await placeAt(page, '2026-11-23T16:00:00Z', {
    gameId: games.nhl,
    betType: 'moneyline',
    selection: 'Red Wings',
    odds: -150,
    amount: 30,
    sportsbook: 'FanDuel',
  })
  suite.server.setNow(TODAY)
  await new HistoryPage(page).open()
  return page
}

/** The breakdown table's rows as their cells read, header row first. */
async function breakdownRows(page: Page): Promise<string[][]> {
  return page
    .getByTestId('breakdown-table')
    .locator('tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? '')),
    )
}

const results = (page: Page) => page.getByRole('region', { name: 'Results' })
const summaryText = async (page: Page) => (await page.getByTestId('profit-summary').textContent()) ?? ''

describe('the history chart and breakdowns', () => {
  it('draws the cumulative profit and breaks the results down, tab by tab', async () => {
    const page = await bettorWithHistory()
    await page.getByTestId('profit-chart').locator('canvas').waitFor()
    // Above the game list.
    const chartBox = await page.getByTestId('profit-chart').boundingBox()
    const gamesBox = await page.getByRole('heading', { name: 'Games Bet On' }).boundingBox()
    expect(chartBox && gamesBox && chartBox.y < gamesBox.y).toBe(true)
    expect(await summaryText(page)).toBe(
      '+$70.00 over 4 settled bets from Nov 9, 2026 to Nov 23, 2026. Highest +$100.00 on Nov 18, 2026; lowest +$50.00 on Nov 9, 2026.',
    )

    await results(page).getByText('Profit by day (table)').click()
    const days = await results(page)
      .getByRole('table', { name: 'Profit by settlement day' })
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => row.textContent))
    expect(days).toEqual([
      'Nov 9, 20262+$50.00+$50.00',
      'Nov 18, 20261+$50.00+$100.00',
      'Nov 23, 20261-$30.00+$70.00',
    ])

    const header = ['Bets', 'Wagered', 'Net', 'ROI', 'Win rate']
    expect(await breakdownRows(page)).toEqual([
      ['League', ...header],
      ['NFL', '2', '$160.00', '+$50.00', '+31.3%', '50.0%'],
      ['NBA', '1', '$55.00', '+$50.00', '+90.9%', '100.0%'],
      ['NHL', '1', '$30.00', '-$30.00', '-100.0%', '0.0%'],
    ])
    await page.getByRole('tab', { name: 'Bet Type' }).click()
    expect(await breakdownRows(page)).toEqual([
      ['Bet type', ...header],
      ['Spread', '1', '$110.00', '+$100.00', '+90.9%', '100.0%'],
      ['Over/Under', '1', '$55.00', '+$50.00', '+90.9%', '100.0%'],
      ['Moneyline', '2', '$80.00', '-$80.00', '-100.0%', '0.0%'],
    ])
    // The WAI-ARIA tabs keys: the arrow moves to the next tab and shows its panel.
    await page.keyboard.press('ArrowRight')
    expect(await page.getByRole('tab', { name: 'Sportsbook' }).getAttribute('aria-selected')).toBe('true')
    expect(await breakdownRows(page)).toEqual([
      ['Sportsbook', ...header],
      ['DraftKings', '2', '$165.00', '+$150.00', '+90.9%', '100.0%'],
      ['FanDuel', '2', '$80.00', '-$80.00', '-100.0%', '0.0%'],
    ])
    await screenshot(page, 'history-chart-sportsbook')
    await page.keyboard.press('ArrowRight')
    expect(await breakdownRows(page)).toEqual([
      ['Odds (American)', ...header],
      ['-199 to -111', '1', '$30.00', '-$30.00', '-100.0%', '0.0%'],
      ['-110 to +110', '2', '$165.00', '+$150.00', '+90.9%', '100.0%'],
      ['+111 to +199', '1', '$50.00', '-$50.00', '-100.0%', '0.0%'],
    ])
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'history-chart-overview')
  })

  it('follows the date range', async () => {
    const page = await bettorWithHistory()
    const history = new HistoryPage(page)
    await page.getByTestId('profit-chart').locator('canvas').waitFor()
    // Last 7 days: Nov 17 to 23 in Chicago, the over and the Red Wings.
    await history.dateRange('last7days')
    await expect
      .poll(() => summaryText(page))
      .toBe(
        '+$20.00 over 2 settled bets from Nov 18, 2026 to Nov 23, 2026. Highest +$50.00 on Nov 18, 2026; lowest +$20.00 on Nov 23, 2026.',
      )
    expect(await breakdownRows(page)).toEqual([
      ['League', 'Bets', 'Wagered', 'Net', 'ROI', 'Win rate'],
      ['NBA', '1', '$55.00', '+$50.00', '+90.9%', '100.0%'],
      ['NHL', '1', '$30.00', '-$30.00', '-100.0%', '0.0%'],
    ])
    await history.dateRange('today')
    await expect
      .poll(() => summaryText(page))
      .toBe(
        '-$30.00 over 1 settled bet on Nov 23, 2026. Highest -$30.00 on Nov 23, 2026; lowest -$30.00 on Nov 23, 2026.',
      )
    await page.getByTestId('profit-chart').locator('canvas').waitFor()
    await screenshot(page, 'history-chart-today')
  })

  it('says so when the range has no settled bet, and when the stats cannot load', async () => {
    const [, page] = await suite.page(390)
    await signInByApi(page)
    await enteredBeforeTheEnd(
      suite.server.app,
      page,
      '2026-11-23T16:00:00Z',
      games.nhl,
      moneyline('Detroit Red Wings', 3_000, -150),
    )
    suite.server.setNow(TODAY)
    await new HistoryPage(page).open()
    await results(page).getByText('No settled bets in this range').waitFor()
    expect(await page.getByTestId('profit-chart').count()).toBe(0)
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'history-chart-empty')

    await page.route('**/api/stats/user?**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Boom"}' }),
    )
    await page.reload()
    const alert = results(page).getByRole('alert')
    await alert.waitFor()
    expect(await alert.textContent()).toContain('Could not load your results.')
    await page.unroute('**/api/stats/user?**')
    await alert.getByRole('button', { name: 'Try again' }).click()
    await results(page).getByText('No settled bets in this range').waitFor()
  })

  it('fits a phone', async () => {
    const page = await bettorWithHistory(390)
    await page.getByTestId('profit-chart').locator('canvas').waitFor()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'history-chart-mobile')
  })
})
