import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { BetTerms } from '../../src/domain/bet'
import { formatSignedDollars } from '../../src/domain/money'
import { buildGrid, scoreRanges } from '../../src/domain/outcome-grid'
import { newBettor, signInByApi, signUpByApi } from './support/accounts'
import { seriousViolations } from './support/axe'
import { e2eSuite, screenshot } from './support/e2e-app'
import { type ApiGame, listedGames } from './support/games'
import { GameDetail } from './support/pages/game-detail'
import { LoginScreen } from './support/pages/login-screen'
import { OutcomeGrid } from './support/pages/outcome-grid'

/**
 * In a real Chromium: a new bettor's first session on a fresh install (simulated games), 2FA
 * login with the development outbox, the Grid following the score, an axe scan and screenshots. Each
 * test signs up an account of its own.
 */

const suite = e2eSuite()

/** A live game with a score, from the API the page itself uses (same cookies). */
async function liveFootballGame(page: Page): Promise<ApiGame> {
  const games = await listedGames(page)
  const live = games.find((g) => g.status === 'in_progress' && g.sport === 'NFL' && g.homeScore !== null)
  if (!live)
    throw new Error(`no live NFL game at this moment: ${games.map((g) => g.sport + g.status).join()}`)
  return live
}

/** A new account, signed in on a new page showing a live NFL game's page. */
async function openLiveFootballGame() {
  const [context, page] = await suite.page()
  await signInByApi(page)
  const game = await liveFootballGame(page)
  await page.goto(`/game/${game.id}`)
  return { context, page, game, grid: new OutcomeGrid(page) }
}

describe('a new bettor', () => {
  it('signs up, bets on a live game, sees the Grid the domain computes, confirms, deletes, logs out and in', async () => {
    const [, page] = await suite.page()
    const login = new LoginScreen(page)
    await login.open()
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'login-1280')

    const account = newBettor()
    await login.signUp(account)
    await login.logIn(account)
    await page.getByText('Loading games...').waitFor({ state: 'detached' })
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'games-home-1280')

    const game = await liveFootballGame(page)
    await page
      .getByRole('button', { name: new RegExp(`${game.awayTeam}.*${game.homeTeam}`) })
      .first()
      .click()
    const detail = new GameDetail(page, game)
    await detail.waitForGrid()

    const form = await detail.addBet()
    await form.spread(game.homeTeam, '-3.5', '110')
    await form.waitForToWin('$100.00')
    await form.place()
    await page.getByText('Bet placed successfully').first().waitFor()

    await detail.addBet()
    await form.total('over', '44.5', '50')
    await form.place()
    await detail.waitForActiveBets(2)

    // The cells the page shows are the domain's grid over the same two bets at the same score. The grid
    // draws the cells in view only; these sit near the current score, where the view starts.
    const spreadBet: BetTerms = {
      betType: 'spread',
      selection: '',
      odds: -110,
      amount: 11_000,
      spreadTeam: game.homeTeam,
      spreadPoints: -3.5,
    }
    const totalBet: BetTerms = {
      betType: 'total',
      selection: '',
      odds: -110,
      amount: 5_000,
      totalPoints: 44.5,
      overUnder: 'over',
    }
    const current = { home: game.homeScore ?? 0, away: game.awayScore ?? 0 }
    const ranges = scoreRanges('NFL', current)
    const expected = buildGrid({
      matchup: { ...game, league: 'NFL' },
      bets: [spreadBet, totalBet],
      ...ranges,
    })
    const width = ranges.away.max - ranges.away.min + 1
    const grid = new OutcomeGrid(page)
    for (const [h, a] of [
      [current.home + 3, current.away],
      [current.home, current.away + 4],
      [current.home + 4, current.away + 3],
    ] as const) {
      const cents = expected.profit[(h - ranges.home.min) * width + (a - ranges.away.min)] ?? 0
      await expect
        .poll(() => grid.cellText(h, a))
        .toContain(cents === 0 ? '--' : formatSignedDollars(cents, 0))
    }
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'game-detail-1280')

    await detail.confirm(/^Confirm .*-3\.5$/)
    await detail.delete('Delete Over 44.5')
    await detail.waitForActiveBets(1)
    const mine = (await (await page.request.get('/api/bets')).json()) as {
      betStatus: string
      selection: string
    }[]
    expect(mine).toEqual([expect.objectContaining({ betStatus: 'committed' })])

    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: account.username }).click()
    await page.getByRole('link', { name: 'Logout' }).click()
    await page.getByText('Welcome to').waitFor()
    await login.logIn(account)
  })

  it('lays the main screens out on a 375 px phone', async () => {
    const [, page] = await suite.page(375)
    const login = new LoginScreen(page)
    await login.open()
    await screenshot(page, 'login-375')
    await login.logIn(await signUpByApi(page))
    await page.getByText('Loading games...').waitFor({ state: 'detached' })
    await screenshot(page, 'games-home-375')
    const game = await liveFootballGame(page)
    await page.goto(`/game/${game.id}`)
    await new OutcomeGrid(page).grid.waitFor()
    await screenshot(page, 'game-page-375')
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })
})

describe('the bet form', () => {
  it('starts a spread on the away team, and an empty submit flags every field it still needs', async () => {
    const [, page] = await suite.page()
    await signInByApi(page)
    const game = await liveFootballGame(page)
    await page.goto('/')
    await page
      .getByRole('button', { name: new RegExp(`${game.awayTeam}.*${game.homeTeam}`) })
      .first()
      .click()
    const form = await new GameDetail(page, game).addBet()
    expect(await form.values()).toMatchObject({ 'Bet Type': 'spread', Team: game.awayTeam, Points: '' })
    await form.place()
    const invalid = () => form.dialog.locator('[aria-invalid="true"]')
    await expect.poll(() => invalid().count()).toBe(2)
    expect(await form.dialog.getByLabel('Points').getAttribute('aria-invalid')).toBe('true')
    expect(await form.dialog.getByLabel('Amount ($)').getAttribute('aria-invalid')).toBe('true')
    await screenshot(page, 'bet-form-empty-submit')
  })
})

describe('the Grid on a live game', () => {
  it('moves the current-score cell when the simulated score changes', async () => {
    const { page, game, grid } = await openLiveFootballGame()
    await expect
      .poll(() => grid.currentScoreLabel())
      .toMatch(new RegExp(`^Home ${game.homeScore}, Away ${game.awayScore}:`))
    // Run the simulated clock on until this game's score moves, as the background sync would.
    let now: ApiGame | undefined = game
    for (
      let step = 0;
      step < 40 && now?.homeScore === game.homeScore && now?.awayScore === game.awayScore;
      step++
    ) {
      await suite.server.advance(60_000)
      const games = await listedGames(page)
      now = games.find((g) => g.id === game.id)
    }
    expect(now?.homeScore !== game.homeScore || now?.awayScore !== game.awayScore).toBe(true)
    await expect
      .poll(() => grid.currentScoreLabel(), { timeout: 15_000 })
      .toMatch(new RegExp(`^Home ${now?.homeScore}, Away ${now?.awayScore}:`))
  })
})

describe('the Grid by keyboard', () => {
  it('starts on the current score and moves cell by cell with the arrow keys, Home and End', async () => {
    const { game, grid } = await openLiveFootballGame()
    await grid.grid.focus()
    const home = game.homeScore ?? 0
    const away = game.awayScore ?? 0
    await expect
      .poll(() => grid.activeLabel())
      .toMatch(new RegExp(`^Home ${home}, Away ${away}:.*current score$`))

    await grid.press('ArrowRight')
    await expect.poll(() => grid.activeLabel()).toMatch(new RegExp(`^Home ${home}, Away ${away + 1}:`))
    await grid.press('ArrowDown')
    await expect.poll(() => grid.activeLabel()).toMatch(new RegExp(`^Home ${home + 1}, Away ${away + 1}:`))
    const columns = await grid.awayColumns()
    await grid.press('Home')
    await expect
      .poll(() => grid.activeLabel())
      .toMatch(new RegExp(`^Home ${home + 1}, Away ${columns.first}:`))

    // End goes to the last column, beyond the drawn window: the grid scrolls it in and names it.
    expect(Number(columns.last)).toBeGreaterThan(away)
    const lastCell = grid.cell(home + 1, columns.last)
    expect(await lastCell.count()).toBe(0)
    await grid.press('End')
    await lastCell.waitFor()
    await expect
      .poll(() => grid.activeLabel())
      .toMatch(new RegExp(`^Home ${home + 1}, Away ${columns.last}:`))
  })
})

describe('two-factor login', () => {
  it('asks for the e-mailed code, refuses a wrong one, and lets the right one in', async () => {
    const [, page] = await suite.page()
    const login = new LoginScreen(page)
    const account = await signInByApi(page)
    const enable = await page.request.post('/api/auth/2fa/enable', { data: { method: 'email' } })
    const setupCode = ((await enable.json()) as { codeForDev: string }).codeForDev
    expect((await page.request.post('/api/auth/2fa/verify', { data: { code: setupCode } })).ok()).toBe(true)
    await page.goto('/api/logout')

    await page.getByText('Welcome to').waitFor()
    await login.submitLogin(account)
    const code = page.getByLabel('Verification code')
    await code.fill('000000')
    await code.press('Enter')
    await page.getByText('Verification Failed').first().waitFor()

    const { messages } = (await (await page.request.get('/api/dev/outbox')).json()) as {
      messages: { to: string; text: string; subject: string }[]
    }
    const latest = messages.find((mail) => mail.to === account.email && /\b\d{6}\b/.test(mail.text))
    const emailed = /\b(\d{6})\b/.exec(latest?.text ?? '')?.[1]
    expect(emailed).toMatch(/^\d{6}$/)
    await code.fill(emailed ?? '')
    await page.getByRole('button', { name: 'Verify Code' }).click()
    await login.waitForGames()
  })
})

describe('the standalone sign-up page', () => {
  it('takes the referral from the link, checks the password before sending, then completes', async () => {
    // A referral code must exist when the friend signs up with it.
    const [, referrerPage] = await suite.page()
    await signInByApi(referrerPage)
    const created = await referrerPage.request.post('/api/referral/create', {
      data: { referralCode: 'VIP42' },
    })
    expect(created.status(), await created.text()).toBe(201)
    const [, page] = await suite.page()
    const who = newBettor()
    await page.goto('/register?ref=vip-42')
    const referral = page.getByLabel('Referral code (optional)')
    expect(await referral.inputValue()).toBe('VIP42')
    await page.getByText('10% off your subscription with a valid referral code').waitFor()

    await page.getByRole('button', { name: 'Create Account' }).click()
    await page.getByText('All fields are required').waitFor()
    await page.getByLabel('Username').fill(who.username)
    await page.getByLabel('Email').fill(who.email)
    await page.getByLabel('Password', { exact: true }).fill('short')
    await page.getByRole('button', { name: 'Create Account' }).click()
    await page.getByText('Password must be at least 6 characters').waitFor()
    const refused = await page.request.post('/api/auth/login', {
      data: { username: who.username, password: 'short' },
    })
    expect(refused.status()).toBe(401)

    await page.getByLabel('Password', { exact: true }).fill('long-enough')
    await page.getByRole('button', { name: 'Create Account' }).click()
    // The Terms and Privacy Policy admit adults who accept them.
    await page.getByText('Please confirm that you are 18 or older').waitFor()
    await page.getByRole('checkbox', { name: /I am 18 or older/ }).check()
    await page.getByRole('button', { name: 'Create Account' }).click()
    await page.getByRole('heading', { name: 'Registration Complete!' }).waitFor()
    const login = await page.request.post('/api/auth/login', {
      data: { username: who.username, password: 'long-enough' },
    })
    expect(login.ok()).toBe(true)
    const user = (await (await page.request.get('/api/auth/user')).json()) as { referralCode: string }
    expect(user.referralCode).toBe('VIP42')
  })
})
