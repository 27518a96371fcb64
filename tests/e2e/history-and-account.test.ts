import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertSingles, storeBet, storeGame } from '../api/support/bets'
import { SmtpSink } from '../api/support/smtp'
import { registeredUser } from '../api/support/test-app'
import { moneyline } from '../support/bets'
import { type Account, signInByApi } from './support/accounts'
import { seriousViolations } from './support/axe'
import { ARTIFACTS, connectBrowser, downloaded, newPage, screenshot, startE2eApp } from './support/e2e-app'
import { enteredBeforeTheEnd } from './support/games'
import { HistoryPage } from './support/pages/history-page'

/**
 * In a real Chromium: the history over bets placed across two weeks (filters, summary figures,
 * tentative bets, details), the CSV download, the share card, settings, and the support form reaching
 * the support mailbox through a real SMTP server. Each test signs up an account of its own; those about
 * the history place the same five bets first.
 */
type E2eApp = Awaited<ReturnType<typeof startE2eApp>>
const TODAY = new Date('2026-11-23T20:30:00Z') // 14:30 in Chicago, the user's zone

let server: E2eApp
let sink: SmtpSink
let browser: Browser
let games: { nfl: number; nba: number; nhl: number }

/** A new account signed in on a new page. */
async function signedInPage(): Promise<{ page: Page; who: Account }> {
  const [, page] = await newPage(browser, server.url)
  return { page, who: await signInByApi(page) }
}

async function placeAt(page: Page, instant: string, body: Record<string, unknown>) {
  server.setNow(new Date(instant))
  const placed = await page.request.post('/api/bets', { data: body })
  expect(placed.status(), await placed.text()).toBe(201)
  // On a final game the bet is placed and settled at once.
  expect(await placed.json()).toMatchObject({ betStatus: 'committed', result: expect.any(String) })
}

beforeAll(async () => {
  sink = await SmtpSink.start()
  server = await startE2eApp(TODAY, { mail: { smtpUrl: sink.url, supportEmail: 'help-desk@grid.test' } })
  browser = await connectBrowser()
  // Three final games over two weeks, shared by every account.
  const nfl = await storeGame(server.app, {
    startTime: new Date('2026-11-10T01:15:00Z'),
    status: 'final',
    homeScore: 27,
    awayScore: 20,
  })
  const nba = await storeGame(server.app, {
    league: 'NBA',
    leagueAlias: 'nba',
    homeTeam: 'Los Angeles Lakers',
    awayTeam: 'Boston Celtics',
    startTime: new Date('2026-11-19T03:30:00Z'),
    status: 'final',
    homeScore: 100,
    awayScore: 110,
  })
  const nhl = await storeGame(server.app, {
    league: 'NHL',
    leagueAlias: 'nhl',
    homeTeam: 'Chicago Blackhawks',
    awayTeam: 'Detroit Red Wings',
    startTime: new Date('2026-11-23T17:00:00Z'),
    status: 'final',
    homeScore: 3,
    awayScore: 2,
  })
  games = { nfl: nfl.id, nba: nba.id, nhl: nhl.id }
})

/**
 * A new account with five bets, on the history page: a win and a loss on the 10th (+$50 net), an over
 * that won on the 18th (+$50) with a tentative moneyline beside it, and a losing moneyline today (-$30).
 */
async function historian(): Promise<{ page: Page; history: HistoryPage }> {
  const { page } = await signedInPage()
  const spread = { betType: 'spread', spreadTeam: 'Chiefs', spreadPoints: -3.5, odds: -110, amount: 110 }
  await placeAt(page, '2026-11-09T23:00:00Z', { gameId: games.nfl, ...spread })
  await placeAt(page, '2026-11-09T23:05:00Z', {
    gameId: games.nfl,
    betType: 'moneyline',
    selection: 'Bills',
    odds: 150,
    amount: 50,
  })
  const over = { betType: 'total', overUnder: 'over', totalPoints: 200.5, odds: -110, amount: 55 }
  await placeAt(page, '2026-11-18T23:00:00Z', { gameId: games.nba, ...over })
  await enteredBeforeTheEnd(
    server.app,
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
  })
  server.setNow(TODAY)
  const history = new HistoryPage(page)
  await history.open()
  return { page, history }
}
afterAll(async () => {
  await browser?.close()
  await server?.close()
  await sink?.close()
})

const NFL = 'Buffalo Bills @ Kansas City Chiefs'
const NBA = 'Boston Celtics @ Los Angeles Lakers'
const NHL = 'Detroit Red Wings @ Chicago Blackhawks'

describe('the profit/loss history', () => {
  it('loads the next page of games as the list scrolls to its end', async () => {
    const { page } = await signedInPage()
    const me = (await (await page.request.get('/api/auth/user')).json()) as { id: number }
    for (let day = 0; day < 24; day++) {
      const game = await storeGame(server.app, {
        homeTeam: `Home ${day}`,
        awayTeam: `Away ${day}`,
        startTime: new Date(Date.parse('2026-10-01T01:00:00Z') + day * 86_400_000),
      })
      await storeBet(server.app, me.id, game.id, {
        betType: 'moneyline',
        selection: `Home ${day} ML`,
        odds: 120,
        amount: 1_000,
      })
    }
    const history = new HistoryPage(page)
    await history.open()
    // The first page: the 20 newest games, and the summary of all 24 bets.
    expect(await history.gamesShown()).toHaveLength(20)
    expect(await history.figure('Total Bets')).toContain('24')
    await history.scrollToEnd()
    await history.allGamesShown()
    const shown = await history.gamesShown()
    expect(shown).toHaveLength(24)
    expect(shown.at(-1)).toBe('Away 0 @ Home 0')
  })

  it('filters by the date range with the right games and summary figures', async () => {
    const { page, history } = await historian()
    expect(await history.gamesShown()).toEqual([NHL, NBA, NFL])
    expect(await history.figure('Total Bets')).toContain('5')
    expect(await history.figure('Total Bets')).toContain('4 placed, 1 tentative')
    expect(await history.figure('Total Wagered')).toContain('$245.00')
    expect(await history.figure('Win Rate')).toContain('2 of 4 settled')
    expect(await history.figure('Net Profit/Loss')).toContain('+$70.00')
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'history-page')

    await history.dateRange('last7days')
    await expect.poll(() => history.gamesShown()).toEqual([NHL, NBA])
    expect(await history.figure('Net Profit/Loss')).toContain('+$20.00')
    expect(await history.figure('Total Bets')).toContain('2 placed, 1 tentative')

    await history.dateRange('today')
    await expect.poll(() => history.gamesShown()).toEqual([NHL])
    expect(await history.figure('Net Profit/Loss')).toContain('-$30.00')
    expect(await history.figure('Win Rate')).toContain('0 of 1 settled')
  })

  it('takes a custom range picked on the calendars', async () => {
    const { history } = await historian()
    await history.dateRange('custom')
    await history.pickDay(/Start date/, 'Choose start date', 'November 9, 2026')
    await history.pickDay(/End date/, 'Choose end date', 'November 11, 2026')
    await expect.poll(() => history.gamesShown()).toEqual([NFL])
    expect(await history.figure('Net Profit/Loss')).toContain('+$50.00')
  })

  it('downloads a CSV whose rows are the bets shown', async () => {
    const { page, history } = await historian()
    await history.dateRange('alltime')
    await expect.poll(() => history.gamesShown()).toEqual([NHL, NBA, NFL])
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ])
    expect(download.suggestedFilename()).toBe('bet-history-2026-11-23.csv')
    const rows = (await downloaded(download)).toString('utf8').trim().split('\r\n')
    expect(rows[0]).toBe(
      'Date,Game,Sport,Bet Type,Selection,Odds,Amount,Status,Result,Payout,Profit/Loss,ROI %,Sportsbook,Placed',
    )
    expect(
      rows
        .slice(1)
        .map((row) => row.split(',')[1])
        .sort(),
    ).toEqual([NBA, NBA, NFL, NFL, NHL].sort())
    // Then its sportsbook and placed instant.
    const nfl =
      '2026-11-09,Buffalo Bills @ Kansas City Chiefs,NFL,Spread,Kansas City Chiefs -3.5,-110,110.00,committed,won,210.00,100.00,90.9,'
    expect(rows.find((row) => row.startsWith(nfl))).toMatch(/,[^,]+,\d{4}-\d{2}-\d{2}T[\d:.]+Z$/)
  })

  it('shows a game analysis, and confirms a tentative bet on a final game', async () => {
    const { page, history } = await historian()
    await page.getByRole('button', { name: `View Details: ${NBA}` }).click()
    const analysis = page.getByRole('dialog', { name: 'Game Analysis' })
    await analysis.getByText('Over 200.5').waitFor()
    expect(await analysis.textContent()).toContain('+$50.00')
    await page.keyboard.press('Escape')

    await page.getByRole('button', { name: /Manage 1 tentative bet/ }).click()
    await page.getByRole('button', { name: 'Confirm Los Angeles Lakers ML' }).click()
    // The Lakers lost 100-110: confirming settles the bet at once, -$20. The summary is fetched again after
    // the confirm answers, which on a loaded machine takes longer than expect.poll's default second.
    await page.getByText('Bet confirmed').first().waitFor()
    await expect.poll(() => history.figure('Net Profit/Loss'), { timeout: 10_000 }).toContain('+$50.00')
    expect(await history.figure('Total Bets')).toContain('5 placed, 0 tentative')
  })

  it('makes a 1080 x 1080 PNG share card for a winning game only', async () => {
    const { page } = await historian()
    expect(await page.getByRole('button', { name: `Share Win: ${NHL}` }).count()).toBe(0)
    await page.getByRole('button', { name: `Share Win: ${NFL}` }).click()
    const share = page.getByRole('dialog', { name: 'Share Your Win' })
    await share.getByRole('button', { name: 'Generate Share Card' }).click()
    const source = await share.getByTestId('share-card-image').getAttribute('src')
    const png = Buffer.from((source ?? '').replace(/^data:image\/png;base64,/, ''), 'base64')
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG')
    // IHDR: width and height are the big-endian words at bytes 16 and 20.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1080, 1080])
    writeFileSync(resolve(ARTIFACTS, 'share-card.png'), png)
  })
})

describe('account settings and pages', () => {
  it('changes the time zone, which moves the dates shown', async () => {
    const { page, history } = await historian()
    expect(await history.gameCardText(NHL)).toContain('Nov 23')
    await page.goto('/settings')
    await page.getByLabel('Timezone').selectOption('Australia/Sydney')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText('Timezone Updated').first().waitFor()
    await history.open()
    // 17:00Z on the 23rd is 04:00 on the 24th in Sydney.
    await expect.poll(() => history.gameCardText(NHL)).toContain('Nov 24')
  })

  it('turns two-factor login on and off with the e-mailed code', async () => {
    const { page, who } = await signedInPage()
    await page.goto('/settings')
    await page.getByRole('button', { name: 'Enable 2FA' }).click()
    const code = (await page.locator('code').first().textContent())?.trim() ?? ''
    expect(code).toMatch(/^\d{6}$/)
    await page.getByLabel('Verification code').fill(code)
    await page.getByRole('button', { name: 'Verify' }).click()
    await page.getByText('2FA Enabled Successfully').first().waitFor()
    await page.getByRole('button', { name: 'Disable 2FA' }).click()
    // Decision 014: turning it off asks for the current password, with the spec's confirmation prompt.
    const confirm = page.getByRole('dialog', { name: 'Disable two-factor authentication' })
    await confirm.getByText('Are you sure you want to disable two-factor authentication?').waitFor()
    await confirm.getByLabel('Current password').fill(who.password)
    await confirm.getByRole('button', { name: 'Disable 2FA' }).click()
    await page.getByText('2FA Disabled').first().waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'settings')
  })

  it('changes the username with the current password and reloads with the new name', async () => {
    const { page, who } = await signedInPage()
    await page.goto('/settings')
    await page.getByRole('button', { name: 'Edit username' }).click()
    await page.locator('#settings-username').fill('chronicler')
    // The login name changes only with the current password; a wrong one changes nothing.
    await page.getByLabel('Current password').fill('not-the-password')
    await page.getByRole('button', { name: 'Save username' }).click()
    await page.getByText('The password is not correct').first().waitFor()
    await page.getByLabel('Current password').fill(who.password)
    await page.getByRole('button', { name: 'Save username' }).click()
    await page
      .getByRole('button', { name: /chronicler/ })
      .first()
      .waitFor()
    expect(((await (await page.request.get('/api/auth/user')).json()) as { username: string }).username).toBe(
      'chronicler',
    )
  })

  it('sends the support form to the support mailbox', async () => {
    const { page } = await signedInPage()
    await page.goto('/support')
    await page.getByLabel('Subject').fill('Grid question')
    await page.getByLabel('Message').fill('How do I read the N/A cells?')
    await page.getByRole('button', { name: /Send/ }).click()
    await page.getByText('Support request sent').first().waitFor()
    const mail = await sink.nextMail('help-desk@grid.test')
    expect(mail.subject).toBe('[Support] Grid question')
    expect(mail.text).toContain('How do I read the N/A cells?')
  })

  it('passes axe on the help page', async () => {
    const { page } = await signedInPage()
    await page.goto('/help')
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    expect(await seriousViolations(page)).toEqual([])
  })
})

describe('My Bets', () => {
  it('shows every active bet, past the 1,000 that one answer of GET /api/bets/active holds', async () => {
    const { page, who } = await signedInPage()
    const { id } = await registeredUser(server.app, who.username)
    const game = await storeGame(server.app, { startTime: new Date('2026-11-24T01:15:00Z') })
    // $1 each: the Total Wagered card says whether the panel read the second page too.
    const rows = Array.from({ length: 1_001 }, () => ({
      userId: id,
      gameId: game.id,
      betType: 'moneyline' as const,
      selection: 'Kansas City Chiefs ML',
      odds: 100,
      amountCents: 100,
      potentialWinCents: 100,
      betStatus: 'committed' as const,
    }))
    await insertSingles(server.app.db, rows)
    await page.goto(`${server.url}/?tab=with-bets`)
    const wagered = page.locator('dt', { hasText: 'Total Wagered' }).locator('xpath=following-sibling::dd')
    await expect.poll(() => wagered.textContent()).toBe('$1,001.00')
  })
})
